// The fault suite's audits (scripts/bench-faults.mjs): what must hold after the faults, each read
// from the database the run had to itself, worked out from the rows the money came from rather
// than from the code that moved it. Each answers { name, ok, detail }.

const count = async (db, sql, values = []) => Number((await db.query(sql, values)).rows[0].n);

/**
 * What the ledger credited to members under keys `<prefix><id>:<batch>`, per id (bigint, named
 * `column`) and member: `amount`. The movements that pay a round's prizes and a wage pass's wages
 * are keyed so.
 */
const creditedByKey = (prefix, column) =>
  `SELECT split_part(substr(t.idempotency_key, ${prefix.length + 1}), ':', 1)::bigint AS ${column}, a.member_id, sum(p.amount_minor) AS amount
     FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
    WHERE t.idempotency_key LIKE '${prefix}%' AND a.member_id IS NOT NULL
    GROUP BY 1, a.member_id`;

/**
 * Every idempotent request answered made exactly one row (deposits, withdrawals: the key is
 * stored on the row; agent transfers: the ledger's key upline_transfer:<member>:<key>), and no
 * row was made under a key the load never sent.
 */
export async function idempotentRequests(db, { deposits, withdrawals, transfers }) {
  const audits = [];
  for (const [name, table, sent] of [
    ['deposits', 'deposit', deposits],
    ['withdrawals', 'withdrawal', withdrawals],
  ]) {
    const answered = [...sent.answered];
    const rows = await count(db, `SELECT count(*) AS n FROM ${table} WHERE idempotency_key = ANY($1::text[])`, [answered]);
    const stray = await count(db, `SELECT count(*) AS n FROM ${table} t JOIN member m ON m.id = t.member_id WHERE m.username LIKE $2 AND NOT (t.idempotency_key = ANY($1::text[]))`, [
      [...sent.tried],
      sent.members,
    ]);
    audits.push({ name: `${name}: one per key`, ok: rows === answered.length && stray === 0, detail: `${answered.length} requests answered, ${rows} made for them, ${stray} under keys never sent` });
  }
  const ledgerKeys = (keys) => [...keys].map((key) => `upline_transfer:${transfers.memberId}:${key}`);
  const made = await count(db, 'SELECT count(*) AS n FROM ledger_transaction WHERE idempotency_key = ANY($1::text[])', [ledgerKeys(transfers.answered)]);
  const all = await count(db, "SELECT count(*) AS n FROM ledger_transaction WHERE kind = 'upline_transfer'");
  const tried = await count(db, 'SELECT count(*) AS n FROM ledger_transaction WHERE idempotency_key = ANY($1::text[])', [ledgerKeys(transfers.tried)]);
  audits.push({
    name: 'agent transfers: one per key',
    ok: made === transfers.answered.size && all === tried,
    detail: `${transfers.answered.size} answered, ${made} moved for them, ${all - tried} under keys never sent`,
  });
  return audits;
}

/**
 * Every newcomer whose registration was answered (or whose retry found the name taken) is one
 * member with its wallet; a name never answered may or may not have been made, never twice.
 */
export async function newcomers(db, { tried, answered }) {
  const members = await count(db, 'SELECT count(*) AS n FROM member WHERE username = ANY($1::text[])', [[...answered]]);
  const wallets = await count(db, "SELECT count(DISTINCT a.member_id) AS n FROM ledger_account a JOIN member m ON m.id = a.member_id WHERE m.username = ANY($1::text[]) AND a.unit = 'REAL'", [
    [...answered],
  ]);
  const stray = await count(db, "SELECT count(*) AS n FROM member WHERE username LIKE 'faultnew%' AND NOT (username = ANY($1::text[]))", [[...tried]]);
  return [
    {
      name: 'registrations: one member each, with its wallet',
      ok: members === answered.size && wallets === answered.size && stray === 0,
      detail: `${answered.size} registered, ${members} members, ${wallets} with a wallet, ${stray} never asked for`,
    },
  ];
}

/** Every decided deposit and withdrawal moved its money once; every approved deposit was credited. */
export async function decisions(db, { approvedDeposits }) {
  const credits = await count(db, "SELECT count(*) AS n FROM ledger_transaction WHERE kind = 'deposit'");
  const approved = await count(db, "SELECT count(*) AS n FROM deposit WHERE status = 'approved'");
  const notCredited = await count(db, "SELECT count(*) AS n FROM deposit WHERE id = ANY($1::bigint[]) AND status <> 'approved'", [[...approvedDeposits]]);
  const settled = await count(db, "SELECT count(*) AS n FROM withdrawal WHERE status <> 'pending'");
  const settleMoves = await count(db, "SELECT count(*) AS n FROM ledger_transaction WHERE kind IN ('withdraw_paid', 'withdraw_refund')");
  const holds = await count(db, "SELECT count(*) AS n FROM ledger_transaction WHERE kind = 'withdraw_request'");
  const withdrawals = await count(db, 'SELECT count(*) AS n FROM withdrawal');
  return [
    { name: 'deposits credited once', ok: credits === approved && notCredited === 0, detail: `${approved} approved, ${credits} credits, ${notCredited} approved by the load but not credited` },
    {
      name: 'withdrawals held and settled once',
      ok: holds === withdrawals && settleMoves === settled,
      detail: `${withdrawals} withdrawals, ${holds} holds; ${settled} paid or rejected, ${settleMoves} settling movements`,
    },
  ];
}

/**
 * No lottery bet settled twice or not at all: none open (a lost bet is an open one of a settled
 * round: migration 096), none of the lost ones a winner (judged again here by the PL/pgSQL
 * lottery_win_count on its round's features), and for every round and member the prizes the win
 * movements paid are exactly the won bets' prizes (lottery:win:<round>:<batch>).
 */
export async function lotterySettlement(db, { roundId }) {
  const open = await count(db, "SELECT count(*) AS n FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE lottery_bet_state(b.state, r.state) = 'open'");
  const lostWinners = await count(
    db,
    `SELECT count(*) AS n FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id
       JOIN lottery_draw_feature f ON f.round_id = b.round_id AND f.play_id = b.play_id
      WHERE lottery_bet_state(b.state, r.state) = 'lost' AND (f.push OR lottery_win_count(f.rule, f.k, b.picks, f.f) > 0)`,
  );
  const mismatched = await count(
    db,
    `WITH won AS (
       SELECT round_id, member_id, sum(prize_minor) AS prize FROM lottery_bet WHERE state = 'won' GROUP BY round_id, member_id HAVING sum(prize_minor) > 0
     ), paid AS (${creditedByKey('lottery:win:', 'round_id')})
     SELECT count(*) AS n FROM won FULL JOIN paid USING (round_id, member_id) WHERE COALESCE(won.prize, 0) <> COALESCE(paid.amount, 0)`,
  );
  const rounds = await count(db, "SELECT count(DISTINCT b.round_id) AS n FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE lottery_bet_state(b.state, r.state) IN ('won', 'lost')");
  const audits = [
    {
      name: 'lottery bets settled once',
      ok: open === 0 && lostWinners === 0 && mismatched === 0,
      detail: `${rounds} rounds, ${open} bets still open, ${lostWinners} lost bets that won, ${mismatched} (round, member) prizes paid other than won`,
    },
  ];
  if (roundId !== undefined) {
    const round = (
      await db.query(
        `SELECT r.state, (SELECT count(*) FROM lottery_bet b WHERE b.round_id = $1 AND lottery_bet_state(b.state, r.state) IN ('won', 'lost'))::int AS bets
           FROM lottery_round r WHERE r.id = $1`,
        [roundId],
      )
    ).rows[0];
    audits.push({ name: 'the round whose settlement was killed', ok: round?.state === 'settled' && round.bets > 0, detail: `round ${roundId}: ${round?.state}, ${round?.bets} bets settled` });
  }
  return audits;
}

/**
 * No wage paid twice or not at all: every settled round paid; each (round, bettor, agent) in one
 * pass; the top agent's wage of each (round, bettor) is floor(stake × rate / 10000) with the
 * profit rate when the house won and the loss rate when it lost; each pass credited its wages once.
 */
export async function realtimeWages(db, { agentId, profitRate, lossRate, killedPass }) {
  const unpaid = await count(db, "SELECT count(*) AS n FROM lottery_round WHERE state = 'settled' AND wages_paid_at IS NULL");
  const twice = await count(db, 'SELECT count(*) AS n FROM (SELECT 1 FROM agent_wage GROUP BY round_id, source_id, agent_id HAVING count(*) > 1) repeated');
  const wrong = await count(
    db,
    `WITH stakes AS (
       SELECT round_id, member_id, sum(amount_minor) AS stake, sum(amount_minor) > sum(prize_minor + rebate_minor) AS house_won
         FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE lottery_bet_state(b.state, r.state) IN ('won', 'lost') GROUP BY round_id, member_id
     ), expected AS (
       SELECT round_id, member_id, floor(stake * CASE WHEN house_won THEN $2::integer ELSE $3::integer END / 10000.0)::bigint AS amount FROM stakes
     )
     SELECT count(*) AS n FROM expected e FULL JOIN (SELECT * FROM agent_wage WHERE agent_id = $1) w ON w.round_id = e.round_id AND w.source_id = e.member_id
      WHERE COALESCE(e.amount, 0) > 0 AND COALESCE(w.amount_minor, -1) <> e.amount OR e.round_id IS NULL`,
    [agentId, profitRate, lossRate],
  );
  const creditedWrong = await count(
    db,
    `WITH wages AS (SELECT run_id, agent_id AS member_id, sum(amount_minor) AS amount FROM agent_wage GROUP BY run_id, agent_id HAVING sum(amount_minor) > 0),
     credited AS (${creditedByKey('wage:realtime:', 'run_id')})
     SELECT count(*) AS n FROM wages FULL JOIN credited USING (run_id, member_id) WHERE COALESCE(wages.amount, 0) <> COALESCE(credited.amount, 0)`,
  );
  const rows = await count(db, 'SELECT count(*) AS n FROM agent_wage WHERE agent_id = $1', [agentId]);
  const audits = [
    {
      name: 'real-time wages paid once',
      ok: unpaid === 0 && twice === 0 && wrong === 0 && creditedWrong === 0 && rows > 0,
      detail: `${rows} wages of the top agent; ${unpaid} settled rounds unpaid, ${twice} paid twice, ${wrong} other than worked out, ${creditedWrong} passes credited other than written`,
    },
  ];
  if (killedPass) {
    const paid = await count(db, 'SELECT count(*) AS n FROM lottery_round WHERE id = ANY($1::bigint[]) AND wages_paid_at IS NOT NULL', [killedPass.rounds]);
    audits.push({ name: 'the rounds of the wage pass that was killed', ok: paid === killedPass.rounds.length, detail: `${paid} of ${killedPass.rounds.length} paid by a later pass` });
  }
  return audits;
}

/**
 * In-house slot rounds: none left pending once the recovery has run; each settled round's bet and
 * win reached the wallet once (the provider's round holds the same amounts); a refused round
 * holds no bet the provider kept.
 */
export async function inhouseRounds(db) {
  const pending = await count(db, "SELECT count(*) AS n FROM inhouse_round WHERE state = 'pending' AND NOT trial");
  const settled = await count(db, "SELECT count(*) AS n FROM inhouse_round WHERE state = 'settled' AND NOT trial");
  const mismatched = await count(
    db,
    `SELECT count(*) AS n FROM inhouse_round r LEFT JOIN game_round g ON g.vassalage = 'JL' AND g.vendor_round_id = r.provider_round_id AND g.merchant_id = r.merchant_id
      WHERE r.state = 'settled' AND NOT r.trial AND (g.id IS NULL OR g.bet_minor <> r.bet_minor OR g.win_minor <> r.win_minor)`,
  );
  const refusedKept = await count(
    db,
    `SELECT count(*) AS n FROM inhouse_round r JOIN game_transaction t ON t.vassalage = 'JL' AND t.vendor_tx_id = r.bet_tx_id AND t.merchant_id = r.merchant_id
      WHERE r.state = 'refused' AND t.kind = 'bet' AND NOT t.rolled_back AND t.request_hash IS NOT NULL`,
  );
  return [
    {
      name: 'in-house rounds finished once',
      ok: pending === 0 && mismatched === 0 && refusedKept === 0 && settled > 0,
      detail: `${settled} settled, ${pending} pending, ${mismatched} whose wallet movements differ, ${refusedKept} refused with a bet kept`,
    },
  ];
}
