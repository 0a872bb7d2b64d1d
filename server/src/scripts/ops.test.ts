import type { AddressInfo } from 'node:net';
import { createMember } from '../modules/member/member.testing';
import { memberBalanceMinor } from '../modules/ledger';
import { createOperator } from '../modules/operator';
import { createTestApp, type TestContext } from '../testing/test-app';
import { runOps, type OpsIo } from './ops';

// The command-line tool against the real server over HTTP: what an operator types and reads.

let context: TestContext;
let baseUrl: string;
const PASSWORD = 'a long operator password';

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await context.close();
});

async function ops(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const io: OpsIo = {
    env: { OPS_URL: baseUrl, ...env },
    fetch,
    write: (line) => lines.push(line),
    createOperator: (input) => createOperator(context.ownerPool, { ...input, nowMs: Date.now() }),
  };
  return { code: await runOps(argv, io), lines };
}

it('creates an operator, logs in, adjusts a balance, shows the audit trail, logs out', async () => {
  const created = await ops(['create-operator', '--merchant', 'DEFAULT', '--username', 'cli-op'], { OPS_PASSWORD: PASSWORD });
  expect(created).toMatchObject({ code: 0, lines: [expect.stringMatching(/^Operator cli-op created \(id \d+\)\.$/)] });

  const login = await ops(['login', '--merchant', 'DEFAULT', '--username', 'cli-op'], { OPS_PASSWORD: PASSWORD });
  expect(login.code).toBe(0);
  const token = /^export OPS_TOKEN=(\S+)$/.exec(login.lines[0])?.[1];
  expect(token).toBeDefined();

  const memberId = await createMember(context.pool, context.merchantId, { username: 'cliplayer' });
  const credit = await ops(['credit', 'cliplayer', '120.50', '--reason', 'Bonus by hand'], { OPS_TOKEN: token! });
  expect(credit).toEqual({ code: 0, lines: [expect.stringMatching(/^Adjusted: cliplayer \+120\.50 \(ledger transaction \d+\)\.$/)] });
  const debit = await ops(['debit', 'cliplayer', '0.50', '--reason', 'Correction'], { OPS_TOKEN: token! });
  expect(debit.lines[0]).toMatch(/^Adjusted: cliplayer -0\.50/);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(12000);

  const tooMuch = await ops(['debit', 'cliplayer', '500', '--reason', 'x'], { OPS_TOKEN: token! });
  expect(tooMuch).toEqual({ code: 1, lines: [expect.stringMatching(/^Refused \(wallet\.insufficient\.balance\): /)] });

  const audit = await ops(['audit', '--limit', '6'], { OPS_TOKEN: token! });
  expect(audit.code).toBe(0);
  expect(audit.lines[0]).toMatch(/^id\s+createdAt\s+operator\s+action\s+target\s+outcome\s+errorCode\s+detail$/);
  expect(audit.lines[1]).toMatch(/cli-op\s+balance\.adjust\s+member:cliplayer\s+refused\s+wallet\.insufficient\.balance/);
  expect(audit.lines).toHaveLength(7);

  expect((await ops(['logout'], { OPS_TOKEN: token! })).code).toBe(0);
  const after = await ops(['audit'], { OPS_TOKEN: token! });
  expect(after).toEqual({ code: 1, lines: [expect.stringMatching(/^Refused \(operator\.token\.invalid\)/)] });
});

it('says what is wrong with a command line, without calling anything', async () => {
  expect((await ops([])).code).toBe(0);
  expect((await ops(['nonsense'])).code).toBe(2);
  expect(await ops(['audit'])).toEqual({ code: 2, lines: [expect.stringContaining('Log in first')] });
  expect(await ops(['login', '--merchant', 'DEFAULT', '--username', 'x'])).toEqual({ code: 2, lines: [expect.stringContaining('OPS_PASSWORD')] });
  expect((await ops(['credit', 'someone', '1.234', '--reason', 'x'], { OPS_TOKEN: 'x'.repeat(43) })).code).toBe(2);
  expect((await ops(['audit', '--bogus'], { OPS_TOKEN: 'x' })).code).toBe(2);
  const unreachable = await ops(['audit'], { OPS_TOKEN: 'x'.repeat(43), OPS_URL: 'http://127.0.0.1:1' });
  expect(unreachable).toEqual({ code: 2, lines: [expect.stringContaining('Cannot reach')] });
});
