// Fault suite over the whole system (`npm run bench -- --faults`): the production shape of `npm run
// cluster` (PgBouncer, three API instances, the nginx gateway) on an embedded PostgreSQL of its own,
// under a load of players depositing (a cashier approving each deposit), betting on the lottery and
// reading their balance, each player with a balance stream open as a browser tab keeps it, while
// these faults follow one another:
//   1. kill -9 one API instance (the cluster starts it again a second later), then another;
//   2. kill -9 the instance leading the jobs (the one whose connection holds a job's leader lock:
//      pg_locks, application_name), the lottery's settlements among them;
//   3. PostgreSQL stopped for 10 s, then started again;
//   4. every LISTEN connection of every instance dropped at once (pg_terminate_backend).
// Afterwards: the ledger reconciles; no deposit credited twice or left pending once approved; every
// retried deposit request (same Idempotency-Key) made one deposit; the rounds bet on settle, each
// bet once; every balance stream ends on its member's balance. The report gives, per fault, the
// requests refused during it (and what they said), the time from the fault to the first success
// after its last refusal, and the time until all three instances were ready again (the next fault
// waits for that).
// FAULT_PHASE_SECONDS (default 10) sets how long the load runs around each fault.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { eventsIn, freePort, membersWithSessions, stopChild, sleep } from './bench-support.mjs';
import { repoRoot, run } from './lib.mjs';

const PLAYERS = 20;
const PHASE_MS = (Number(process.env.FAULT_PHASE_SECONDS) || 10) * 1000;
const BET_GAME = 'SSC1';

const require = createRequire(import.meta.url);

/** A request through the gateway; answers { status, body } or { status: 0 } when refused at the socket. */
function call(base, method, url, { token, body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        timeout: 15_000,
        headers: { language: 'EN', ...(token ? { authorization: token } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: response.statusCode, body: parsed });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0 }));
    request.end(payload);
  });
}

/**
 * A browser tab's balance stream: reconnects when it ends or fails (after the server's retry
 * hint, or a second), keeps the last balance it was told.
 */
function balanceTab(base, token) {
  const tab = { balance: undefined, closed: false, reconnects: 0 };
  let request;
  const open = () => {
    if (tab.closed) return;
    let retryMs = 1000;
    request = http.get(`${base}/wps/v2/wallets/balance/events`, { headers: { accept: 'text/event-stream', authorization: token, language: 'EN' }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return;
      }
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const { events, rest } = eventsIn(buffer + chunk);
        buffer = rest;
        for (const { event, data, retry } of events) {
          if (retry) retryMs = Number(retry);
          if (event === 'balance' && data) tab.balance = JSON.parse(data).sumBalance;
        }
      });
    });
    request.on('close', () => {
      if (tab.closed) return;
      tab.reconnects += 1;
      setTimeout(open, retryMs);
    });
    request.on('error', () => undefined);
  };
  open();
  tab.close = () => {
    tab.closed = true;
    request?.destroy();
  };
  return tab;
}

export async function benchFaults() {
  const dist = path.join(repoRoot, 'server', 'dist');
  if (!existsSync(path.join(dist, 'main.js')) || !existsSync(path.join(repoRoot, 'dist', 'shell', 'index.html'))) {
    if ((await run('npm', ['run', 'build'])) !== 0) throw new Error('the site did not build');
  }
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  process.env.PAYMENT_SIMULATOR = '1';
  const { prepareDatabase, EMBEDDED_APP_ROLE, EMBEDDED_DATABASE } = require(path.join(dist, 'main.js'));
  const { startEmbeddedPostgres } = require(path.join(dist, 'db', 'embedded.js'));
  const { createPool, ensureDatabase, withDatabase } = require(path.join(dist, 'db', 'pool.js'));
  const { ensureAppRole } = require(path.join(dist, 'db', 'app-role.js'));
  const { buildApp } = require(path.join(dist, 'app.js'));
  const { secretsKeyFromEnv } = require(path.join(dist, 'secrets-key.js'));
  const { createMember, tokenFor } = require(path.join(dist, 'modules', 'member', 'member.testing.js'));
  const { approveDeposit } = require(path.join(dist, 'modules', 'deposit', 'deposit.settle.js'));
  const { reconcile } = require(path.join(dist, 'modules', 'ledger', 'index.js'));
  const lottery = require(path.join(repoRoot, 'lottery-rules', 'dist', 'index.js'));

  const dataDir = path.join(repoRoot, '.bench', 'faults-pg');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // PostgreSQL on a fixed port, with the app role's password fixed for the run: stopped and started
  // again, it comes back where every instance and PgBouncer expect it.
  const pgPort = await freePort();
  let postgres = await startEmbeddedPostgres({ dataDir, port: pgPort, libraryHandlesSignals: false });
  const appPassword = randomBytes(18).toString('base64url');
  await ensureDatabase(postgres.adminUrl, EMBEDDED_DATABASE);
  const databaseUrl = withDatabase(postgres.adminUrl, EMBEDDED_DATABASE);
  const appUrl = new URL(databaseUrl);
  appUrl.username = EMBEDDED_APP_ROLE;
  appUrl.password = appPassword;
  const appDatabaseUrl = appUrl.toString();
  {
    const admin = createPool(postgres.adminUrl, 1);
    await ensureAppRole(admin, { name: EMBEDDED_APP_ROLE, password: appPassword, resetPassword: true });
    await admin.end();
  }
  const owner = createPool(databaseUrl, 2);
  const pool = createPool(appDatabaseUrl, 4);
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'bench-faults-'));
  let cluster;
  const tabs = [];
  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE, secretsKey: secretsKeyFromEnv() });
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    const players = await membersWithSessions({ buildApp, createMember, tokenFor }, pool, merchantId, 'benchfault', PLAYERS);

    const gatewayPort = await freePort();
    const basePort = 20_000 + Math.floor(Math.random() * 20_000);
    cluster = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'cluster.mjs')], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, APP_DATABASE_URL: appDatabaseUrl, CLUSTER_PORT: String(gatewayPort), CLUSTER_BASE_PORT: String(basePort), CLUSTER_STATE_DIR: stateDir, LOG_LEVEL: 'error' },
      stdio: ['ignore', process.env.FAULT_LOG ? 'inherit' : 'ignore', 'inherit'],
    });
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    for (;;) {
      if (cluster.exitCode !== null) throw new Error('npm run cluster ended before serving');
      if ((await call(gateway, 'GET', '/healthz')).status === 200) break;
      await sleep(250);
    }
    for (const player of players) tabs.push(balanceTab(gateway, player.token));

    // The bet: one ticket of 2.00 on 定位胆, on the round on sale of a game drawn every minute.
    const games = (await call(gateway, 'GET', '/lgw/games', { token: players[0].token })).body.value;
    const game = games.find((candidate) => candidate.gameCode === BET_GAME);
    const play = lottery.playsOf('SSC').find((candidate) => candidate.code === 'SSC_POSITION');
    const rows = play.rows.map((_, index) => (index === 0 ? [7] : []));
    const slip = lottery.formatSlips([{ playId: play.id, rows, picks: lottery.picksFromRows(rows), mode: 1, series: game.defaultSeries, multiple: 1 }]);

    // What happens, by the time it happened (the phase it fell in is read off the fault marks).
    const outcomes = [];
    const depositKeys = new Map();
    const approved = new Set();
    let running = true;
    const note = (kind, ok, why) => outcomes.push({ at: performance.now(), kind, ok, why });

    const playerLoop = async (player) => {
      while (running) {
        // A deposit: requested (retried with the same key until answered), then approved.
        const key = randomUUID();
        let deposit;
        for (let attempt = 0; attempt < 20 && running && !deposit; attempt++) {
          const made = await call(gateway, 'POST', '/wps/relay/depositMTV3', { token: player.token, body: { amount: 500, payeeName: 'Fault Tester' }, headers: { 'idempotency-key': key } });
          note('deposit', made.status === 200, made.body?.errorCode ?? `HTTP ${made.status}`);
          if (made.status === 200) deposit = made.body.value.depositId;
          else await sleep(500);
        }
        if (deposit !== undefined) {
          depositKeys.set(key, deposit);
          for (let attempt = 0; attempt < 40 && running; attempt++) {
            try {
              await approveDeposit(pool, { merchantId, depositId: deposit, operatorName: 'fault-cashier', nowMs: Date.now() });
              approved.add(deposit);
              note('approval', true);
              break;
            } catch (error) {
              note('approval', false, error.code ?? error.message);
              await sleep(500);
            }
          }
        }
        // A bet on the round on sale, and the balance.
        const near = await call(gateway, 'GET', `/lgw/numeros/near?gameCode=${BET_GAME}&count=1`, { token: player.token });
        if (near.status === 200) {
          const bet = await call(gateway, 'POST', '/lgw/orders/betting', { token: player.token, body: { gameCode: BET_GAME, currentNumero: near.body.value[0].numero, bettingSlipString: slip, betCartAmountSum: '2.0000' } });
          // A round that closed between the two calls is the game's rule, not a fault.
          note('bet', bet.status === 200 || bet.body?.errorCode === 'lottery.round.closed', bet.body?.errorCode ?? `HTTP ${bet.status}`);
        } else note('bet', false, near.body?.errorCode ?? `HTTP ${near.status}`);
        const balance = await call(gateway, 'GET', '/wps/v2/wallets/balance', { token: player.token });
        note('balance', balance.status === 200, balance.body?.errorCode ?? `HTTP ${balance.status}`);
        await sleep(200);
      }
    };

    const pidOf = (label) => Number(readFileSync(path.join(stateDir, `${label}.pid`), 'utf8'));
    const faults = [];
    // Each fault runs under load for PHASE_MS, and the next waits until every instance answers its
    // readiness again (an instance killed is started again by the cluster): the report gives that time.
    const allReady = async () => {
      for (;;) {
        const answers = await Promise.all([1, 2, 3].map((index) => call(`http://127.0.0.1:${basePort + index}`, 'GET', '/readyz')));
        if (answers.every((answer) => answer.status === 200)) return;
        await sleep(250);
      }
    };
    const fault = async (name, act) => {
      const at = performance.now();
      await act();
      const entry = { name, at };
      faults.push(entry);
      await sleep(PHASE_MS);
      await allReady();
      entry.allReadySeconds = Number(((performance.now() - at) / 1000).toFixed(1));
    };
    const loops = players.map(playerLoop);
    await sleep(PHASE_MS);
    const started = performance.now();
    await fault('kill -9 api-1', async () => process.kill(pidOf('api-1'), 'SIGKILL'));
    await fault('kill -9 api-2', async () => process.kill(pidOf('api-2'), 'SIGKILL'));
    await fault('kill -9 the job leader', async () => {
      const leader = await owner.query(
        `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND a.application_name LIKE 'api-%' LIMIT 1`,
      );
      process.kill(pidOf(leader.rows[0]?.application_name ?? 'api-3'), 'SIGKILL');
    });
    await fault('PostgreSQL stopped 10 s', async () => {
      await postgres.stop();
      await sleep(10_000);
      postgres = await startEmbeddedPostgres({ dataDir, port: pgPort, libraryHandlesSignals: false });
    });
    await fault('every LISTEN connection dropped', async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          await owner.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
          return;
        } catch {
          await sleep(500);
        }
      }
    });
    running = false;
    await Promise.all(loops);
    const ended = performance.now();

    // Every round bet on settles (a game drawn every minute: its last round within two minutes).
    const deadline = Date.now() + 180_000;
    let open = 0;
    do {
      open = Number((await owner.query("SELECT count(*) AS open FROM lottery_bet WHERE state = 'open'")).rows[0].open);
      if (open) await sleep(2000);
    } while (open && Date.now() < deadline);
    await sleep(3000);

    const report = await reconcile(owner);
    // The database is this run's alone: every deposit movement is one of its approvals.
    const credits = Number((await owner.query("SELECT count(*) AS n FROM ledger_transaction WHERE kind = 'deposit'")).rows[0].n);
    const approvedRows = Number((await owner.query("SELECT count(*) AS n FROM deposit WHERE status = 'approved'")).rows[0].n);
    const twice = credits - approvedRows;
    const pendingApproved = Number((await owner.query("SELECT count(*) AS n FROM deposit WHERE id = ANY($1::bigint[]) AND status <> 'approved'", [[...approved]])).rows[0].n);
    const depositsMade = Number((await owner.query("SELECT count(*) AS n FROM deposit WHERE member_id IN (SELECT id FROM member WHERE username LIKE 'benchfault%')")).rows[0].n);
    const betStates = (await owner.query('SELECT state, count(*)::int AS n FROM lottery_bet GROUP BY state ORDER BY state')).rows;
    const balances = new Map(
      (
        await owner.query(
          `SELECT m.username, COALESCE(sum(a.balance_minor), 0) AS minor FROM member m LEFT JOIN ledger_account a ON a.member_id = m.id AND a.unit = 'REAL'
            WHERE m.username LIKE 'benchfault%' GROUP BY m.username`,
        )
      ).rows.map((row) => [row.username, Number(row.minor) / 100]),
    );
    let streamsRight = 0;
    for (let wait = 0; wait < 20 && streamsRight < PLAYERS; wait++) {
      streamsRight = players.filter((player, index) => Number(tabs[index].balance) === balances.get(player.username)).length;
      if (streamsRight < PLAYERS) await sleep(500);
    }

    const phases = faults.map((entry, index) => {
      const until = faults[index + 1]?.at ?? ended;
      const during = outcomes.filter((outcome) => outcome.at >= entry.at && outcome.at < until);
      const refused = during.filter((outcome) => !outcome.ok);
      const lastRefused = refused.at(-1);
      const recovered = lastRefused ? during.find((outcome) => outcome.ok && outcome.at > lastRefused.at) : undefined;
      return {
        fault: entry.name,
        requests: during.length,
        refused: refused.length,
        refusedByKind: Object.fromEntries(['deposit', 'approval', 'bet', 'balance'].map((kind) => [kind, refused.filter((outcome) => outcome.kind === kind).length])),
        // What the refusals said, most frequent first.
        reasons: Object.entries(refused.reduce((counts, outcome) => ({ ...counts, [outcome.why]: (counts[outcome.why] ?? 0) + 1 }), {}))
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([why, count]) => `${why} ×${count}`),
        recoverSeconds: lastRefused ? Number((((recovered?.at ?? until) - entry.at) / 1000).toFixed(1)) : 0,
        allReadySeconds: entry.allReadySeconds,
      };
    });
    const result = {
      phases,
      reconciled: report.problems.length === 0,
      problems: report.problems.slice(0, 5),
      depositsCreditedTwice: twice,
      approvedNotCredited: pendingApproved,
      depositRequests: depositKeys.size,
      depositsMade,
      betStates,
      openBets: open,
      streamsRight,
      streamReconnects: tabs.reduce((sum, tab) => sum + tab.reconnects, 0),
      seconds: Number(((ended - started) / 1000).toFixed(0)),
    };
    console.log(`\nFault suite: ${PLAYERS} players through the gateway (three instances, PgBouncer), ${result.seconds} s of faults`);
    for (const phase of phases) {
      const kinds = Object.entries(phase.refusedByKind)
        .filter(([, count]) => count)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ');
      console.log(`  ${phase.fault}: ${phase.refused} of ${phase.requests} refused${kinds ? ` (${kinds}; ${phase.reasons.join(', ')})` : ''}; served again ${phase.recoverSeconds} s after the fault, all three instances ready after ${phase.allReadySeconds} s`);
    }
    console.log(`  ledger reconciles: ${result.reconciled ? 'yes' : `no: ${JSON.stringify(result.problems)}`}`);
    console.log(`  deposits: ${result.depositRequests} requests answered, ${result.depositsMade} made (one per key), ${approved.size} approved, credited twice ${result.depositsCreditedTwice}, approved but not credited ${result.approvedNotCredited}`);
    console.log(`  lottery bets by state: ${result.betStates.map((row) => `${row.state} ${row.n}`).join(', ')}; still open ${result.openBets}`);
    console.log(`  balance streams on their member's balance at the end: ${result.streamsRight} of ${PLAYERS} (${result.streamReconnects} reconnections)`);
    result.lost = !result.reconciled || twice > 0 || pendingApproved > 0 || result.depositsMade !== result.depositRequests || open > 0 || result.streamsRight !== PLAYERS;
    return result;
  } finally {
    for (const tab of tabs) tab.close();
    await stopChild(cluster);
    rmSync(stateDir, { recursive: true, force: true });
    await pool.end().catch(() => undefined);
    await owner.end().catch(() => undefined);
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchFaults();
  process.exit(result.lost ? 1 : 0);
}
