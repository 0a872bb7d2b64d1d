// `npm test`: everything that can run on one machine, in order —
//   1. type-check of every workspace (`tsc -b`: one incremental pass over the root references),
//   2. unit tests and server integration tests (Jest; the server's against a real PostgreSQL),
//   3. a production build of the server, the shell and every remote,
//   4. browser tests (Playwright driving Debian's Chromium) against the built site served by the
//      real server.
// The build reuses each app's last build when its sources did not change (build.mjs).
// It ends with one line `N passed, N failed` holding the real totals of everything it ran, and
// writes them to .test-results/summary.json for .ci/run; each phase's wall time is printed at the
// end and kept in .test-results/phases.log (read by `npm run bench`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { APPS, repoRoot, run } from './lib.mjs';
import { formatPhases, PHASES } from './phases.mjs';

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

/** Runs a command with its output shown and kept; resolves with its exit code and output. */
function runAndKeep(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (stream, target) => stream.on('data', (chunk) => ((output += chunk), target.write(chunk)));
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
  });
}

const startedAt = Date.now();
const phaseLog = [];
/** Marks the start of a phase, in the `[Ns] ━━ k/4 name` lines of phases.log. */
const phase = (index) => {
  const line = `━━ ${index + 1}/${PHASES.length} ${PHASES[index]}`;
  phaseLog.push(`[${Math.round((Date.now() - startedAt) / 1000)}s] ${line}`);
  console.log(`\n${line}`);
};

phase(0);
const typecheck = await runAndKeep('npx', ['tsc', '-b', 'tsconfig.json']);
// One pass over every workspace: a workspace fails when an error is reported in its files.
const failedWorkspaces = new Set(
  [...typecheck.output.matchAll(/^([^\s(]+)\(\d+,\d+\): error /gm)].map((match) => APPS.find((app) => match[1].startsWith(`${app.folder}/`))?.folder ?? match[1]),
);
if (typecheck.code !== 0 && failedWorkspaces.size === 0) failedWorkspaces.add('tsc -b');
for (const app of APPS) console.log(`${failedWorkspaces.has(app.folder) ? '✗' : '✓'} type-check ${app.folder}`);
const typecheckPassed = APPS.filter((app) => !failedWorkspaces.has(app.folder)).length;
record(`type-check ${[...failedWorkspaces].join(', ')}`, typecheckPassed, failedWorkspaces.size);

phase(1);
const jestOutput = path.join(resultsDir, 'jest.json');
// Two workers although the machine has two cores (Jest's default would be one): the server's test
// files spend most of their time waiting on PostgreSQL (852 tests: 102 s on one worker, 58 s on two).
const jestCode = await run('npx', ['jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${jestOutput}`]);
if (existsSync(jestOutput)) {
  const report = JSON.parse(readFileSync(jestOutput, 'utf8'));
  // A suite that fails to run at all has no tests: count it as one failure.
  const brokenSuites = report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0).length;
  record('jest', report.numPassedTests, report.numFailedTests + brokenSuites);
} else {
  record('jest (did not report)', 0, 1);
}
if (jestCode !== 0 && totals.failed === 0) record('jest (exit code)', 0, 1);

phase(2);
const built = await buildAll();
record('build', built ? 1 : 0, built ? 0 : 1);

phase(3);
if (built) {
  // Every browser test but the cluster's, then the cluster's alone: it starts a whole site of its
  // own, which would slow the tests beside it (e2e/playwright.config.ts).
  const runs = [
    { name: 'browser tests', output: 'playwright.json', args: [], env: { E2E_WITHOUT_CLUSTER: '1' } },
    { name: 'browser test of the cluster', output: 'playwright-cluster.json', args: [path.join('e2e', 'tests', 'cluster.spec.ts')], env: {} },
  ];
  for (const browserRun of runs) {
    const playwrightOutput = path.join(resultsDir, browserRun.output);
    await run('npx', ['playwright', 'test', '--config', path.join('e2e', 'playwright.config.ts'), ...browserRun.args], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightOutput, ...browserRun.env },
    });
    if (existsSync(playwrightOutput)) {
      const { stats } = JSON.parse(readFileSync(playwrightOutput, 'utf8'));
      record(browserRun.name, stats.expected + stats.flaky, stats.unexpected);
    } else {
      record(`${browserRun.name} (did not report)`, 0, 1);
    }
  }
} else {
  record('browser tests (not run: build failed)', 0, 1);
}

const summaryLine = `${totals.passed} passed, ${totals.failed} failed`;
phaseLog.push(`[${Math.round((Date.now() - startedAt) / 1000)}s] ${summaryLine}`);
writeFileSync(path.join(resultsDir, 'phases.log'), `${phaseLog.join('\n')}\n`);
writeFileSync(path.join(resultsDir, 'summary.json'), JSON.stringify({ ...totals, failures }, null, 2));
console.log(`\nPhase times\n${formatPhases(phaseLog.join('\n'))}`);
if (failures.length) console.log(`\nFailures:\n  ${failures.join('\n  ')}`);
console.log(`\n${summaryLine}`);
process.exit(totals.failed === 0 ? 0 : 1);
