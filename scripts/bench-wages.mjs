// Real-time salary benchmark: the time to settle one 5-minute real-time wage window —
// payRealtimeWages of server/dist over the lottery rounds settled in it — for 100,000 bets from
// 10,000 players under 1,000 agent chains of depth up to 10 (every agent under a real-time salary
// contract, rates and rebate settings falling down each chain), printed with the wage and agent
// rebate rows and money it wrote, and as a ratio to bare INSERT … SELECTs of as many rows as the
// pass wrote, on the same PostgreSQL in the same run. `npm run bench -- --wages` runs only this.
//
// The PostgreSQL is an embedded one of its own (data under .bench/wages-pg, removed after). The
// world is written with set-based SQL (members, the tree follows by its triggers, contracts,
// five settled SSC rounds, 20,000 bets each); only the pass is timed.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, run } from './lib.mjs';

const CHAINS = 1_000;
const MAX_DEPTH = 10;
const PLAYERS = 10_000;
const BETS = 100_000;
const ROUNDS = 5;
const require = createRequire(import.meta.url);

const seconds = (startedNs) => Number(process.hrtime.bigint() - startedNs) / 1e9;

export async function benchWages() {
  const dist = path.join(repoRoot, 'server', 'dist');
  if (!existsSync(path.join(dist, 'main.js')) || !existsSync(path.join(dist, 'modules', 'agent', 'index.js'))) {
    if ((await run('npm', ['run', 'build', '-w', 'server'])) !== 0) throw new Error('the server did not build');
  }
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const { startDatabase, prepareDatabase, EMBEDDED_APP_ROLE } = require(path.join(dist, 'main.js'));
  const { createPool } = require(path.join(dist, 'db', 'pool.js'));
  const agent = require(path.join(dist, 'modules', 'agent', 'index.js'));
  const ledger = require(path.join(dist, 'modules', 'ledger', 'index.js'));
  const dataDir = path.join(repoRoot, '.bench', 'wages-pg');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const database = await startDatabase({ databaseUrl: undefined, appDatabaseUrl: undefined, dataDir, pgPort: undefined }, { libraryHandlesSignals: false });
  const owner = createPool(database.databaseUrl, 2);
  const pool = createPool(database.appDatabaseUrl, 4);
  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE });
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    const game = (await owner.query("SELECT id FROM lottery_game WHERE merchant_id = $1 AND game_code = 'SSC1'", [merchantId])).rows[0].id;
    console.log(`\nReal-time salary (${BETS.toLocaleString('en')} bets of ${PLAYERS.toLocaleString('en')} players under ${CHAINS.toLocaleString('en')} agent chains of depth up to ${MAX_DEPTH})`);
    const setupStarted = process.hrtime.bigint();
    // Chains: chain c has depth 1 + (c mod MAX_DEPTH); level 1 is a top agent. Each level is one
    // INSERT (uplines are the previous level's agents of the same chain), so the tree's triggers
    // see every upline already there.
    await owner.query('CREATE TEMP TABLE bench_chain (chain int, level int, member_id bigint)');
    for (let level = 1; level <= MAX_DEPTH; level++) {
      await owner.query(
        `WITH made AS (
           INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at, member_type, upline_id)
           SELECT $1, 'ag' || c || 'l' || $2, 'not-a-hash', now(), now(), 1, up.member_id
             FROM generate_series(0, ${CHAINS - 1}) c LEFT JOIN bench_chain up ON up.chain = c AND up.level = $2 - 1
            WHERE c % ${MAX_DEPTH} + 1 >= $2
           RETURNING id, username
         ) INSERT INTO bench_chain SELECT split_part(substr(username, 3), 'l', 1)::int, $2, id FROM made`,
        [merchantId, level],
      );
    }
    // Contracts: the top agents' from the merchant, every other agent's from its upline; rates fall
    // by 0.05 % a level from 1.00 % (profit) and 0.60 % (loss).
    await owner.query(
      `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at)
       SELECT $1, 'realtime', up.member_id, b.member_id,
              jsonb_build_object('default', jsonb_build_object('profitRate', 100 - 5 * (b.level - 1), 'lossRate', 60 - 5 * (b.level - 1))), 'active', now(), now()
         FROM bench_chain b LEFT JOIN bench_chain up ON up.chain = b.chain AND up.level = b.level - 1`,
      [merchantId],
    );
    // Rebate settings (the agent rebate the same pass pays): 1960 at the top, 10 less a level down;
    // players have none (they inherit their agent's).
    await owner.query('UPDATE member SET rebate_series = 1960 - 10 * (b.level - 1) FROM bench_chain b WHERE member.id = b.member_id');
    // Players under the bottom agent of chain (p mod CHAINS).
    await owner.query(
      `INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at, member_type, upline_id)
       SELECT $1, 'pl' || p, 'not-a-hash', now(), now(), 0,
              (SELECT member_id FROM bench_chain WHERE chain = p % ${CHAINS} ORDER BY level DESC LIMIT 1)
         FROM generate_series(0, ${PLAYERS - 1}) p`,
      [merchantId],
    );
    // Settled rounds, an order per player, and the bets (won or lost, stakes 2.00 to 200.00), each
    // settled when its round was, as settlement does.
    const settledAt = new Date();
    const rounds = (
      await owner.query(
        `INSERT INTO lottery_round (merchant_id, game_id, numero, open_at, close_at, draw_at, server_seed_sealed, server_seed_hash, server_seed, numbers, state, drawn_at, settled_at)
         SELECT $1, $2, '20260101-' || lpad(r::text, 4, '0'), now() - interval '10 minutes', now() - interval '6 minutes', now() - interval '5 minutes',
                'sealed', repeat('a', 64), repeat('b', 64), '{1,2,3,4,5}', 'settled', $3::timestamptz, $3::timestamptz
           FROM generate_series(1, ${ROUNDS}) r RETURNING id`,
        [merchantId, game, settledAt],
      )
    ).rows.map((row) => Number(row.id));
    await owner.query(
      `INSERT INTO lottery_order (merchant_id, member_id, game_id, order_no, chase, win_stop, rounds, first_numero, slip, amount_minor, created_at)
       SELECT $1, m.id, $2, 'LBENCH' || m.id, false, false, 1, '20260101-0001', 'bench', 1, now() FROM member m WHERE m.username LIKE 'pl%' ORDER BY m.id`,
      [merchantId, game],
    );
    const first = (await owner.query("SELECT min(id) AS \"orderId\", min(member_id) AS \"memberId\" FROM lottery_order WHERE order_no LIKE 'LBENCH%'")).rows[0];
    await owner.query(
      `INSERT INTO lottery_bet (order_id, merchant_id, member_id, round_id, chase_index, play_id, picks, content, tickets, money_mode, series, multiple,
         amount_minor, unit_prize_minor, max_prize_minor, rebate_minor, state, win_count, prize_minor, created_at, settled_at)
       SELECT $1::bigint + g % ${PLAYERS}, $2, $3::bigint + g % ${PLAYERS}, ($4::bigint[])[1 + g % ${ROUNDS}], 0, 1011, '{1}', '1____', 1, 1, 1960,
              1 + (g * 7919) % 100, 200 * (1 + (g * 7919) % 100), 1900, 0, 0,
              CASE WHEN g % 10 = 0 THEN 'won' ELSE 'lost' END, CASE WHEN g % 10 = 0 THEN 1 ELSE 0 END,
              CASE WHEN g % 10 = 0 THEN 1900 * (1 + (g * 7919) % 100) ELSE 0 END, $5::timestamptz, $5::timestamptz
         FROM generate_series(0::bigint, ${BETS - 1}) g`,
      [first.orderId, merchantId, first.memberId, rounds, settledAt],
    );
    await owner.query('VACUUM ANALYZE member, member_tree, agent_contract, lottery_bet, lottery_round');
    const agents = (await owner.query('SELECT count(*)::int AS n FROM bench_chain')).rows[0].n;
    console.log(`  set-up: ${agents.toLocaleString('en')} agents, ${ROUNDS} settled rounds, in ${seconds(setupStarted).toFixed(1)} s`);

    const started = process.hrtime.bigint();
    const result = await agent.payRealtimeWages(pool, Date.now());
    const passSeconds = seconds(started);
    // The baseline: as many rows as the pass wrote (wages and agent rebates), copied with bare INSERT … SELECTs.
    await owner.query('CREATE TABLE bench_wage_copy (LIKE agent_wage)');
    await owner.query('CREATE TABLE bench_rebate_copy (LIKE agent_rebate)');
    const copyStarted = process.hrtime.bigint();
    await owner.query('INSERT INTO bench_wage_copy SELECT * FROM agent_wage');
    await owner.query('INSERT INTO bench_rebate_copy SELECT * FROM agent_rebate');
    const copySeconds = seconds(copyStarted);
    const again = await agent.payRealtimeWages(pool, Date.now());
    const reconciled = await ledger.reconcile(pool);
    const ratio = Number((passSeconds / copySeconds).toFixed(1));
    const rows = result.wages + result.rebates;
    console.log(
      `  one pass: ${passSeconds.toFixed(2)} s for ${result.rounds} rounds → ${result.wages.toLocaleString('en')} wage rows (${(result.paidMinor / 100).toLocaleString('en')} paid) and ${result.rebates.toLocaleString('en')} agent rebate rows (${(result.rebateMinor / 100).toLocaleString('en')} paid)`,
    );
    console.log(`  bare INSERT … SELECT of ${rows.toLocaleString('en')} rows: ${copySeconds.toFixed(2)} s → ratio ${ratio}`);
    console.log(
      `  a second pass: ${again.rounds} rounds, ${again.paidMinor + again.rebateMinor} paid (nothing twice); reconciliation: ${reconciled.problems.length ? `${reconciled.problems.length} problem(s)` : 'no differences'}`,
    );
    return {
      passSeconds,
      wages: result.wages,
      rebates: result.rebates,
      ratio,
      paidOnce: again.paidMinor + again.rebateMinor === 0 && result.rounds === ROUNDS,
      reconciled: reconciled.problems.length === 0,
    };
  } finally {
    await pool.end();
    await owner.end();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
