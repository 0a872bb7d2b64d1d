// Fault suite over the whole system (`npm run bench -- --faults`): the production shape of `npm run
// cluster` (PgBouncer, three API instances, the nginx gateway) on an embedded PostgreSQL of its own,
// under a load of newcomers registering, players depositing (a cashier approving each deposit),
// betting on the lottery, spinning an in-house slot, withdrawing (a cashier paying or rejecting
// each withdrawal) and reading their balance, each player with a balance stream open as a browser
// tab keeps it, and of their agent transferring to its upline, while these faults follow one
// another:
//   1. kill -9 one API instance (the cluster starts it again a second later), then another;
//   2. kill -9 the instance leading the jobs (the one whose connection holds a job's leader lock:
//      pg_locks, application_name);
//   3. kill -9 the lottery's leader in the middle of a settlement: the bets of one member in the
//      round about to be drawn are held by a row lock of this script, so the settling transaction
//      has claimed the round and stops inside its UPDATE of the bets; the instance holding the
//      scheduler's leader lock is killed there, then the rows are let go;
//   4. kill -9 an instance in the middle of a real-time wage pass (every 5 s here): the house's wage
//      account is held the same way, so the pass has claimed its rounds and written its wages when
//      it stops at the credit;
//   5. PostgreSQL stopped for 10 s, then started again;
//   6. every LISTEN connection of every instance dropped at once (pg_terminate_backend).
// Afterwards (bench-faults-checks.mjs): the ledger reconciles; every request retried under one
// Idempotency-Key (deposit, withdrawal, agent transfer) had one effect; every newcomer answered is
// one member with its wallet; every approved deposit was
// credited once, every withdrawal held and settled once; every lottery bet settled once (the prizes
// paid per round and member are the won bets' prizes), the killed settlement's round among them;
// every settled round's wages paid once, as worked out from its stakes, the killed pass's rounds
// among them; every in-house round finished once; every balance stream ends on its member's
// balance. The report gives, per fault, the requests refused during it (and what they said), the
// time from the fault to the first success after its last refusal, and the time until all three
// instances were ready again (the next fault waits for that).
// FAULT_PHASE_SECONDS (default 10) sets how long the load runs around each fault.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { decisions, idempotentRequests, inhouseRounds, lotterySettlement, newcomers, realtimeWages } from './bench-faults-checks.mjs';
import { eventsIn, freePort, membersWithSessions, stopChild, sleep } from './bench-support.mjs';
import { repoRoot, run } from './lib.mjs';

const PLAYERS = 20;
const PHASE_MS = (Number(process.env.FAULT_PHASE_SECONDS) || 10) * 1000;
const BET_GAME = 'SSC1';
const SLOT_GAME = 'JLS001';
/** The top agent's real-time salary rates (per 10,000 of the stake): when the house won, when it lost. */
const PROFIT_RATE = 100;
const LOSS_RATE = 50;
const WAGE_INTERVAL_MS = 5000;

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

/** An encrypted call, sealed as the browser seals it with the key the gateway's instance gives. */
async function sealedCall(encryptForServer, base, url, { method = 'POST', token, body, headers = {} }) {
  const key = await call(base, 'GET', '/wps/session/key/rsa');
  if (key.status !== 200) return key;
  const sealed = await encryptForServer(body, key.body.value);
  return call(base, method, url, { token, body: sealed.body, headers: { ...headers, encryption: sealed.encryption } });
}

/** Tries `attempt` until it answers 200 (20 tries, half a second apart, while `running()`), noting each try; answers the last. */
async function untilAnswered(kind, note, running, attempt) {
  let answer = { status: 0 };
  for (let index = 0; index < 20 && running(); index++) {
    answer = await attempt();
    note(kind, answer.status === 200, answer.body?.errorCode ?? `HTTP ${answer.status}`);
    if (answer.status === 200) return answer;
    await sleep(500);
  }
  return answer;
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
  const { payWithdrawal, rejectWithdrawal } = require(path.join(dist, 'modules', 'withdrawal', 'withdrawal.service.js'));
  const { bindCard, credit, PAYMENT_PASSWORD, setPaymentPasswordOf, setWithdrawSettings } = require(path.join(dist, 'modules', 'withdrawal', 'withdrawal.testing.js'));
  const { sessionTokenOf } = require(path.join(dist, 'modules', 'game-provider', 'game-provider.testing.js'));
  const { encryptForServer } = require(path.join(dist, 'http', 'encryption.js'));
  const { ensureHouseAccount, reconcile } = require(path.join(dist, 'modules', 'ledger', 'index.js'));
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
  const owner = createPool(databaseUrl, 3);
  const pool = createPool(appDatabaseUrl, 4);
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'bench-faults-'));
  let cluster;
  const tabs = [];
  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE, secretsKey: secretsKeyFromEnv() });
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    const withPaymentPassword = async (member, app) => setPaymentPasswordOf(app, member.token);
    // Withdrawals of 10.00 as often as the load asks, no turnover asked of the deposits.
    await setWithdrawSettings(owner, merchantId, { minimumAmount: 10, dailyMaxCount: 10_000, turnoverMultiplier: 0 });
    // Newcomers register through the gateway from one address (the gateway's) all run long.
    await owner.query(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'accounts', $2)
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = merchant_setting.value || EXCLUDED.value`,
      [merchantId, JSON.stringify({ registerPerIpPerHour: 100_000, registerPerDevicePerDay: 100_000, registerCaptchaAfter: 100_000 })],
    );
    const players = await membersWithSessions({ buildApp, createMember, tokenFor }, pool, merchantId, 'benchfault', PLAYERS, {
      each: async (member, app) => {
        await withPaymentPassword(member, app);
        member.cardId = await bindCard(app, member.token);
      },
    });
    // The players' agent, who transfers to its own upline, the top agent; the top agent has a
    // real-time salary contract, so every settled round pays it wages on the players' stakes.
    const [top, agent] = await membersWithSessions({ buildApp, createMember, tokenFor }, pool, merchantId, 'faultagent', 2, { each: withPaymentPassword });
    const idOf = async (username) => Number((await owner.query('SELECT id FROM member WHERE username = $1', [username])).rows[0].id);
    top.id = await idOf(top.username);
    agent.id = await idOf(agent.username);
    await owner.query('UPDATE member SET member_type = 1 WHERE id = $1', [top.id]);
    await owner.query('UPDATE member SET member_type = 2, upline_id = $2 WHERE id = $1', [agent.id, top.id]);
    await owner.query("UPDATE member SET upline_id = $1 WHERE username LIKE 'benchfault%'", [agent.id]);
    await owner.query("INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at) VALUES ($1, 'realtime', NULL, $2, $3, 'active', now(), now())", [
      merchantId,
      top.id,
      JSON.stringify({ default: { profitRate: PROFIT_RATE, lossRate: LOSS_RATE } }),
    ]);
    await credit(pool, merchantId, agent.id, 1_000_000_00);
    const wageAccount = await ensureHouseAccount(pool, merchantId, 'house_wages', Date.now());

    const gatewayPort = await freePort();
    const basePort = 20_000 + Math.floor(Math.random() * 20_000);
    cluster = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'cluster.mjs')], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, APP_DATABASE_URL: appDatabaseUrl, CLUSTER_PORT: String(gatewayPort), CLUSTER_BASE_PORT: String(basePort), CLUSTER_STATE_DIR: stateDir, LOG_LEVEL: 'error', AGENT_WAGE_INTERVAL_MS: String(WAGE_INTERVAL_MS) },
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
    // Idempotency keys sent (tried) and answered, per kind of request (bench-faults-checks.mjs).
    const sent = () => ({ tried: new Set(), answered: new Set() });
    const keys = { deposits: { ...sent(), members: 'benchfault%' }, withdrawals: { ...sent(), members: 'benchfault%' }, transfers: { ...sent(), memberId: agent.id } };
    const registrations = { tried: new Set(), answered: new Set() };
    const approved = new Set();
    let running = true;
    const isRunning = () => running;
    const note = (kind, ok, why) => outcomes.push({ at: performance.now(), kind, ok, why });
    /** A request under a fresh Idempotency-Key, retried under the same key until answered. */
    const keyed = async (kind, sentKeys, request) => {
      const key = randomUUID();
      sentKeys.tried.add(key);
      const answer = await untilAnswered(kind, note, isRunning, () => request({ 'idempotency-key': key }));
      if (answer.status === 200) sentKeys.answered.add(key);
      return answer.status === 200 ? answer.body.value : undefined;
    };
    /** A cashier's decision, retried until it is taken (a decision taken twice moves nothing twice). */
    const decide = async (kind, act) => {
      for (let attempt = 0; attempt < 40 && running; attempt++) {
        try {
          await act();
          note(kind, true);
          return;
        } catch (error) {
          note(kind, false, error.code ?? error.message);
          await sleep(500);
        }
      }
    };

    const playerLoop = async (player, index) => {
      // The slot's game session, launched through the gateway as the lobby launches it.
      let slotSession;
      let turn = 0;
      while (running) {
        turn++;
        // A deposit: requested (retried with the same key until answered), then approved.
        const deposit = await keyed('deposit', keys.deposits, (headers) =>
          call(gateway, 'POST', '/wps/relay/depositMTV3', { token: player.token, body: { amount: 500, payeeName: 'Fault Tester' }, headers }),
        );
        if (deposit) {
          await decide('approval', async () => {
            await approveDeposit(pool, { merchantId, depositId: deposit.depositId, operatorName: 'fault-cashier', nowMs: Date.now() });
            approved.add(deposit.depositId);
          });
        }
        // A bet on the round on sale.
        const near = await call(gateway, 'GET', `/lgw/numeros/near?gameCode=${BET_GAME}&count=1`, { token: player.token });
        if (near.status === 200) {
          const bet = await call(gateway, 'POST', '/lgw/orders/betting', { token: player.token, body: { gameCode: BET_GAME, currentNumero: near.body.value[0].numero, bettingSlipString: slip, betCartAmountSum: '2.0000' } });
          // A round that closed between the two calls is the game's rule, not a fault.
          note('bet', bet.status === 200 || bet.body?.errorCode === 'lottery.round.closed', bet.body?.errorCode ?? `HTTP ${bet.status}`);
        } else note('bet', false, near.body?.errorCode ?? `HTTP ${near.status}`);
        // A spin of the in-house slot (1.00): through the game server to the seamless wallet.
        if (!slotSession) {
          const launched = await call(gateway, 'POST', '/wps/game/launchGame', { token: player.token, body: { gameId: SLOT_GAME, vassalage: 'JL', launchMode: 'GLS', language: 'EN' } });
          note('spin', launched.status === 200, launched.body?.errorCode ?? `HTTP ${launched.status}`);
          if (launched.status === 200) slotSession = sessionTokenOf(launched.body.value.game_url);
        }
        if (slotSession) {
          const spin = await call(gateway, 'POST', `/jl/v1/slots/${SLOT_GAME}/spin`, { body: { session: slotSession, bet: 1 } });
          note('spin', spin.status === 200, spin.body?.errorCode ?? `HTTP ${spin.status}`);
        }
        // Every other turn a withdrawal of 10.00, paid (or, one in three, rejected) by the cashier.
        if (turn % 2 === 0) {
          const withdrawal = await keyed('withdrawal', keys.withdrawals, (headers) =>
            sealedCall(encryptForServer, gateway, '/wps/relay/withdraw', { token: player.token, body: { amount: 10, bankCardId: player.cardId, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' }, headers }),
          );
          if (withdrawal) {
            const decision = { merchantId, withdrawalId: withdrawal.withdrawId, operatorName: 'fault-cashier', nowMs: Date.now() };
            await decide('payout', () => ((turn + index) % 3 === 0 ? rejectWithdrawal(pool, { ...decision, reason: 'fault suite' }) : payWithdrawal(pool, decision)));
          }
        }
        const balance = await call(gateway, 'GET', '/wps/v2/wallets/balance', { token: player.token });
        note('balance', balance.status === 200, balance.body?.errorCode ?? `HTTP ${balance.status}`);
        await sleep(200);
      }
    };
    // A newcomer registers every half second. A retry of a registration whose answer was lost
    // finds the name taken when the first try went through: registered all the same.
    const newcomerLoop = async () => {
      for (let serial = 0; running; serial++) {
        const username = `faultnew${serial}`;
        registrations.tried.add(username);
        let retry = false;
        const answer = await untilAnswered('register', note, isRunning, async () => {
          const made = await sealedCall(encryptForServer, gateway, '/wps/member/register', { method: 'PUT', body: { username, password: 'Kestrel42x', confirmPassword: 'Kestrel42x' } });
          const taken = retry && made.body?.errorCode === 'exists.username.err';
          retry = true;
          return taken ? { status: 200 } : made;
        });
        if (answer.status === 200) registrations.answered.add(username);
        await sleep(500);
      }
    };
    // The agent sends 1.00 to its upline twice a second.
    const agentLoop = async () => {
      while (running) {
        await keyed('transfer', keys.transfers, (headers) =>
          sealedCall(encryptForServer, gateway, '/wps/relay/agentDownlineTransfer', { token: agent.token, body: { transferAmount: 1, password: PAYMENT_PASSWORD, remark: 'fault suite' }, headers }),
        );
        await sleep(500);
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
    // act answers what it did: { at } when the fault itself came after a wait (a kill timed to a
    // job's run), { detail } for the report.
    const fault = async (name, act) => {
      const begun = performance.now();
      const done = (await act()) ?? {};
      const entry = { name, at: done.at ?? begun, detail: done.detail };
      faults.push(entry);
      await sleep(PHASE_MS);
      await allReady();
      entry.allReadySeconds = Number(((performance.now() - entry.at) / 1000).toFixed(1));
    };

    /**
     * Holds rows with this script's own transaction (`lock`, an owner's SELECT … FOR UPDATE) until a
     * backend of the cluster waits on them and `leaderOf(waiting)` names the instance to kill; kills
     * it, then lets the rows go. The killed instance's transaction never commits (its client is
     * gone), and its backend, once let go, finds no client and rolls back. `passed` (optional) says
     * the moment has gone by without anyone waiting: nobody is killed, and undefined is answered.
     */
    const killWhileHeld = async (lock, leaderOf, waitMs, passed = async () => false) => {
      const holder = await owner.connect();
      try {
        await holder.query('BEGIN');
        await lock(holder);
        const holderPid = (await holder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
        const deadline = Date.now() + waitMs;
        while (Date.now() < deadline) {
          const waiting = (
            await owner.query("SELECT pid, application_name AS name, query, backend_xid::text AS xid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid)) AND application_name LIKE 'api-%'", [holderPid])
          ).rows;
          const leader = waiting.length ? await leaderOf(waiting) : undefined;
          if (leader) {
            process.kill(pidOf(leader), 'SIGKILL');
            const at = performance.now();
            await sleep(500);
            return { at, killed: leader };
          }
          if (await passed()) return undefined;
          await sleep(100);
        }
        throw new Error(`no instance came to wait on the held rows within ${waitMs / 1000} s`);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        holder.release();
      }
    };

    const loops = [...players.map(playerLoop), agentLoop(), newcomerLoop()];
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
    // The round of BET_GAME next to be drawn, once its sale has closed (no bet comes to it after).
    let killedRound;
    await fault('kill -9 the lottery leader during a settlement', async () => {
      for (;;) {
        const next = (
          await owner.query(
            `SELECT r.id, extract(epoch FROM r.close_at) * 1000 AS "closeMs", EXISTS (SELECT 1 FROM lottery_bet WHERE round_id = r.id) AS "hasBets"
               FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
              WHERE g.merchant_id = $1 AND g.game_code = $2 AND r.state = 'open' ORDER BY r.draw_at LIMIT 1`,
            [merchantId, BET_GAME],
          )
        ).rows[0];
        await sleep(Math.max(0, Number(next.closeMs) - Date.now()) + 200);
        if (!next.hasBets) continue;
        killedRound = Number(next.id);
        // The round's bets are held (its sale has closed: nobody else writes them). The settlement
        // claims the round, judges every bet, and stops at the first won one it writes: the
        // transaction that waits is the one whose id the round's row carries as its (uncommitted)
        // updater. A round none of whose bets won is settled without waiting: the next one, then.
        const done = await killWhileHeld(
          (holder) => holder.query('SELECT id FROM lottery_bet WHERE round_id = $1 FOR UPDATE', [killedRound]),
          async (waiting) => {
            const settling = (await owner.query('SELECT xmax::text AS xid FROM lottery_round WHERE id = $1', [killedRound])).rows[0]?.xid;
            return waiting.find((backend) => backend.xid !== null && backend.xid === settling)?.name;
          },
          180_000,
          async () => (await owner.query('SELECT state FROM lottery_round WHERE id = $1', [killedRound])).rows[0]?.state === 'settled',
        );
        if (!done) continue;
        return { ...done, detail: `round ${killedRound}, ${done.killed} killed mid-settlement` };
      }
    });
    // The pass that stops at the credit has claimed its rounds (row locks, seen from here as the
    // rounds not yet paid that a SKIP LOCKED select passes over).
    let killedPass;
    await fault('kill -9 an instance during a wage pass', async () => {
      const done = await killWhileHeld(
        (holder) => holder.query('SELECT id FROM ledger_account WHERE id = $1 FOR UPDATE', [wageAccount]),
        async (waiting) => {
          const claimed = await owner.query(
            `WITH free AS (SELECT id FROM lottery_round WHERE merchant_id = $1 AND state = 'settled' AND wages_paid_at IS NULL FOR UPDATE SKIP LOCKED)
             SELECT id FROM lottery_round WHERE merchant_id = $1 AND state = 'settled' AND wages_paid_at IS NULL AND id NOT IN (SELECT id FROM free)`,
            [merchantId],
          );
          killedPass = { rounds: claimed.rows.map((row) => Number(row.id)) };
          return waiting[0].name;
        },
        150_000,
      );
      return { ...done, detail: `${done.killed} killed holding ${killedPass.rounds.length} rounds` };
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

    // Until the jobs have finished what the load began: every round bet on settled (a game drawn
    // every minute: its last round within two minutes), every settled round's wages paid (a pass
    // every 5 s), every in-house round finished (the recovery takes rounds 30 s old, every 30 s).
    const until = async (sql, seconds) => {
      const deadline = Date.now() + seconds * 1000;
      for (;;) {
        const left = Number((await owner.query(sql)).rows[0].n);
        if (!left || Date.now() > deadline) return left;
        await sleep(2000);
      }
    };
    await until("SELECT count(*) AS n FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE lottery_bet_state(b.state, r.state) = 'open'", 180);
    await until("SELECT count(*) AS n FROM lottery_round WHERE state = 'settled' AND wages_paid_at IS NULL", 60);
    await until("SELECT count(*) AS n FROM inhouse_round WHERE state = 'pending'", 120);
    await sleep(3000);

    const report = await reconcile(owner);
    // The database is this run's alone: every movement of a kind is the load's.
    // An audit that cannot be read fails by itself; the others are still reported.
    const audited = async (name, work) => {
      try {
        return await work();
      } catch (error) {
        return [{ name, ok: false, detail: `could not be read: ${error.message}` }];
      }
    };
    const audits = [
      { name: 'ledger reconciles', ok: report.problems.length === 0, detail: report.problems.length ? JSON.stringify(report.problems.slice(0, 5)) : 'no difference' },
      ...(await audited('idempotent requests', () => idempotentRequests(owner, keys))),
      ...(await audited('registrations', () => newcomers(owner, registrations))),
      ...(await audited('decisions', () => decisions(owner, { approvedDeposits: approved }))),
      ...(await audited('lottery settlement', () => lotterySettlement(owner, { roundId: killedRound }))),
      ...(await audited('real-time wages', () => realtimeWages(owner, { agentId: top.id, profitRate: PROFIT_RATE, lossRate: LOSS_RATE, killedPass }))),
      ...(await audited('in-house rounds', () => inhouseRounds(owner))),
    ];
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
    const reconnects = tabs.reduce((sum, tab) => sum + tab.reconnects, 0);
    audits.push({ name: 'balance streams on their member’s balance', ok: streamsRight === PLAYERS, detail: `${streamsRight} of ${PLAYERS} (${reconnects} reconnections)` });

    const KINDS = ['register', 'deposit', 'approval', 'bet', 'spin', 'withdrawal', 'payout', 'transfer', 'balance'];
    const phases = faults.map((entry, index) => {
      const until = faults[index + 1]?.at ?? ended;
      const during = outcomes.filter((outcome) => outcome.at >= entry.at && outcome.at < until);
      const refused = during.filter((outcome) => !outcome.ok);
      const lastRefused = refused.at(-1);
      const recovered = lastRefused ? during.find((outcome) => outcome.ok && outcome.at > lastRefused.at) : undefined;
      return {
        fault: entry.name,
        detail: entry.detail,
        requests: during.length,
        refused: refused.length,
        refusedByKind: Object.fromEntries(KINDS.map((kind) => [kind, refused.filter((outcome) => outcome.kind === kind).length])),
        // What the refusals said, most frequent first.
        reasons: Object.entries(refused.reduce((counts, outcome) => ({ ...counts, [outcome.why]: (counts[outcome.why] ?? 0) + 1 }), {}))
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([why, count]) => `${why} ×${count}`),
        recoverSeconds: lastRefused ? Number((((recovered?.at ?? until) - entry.at) / 1000).toFixed(1)) : 0,
        allReadySeconds: entry.allReadySeconds,
      };
    });
    const requestsByKind = Object.fromEntries(KINDS.map((kind) => [kind, outcomes.filter((outcome) => outcome.kind === kind && outcome.ok).length]));
    const result = { phases, audits, requestsByKind, seconds: Number(((ended - started) / 1000).toFixed(0)), lost: audits.some((audit) => !audit.ok) };
    console.log(`\nFault suite: ${PLAYERS} players and their agent through the gateway (three instances, PgBouncer), ${result.seconds} s of faults`);
    console.log(`  served: ${KINDS.map((kind) => `${kind} ${requestsByKind[kind]}`).join(', ')}`);
    for (const phase of phases) {
      const kinds = Object.entries(phase.refusedByKind)
        .filter(([, count]) => count)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ');
      console.log(
        `  ${phase.fault}${phase.detail ? ` (${phase.detail})` : ''}: ${phase.refused} of ${phase.requests} refused${kinds ? ` (${kinds}; ${phase.reasons.join(', ')})` : ''}; served again ${phase.recoverSeconds} s after the fault, all three instances ready after ${phase.allReadySeconds} s`,
      );
    }
    for (const audit of audits) console.log(`  ${audit.ok ? 'ok  ' : 'FAIL'} ${audit.name}: ${audit.detail}`);
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
