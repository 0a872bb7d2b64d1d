// Live connections benchmark: 10,000 open balance streams (GET /wps/v2/wallets/balance/events)
// on one API instance, and one manual deposit approved every second: the time from the approval
// being asked (its transaction commits inside it) to the balance event in each of that member's
// tabs, p50 and p99 over every tab, beside the product's target (1 s p99); and the instance's
// memory per open connection (its resident set before and after the streams opened, over their
// count). The baseline, in the same run on the same PostgreSQL, is the floor every push stands
// on: a bare NOTIFY on one connection received by a LISTEN on another.
// `npm run bench -- --sse` runs only this; SSE_CONNECTIONS=<n> for another count.
//
// The instance is server/dist/main.js in a process of its own, started under `ulimit -n` high
// enough for its sockets (the script raises the limit for the instance, and its own through a
// shell when it is too low for the clients). The PostgreSQL is an embedded one of its own (data
// under .bench/sse-pg, removed after). 100 members hold the streams, 100 tabs each; a deposit goes
// to one member at a time, so each approval is timed in 100 tabs.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { eventsIn, freePort, membersWithSessions, notifyBaseline, percentile, sleep, stopChild } from './bench-support.mjs';
import { repoRoot, run } from './lib.mjs';

const CONNECTIONS = Number(process.env.SSE_CONNECTIONS) || 10_000;
const MEMBERS = 100;
const DEPOSITS = 30;
const BASELINE_NOTIFIES = 200;
const TARGET_MS = 1000;
const OPENING_AT_ONCE = 200;
// A socket per stream on each side (the clients here, the instance there), and room for the rest.
const FILE_LIMIT = CONNECTIONS + 2048;

const require = createRequire(import.meta.url);

/** The open-file limits of this process (/proc): soft, and the hard one it may be raised to. */
function ownFileLimits() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('Max open files'));
  const [soft, hard] = (line?.split(/\s+/) ?? []).slice(3, 5).map((value) => (value === 'unlimited' ? Infinity : Number(value)));
  return { soft, hard };
}

/** Resident set of a process in kB (/proc/<pid>/status VmRSS). */
function residentKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

/** A JSON POST; answers { status, body }. */
function post(url, body, headers) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), language: 'EN', ...headers } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Opens a balance stream; answers once its first event (the balance when it opens) arrived, with
 * { close }. Every later balance event calls onBalance(sumBalance).
 */
function openStream(url, token, onBalance) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', authorization: token, language: 'EN' }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
      let buffer = '';
      let opened = false;
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const { events, rest } = eventsIn(buffer + chunk);
        buffer = rest;
        for (const { event, data } of events) {
          if (event !== 'balance' || data === undefined) continue;
          if (!opened) {
            opened = true;
            resolve({ close: () => request.destroy() });
          } else onBalance(JSON.parse(data).sumBalance);
        }
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** Measures and prints; answers { baseline, delivery, missed, perConnectionKb, opened }. */
export async function benchSse() {
  const limits = ownFileLimits();
  if (limits.hard < FILE_LIMIT) throw new Error(`${CONNECTIONS} streams need ${FILE_LIMIT} open files, and this machine's hard limit is ${limits.hard}: SSE_CONNECTIONS=<fewer>`);
  if (limits.soft < FILE_LIMIT) {
    // The clients need a socket each: run again under a higher limit (root may raise it).
    const code = await run('bash', ['-c', `ulimit -n ${FILE_LIMIT} && exec "${process.execPath}" "${path.join(repoRoot, 'scripts', 'bench-sse.mjs')}"`]);
    return { rerun: true, code };
  }
  const dist = path.join(repoRoot, 'server', 'dist');
  if (!existsSync(path.join(dist, 'main.js'))) {
    if ((await run('npm', ['run', 'build', '-w', 'server'])) !== 0) throw new Error('the server did not build');
  }
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const { startDatabase, prepareDatabase, EMBEDDED_APP_ROLE } = require(path.join(dist, 'main.js'));
  const { buildApp } = require(path.join(dist, 'app.js'));
  const { createPool } = require(path.join(dist, 'db', 'pool.js'));
  const pg = createRequire(path.join(dist, 'db', 'pool.js'))('pg');
  const { secretsKeyFromEnv } = require(path.join(dist, 'secrets-key.js'));
  const { createMember, tokenFor } = require(path.join(dist, 'modules', 'member', 'member.testing.js'));
  const { approveDeposit } = require(path.join(dist, 'modules', 'deposit', 'deposit.settle.js'));
  const dataDir = path.join(repoRoot, '.bench', 'sse-pg');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const database = await startDatabase({ databaseUrl: undefined, appDatabaseUrl: undefined, dataDir, pgPort: undefined }, { libraryHandlesSignals: false });
  const owner = createPool(database.databaseUrl, 2);
  const pool = createPool(database.appDatabaseUrl, 4);
  const streams = [];
  let instance;
  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE, secretsKey: secretsKeyFromEnv() });
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    // The members and their sessions, made before the measured instance starts.
    const members = await membersWithSessions({ buildApp, createMember, tokenFor }, pool, merchantId, 'benchsse', MEMBERS);

    const port = await freePort();
    const opsPort = await freePort();
    const main = path.join(dist, 'main.js');
    // PAYMENT_SIMULATOR: the seeded manual-transfer channel is a sandbox one, offered only with it.
    instance = spawn('bash', ['-c', `ulimit -n ${FILE_LIMIT} && exec "${process.execPath}" "${main}"`], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: database.databaseUrl, APP_DATABASE_URL: database.appDatabaseUrl, PORT: String(port), HOST: '127.0.0.1', OPS_PORT: String(opsPort), LOG_LEVEL: 'warn', PAYMENT_SIMULATOR: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const site = `http://127.0.0.1:${port}`;
    for (;;) {
      try {
        if ((await fetch(`${site}/readyz`)).status === 200) break;
      } catch {}
      if (instance.exitCode !== null) throw new Error('the instance ended before it was ready');
      await sleep(250);
    }
    // Warm the routes, then the resident set with no stream open.
    for (const member of members.slice(0, 5)) await fetch(`${site}/wps/v2/wallets/balance`, { headers: { authorization: member.token, language: 'EN' } });
    await sleep(1000);
    const beforeKb = residentKb(instance.pid);

    // 100 tabs a member, opened OPENING_AT_ONCE at a time.
    const waiting = new Map();
    const openedAt = performance.now();
    for (let start = 0; start < CONNECTIONS; start += OPENING_AT_ONCE) {
      const batch = [];
      for (let index = start; index < Math.min(CONNECTIONS, start + OPENING_AT_ONCE); index++) {
        const member = members[index % MEMBERS];
        batch.push(openStream(`${site}/wps/v2/wallets/balance/events`, member.token, (sumBalance) => waiting.get(member.username)?.(sumBalance)));
      }
      streams.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - openedAt) / 1000;
    await sleep(2000);
    const afterKb = residentKb(instance.pid);

    const baseline = await notifyBaseline(pg, database.appDatabaseUrl, BASELINE_NOTIFIES);

    // One deposit a second: made by the member (manual transfer), approved as the cashier would.
    const delivery = [];
    let missed = 0;
    for (let index = 0; index < DEPOSITS; index++) {
      const member = members[index % MEMBERS];
      const made = await post(`${site}/wps/relay/depositMTV3`, { amount: 500, payeeName: 'Bench Tester' }, { authorization: member.token, 'idempotency-key': randomUUID() });
      if (made.status !== 200) throw new Error(`the deposit request failed: ${made.body}`);
      const depositId = JSON.parse(made.body).value.depositId;
      const tabs = Math.ceil((CONNECTIONS - (index % MEMBERS)) / MEMBERS);
      const arrivals = [];
      const allArrived = new Promise((resolve) => {
        waiting.set(member.username, () => {
          arrivals.push(performance.now());
          if (arrivals.length === tabs) resolve();
        });
      });
      const started = performance.now();
      await approveDeposit(pool, { merchantId, depositId, operatorName: 'bench-cashier', nowMs: Date.now() });
      await Promise.race([allArrived, sleep(10_000)]);
      waiting.delete(member.username);
      missed += tabs - arrivals.length;
      for (const arrival of arrivals) delivery.push(arrival - started);
      await sleep(Math.max(0, 1000 - (performance.now() - started)));
    }

    const figure = (times) => ({ p50: Number(percentile(times, 50).toFixed(1)), p99: Number(percentile(times, 99).toFixed(1)), max: Number(Math.max(...times).toFixed(1)) });
    const result = {
      opened: streams.length,
      openSeconds: Number(openSeconds.toFixed(1)),
      perConnectionKb: Number(((afterKb - beforeKb) / streams.length).toFixed(2)),
      residentMb: { before: Math.round(beforeKb / 1024), after: Math.round(afterKb / 1024) },
      baseline: figure(baseline),
      delivery: figure(delivery),
      events: delivery.length,
      missed,
    };
    const ratio = (ms) => (ms / result.baseline.p50).toFixed(1);
    console.log(`\nLive connections: ${result.opened} balance streams open on one instance (${MEMBERS} members × ${CONNECTIONS / MEMBERS} tabs), one deposit approved a second`);
    console.log(`  opened in ${result.openSeconds} s; the instance's resident set ${result.residentMb.before} MB → ${result.residentMb.after} MB: ${result.perConnectionKb} kB per open stream`);
    console.log(`  baseline, a bare NOTIFY → LISTEN on the same PostgreSQL: p50 ${result.baseline.p50} ms, p99 ${result.baseline.p99} ms`);
    console.log(`  approval → each tab's balance event (${result.events} events of ${DEPOSITS} deposits): p50 ${result.delivery.p50} ms (${ratio(result.delivery.p50)}× the baseline), p99 ${result.delivery.p99} ms, max ${result.delivery.max} ms; target p99 ≤ ${TARGET_MS} ms: ${result.delivery.p99 <= TARGET_MS ? 'meets' : 'misses'}`);
    console.log(`  tabs that got no event within 10 s: ${result.missed}`);
    return result;
  } finally {
    for (const stream of streams) stream.close();
    await stopChild(instance);
    await pool.end();
    await owner.end();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchSse();
  process.exit(result.rerun ? result.code : result.missed === 0 ? 0 : 1);
}
