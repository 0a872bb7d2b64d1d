// Lottery settlement benchmark: the time to settle one round holding 1,000,000 bets
// (settleRound of server/dist: the round's state change, one set-based statement judging every
// bet from its play's terms worked out once per round (migration 090) and writing the won and
// pushed ones (a lost bet is left open, its round's settlement making it lost: migration 096), one
// ledger movement per member and kind, in one transaction), as a ratio to a bare
// `INSERT … SELECT` of the same number of rows (the round's bets copied into a table of the same
// shape, without indexes) on the same PostgreSQL in the same run, the faster of two copies (the
// first of them is the slower, about 3.1 s against 2.1 s: the ratio is taken against the lower
// time). Lower is better. The machine's load average is printed beside it: on
// a shared machine the ratio moves with it. The ledger is reconciled after the run (the bench fails
// on any difference). `npm run bench -- --lottery` runs only this (LOTTERY_BENCH_BETS=<n> for
// another size); it reads server/dist, built only when missing: `npm run build -w server` after a
// change of the server.
//
// The PostgreSQL is an embedded one of its own (data under .bench/lottery-pg, removed after). The
// bets are 10,000 members' orders on one 1-minute SSC round, each a copy of one of 200 random valid
// slip lines over every SSC play (made by the play module itself), written with one INSERT … SELECT.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, run } from './lib.mjs';

const MEMBERS = 10_000;
const TEMPLATES = 200;
const require = createRequire(import.meta.url);

const seconds = (startedNs) => Number(process.hrtime.bigint() - startedNs) / 1e9;

/** Random valid lines of the SSC plays: { playId, words (text), content, tickets, amountMinor, unitPrizeMinor }. */
function templates(lottery) {
  const random = lottery.mulberry32(2026);
  const plays = lottery.playsOf('SSC');
  const lines = [];
  while (lines.length < TEMPLATES) {
    const play = plays[lines.length % plays.length];
    const rows = lottery.randomRows(play, random, 3);
    const picks = lottery.picksFromRows(rows);
    const tickets = play.ticketsOf(picks);
    if (tickets === 0) continue;
    const amountMinor = lottery.betAmountMinor(play, tickets, 1, 1);
    lines.push({
      playId: play.id,
      words: `{${lottery.pickWords(play, picks).join(',')}}`,
      content: rows.map((row) => row.join(',')).join('_'),
      tickets,
      amountMinor,
      unitPrizeMinor: lottery.unitPrizeMinor(play, 1900, 1, picks),
      rebateMinor: Math.floor((amountMinor * 60) / 2000),
    });
  }
  return lines;
}

export async function benchLottery({ bets = Number(process.env.LOTTERY_BENCH_BETS) || 1_000_000 } = {}) {
  const dist = path.join(repoRoot, 'server', 'dist');
  const rules = path.join(repoRoot, 'lottery-rules', 'dist', 'index.js');
  if (!existsSync(path.join(dist, 'main.js')) || !existsSync(path.join(dist, 'modules', 'lottery', 'index.js')) || !existsSync(rules)) {
    if ((await run('npm', ['run', 'build', '-w', 'server'])) !== 0) throw new Error('the server did not build');
  }
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  const { startDatabase, prepareDatabase, EMBEDDED_APP_ROLE } = require(path.join(dist, 'main.js'));
  const { createPool } = require(path.join(dist, 'db', 'pool.js'));
  const { parseSecretsKey } = require(path.join(dist, 'secrets-key.js'));
  const lotteryServer = require(path.join(dist, 'modules', 'lottery', 'index.js'));
  const ledger = require(path.join(dist, 'modules', 'ledger', 'index.js'));
  const lottery = require(rules);
  const dataDir = path.join(repoRoot, '.bench', 'lottery-pg');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const database = await startDatabase({ databaseUrl: undefined, appDatabaseUrl: undefined, dataDir, pgPort: undefined }, { libraryHandlesSignals: false });
  const owner = createPool(database.databaseUrl, 2);
  const pool = createPool(database.appDatabaseUrl, 4);
  try {
    await prepareDatabase(owner, { appRole: EMBEDDED_APP_ROLE });
    const secretsKey = parseSecretsKey(process.env.SECRETS_KEY);
    const merchantId = (await owner.query("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
    const nowMs = Date.now();
    await lotteryServer.ensureRounds(pool, secretsKey, nowMs, merchantId);
    const round = (
      await owner.query(
        `SELECT r.id, r.game_id AS "gameId", r.draw_at AS "drawAt" FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
          WHERE g.merchant_id = $1 AND g.game_code = 'SSC1' AND r.close_at > $2 ORDER BY r.draw_at LIMIT 1`,
        [merchantId, new Date(nowMs)],
      )
    ).rows[0];
    console.log(`\nLottery settlement (${bets.toLocaleString('en')} bets of ${MEMBERS.toLocaleString('en')} members on one SSC round)`);
    const setupStarted = process.hrtime.bigint();
    await owner.query(
      `INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at)
       SELECT $1, 'bench' || g, 'not-a-hash', now(), now() FROM generate_series(1, ${MEMBERS}) g`,
      [merchantId],
    );
    await owner.query(
      `INSERT INTO lottery_order (merchant_id, member_id, game_id, order_no, chase, win_stop, rounds, first_numero, slip, amount_minor, created_at)
       SELECT $1, m.id, $2, 'LBENCH' || m.id, false, false, 1, '20260101-0001', 'bench', 1, now() FROM member m WHERE m.username LIKE 'bench%' ORDER BY m.id`,
      [merchantId, round.gameId],
    );
    const lines = templates(lottery);
    // Orders were written in member order, one each: the i-th order is the i-th member's.
    const first = (await owner.query("SELECT min(o.id) AS \"orderId\", min(o.member_id) AS \"memberId\" FROM lottery_order o WHERE o.order_no LIKE 'LBENCH%'")).rows[0];
    await owner.query(
      `INSERT INTO lottery_bet (order_id, merchant_id, member_id, round_id, chase_index, play_id, picks, content, tickets, money_mode, series,
         multiple, amount_minor, unit_prize_minor, max_prize_minor, rebate_minor, created_at)
       SELECT $11::bigint + g % ${MEMBERS}, $1, $12::bigint + g % ${MEMBERS}, $2, 0, t.play_id, t.words::bigint[], t.content, t.tickets, 1, 1900, 1,
              t.amount, t.unit_prize, 30000000, t.rebate, now()
         FROM generate_series(0::bigint, $3::bigint - 1) g
         JOIN unnest($4::int[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::bigint[], $10::bigint[]) WITH ORDINALITY
              AS t(play_id, words, content, tickets, amount, unit_prize, rebate, n) ON t.n = 1 + ((g * 7919 + g / ${MEMBERS}) % ${TEMPLATES})`,
      [
        merchantId, round.id, bets,
        lines.map((line) => line.playId), lines.map((line) => line.words), lines.map((line) => line.content), lines.map((line) => line.tickets),
        lines.map((line) => line.amountMinor), lines.map((line) => line.unitPrizeMinor), lines.map((line) => line.rebateMinor),
        first.orderId, first.memberId,
      ],
    );
    // The members' wallets exist before the round, as they do for members who paid their stakes.
    await owner.query(
      `INSERT INTO ledger_account (merchant_id, member_id, kind, unit, created_at)
       SELECT $1, m.id, 'member_main', 'REAL', now() FROM member m WHERE m.username LIKE 'bench%' ORDER BY m.id`,
      [merchantId],
    );
    await owner.query('VACUUM ANALYZE lottery_bet, lottery_order, member, ledger_account');
    console.log(`  set-up (bets written): ${seconds(setupStarted).toFixed(1)} s`);

    // The baseline: the same number of rows copied with one bare INSERT … SELECT, twice (the faster).
    await owner.query('CREATE TABLE bench_bet_copy (LIKE lottery_bet)');
    const insertRuns = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      await owner.query('TRUNCATE bench_bet_copy');
      const started = process.hrtime.bigint();
      await owner.query('INSERT INTO bench_bet_copy SELECT * FROM lottery_bet WHERE round_id = $1', [round.id]);
      insertRuns.push(seconds(started));
    }
    const insertSeconds = Math.min(...insertRuns);

    // Drawn (outside the measure), then settled.
    const { withTransaction } = require(path.join(dist, 'db', 'transaction.js'));
    const drawAt = new Date(round.drawAt).getTime();
    const { drawRoundIn } = require(path.join(dist, 'modules', 'lottery', 'rounds.service.js'));
    await withTransaction(pool, (client) => drawRoundIn(client, secretsKey, Number(round.id), drawAt));
    console.log(`  load average before settling (1, 5, 15 min): ${os.loadavg().map((value) => value.toFixed(2)).join(', ')}`);
    const settleStarted = process.hrtime.bigint();
    const result = await lotteryServer.settleRound(pool, Number(round.id), drawAt);
    const settleSeconds = seconds(settleStarted);
    const reconciled = await ledger.reconcile(pool);
    const ratio = Number((settleSeconds / insertSeconds).toFixed(2));
    console.log(`  bare INSERT … SELECT of ${bets.toLocaleString('en')} rows: ${insertSeconds.toFixed(2)} s (the faster of ${insertRuns.map((value) => value.toFixed(2)).join(', ')})`);
    console.log(`  settleRound: ${settleSeconds.toFixed(2)} s (${result.bets.toLocaleString('en')} bets, ${result.winners.toLocaleString('en')} winning members, ${(result.paidMinor / 100).toLocaleString('en')} paid) → ratio ${ratio} × the INSERT`);
    console.log(`  reconciliation after the run: ${reconciled.problems.length ? `${reconciled.problems.length} problem(s)` : 'no differences'} (${reconciled.transactions} transactions)`);
    // The bets written (won or pushed; the lost ones are left as they are: migration 096), and of
    // them those written heap-only, without an index entry (migration 093). The statistics reach
    // pg_stat_user_tables when the settling session reports them, so they are read last.
    const updates = (await owner.query("SELECT n_tup_upd AS updated, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'lottery_bet'")).rows[0];
    console.log(`  bets written (won or pushed): ${Number(updates.updated).toLocaleString('en')} of ${bets.toLocaleString('en')}, heap-only (no index entry): ${Number(updates.hot).toLocaleString('en')}`);
    console.log(`  load average after the run (1, 5, 15 min): ${os.loadavg().map((value) => value.toFixed(2)).join(', ')} on ${os.cpus().length} cores`);
    return { bets, insertSeconds, settleSeconds, ratio, settled: result.settled && result.bets === bets, reconciled: reconciled.problems.length === 0 };
  } finally {
    await pool.end();
    await owner.end();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
