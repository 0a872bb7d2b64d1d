// Ledger benchmark: money movements per second through the ledger service
// (postTransaction of server/dist, the compiled server) with 10 concurrent connections, as a ratio
// to a TPC-B-like transaction — pgbench's default script: one account, one teller and one branch
// balance update, a read of the account and one history insert, in one transaction — sent through
// the same driver (pg) and the same pool (10 connections, the app role) to the same PostgreSQL in
// the same run. Target: ≥ 0.7. `npm run bench -- --ledger` runs only this.
//
// The PostgreSQL is an embedded one of its own (data under .bench/ledger-pg, removed after), so
// nothing else on the machine shares it. TPC-B tables are pgbench's at scale 10 (10 branches, 100
// tellers), with 100,000 accounts instead of 1,000,000 to keep the set-up short. A ledger movement
// moves a random amount between two of 1,000 funded members' main wallets (never short of money),
// under a new idempotency key. Both loads run for the same time, twice, interleaved.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, run } from './lib.mjs';

export const LEDGER_RATIO_TARGET = 0.7;
const CONNECTIONS = 10;
const MEMBERS = 1_000;
const BRANCHES = 10;
const TELLERS = 100;
const ACCOUNTS = 100_000;

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

async function createTpcbTables(owner, appRole) {
  await owner.query(`
    DROP TABLE IF EXISTS pgbench_history, pgbench_tellers, pgbench_accounts, pgbench_branches;
    CREATE TABLE pgbench_branches (bid integer PRIMARY KEY, bbalance integer NOT NULL, filler char(88)) WITH (fillfactor = 100);
    CREATE TABLE pgbench_tellers (tid integer PRIMARY KEY, bid integer, tbalance integer NOT NULL, filler char(84)) WITH (fillfactor = 100);
    CREATE TABLE pgbench_accounts (aid integer PRIMARY KEY, bid integer, abalance integer NOT NULL, filler char(84)) WITH (fillfactor = 100);
    CREATE TABLE pgbench_history (tid integer, bid integer, aid integer, delta integer, mtime timestamp, filler char(22));
    INSERT INTO pgbench_branches (bid, bbalance) SELECT g, 0 FROM generate_series(1, ${BRANCHES}) g;
    INSERT INTO pgbench_tellers (tid, bid, tbalance) SELECT g, (g - 1) / ${TELLERS / BRANCHES} + 1, 0 FROM generate_series(1, ${TELLERS}) g;
    INSERT INTO pgbench_accounts (aid, bid, abalance, filler) SELECT g, (g - 1) / ${ACCOUNTS / BRANCHES} + 1, 0, '' FROM generate_series(1, ${ACCOUNTS}) g;
  `);
  await owner.query('VACUUM ANALYZE pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history');
  await owner.query(`GRANT SELECT, INSERT, UPDATE ON pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history TO ${appRole}`);
}

/** pgbench's built-in "TPC-B (sort of)" script, one transaction. */
async function tpcb(pool) {
  const aid = 1 + randomInt(ACCOUNTS);
  const bid = 1 + randomInt(BRANCHES);
  const tid = 1 + randomInt(TELLERS);
  const delta = randomInt(10_001) - 5_000;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2', [delta, aid]);
    await client.query('SELECT abalance FROM pgbench_accounts WHERE aid = $1', [aid]);
    await client.query('UPDATE pgbench_tellers SET tbalance = tbalance + $1 WHERE tid = $2', [delta, tid]);
    await client.query('UPDATE pgbench_branches SET bbalance = bbalance + $1 WHERE bid = $2', [delta, bid]);
    await client.query('INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP)', [tid, bid, aid, delta]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Measures and prints the ratio; answers { ledgerPerSecond, tpcbPerSecond, ratio, target }.
 * Builds the server first when server/dist is missing.
 */
export async function benchLedger({ seconds = 8 } = {}) {
  const dist = path.join(repoRoot, 'server', 'dist');
  if (!existsSync(path.join(dist, 'main.js')) || !existsSync(path.join(dist, 'modules', 'ledger', 'wallet.service.js'))) {
    if ((await run('npm', ['run', 'build', '-w', 'server'])) !== 0) throw new Error('the server did not build');
  }
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const { startDatabase, prepareDatabase, EMBEDDED_APP_ROLE } = require(path.join(dist, 'main.js'));
  const { createPool } = require(path.join(dist, 'db', 'pool.js'));
  const ledger = require(path.join(dist, 'modules', 'ledger', 'index.js'));
  const dataDir = path.join(repoRoot, '.bench', 'ledger-pg');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const database = await startDatabase({ databaseUrl: undefined, appDatabaseUrl: undefined, dataDir, pgPort: undefined }, { libraryHandlesSignals: false });
  const owner = createPool(database.databaseUrl, 2);
  const pool = createPool(database.appDatabaseUrl, CONNECTIONS);
  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE });
    await createTpcbTables(owner, EMBEDDED_APP_ROLE);
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    await owner.query(
      `INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at)
       SELECT $1, 'bench' || g, 'not-a-hash', now(), now() FROM generate_series(1, ${MEMBERS}) g`,
      [merchantId],
    );
    const memberIds = (await owner.query("SELECT id FROM member WHERE username LIKE 'bench%' ORDER BY id")).rows.map((row) => Number(row.id));
    const now = Date.now();
    const house = await ledger.ensureHouseAccount(pool, merchantId, 'house_cash', now);
    const accounts = [];
    for (const memberId of memberIds) {
      const account = await ledger.ensureMemberAccount(pool, merchantId, memberId, 'REAL', now);
      accounts.push(account);
      await ledger.postTransaction(pool, {
        merchantId,
        idempotencyKey: `bench_funding:${memberId}`,
        kind: 'deposit',
        unit: 'REAL',
        postings: [
          { accountId: house, amountMinor: -1_000_000_000 },
          { accountId: account, amountMinor: 1_000_000_000 },
        ],
        nowMs: now,
      });
    }
    let sequence = 0;
    const movement = async () => {
      const from = accounts[randomInt(accounts.length)];
      let to = accounts[randomInt(accounts.length)];
      while (to === from) to = accounts[randomInt(accounts.length)];
      const amountMinor = 1 + randomInt(10_000);
      await ledger.postTransaction(pool, {
        merchantId,
        idempotencyKey: `bench:${++sequence}`,
        kind: 'transfer',
        unit: 'REAL',
        postings: [
          { accountId: from, amountMinor: -amountMinor },
          { accountId: to, amountMinor },
        ],
        nowMs: Date.now(),
      });
    };
    // Warm both, then measure each twice, interleaved.
    await throughput(1, () => tpcb(pool));
    await throughput(1, movement);
    const tpcbRuns = [];
    const ledgerRuns = [];
    for (let round = 0; round < 2; round++) {
      tpcbRuns.push(await throughput(seconds / 2, () => tpcb(pool)));
      ledgerRuns.push(await throughput(seconds / 2, movement));
    }
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const tpcbPerSecond = mean(tpcbRuns);
    const ledgerPerSecond = mean(ledgerRuns);
    const reconciled = await ledger.reconcile(pool);
    const ratio = Number((ledgerPerSecond / tpcbPerSecond).toFixed(3));
    const verdict = ratio >= LEDGER_RATIO_TARGET ? 'meets' : 'misses';
    console.log(`\nLedger (${CONNECTIONS} connections, same pool and PostgreSQL)`);
    console.log(`  TPC-B-like (pgbench default script): ${Math.round(tpcbPerSecond)} tx/s`);
    console.log(`  ledger money movements (postTransaction): ${Math.round(ledgerPerSecond)} tx/s → ratio ${ratio} (target ≥ ${LEDGER_RATIO_TARGET}: ${verdict})`);
    console.log(`  reconciliation after the run: ${reconciled.problems.length ? `${reconciled.problems.length} problem(s)` : 'no differences'} (${reconciled.transactions} transactions)`);
    return { ledgerPerSecond: Math.round(ledgerPerSecond), tpcbPerSecond: Math.round(tpcbPerSecond), ratio, target: LEDGER_RATIO_TARGET, reconciled: reconciled.problems.length === 0 };
  } finally {
    await pool.end();
    await owner.end();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
