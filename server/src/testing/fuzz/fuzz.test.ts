import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatReport, runFuzz, startFuzzHarness, type FuzzHarness } from './fuzz.testing';

// The fuzz suite (issue 7): generated bad inputs to every route of the OpenAPI document (wrong
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

beforeAll(async () => {
  harness = await startFuzzHarness();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

it('fuzzes every /wps operation of the OpenAPI document (and /remotes.json)', () => {
  const fuzzed = new Set(harness.routes.map((route) => route.key));
  const api = harness.documentOperations.filter((operation) => operation.split(' ')[1].startsWith('/wps/'));
  expect(api.length).toBeGreaterThan(30);
  expect(api.filter((operation) => !fuzzed.has(operation))).toEqual([]);
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
