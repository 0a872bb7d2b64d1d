// Load benchmark of the production shape: requests per second and latency (p50, p99) per route of
// a player's mix, against one API instance and against three behind the gateway (`npm run
// cluster`: PgBouncer, three instances, nginx), each as a ratio to a bare Fastify hello-world
// measured in the same run on the same machine. `npm run bench -- --load-cluster` runs only this.
//
// The mix: what every page asks (the status, the whitelabel switches, the vendor lanes), a
// player's own reads (the balance, the profile, the lottery's games and the rounds on sale, today's
// orders) and a lottery bet (one ticket of 2.00 on Speed Mark Six's special number, a money call).
// 50 members hold sessions; each route is run for LOAD_SECONDS (default 5) with 50 connections,
// one target after the other (two cores: never at once). The PostgreSQL is an embedded one of its
// own (data under .bench/load-pg); the members are made and funded (a manual deposit each, approved)
// before the cluster starts on it. What is refused is counted apart and not in the rate.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, membersWithSessions, sleep, stopChild } from './bench-support.mjs';
import { repoRoot, run } from './lib.mjs';

const MEMBERS = 50;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS) || 5;
const BET_GAME = 'LHC5';

const require = createRequire(import.meta.url);

async function waitFor(url, stopped = () => false) {
  for (;;) {
    if (stopped()) throw new Error(`${url}: the process serving it ended`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    await sleep(250);
  }
}

/** One autocannon run: each request takes the next member's session (and, for a bet, a new body). */
async function measure(baseUrl, route, members) {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: route.method ?? 'GET',
        path: route.path,
        setupRequest: (request) => {
          const member = members[next++ % members.length];
          const headers = { ...request.headers, 'accept-encoding': 'gzip, deflate, br', language: 'EN', ...(route.auth ? { authorization: member.token } : {}) };
          if (!route.body) return { ...request, headers };
          return { ...request, headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(route.body()) };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused: result.non2xx + result.errors + result.timeouts,
  };
}

export async function benchLoadCluster() {
  const dist = path.join(repoRoot, 'server', 'dist');
  if (!existsSync(path.join(dist, 'main.js')) || !existsSync(path.join(repoRoot, 'dist', 'shell', 'index.html'))) {
    if ((await run('npm', ['run', 'build'])) !== 0) throw new Error('the site did not build');
  }
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const { startDatabase, prepareDatabase, EMBEDDED_APP_ROLE } = require(path.join(dist, 'main.js'));
  const { buildApp } = require(path.join(dist, 'app.js'));
  const { createPool } = require(path.join(dist, 'db', 'pool.js'));
  const { secretsKeyFromEnv } = require(path.join(dist, 'secrets-key.js'));
  const { createMember, tokenFor } = require(path.join(dist, 'modules', 'member', 'member.testing.js'));
  const { approveDeposit } = require(path.join(dist, 'modules', 'deposit', 'deposit.settle.js'));
  const lottery = require(path.join(repoRoot, 'lottery-rules', 'dist', 'index.js'));
  const dataDir = path.join(repoRoot, '.bench', 'load-pg');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const database = await startDatabase({ databaseUrl: undefined, appDatabaseUrl: undefined, dataDir, pgPort: undefined }, { libraryHandlesSignals: false });
  const owner = createPool(database.databaseUrl, 2);
  const pool = createPool(database.appDatabaseUrl, 4);
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-'));
  const children = [];

  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE, secretsKey: secretsKeyFromEnv() });
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    // Members, sessions and money (a manual deposit each, approved), made before the measured
    // servers start. PAYMENT_SIMULATOR: the seeded manual-transfer channel is a sandbox one,
    // offered only with it (the cluster's instances run with it too, as `npm start` does).
    process.env.PAYMENT_SIMULATOR = '1';
    const members = await membersWithSessions({ buildApp, createMember, tokenFor }, pool, merchantId, 'benchload', MEMBERS, {
      each: async (member, setup) => {
        const made = await setup.inject({ method: 'POST', url: '/wps/relay/depositMTV3', headers: { authorization: member.token, language: 'EN', 'idempotency-key': randomUUID() }, payload: { amount: 50000, payeeName: 'Load Tester' } });
        if (made.statusCode !== 200) throw new Error(`the deposit request failed: ${made.body}`);
        await approveDeposit(pool, { merchantId, depositId: made.json().value.depositId, operatorName: 'bench-cashier', nowMs: Date.now() });
      },
    });

    const gatewayPort = await freePort();
    const basePort = 20_000 + Math.floor(Math.random() * 20_000);
    const cluster = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'cluster.mjs')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: database.databaseUrl,
        APP_DATABASE_URL: database.appDatabaseUrl,
        CLUSTER_PORT: String(gatewayPort),
        CLUSTER_BASE_PORT: String(basePort),
        CLUSTER_STATE_DIR: stateDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(cluster);
    const helloPort = await freePort();
    const hello = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'bench-hello-world.mjs')], { cwd: repoRoot, env: { ...process.env, PORT: String(helloPort) }, stdio: 'ignore' });
    children.push(hello);
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    const one = `http://127.0.0.1:${basePort + 1}`;
    await waitFor(`${gateway}/healthz`, () => cluster.exitCode !== null);
    await waitFor(`http://127.0.0.1:${helloPort}/`);

    // The bet: one ticket on the special number, on the round on sale (read again before each run).
    const games = await (await fetch(`${one}/lgw/games`, { headers: { authorization: members[0].token, language: 'EN' } })).json();
    const game = games.value.find((candidate) => candidate.gameCode === BET_GAME);
    const special = lottery.playsOf('LHC').find((play) => play.code === 'LHC_SPECIAL');
    const rows = [[7]];
    const slip = lottery.formatSlips([{ playId: special.id, rows, picks: lottery.picksFromRows(rows), mode: 1, series: game.defaultSeries, multiple: 1 }]);
    let numero = '';
    const roundOnSale = async () => {
      const near = await (await fetch(`${one}/lgw/numeros/near?gameCode=${BET_GAME}&count=1`, { headers: { language: 'EN' } })).json();
      numero = near.value[0].numero;
    };

    const routes = [
      { name: 'GET /wps/system/status', path: '/wps/system/status' },
      { name: 'GET /wps/system/whitelabel', path: '/wps/system/whitelabel' },
      { name: 'GET vendor lanes', path: '/wps/relay/GCSGAME_newGameVendor?platform=html5&language=EN' },
      { name: 'GET balance', path: '/wps/v2/wallets/balance', auth: true },
      { name: 'GET profile', path: '/wps/member/info', auth: true },
      { name: 'GET lottery games', path: '/lgw/games', auth: true },
      { name: 'GET rounds on sale', path: `/lgw/numeros/near?gameCode=${BET_GAME}`, auth: true },
      { name: "GET today's orders", path: '/lgw/orders/today', auth: true },
      { name: 'POST lottery bet', path: '/lgw/orders/betting', method: 'POST', auth: true, bet: true, body: () => ({ gameCode: BET_GAME, currentNumero: numero, bettingSlipString: slip, betCartAmountSum: '2.0000' }) },
    ];

    // Warm every target, then measure one at a time.
    await measure(`http://127.0.0.1:${helloPort}`, { path: '/' }, members);
    for (const target of [one, gateway]) await measure(target, routes[0], members);
    const helloWorld = await measure(`http://127.0.0.1:${helloPort}`, { path: '/' }, members);
    const rowsOut = [];
    for (const route of routes) {
      const figures = {};
      for (const [label, target] of [
        ['one', one],
        ['cluster', gateway],
      ]) {
        if (route.bet) await roundOnSale();
        figures[label] = await measure(target, route, members);
      }
      rowsOut.push({ route: route.name, ...figures });
    }
    const ratio = (rps) => (rps / helloWorld.rps).toFixed(3);
    console.log(`\nLoad: one API instance, and three behind the gateway (PgBouncer, nginx), ${CONNECTIONS} connections, ${SECONDS} s a route`);
    console.log(`  bare Fastify hello-world: ${helloWorld.rps} req/s, p50 ${helloWorld.p50} ms, p99 ${helloWorld.p99} ms`);
    for (const row of rowsOut) {
      const cell = (figure) => `${figure.rps} req/s (${ratio(figure.rps)}×), p50 ${figure.p50} ms, p99 ${figure.p99} ms${figure.refused ? `, ${figure.refused} refused` : ''}`;
      console.log(`  ${row.route}: one ${cell(row.one)} | three ${cell(row.cluster)}`);
    }
    return { helloWorld, routes: rowsOut };
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    rmSync(stateDir, { recursive: true, force: true });
    await pool.end();
    await owner.end();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLoadCluster();
}
