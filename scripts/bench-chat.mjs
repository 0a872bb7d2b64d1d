// Live-chat fan-out benchmark: how long a member's message sent to one API instance takes to reach
// an operator's event stream (GET /ops/v1/chat/events) on another instance on the same database,
// as two replicas behind the gateway. The product's target is within 1 s. The baseline, measured
// in the same run on the same PostgreSQL, is the floor every cross-replica push stands on: a bare
// NOTIFY on one connection received by a LISTEN on another. `npm run bench -- --chat` runs only this.
//
// Measured twice: one message at a time (each waits for its arrival: the latency a member and an
// operator feel), and 20 members writing at once (each still timed from its own send to its own
// arrival). Printed as median and 95th percentile, and each as a ratio to the baseline's median.
//
// The PostgreSQL is an embedded one of its own (data under .bench/chat-pg, removed after); the two
// instances are server/dist's app (built first when missing), each listening on 127.0.0.1 with its
// own pool, its own chat listener and its own operator API.
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eventsIn, notifyBaseline, percentile } from './bench-support.mjs';
import { repoRoot, run } from './lib.mjs';

const SEQUENTIAL_MESSAGES = 200;
const CONCURRENT_MEMBERS = 20;
const CONCURRENT_ROUNDS = 10;
const BASELINE_NOTIFIES = 200;
const TARGET_MS = 1000;

const require = createRequire(import.meta.url);

/** A keep-alive JSON POST; answers { status, body }. */
function post(agent, url, body, headers) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), language: 'EN', ...headers } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Follows an event stream and calls `onEvent(name, data)` for each event; answers a function that
 * closes it, once the stream answered.
 */
function followStream(url, headers, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', language: 'EN', ...headers }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const { events, rest } = eventsIn(buffer + chunk);
        buffer = rest;
        for (const fields of events) if (fields.event && fields.data) onEvent(fields.event, JSON.parse(fields.data));
      });
      resolve(() => request.destroy());
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** Measures and prints; answers { sequential, concurrent, baseline, lost } (medians and p95 in ms). */
export async function benchChat() {
  const dist = path.join(repoRoot, 'server', 'dist');
  if (!existsSync(path.join(dist, 'main.js')) || !existsSync(path.join(dist, 'modules', 'chat', 'index.js'))) {
    if ((await run('npm', ['run', 'build', '-w', 'server'])) !== 0) throw new Error('the server did not build');
  }
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const { startDatabase, prepareDatabase, EMBEDDED_APP_ROLE } = require(path.join(dist, 'main.js'));
  const { buildApp } = require(path.join(dist, 'app.js'));
  const { createPool } = require(path.join(dist, 'db', 'pool.js'));
  const pg = createRequire(path.join(dist, 'db', 'pool.js'))('pg');
  const { secretsKeyFromEnv } = require(path.join(dist, 'secrets-key.js'));
  const { createMember, tokenFor } = require(path.join(dist, 'modules', 'member', 'member.testing.js'));
  const { operatorLogin } = require(path.join(dist, 'modules', 'operator', 'operator.testing.js'));
  const dataDir = path.join(repoRoot, '.bench', 'chat-pg');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const database = await startDatabase({ databaseUrl: undefined, appDatabaseUrl: undefined, dataDir, pgPort: undefined }, { libraryHandlesSignals: false });
  const owner = createPool(database.databaseUrl, 2);
  const pools = [createPool(database.appDatabaseUrl, 10), createPool(database.appDatabaseUrl, 10)];
  const apps = [];
  const closers = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENT_MEMBERS });
  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE, secretsKey: secretsKeyFromEnv() });
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    await owner.query(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'chat', $2)
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [merchantId, JSON.stringify({ enabled: true, hours: null })],
    );
    // Two replicas: the member writes to A, the operator follows on B. No background jobs.
    // balanceStreams stays on: the chat's listener (its hub) comes with the pushed streams.
    const options = { logger: false, remoteOverrides: {}, c2cSweep: false, lotteryJobs: false, inhouse: { jobs: false } };
    for (const pool of pools) apps.push(await buildApp({ ...options, pool }));
    const siteA = await apps[0].listen({ host: '127.0.0.1', port: 0 });
    await apps[1].listen({ host: '127.0.0.1', port: 0 });
    const opsB = apps[1].listenOperatorApi ? await apps[1].listenOperatorApi({ host: '127.0.0.1', port: 0 }) : null;
    if (!opsB) throw new Error('the operator API did not start');
    const operatorB = `http://127.0.0.1:${opsB.address().port}`;
    const { token: operatorToken } = await operatorLogin({ app: apps[0], ownerPool: owner }, { username: 'bench-desk', role: 'support' });

    const members = [];
    for (let index = 0; index < CONCURRENT_MEMBERS; index++) {
      const username = `benchchat${index}`;
      await createMember(pools[0], merchantId, { username, password: 'secret123' });
      const token = await tokenFor(apps[0], username, 'secret123', `198.51.100.${index + 1}`);
      const opened = await post(agent, `${siteA}/wps/chat/conversation`, {}, { authorization: token });
      if (opened.status !== 200) throw new Error(`opening a conversation failed: ${opened.body}`);
      members.push({ token, conversationId: JSON.parse(opened.body).value.conversationId });
    }
    // The operator's stream on B: each member message's arrival, by its client id.
    const arrivals = new Map();
    closers.push(
      await followStream(`${operatorB}/ops/v1/chat/events`, { authorization: `Bearer ${operatorToken}` }, (event, data) => {
        if (event === 'message' && data.sender === 'member') arrivals.get(data.clientMessageId)?.();
      }),
    );
    let lost = 0;
    const sendAndTime = async (member) => {
      const clientMessageId = `bench-${randomUUID()}`;
      const arrived = new Promise((resolve) => arrivals.set(clientMessageId, resolve));
      const timeout = new Promise((resolve) => setTimeout(() => resolve('lost'), 10_000).unref());
      const started = performance.now();
      const sent = await post(agent, `${siteA}/wps/chat/message`, { conversationId: member.conversationId, clientMessageId, text: 'Where is my deposit?' }, { authorization: member.token });
      if (sent.status !== 200) throw new Error(`sending failed: ${sent.body}`);
      const outcome = await Promise.race([arrived, timeout]);
      arrivals.delete(clientMessageId);
      if (outcome === 'lost') {
        lost++;
        return null;
      }
      return performance.now() - started;
    };
    // A member may send CHAT_MESSAGES_PER_MINUTE a minute: the runs spread over every member, and
    // their counts are cleared between rounds (the limit is not what is measured).
    const clearLimits = () => owner.query("DELETE FROM auth_throttle WHERE scope = 'chat.message'");
    for (let warm = 0; warm < 5; warm++) await sendAndTime(members[warm % members.length]);
    await clearLimits();

    const baseline = await notifyBaseline(pg, database.appDatabaseUrl, BASELINE_NOTIFIES);
    const sequential = [];
    for (let index = 0; index < SEQUENTIAL_MESSAGES; index++) {
      const time = await sendAndTime(members[index % members.length]);
      if (time !== null) sequential.push(time);
      if (index % members.length === members.length - 1) await clearLimits();
    }
    const concurrent = [];
    for (let round = 0; round < CONCURRENT_ROUNDS; round++) {
      for (const time of await Promise.all(members.map(sendAndTime))) if (time !== null) concurrent.push(time);
      await clearLimits();
    }

    const baselineMedian = percentile(baseline, 50);
    const figure = (times) => ({ median: Number(percentile(times, 50).toFixed(1)), p95: Number(percentile(times, 95).toFixed(1)), max: Number(Math.max(...times).toFixed(1)) });
    const result = { baseline: figure(baseline), sequential: figure(sequential), concurrent: figure(concurrent), lost };
    const ratio = (ms) => (ms / baselineMedian).toFixed(1);
    console.log('\nLive chat across two API instances on one database (member → instance A, operator stream ← instance B)');
    console.log(`  baseline, a bare NOTIFY → LISTEN on the same PostgreSQL: median ${result.baseline.median} ms, p95 ${result.baseline.p95} ms`);
    console.log(`  one message at a time (${sequential.length}): median ${result.sequential.median} ms (${ratio(result.sequential.median)}× the baseline), p95 ${result.sequential.p95} ms, max ${result.sequential.max} ms; target ≤ ${TARGET_MS} ms`);
    console.log(`  ${CONCURRENT_MEMBERS} members at once (${concurrent.length}): median ${result.concurrent.median} ms (${ratio(result.concurrent.median)}× the baseline), p95 ${result.concurrent.p95} ms, max ${result.concurrent.max} ms; target ≤ ${TARGET_MS} ms`);
    console.log(`  messages that never arrived within 10 s: ${lost}`);
    return result;
  } finally {
    agent.destroy();
    for (const close of closers) close();
    for (const app of apps) await app.close();
    for (const pool of pools) await pool.end();
    await owner.end();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchChat();
  process.exit(result.lost === 0 ? 0 : 1);
}
