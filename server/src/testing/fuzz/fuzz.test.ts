import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertLedgerReconciled } from '../../modules/ledger';
import { databaseChanges, snapshotDatabase } from './db-snapshot';
import { formatReport, judge, runFuzz, startFuzzHarness, type FuzzHarness } from './fuzz.testing';
import fc from 'fast-check';
import { requestPlans, type RequestPlan } from './requests';
import { filtered } from './schema-arbitraries';

// The fuzz suite: generated bad inputs to every route of the OpenAPI document (wrong
// types, huge strings, NUL bytes, deep nesting, unknown fields, prototype keys, bad encodings, bad
// encrypted bodies, junk headers, paths and tokens), each answer checked for no 5xx and the
// envelope, state-changing routes for refusing every input, and the database for not changing.
//
// `npm test` sends FUZZ_INPUTS (default 1,500) with a random seed; `npm run bench -- --fuzz` sends
// 10,000. A failure names its seed: replay it with FUZZ_SEED=<seed>.

const INPUTS = Number(process.env.FUZZ_INPUTS ?? 1_500);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Compare the database around every state-changing request (FUZZ_EACH=1; by default around each route's inputs). */
const CHECK_EACH = process.env.FUZZ_EACH === '1';

let harness: FuzzHarness;

/**
 * The ceiling of the steps that read the whole schema or sample every route (a few seconds on a
 * quiet machine): a CI machine running the bank test beside this file was seen to take more than
 * 60 s over five database snapshots.
 */
const SLOW_STEP_MS = 300_000;

beforeAll(async () => {
  harness = await startFuzzHarness();
}, SLOW_STEP_MS);

afterAll(async () => {
  await harness?.close();
});

it('fuzzes every /wps operation of the OpenAPI document (and /remotes.json) but the event streams, whose refusals have their own tests', () => {
  const fuzzed = new Set(harness.routes.map((route) => route.key));
  const api = harness.documentOperations.filter((operation) => operation.split(' ')[1].startsWith('/wps/'));
  expect(api.length).toBeGreaterThan(30);
  expect(api.filter((operation) => !fuzzed.has(operation)).sort()).toEqual(['GET /wps/chat/events', 'GET /wps/v2/wallets/balance/events']);
  expect(fuzzed.has('GET /remotes.json')).toBe(true);
});

it(
  `answers ${INPUTS} generated bad inputs with no 5xx, always the envelope, and no change to the database`,
  async () => {
    const trace = process.env.FUZZ_TRACE;
    const report = await runFuzz(harness, {
      inputs: INPUTS,
      seed: SEED,
      checkEachMutation: CHECK_EACH,
      trace: trace ? (line) => appendFileSync(trace, `${line}\n`) : undefined,
    });
    const text = formatReport(report);
    if (process.env.FUZZ_REPORT) {
      mkdirSync(path.dirname(process.env.FUZZ_REPORT), { recursive: true });
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ ...report, text }, null, 2));
    }
    if (process.env.FUZZ_VERBOSE || report.failures.length > 0) console.log(text);
    expect(report.failures).toEqual([]);
    expect(report.databaseChanges).toEqual([]);
    // Balances still equal their postings, and every transaction still sums to zero.
    await assertLedgerReconciled(harness.context.pool);
    expect(report.inputs).toBeGreaterThanOrEqual(INPUTS);
    // Every route that needs a session was reached past the access layer with a live token.
    const unreached = harness.routes
      .filter((route) => route.auth === 'member' && report.byRoute[route.key].inputs >= 20 && report.byRoute[route.key].pastAccess === 0)
      .map((route) => route.key);
    expect(unreached).toEqual([]);
  },
  // Generous: shrinking a counterexample takes many more requests than finding it.
  Math.max(600_000, INPUTS * 120),
);

describe('the checks catch what they are for', () => {
  const answer = (statusCode: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' }) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return { statusCode, headers, body: text, rawPayload: Buffer.from(text) } as unknown as Parameters<typeof judge>[2];
  };
  const plan = { method: 'POST' } as RequestPlan;
  const failure = { success: false, value: null, message: 'No', errorCode: 'request.param.err' };

  it('judges answers: 5xx, no envelope, unknown error codes, a state-changing route accepting, off-site redirects', () => {
    const route = (key: string) => harness.routes.find((candidate) => candidate.key === key);
    const login = route('POST /wps/session/login');
    const status = route('GET /wps/system/status');
    const start = route('GET /wps/session/oauth/{provider}/start');
    expect(judge(login, plan, answer(400, failure)).problems).toEqual([]);
    expect(judge(login, plan, answer(500, { ...failure, errorCode: 'system.err' })).problems).toEqual(['answered 500']);
    expect(judge(login, plan, answer(400, { error: 'Bad Request' })).problems[0]).toMatch(/without the envelope/);
    expect(judge(login, plan, answer(400, '<html>')).problems[0]).toMatch(/not JSON/);
    expect(judge(login, plan, answer(400, { ...failure, errorCode: 'made.up' })).problems[0]).toMatch(/does not list/);
    expect(judge(login, plan, answer(200, { success: true, value: {}, message: null, errorCode: null })).problems[0]).toMatch(/must refuse/);
    expect(judge(status, { method: 'GET' } as RequestPlan, answer(200, { success: true, value: {}, message: null, errorCode: null })).problems).toEqual([]);
    expect(judge(start, { method: 'GET' } as RequestPlan, answer(302, '', { location: '/?oauthError=x' })).problems).toEqual([]);
    expect(judge(start, { method: 'GET' } as RequestPlan, answer(302, '', { location: '//evil.example/' })).problems[0]).toMatch(/off the site/);
    expect(judge(undefined, { method: 'GET' } as RequestPlan, answer(200, { success: true, value: {}, message: null, errorCode: null })).problems[0]).toMatch(/must refuse/);
  });

  it('stops a filter that never passes instead of stalling the run', () => {
    expect(() => fc.sample(filtered(fc.integer(), () => false, 'no integer'), 1)).toThrow('fuzz generator: no integer rejected 1000 values in a row');
    expect(fc.sample(filtered(fc.integer(), (value) => value % 2 === 0, 'even integers'), 500).every((value) => value % 2 === 0)).toBe(true);
  });

  it('generates plans for every route, a boolean query field included (its bad values are text, not other types)', () => {
    for (const route of harness.routes) expect(fc.sample(requestPlans(route), { numRuns: 40, seed: 7 })).toHaveLength(40);
    const betRecords = harness.routes.find((route) => route.key === 'GET /wps/relay/ODSFE2_lottMemBet')!;
    expect(betRecords.querystring?.properties?.chase?.type).toBe('boolean');
    const faults = fc.sample(requestPlans(betRecords), { numRuns: 3_000, seed: 11 }).flatMap((plan) => plan.faults);
    expect(faults.filter((fault) => fault.startsWith('query: chase: bad boolean')).length).toBeGreaterThan(0);
  }, SLOW_STEP_MS);

  // Last: it changes the harness's database.
  it('sees a row added, a row changed, a session revoked and money moved, but not a session used', async () => {
    const { pool } = harness.context;
    let before = await snapshotDatabase(pool);
    await pool.query("UPDATE member_session SET last_seen_at = last_seen_at + interval '1 second', idle_expires_at = idle_expires_at + interval '1 second'");
    expect(databaseChanges(before, await snapshotDatabase(pool))).toEqual([]);
    await pool.query('UPDATE member_session SET revoked_at = now(), revoke_reason = \'logout\' WHERE revoked_at IS NULL');
    expect(databaseChanges(before, await snapshotDatabase(pool))).toEqual(['member_session: rows changed (same count 3)']);
    before = await snapshotDatabase(pool);
    await pool.query("UPDATE member SET language = 'VI' WHERE username = 'fuzzmember'");
    // How many settings the seed stores changes as settings are added; one more is what is seen.
    const settings = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM merchant_setting')).rows[0].n);
    await pool.query("INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'fuzz', '{}')", [harness.context.merchantId]);
    expect(databaseChanges(before, await snapshotDatabase(pool)).sort()).toEqual([
      // A configuration change bumps the revision (migration 008).
      'config_revision: rows changed (same count 1)',
      'member: rows changed (same count 3)',
      `merchant_setting: ${settings} rows → ${settings + 1}`,
    ]);
    before = await snapshotDatabase(pool);
    // The app's role cannot move a balance by hand (two database roles): the owner tampers here.
    await harness.context.ownerPool.query("UPDATE ledger_account SET balance_minor = balance_minor + 1 WHERE member_id IS NOT NULL AND unit = 'REAL'");
    expect(databaseChanges(before, await snapshotDatabase(pool)).join('\n')).toMatch(/ledger_account: rows changed[\s\S]*ledger: balances 0/);
  }, SLOW_STEP_MS);
});
