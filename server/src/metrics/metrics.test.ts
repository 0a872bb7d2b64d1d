import http from 'node:http';
import { PeriodicJob } from '../db/periodic-job';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from '../modules/ledger';
import { movement } from '../modules/ledger/ledger.testing';
import { createMember } from '../modules/member/member.testing';
import { createTestApp, type TestContext } from '../testing/test-app';

// GET /metrics over real listeners: answered on the operator listener only, in Prometheus' text
// format, with requests counted by route pattern (not raw URL), the pool, the open streams, the
// periodic jobs' runs and lag, and the ledger's movements.

let context: TestContext;
let siteUrl: string;
let opsUrl: string;

beforeAll(async () => {
  context = await createTestApp();
  siteUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
  const ops = await context.app.listenOperatorApi({ port: 0, host: '127.0.0.1' });
  const address = ops.address();
  opsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await context.close();
});

function get(url: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { merchant: 'DEFAULT' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body }));
      })
      .on('error', reject);
  });
}

/** The value of one series (a line `name{labels} value`), 0 when it is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const scrape = async () => {
  const answer = await get(`${opsUrl}/metrics`);
  expect(answer.status).toBe(200);
  return answer.body;
};

it('is served on the operator listener only', async () => {
  const onSite = await get(`${siteUrl}/metrics`);
  expect(onSite.status).toBe(404);
  expect(JSON.parse(onSite.body)).toMatchObject({ success: false, errorCode: 'not.found' });
  const onOps = await get(`${opsUrl}/metrics`);
  expect(onOps.status).toBe(200);
  expect(onOps.type).toMatch(/^text\/plain/);
  expect(onOps.body).toContain('# TYPE platform_http_requests_total counter');
  expect(onOps.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
});

it('counts requests by route pattern and status, and a URL no route serves as one series', async () => {
  const before = await scrape();
  const healthz = 'platform_http_requests_total{method="GET",route="/healthz",status="200"}';
  const unmatched = 'platform_http_requests_total{method="GET",route="unmatched",status="404"}';
  for (let index = 0; index < 3; index += 1) expect((await get(`${siteUrl}/healthz`)).status).toBe(200);
  for (const path of ['/no-such-page-1', '/no-such-page-2']) expect((await get(`${siteUrl}${path}`)).status).toBe(404);
  const after = await scrape();
  expect(sample(after, healthz) - sample(before, healthz)).toBe(3);
  expect(sample(after, unmatched) - sample(before, unmatched)).toBe(2);
  expect(after).not.toContain('no-such-page');
  expect(sample(after, 'platform_http_request_duration_seconds_count{method="GET",route="/healthz"}')).toBeGreaterThanOrEqual(3);
  // The scrapes themselves are not counted.
  expect(after).not.toContain('route="/metrics"');
});

it('reports the pool, the open streams and readiness', async () => {
  const text = await scrape();
  expect(text).toMatch(/^platform_db_pool_connections\{state="idle"\} \d+$/m);
  expect(text).toMatch(/^platform_db_pool_connections\{state="waiting"\} 0$/m);
  expect(sample(text, 'platform_event_streams_open')).toBe(0);
  expect(sample(text, 'platform_instance_ready')).toBe(1);
});

it('counts a ledger movement once, not its replay, by kind', async () => {
  const series = 'platform_ledger_movements_total{kind="test_deposit"}';
  const before = sample(await scrape(), series);
  const memberId = await createMember(context.pool, context.merchantId, { username: 'metrics01', password: 'secret123' });
  const wallet = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', Date.now());
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', Date.now());
  const deposit = movement(context.merchantId, 'metrics01:fund', { from: house, to: wallet, amountMinor: 1_000, nowMs: Date.now() });
  await postTransaction(context.pool, deposit);
  expect((await postTransaction(context.pool, deposit)).replayed).toBe(true);
  expect(sample(await scrape(), series) - before).toBe(1);
});

it("counts a periodic job's runs by outcome, times them and keeps its lag", async () => {
  let calls = 0;
  const job = new PeriodicJob({
    name: 'metrics_test_job',
    intervalMs: 3_600_000,
    runAtStart: true,
    run: async () => {
      calls += 1;
      if (calls === 2) throw new Error('the second run fails');
      return calls;
    },
    onProblem: () => undefined,
  });
  job.start();
  await job.runOnce();
  await job.runOnce();
  await job.close();
  const text = await scrape();
  expect(sample(text, 'platform_job_runs_total{job="metrics_test_job",outcome="ok"}')).toBe(calls - 1);
  expect(sample(text, 'platform_job_runs_total{job="metrics_test_job",outcome="failed"}')).toBe(1);
  expect(sample(text, 'platform_job_run_duration_seconds_count{job="metrics_test_job"}')).toBe(calls);
  expect(text).toMatch(/^platform_job_lag_seconds\{job="metrics_test_job"\} [\d.e-]+$/m);
});
