// `npm test`: everything that can run on one machine, in order —
//   1. type-check of every workspace,
//   2. unit tests and server integration tests (Jest; the server's against a real PostgreSQL),
//   3. a production build of the server, the shell and every remote,
//   4. browser tests (Playwright driving Debian's Chromium) against the built site served by the
//      real server.
// It ends with one line `N passed, N failed` holding the real totals of everything it ran, and
// writes them to .test-results/summary.json for .ci/run.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { pool, repoRoot, run } from './lib.mjs';

const resultsDir = path.join(repoRoot, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failures = [];
const record = (name, passed, failed) => {
  totals.passed += passed;
  totals.failed += failed;
  if (failed) failures.push(`${name}: ${failed} failed`);
};

const TYPECHECK_PROJECTS = ['shared', 'shell', 'mfe-auth', 'mfe-lobby', 'mfe-lottery', 'mfe-member-center', 'mfe-agent-center', 'server', 'e2e'];

console.log('\n━━ 1/4 type-check');
await pool(TYPECHECK_PROJECTS, 2, async (project) => {
  const code = await run('npx', ['tsc', '--noEmit', '-p', path.join(project, 'tsconfig.json')]);
  console.log(`${code === 0 ? '✓' : '✗'} type-check ${project}`);
  record(`type-check ${project}`, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
});

console.log('\n━━ 2/4 unit and server integration tests (Jest)');
const jestOutput = path.join(resultsDir, 'jest.json');
const jestCode = await run('npx', ['jest', '--ci', '--json', `--outputFile=${jestOutput}`]);
if (existsSync(jestOutput)) {
  const report = JSON.parse(readFileSync(jestOutput, 'utf8'));
  // A suite that fails to run at all has no tests: count it as one failure.
  const brokenSuites = report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0).length;
  record('jest', report.numPassedTests, report.numFailedTests + brokenSuites);
} else {
  record('jest (did not report)', 0, 1);
}
if (jestCode !== 0 && totals.failed === 0) record('jest (exit code)', 0, 1);

console.log('\n━━ 3/4 production build');
const built = await buildAll();
record('build', built ? 1 : 0, built ? 0 : 1);

console.log('\n━━ 4/4 browser tests (Playwright + Chromium)');
if (built) {
  const playwrightOutput = path.join(resultsDir, 'playwright.json');
  await run('npx', ['playwright', 'test', '--config', path.join('e2e', 'playwright.config.ts')], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightOutput },
  });
  if (existsSync(playwrightOutput)) {
    const { stats } = JSON.parse(readFileSync(playwrightOutput, 'utf8'));
    record('browser tests', stats.expected + stats.flaky, stats.unexpected);
  } else {
    record('browser tests (did not report)', 0, 1);
  }
} else {
  record('browser tests (not run: build failed)', 0, 1);
}

writeFileSync(path.join(resultsDir, 'summary.json'), JSON.stringify({ ...totals, failures }, null, 2));
if (failures.length) console.log(`\nFailures:\n  ${failures.join('\n  ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
