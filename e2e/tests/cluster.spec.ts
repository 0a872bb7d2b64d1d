import type { DepositMTResult, DepositReport } from '@platform/contract';
import { test as base, expect, request as requestFactory, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callEncrypted, TEST_PASSWORD, uniqueUsername, type Envelope } from '../harness/accounts';
import { E2E_PORT } from '../harness/constants';
import { expectNoHorizontalOverflow } from '../harness/layout';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// The production shape (`npm run cluster`): its own embedded PostgreSQL, PgBouncer in transaction
// mode, three API instances and the nginx gateway (deploy/nginx/gateway.conf adapted) serving the
// site on one port. A player registers, opens the site on a phone through the gateway and logs
// in; requests are spread over the three instances; one instance is killed (kill -9) with the
// player's deposit just made on it, the site goes on through the others with nothing refused, the
// deposit retried through the gateway under its Idempotency-Key answers the same deposit, and the cluster
// starts the killed one again. The whole-system fault suite with its load is `npm run bench --
// --faults` (scripts/bench-faults.mjs). The cluster has a database of its own, so this
// file uses Playwright's own `test`, not the harness's (whose merchants live in the suite's
// database). Its ports sit apart from the suite's server (E2E_PORT) and from `npm run cluster`'s
// defaults, so a cluster a developer left running is never touched.

const REPO = path.resolve(__dirname, '..', '..');
const GATEWAY_PORT = E2E_PORT + 40;
const BASE_PORT = E2E_PORT + 50;
const GATEWAY = `http://localhost:${GATEWAY_PORT}`;

const test = base.extend({});
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, baseURL: GATEWAY });

let cluster: ChildProcess;
let stateDir: string;
let dataDir: string;
let output = '';

/** Waits until the cluster prints its serving line; fails with its output if it ends first. */
function serving(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Cluster serving at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run cluster ended (exit ${code}) before serving:\n${output.slice(-4000)}`)));
  });
}

/** The instance ids answering /healthz through the gateway, over `count` requests. */
async function instancesAnswering(api: APIRequestContext, count: number): Promise<{ ids: Set<string>; refused: number }> {
  const ids = new Set<string>();
  let refused = 0;
  for (let index = 0; index < count; index += 1) {
    const response = await api.get('/healthz');
    if (response.status() !== 200) refused += 1;
    else ids.add(((await response.json()) as { instanceId: string }).instanceId);
  }
  return { ids, refused };
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'cluster-state-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cluster-pg-'));
  cluster = spawn(process.execPath, [path.join(REPO, 'scripts', 'cluster.mjs')], {
    cwd: REPO,
    env: {
      ...process.env,
      CLUSTER_PORT: String(GATEWAY_PORT),
      CLUSTER_BASE_PORT: String(BASE_PORT),
      CLUSTER_STATE_DIR: stateDir,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_DATABASE_URL: '',
      SHUTDOWN_GRACE_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await serving(cluster);
});

test.afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    const ended = new Promise((resolve) => cluster.once('exit', resolve));
    cluster.kill('SIGTERM');
    await ended;
  }
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test('three instances behind the gateway: a player registers, logs in on a phone, an instance killed -9 refuses nothing, and a deposit retried after it died is made once', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await requestFactory.newContext({ baseURL: GATEWAY });
  // The gateway spreads requests over the three instances (round robin).
  const before = await instancesAnswering(api, 9);
  expect(before).toEqual({ ids: expect.any(Set), refused: 0 });
  expect(before.ids.size).toBe(3);

  // Registration: a write through PgBouncer, an encrypted call through the gateway.
  const username = uniqueUsername('cl');
  const registered = await callEncrypted<{ token: string }>(api, 'PUT', '/wps/member/register', { username, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
  expect({ status: registered.status, success: registered.body.success }).toEqual({ status: 200, success: true });

  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await openSite(page, '/');
  await logInInPopup(page, username, TEST_PASSWORD);
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  await expectNoHorizontalOverflow(page, 'header');

  // The player's deposit, made on the second instance; then kill -9 that instance, as if it died
  // before the browser had its answer: the gateway takes it out on the first refused connection
  // and sends that request on to another; the site goes on with the others. The cluster starts
  // it again.
  const second = `http://127.0.0.1:${BASE_PORT + 2}`;
  const killed = ((await (await api.get(`${second}/healthz`)).json()) as { instanceId: string }).instanceId;
  const deposit = { amount: 500, payeeName: 'Cluster Tester' };
  const depositHeaders = { authorization: registered.body.value.token, language: 'EN', 'idempotency-key': `cluster-deposit-${username}` };
  const made = await api.post(`${second}/wps/relay/depositMTV3`, { data: deposit, headers: depositHeaders });
  expect(made.status()).toBe(200);
  const { depositId } = ((await made.json()) as Envelope<DepositMTResult>).value;
  process.kill(Number(readFileSync(path.join(stateDir, 'api-2.pid'), 'utf8')), 'SIGKILL');
  const after = await instancesAnswering(api, 9);
  expect(after.refused).toBe(0);
  expect(after.ids.has(killed)).toBe(false);
  // The browser's retry under the same key, through the gateway to another instance: the same
  // deposit, and the member has that one.
  const retried = await api.post('/wps/relay/depositMTV3', { data: deposit, headers: depositHeaders });
  expect(retried.status()).toBe(200);
  expect(((await retried.json()) as Envelope<DepositMTResult>).value.depositId).toBe(depositId);
  const now = Date.now();
  const report = await api.get(`/wps/relay/MCSFE_getDepositTransactionReport?startDate=${now - 3_600_000}&endDate=${now + 3_600_000}`, { headers: depositHeaders });
  const deposits = ((await report.json()) as Envelope<DepositReport>).value.list;
  expect(deposits.map((row) => [row.requestedAmount, row.state])).toEqual([[500, 'pending']]);
  await page.reload();
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  await expect
    .poll(async () => {
      const answer = await api.get(`${second}/readyz`).catch(() => undefined);
      return answer?.status() === 200 ? ((await (await api.get(`${second}/healthz`)).json()) as { instanceId: string }).instanceId : 'down';
    }, { timeout: 120_000 })
    .not.toMatch(new RegExp(`^(down|${killed})$`));
  await api.dispose();
});
