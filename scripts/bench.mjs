// `npm run bench`: measurements, printed as figures and as ratios against baselines (never
// asserted in tests):
//   - the phase times of the last `npm test` (.test-results/phases.log), against the suite's
//     baseline (scripts/baseline-phases.log, from before `tsc -b`; BENCH_BASELINE=<file> for
//     another log in that format); `npm run bench -- --phases` prints only these;
// and, measured in the same run:
//   - gzip bytes of the JS and CSS a cold load of the home page and of a category page (/rng)
//     transfers on a phone (the target's figure) and on a desktop, and the react-dom copies that load;
//   - Lighthouse mobile (median of 3 runs) of the home page and of the category page: performance
//     score, LCP, total blocking time and CLS, each beside its target (score ≥ 90,
//     LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1, ≤ 200 KiB of gzipped JS for home);
//     `npm run bench -- --load` runs only these (no HTTP or fuzz part; LIGHTHOUSE_RUNS=<n> for
//     another count);
//   - requests per second of the cached reads every page asks for (GET /wps/system/status, the
//     whitelabel switches, the vendor lanes), asked as a browser asks (Accept-Encoding), each as
//     a ratio to a bare Fastify hello-world measured in the same run, beside the target (0.30);
//     `npm run bench -- --http` runs only these (BENCH_SERVER=<main.js> measures another build of
//     the server, for a before/after);
//   - the fuzz suite at its full count (server/src/testing/fuzz: 10,000 generated bad inputs over
//     every route, FUZZ_INPUTS=<n> for another count): inputs, routes, answers by status, time, and
//     its rate as a ratio to plain injects of GET /wps/system/status in the same run;
//     `npm run bench -- --fuzz` runs only this (and the phase times);
//   - money movements per second through the ledger service with 10 connections, as a ratio to a
//     TPC-B-like transaction through the same pool in the same run, beside the target (0.7)
//     (scripts/bench-ledger.mjs); `npm run bench -- --ledger` runs only this.
//   - seamless-wallet bets per second through the game-provider API (signed HTTP bets, 10
//     concurrent clients) as a ratio to the ledger's postTransaction rate for the same movement in
//     the same run (scripts/bench-provider.mjs); `npm run bench -- --provider` runs only this.
//   - each in-house game's exact RTP beside the RTP of 10,000,000 simulated rounds (standard error,
//     within 3σ or not) (scripts/bench-games.mjs); `npm run bench -- --games` runs only this.
//   - the time to settle a lottery round of 1,000,000 bets, as a ratio to a bare INSERT … SELECT of
//     as many rows on the same PostgreSQL (scripts/bench-lottery.mjs); `npm run bench -- --lottery`
//     runs only this.
//   - the time to settle one 5-minute real-time wage window for 100,000 bets from 10,000 players
//     under 1,000 agent chains of depth up to 10 (scripts/bench-wages.mjs); `npm run bench --
//     --wages` runs only this.
//   - the live chat's fan-out across two API instances on one database: a member's message sent to
//     one reaching an operator's stream on the other, one at a time and from 20 members at once,
//     as a ratio to a bare NOTIFY → LISTEN on the same PostgreSQL, beside the target (1 s)
//     (scripts/bench-chat.mjs); `npm run bench -- --chat` runs only this.
//   - 10,000 balance streams open on one API instance and one deposit approved a second: the time
//     from each approval to the event in each of the member's tabs (p50, p99), as a ratio to a bare
//     NOTIFY → LISTEN, beside the target (1 s p99), and the instance's memory per open stream
//     (scripts/bench-sse.mjs); `npm run bench -- --sse` runs only this.
//   - a player's mix of routes (cached reads, own reads, a lottery bet) against one API instance and
//     against three behind the gateway (`npm run cluster`): requests per second, p50 and p99 per
//     route, each as a ratio to the hello-world (scripts/bench-load.mjs); `npm run bench --
//     --load-cluster` runs only this.
//   - the fault suite: players depositing, betting on the lottery, spinning an in-house slot,
//     withdrawing and reading their balance through the cluster, their agent transferring to its
//     upline, while instances are killed (-9), the job leader too, the lottery's leader in the
//     middle of a settlement and an instance in the middle of a wage pass, PostgreSQL stops for
//     10 s and every LISTEN connection is dropped; then reconciliation, one effect per
//     idempotency key, every decision moved once, every bet settled once, every wage paid once,
//     every in-house round finished once, balance streams right, and per fault the requests
//     refused and the time to recover (scripts/bench-faults.mjs, bench-faults-checks.mjs);
//     `npm run bench -- --faults` runs only this.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { benchChat } from './bench-chat.mjs';
import { benchFaults } from './bench-faults.mjs';
import { benchGames } from './bench-games.mjs';
import { benchLedger } from './bench-ledger.mjs';
import { benchLoadCluster } from './bench-load.mjs';
import { benchLottery } from './bench-lottery.mjs';
import { benchWages } from './bench-wages.mjs';
import { benchProvider } from './bench-provider.mjs';
import { benchSse } from './bench-sse.mjs';
import { buildAll } from './build.mjs';
import { repoRoot, run } from './lib.mjs';
import { formatPhases } from './phases.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const benchDir = path.join(repoRoot, '.bench');

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

function startProcess(args, env) {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return { child, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))) };
}

// What a browser sends with every fetch of the page: its compression preferences.
const BROWSER_HEADERS = { Merchant: 'DEFAULT', 'Accept-Encoding': 'gzip, deflate, br, zstd' };

async function requestsPerSecond(url, seconds = 10) {
  const result = await autocannon({ url, connections: 100, duration: seconds, headers: BROWSER_HEADERS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Where a cold load is measured: the phone the issue is about (the viewport of the layout's browser
 * tests; the site shows phones its phone layout: drawer closed, no side-bar QR codes), and a
 * desktop for comparison.
 */
const LOAD_DEVICES = {
  phone: { label: 'a phone (390×844)', options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } },
  desktop: { label: 'a desktop (1366×768)', options: { viewport: { width: 1366, height: 768 } } },
};

async function coldLoad(baseUrl, device) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless') });
  const context = await browser.newContext({ serviceWorkers: 'block', ...LOAD_DEVICES[device].options });
  const page = await context.newPage();
  const assets = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await response.body();
      assets.set(response.url(), { type, raw: body.length, gzip: gzipSync(body).length, body });
    } catch {}
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-testid="remote-page"]');
  const share = await page.evaluate(() => globalThis.__platformSharedEvaluations);
  await browser.close();
  const js = [...assets.values()].filter((asset) => asset.type === 'script');
  const css = [...assets.values()].filter((asset) => asset.type === 'stylesheet');
  // react-dom's client carries this marker once per copy.
  const reactDomCopies = js.filter((asset) => asset.body.includes('__reactContainer$')).length;
  const sum = (list, key) => list.reduce((total, asset) => total + asset[key], 0);
  return { jsFiles: js.length, cssFiles: css.length, jsGzip: sum(js, 'gzip'), cssGzip: sum(css, 'gzip'), jsRaw: sum(js, 'raw'), cssRaw: sum(css, 'raw'), reactDomCopies, sharedEvaluations: share };
}

async function lighthouse(url, label) {
  const output = path.join(benchDir, `lighthouse-${label}.json`);
  rmSync(output, { force: true });
  const code = await run(
    'npx',
    ['lighthouse', url, '--only-categories=performance', '--form-factor=mobile', '--output=json', `--output-path=${output}`, '--quiet', `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`],
    { env: { CHROME_PATH: CHROMIUM } },
  );
  if (code !== 0 || !existsSync(output)) return null;
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const { audits } = report;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
    // Lighthouse's measure of the machine's CPU speed during the run: the blocking time of the same
    // page swings with it on a shared machine, so each run's is printed beside its figures.
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Lighthouse `runs` times on the page; each figure is the median of the runs (not of one run). */
async function lighthouseMedian(url, label, runs) {
  const results = [];
  for (let index = 0; index < runs; index += 1) {
    const result = await lighthouse(url, `${label}-${index + 1}`);
    if (result) results.push(result);
  }
  if (!results.length) return null;
  const figure = (key) => median(results.map((result) => result[key]));
  return { runs: results, score: figure('score'), lcpMs: figure('lcpMs'), tbtMs: figure('tbtMs'), cls: figure('cls'), fcpMs: figure('fcpMs') };
}

/** The targets for a cold load on a phone. */
const LOAD_TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1, homeJsKiB: 200 };
const LOAD_PAGES = [
  { label: 'home', path: '/' },
  { label: 'category', path: '/rng' },
];
const verdict = (ok) => (ok ? 'meets' : 'misses');

async function loadFigures(siteUrl) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const pages = [];
  for (const page of LOAD_PAGES) {
    const load = await coldLoad(`${siteUrl}${page.path}`, 'phone');
    const desktopLoad = await coldLoad(`${siteUrl}${page.path}`, 'desktop');
    const lh = await lighthouseMedian(`${siteUrl}${page.path}`, page.label, runs);
    pages.push({ ...page, load, desktopLoad, lighthouse: lh });
  }
  return { runs, targets: LOAD_TARGETS, pages };
}

function printLoadFigures({ runs, pages }) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const assets = (load) => `JS ${kb(load.jsGzip)} gzip in ${load.jsFiles} files (${kb(load.jsRaw)} raw), CSS ${kb(load.cssGzip)} gzip in ${load.cssFiles} files`;
  for (const { label, path: pagePath, load, desktopLoad, lighthouse: lh } of pages) {
    console.log(`  ${label} (${pagePath}), cold load on ${LOAD_DEVICES.phone.label}: ${assets(load)}`);
    console.log(`    on ${LOAD_DEVICES.desktop.label}: ${assets(desktopLoad)}`);
    if (label === 'home') {
      const jsKiB = load.jsGzip / 1024;
      console.log(`    JS ${jsKiB.toFixed(1)} KiB gzip (target ≤ ${LOAD_TARGETS.homeJsKiB} KiB: ${verdict(jsKiB <= LOAD_TARGETS.homeJsKiB)})`);
    }
    console.log(`    react-dom copies loaded: ${load.reactDomCopies}; shared library evaluations: ${load.sharedEvaluations}`);
    if (!lh) {
      console.log('    Lighthouse: did not run');
      continue;
    }
    console.log(`    Lighthouse mobile, median of ${lh.runs.length} of ${runs} runs:`);
    console.log(`      performance ${lh.score} (target ≥ ${LOAD_TARGETS.score}: ${verdict(lh.score >= LOAD_TARGETS.score)})  runs: ${lh.runs.map((run) => run.score).join(', ')}`);
    console.log(`      LCP ${lh.lcpMs} ms (target ≤ ${LOAD_TARGETS.lcpMs} ms: ${verdict(lh.lcpMs <= LOAD_TARGETS.lcpMs)})  runs: ${lh.runs.map((run) => run.lcpMs).join(', ')}`);
    console.log(`      TBT ${lh.tbtMs} ms (target ≤ ${LOAD_TARGETS.tbtMs} ms: ${verdict(lh.tbtMs <= LOAD_TARGETS.tbtMs)})  runs: ${lh.runs.map((run) => run.tbtMs).join(', ')}`);
    console.log(`      CLS ${lh.cls} (target ≤ ${LOAD_TARGETS.cls}: ${verdict(lh.cls <= LOAD_TARGETS.cls)})  runs: ${lh.runs.map((run) => run.cls).join(', ')}`);
    console.log(`      FCP ${lh.fcpMs} ms; CPU benchmark index of the runs (higher is faster): ${lh.runs.map((run) => run.benchmarkIndex).join(', ')}`);
  }
  const [loadAverage] = os.loadavg();
  console.log(`  (load average at the end: ${loadAverage.toFixed(2)} on ${os.cpus().length} cores: a busy machine makes these figures pessimistic)`);
}

/**
 * The fuzz suite (server/src/testing/fuzz/fuzz.test.ts) with the full count, through Jest (its
 * embedded PostgreSQL and test database); prints the figures. Resolves true when it passed.
 */
async function fuzz() {
  const report = path.join(benchDir, 'fuzz.json');
  rmSync(report, { force: true });
  // Jest's global setup runs the server's migrations with the compiled contract (tsc -b builds it).
  if (!existsSync(path.join(repoRoot, 'contract', 'dist', 'index.js'))) {
    if ((await run('npx', ['tsc', '-b', 'contract/tsconfig.build.json'])) !== 0) return false;
  }
  const inputs = process.env.FUZZ_INPUTS ?? '10000';
  console.log(`\nFuzz suite: ${inputs} inputs (server/src/testing/fuzz)`);
  const code = await run('npx', ['jest', '-c', 'server/jest.config.js', '--ci', 'src/testing/fuzz/fuzz.test.ts'], {
    env: { FUZZ_INPUTS: inputs, FUZZ_REPORT: report },
  });
  if (!existsSync(report)) {
    console.log('  the fuzz suite wrote no report');
    return false;
  }
  console.log(JSON.parse(readFileSync(report, 'utf8')).text.replace(/^/gm, '  '));
  return code === 0;
}

const lastRun = path.join(repoRoot, '.test-results', 'phases.log');
const baselineRun = process.env.BENCH_BASELINE ?? path.join(repoRoot, 'scripts', 'baseline-phases.log');
if (existsSync(lastRun)) {
  console.log(`npm test phase times (${path.relative(repoRoot, lastRun)} against ${path.relative(repoRoot, baselineRun)})`);
  console.log(formatPhases(readFileSync(lastRun, 'utf8'), existsSync(baselineRun) ? readFileSync(baselineRun, 'utf8') : undefined));
} else {
  console.log('npm test phase times: no run recorded yet (.test-results/phases.log is written by npm test)');
}
if (process.argv.includes('--phases')) process.exit(0);
if (process.argv.includes('--fuzz')) {
  mkdirSync(benchDir, { recursive: true });
  process.exit((await fuzz()) ? 0 : 1);
}
if (process.argv.includes('--ledger')) process.exit((await benchLedger()).reconciled ? 0 : 1);
if (process.argv.includes('--provider')) process.exit((await benchProvider()).reconciled ? 0 : 1);
if (process.argv.includes('--games')) process.exit((await benchGames()).sane ? 0 : 1);
if (process.argv.includes('--lottery')) {
  const lottery = await benchLottery();
  process.exit(lottery.settled && lottery.reconciled ? 0 : 1);
}
if (process.argv.includes('--wages')) {
  const wages = await benchWages();
  process.exit(wages.paidOnce && wages.reconciled ? 0 : 1);
}
if (process.argv.includes('--chat')) process.exit((await benchChat()).lost === 0 ? 0 : 1);
if (process.argv.includes('--faults')) process.exit((await benchFaults()).lost ? 1 : 0);
if (process.argv.includes('--load-cluster')) {
  await benchLoadCluster();
  process.exit(0);
}
if (process.argv.includes('--sse')) {
  const sse = await benchSse();
  process.exit(sse.rerun ? sse.code : sse.missed === 0 ? 0 : 1);
}

rmSync(benchDir, { recursive: true, force: true });
mkdirSync(benchDir, { recursive: true });
const httpOnly = process.argv.includes('--http');
const loadOnly = process.argv.includes('--load');
const serverMain = process.env.BENCH_SERVER ?? path.join('server', 'dist', 'main.js');
const built = httpOnly ? existsSync(path.resolve(repoRoot, serverMain)) : existsSync(path.join(repoRoot, 'dist', 'shell', 'index.html')) && existsSync(path.resolve(repoRoot, serverMain));
if (!built) {
  if (!(await buildAll())) process.exit(1);
}

// Cached reads of every page load, each measured against the hello-world of the same run.
const CACHED_READS_TARGET = 0.3;
const CACHED_READS = [
  { name: 'GET /wps/system/status', path: '/wps/system/status' },
  { name: 'GET /wps/system/whitelabel', path: '/wps/system/whitelabel' },
  { name: 'GET vendor lanes', path: '/wps/relay/GCSGAME_newGameVendor?platform=html5&language=EN' },
];

async function cachedReads(siteUrl, helloUrl) {
  // Warm every server, then measure one after the other (two cores: never at the same time).
  await requestsPerSecond(helloUrl, 2);
  for (const read of CACHED_READS) await requestsPerSecond(`${siteUrl}${read.path}`, 2);
  const helloRps = await requestsPerSecond(helloUrl);
  const reads = [];
  for (const read of CACHED_READS) {
    const rps = await requestsPerSecond(`${siteUrl}${read.path}`);
    reads.push({ name: read.name, rps: Math.round(rps), ratio: Number((rps / helloRps).toFixed(3)) });
  }
  return { helloWorldRps: Math.round(helloRps), target: CACHED_READS_TARGET, reads };
}

function printCachedReads(result) {
  console.log(`  bare Fastify hello-world: ${result.helloWorldRps} req/s`);
  for (const read of result.reads) {
    const verdict = read.ratio >= result.target ? 'meets' : 'misses';
    console.log(`  ${read.name}: ${read.rps} req/s → ratio ${read.ratio} (target ≥ ${result.target}: ${verdict})`);
  }
}

const sitePort = await freePort();
const baselinePort = await freePort();
const site = startProcess([serverMain], {
  PORT: String(sitePort),
  HOST: '127.0.0.1',
  STATIC_ROOT: path.join(repoRoot, 'dist'),
  DATA_DIR: path.join(benchDir, 'pg'),
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
});
const baseline = startProcess([path.join('scripts', 'bench-hello-world.mjs')], { PORT: String(baselinePort) });
try {
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  await waitFor(`${siteUrl}/healthz`);
  await waitFor(`http://127.0.0.1:${baselinePort}/`);
  if (httpOnly) {
    const http = await cachedReads(siteUrl, `http://127.0.0.1:${baselinePort}/`);
    writeFileSync(path.join(benchDir, 'results.json'), JSON.stringify({ cachedReads: http }, null, 2));
    console.log(`\nCached reads (${serverMain})`);
    printCachedReads(http);
  } else if (loadOnly) {
    const load = await loadFigures(siteUrl);
    writeFileSync(path.join(benchDir, 'results.json'), JSON.stringify({ load }, null, 2));
    console.log('\nFirst load (cold, no service worker)');
    printLoadFigures(load);
  } else {
    const load = await loadFigures(siteUrl);
    const http = await cachedReads(siteUrl, `http://127.0.0.1:${baselinePort}/`);
    writeFileSync(path.join(benchDir, 'results.json'), JSON.stringify({ load, cachedReads: http }, null, 2));
    console.log('\nBenchmarks');
    console.log('First load (cold, no service worker)');
    printLoadFigures(load);
    console.log('Cached reads');
    printCachedReads(http);
  }
} finally {
  await site.stop();
  await baseline.stop();
}
// After the servers above stopped: the fuzz suite measures its own rate against its own baseline.
if (!httpOnly && !loadOnly && !(await fuzz())) process.exitCode = 1;
if (!httpOnly && !loadOnly && !(await benchLedger()).reconciled) process.exitCode = 1;
if (!httpOnly && !loadOnly && !(await benchProvider()).reconciled) process.exitCode = 1;
if (!httpOnly && !loadOnly && !(await benchGames()).sane) process.exitCode = 1;
if (!httpOnly && !loadOnly) {
  const lottery = await benchLottery();
  if (!lottery.settled || !lottery.reconciled) process.exitCode = 1;
  const wages = await benchWages();
  if (!wages.paidOnce || !wages.reconciled) process.exitCode = 1;
  if ((await benchChat()).lost !== 0) process.exitCode = 1;
  const sse = await benchSse();
  if (sse.rerun ? sse.code !== 0 : sse.missed !== 0) process.exitCode = 1;
  await benchLoadCluster();
  if ((await benchFaults()).lost) process.exitCode = 1;
}
