// Game-provider benchmark: seamless-wallet bets per second through the real server —
// signed HTTP requests POST /provider/v1/JL/bet (HMAC-SHA256 of method, path, timestamp and body, session lookup,
// idempotency row, round, ledger posting, recorded answer) from 10 concurrent clients — as a ratio
// to the ledger's own rate: postTransaction of the same movement (a member's wallet → the house's
// game account, under a new idempotency key) with 10 concurrent callers, on the same PostgreSQL in
// the same run. `npm run bench -- --provider` runs only this. It also counts the database round
// trips of each (queries sent by the pool's clients, BEGIN and COMMIT included): a bet is the
// session query, BEGIN, the claim with its round, the ledger posting, the completed row, COMMIT.
//
// The PostgreSQL is an embedded one of its own (data under .bench/provider-pg, removed after); the
// server is server/dist's app (built first when missing) listening on 127.0.0.1 with the app role's
// pool of 10 connections. 1,000 funded members each have a live game session of Fortune Gems;
// every bet picks a random one, a new transaction id and a new round id (a spin). Both loads run
// for the same time, twice, interleaved.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { repoRoot, run } from './lib.mjs';

const CONNECTIONS = 10;
const MEMBERS = 1_000;

const require = createRequire(import.meta.url);

/** Runs `transaction` on `CONNECTIONS` concurrent loops for `seconds`; answers transactions per second. */
async function throughput(seconds, transaction) {
  let done = 0;
  const deadline = Date.now() + seconds * 1000;
  const loop = async () => {
    while (Date.now() < deadline) {
      await transaction();
      done++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return done / ((Date.now() - started) / 1000);
}

const randomInt = (below) => Math.floor(Math.random() * below);

/** Queries per call of each load (pg's Client.prototype.query counted while `calls` run one at a time). */
async function countRoundTrips(pg, loads, calls = 50) {
  const query = pg.Client.prototype.query;
  let sent = 0;
  pg.Client.prototype.query = function counted(...args) {
    sent++;
    return query.apply(this, args);
  };
  const counts = {};
  try {
    for (const [name, load] of Object.entries(loads)) {
      sent = 0;
      for (let call = 0; call < calls; call++) await load();
      counts[name] = Number((sent / calls).toFixed(1));
    }
  } finally {
    pg.Client.prototype.query = query;
  }
  return counts;
}

/** A keep-alive HTTP POST; answers { status, body }. */
function post(agent, port, urlPath, body, headers) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Measures and prints both rates and the ratio; answers { providerPerSecond, ledgerPerSecond, ratio, reconciled }.
 * Builds the server first when server/dist lacks the game-provider module.
 */
export async function benchProvider({ seconds = 8 } = {}) {
  const dist = path.join(repoRoot, 'server', 'dist');
  if (!existsSync(path.join(dist, 'main.js')) || !existsSync(path.join(dist, 'modules', 'game-provider', 'index.js'))) {
    if ((await run('npm', ['run', 'build', '-w', 'server'])) !== 0) throw new Error('the server did not build');
  }
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const { startDatabase, prepareDatabase, EMBEDDED_APP_ROLE } = require(path.join(dist, 'main.js'));
  const { buildApp } = require(path.join(dist, 'app.js'));
  const { createPool } = require(path.join(dist, 'db', 'pool.js'));
  const pg = createRequire(path.join(dist, 'db', 'pool.js'))('pg');
  const { secretsKeyFromEnv } = require(path.join(dist, 'secrets-key.js'));
  const ledger = require(path.join(dist, 'modules', 'ledger', 'index.js'));
  const provider = require(path.join(dist, 'modules', 'game-provider', 'index.js'));
  const dataDir = path.join(repoRoot, '.bench', 'provider-pg');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const database = await startDatabase({ databaseUrl: undefined, appDatabaseUrl: undefined, dataDir, pgPort: undefined }, { libraryHandlesSignals: false });
  const owner = createPool(database.databaseUrl, 2);
  const pool = createPool(database.appDatabaseUrl, CONNECTIONS);
  const secretsKey = secretsKeyFromEnv();
  let app;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE, secretsKey });
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    const game = (
      await owner.query(
        `SELECT g.id FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id
          WHERE g.merchant_id = $1 AND g.game_code = 'JLS001' AND v.vassalage = 'JL' ORDER BY v.game_category <> 'RNG' LIMIT 1`,
        [merchantId],
      )
    ).rows[0];
    if (!game) throw new Error('no JLS001 game in the seed');
    await owner.query(
      `INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at)
       SELECT $1, 'bench' || g, 'not-a-hash', now(), now() FROM generate_series(1, ${MEMBERS}) g`,
      [merchantId],
    );
    const memberIds = (await owner.query("SELECT id FROM member WHERE username LIKE 'bench%' ORDER BY id")).rows.map((row) => Number(row.id));
    const now = Date.now();
    const cash = await ledger.ensureHouseAccount(pool, merchantId, 'house_cash', now);
    const house = await ledger.ensureHouseAccount(pool, merchantId, provider.GAME_HOUSE_ACCOUNT, now);
    const accounts = [];
    const tokens = [];
    for (const memberId of memberIds) {
      const account = await ledger.ensureMemberAccount(pool, merchantId, memberId, 'REAL', now);
      accounts.push(account);
      await ledger.postTransaction(pool, {
        merchantId,
        idempotencyKey: `bench_funding:${memberId}`,
        kind: 'deposit',
        unit: 'REAL',
        postings: [
          { accountId: cash, amountMinor: -1_000_000_000 },
          { accountId: account, amountMinor: 1_000_000_000 },
        ],
        nowMs: now,
      });
      // A launched session (what POST /wps/game/launchGame writes), valid for the whole run.
      const token = randomBytes(32).toString('base64url');
      await pool.query(
        `INSERT INTO game_session (merchant_id, member_id, vassalage, game_id, token_hash, trial, created_at, expires_at)
         VALUES ($1, $2, 'JL', $3, $4, false, now(), now() + interval '1 day')`,
        [merchantId, memberId, game.id, createHash('sha256').update(token).digest()],
      );
      tokens.push(token);
    }
    const secret = await provider.providerSecret(pool, secretsKey, merchantId, 'JL');
    // No background jobs (the in-house crash rounds, recovery): only the measured load queries.
    app = await buildApp({ pool, secretsKey, logger: false, remoteOverrides: {}, balanceStreams: false, c2cSweep: false, inhouse: { jobs: false } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = app.server.address().port;

    let sequence = 0;
    let refused = 0;
    const signedBet = async () => {
      const index = randomInt(tokens.length);
      const id = `${process.pid}-${++sequence}`;
      const body = JSON.stringify({ sessionToken: tokens[index], transactionId: `b${id}`, roundId: `r${id}`, gameCode: 'JLS001', amount: 1 + randomInt(1_000) });
      // Signed as the provider API asks (server/README.md "In-house games"): method, path, timestamp, body.
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', secret).update(`POST\n/provider/v1/JL/bet\n${timestamp}\n${body}`).digest('hex');
      const answer = await post(agent, port, '/provider/v1/JL/bet', body, { 'x-signature': signature, 'x-timestamp': timestamp });
      if (answer.status !== 200) {
        refused++;
        if (refused <= 3) console.error(`  bet refused: ${answer.status} ${answer.body}`);
      }
    };
    const ledgerBet = async () => {
      const account = accounts[randomInt(accounts.length)];
      const amountMinor = 1 + randomInt(1_000);
      await ledger.postTransaction(pool, {
        merchantId,
        idempotencyKey: `bench:${++sequence}`,
        kind: 'game_bet',
        unit: 'REAL',
        postings: [
          { accountId: account, amountMinor: -amountMinor },
          { accountId: house, amountMinor },
        ],
        nowMs: Date.now(),
      });
    };
    // Warm both, then measure each twice, interleaved.
    await throughput(1, ledgerBet);
    await throughput(1, signedBet);
    // Database round trips of each (every query the pool's clients send, BEGIN and COMMIT
    // included), counted over sequential calls: what the rates follow on a loaded machine.
    const roundTrips = await countRoundTrips(pg, { ledgerBet, signedBet });
    const ledgerRuns = [];
    const providerRuns = [];
    for (let round = 0; round < 2; round++) {
      ledgerRuns.push(await throughput(seconds / 2, ledgerBet));
      providerRuns.push(await throughput(seconds / 2, signedBet));
    }
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const ledgerPerSecond = mean(ledgerRuns);
    const providerPerSecond = mean(providerRuns);
    const reconciled = await ledger.reconcile(pool);
    const rounds = Number((await pool.query("SELECT count(*) AS n FROM game_round")).rows[0].n);
    const ratio = Number((providerPerSecond / ledgerPerSecond).toFixed(3));
    console.log(`\nGame provider API (${CONNECTIONS} concurrent clients / connections, same PostgreSQL)`);
    console.log(`  ledger postTransaction (member wallet → house_game_play): ${Math.round(ledgerPerSecond)} tx/s`);
    console.log(`  signed HTTP bets POST /provider/v1/JL/bet: ${Math.round(providerPerSecond)} bets/s → ratio ${ratio} of the ledger's rate`);
    console.log(`  database round trips: ${roundTrips.signedBet} per bet, ${roundTrips.ledgerBet} per ledger post`);
    console.log(`  refused bets: ${refused}; rounds recorded: ${rounds}; reconciliation: ${reconciled.problems.length ? `${reconciled.problems.length} problem(s)` : 'no differences'} (${reconciled.transactions} transactions)`);
    return { providerPerSecond: Math.round(providerPerSecond), ledgerPerSecond: Math.round(ledgerPerSecond), ratio, roundTrips, reconciled: reconciled.problems.length === 0 && refused === 0 };
  } finally {
    agent.destroy();
    await app?.close();
    await pool.end();
    await owner.end();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchProvider();
  process.exit(result.reconciled ? 0 : 1);
}
