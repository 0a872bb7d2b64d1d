import { GUEST_MEMBER_TYPE } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the risk reports (risk.service.ts): reads only, each kept to the operator's merchant and
// to real accounts (free-play guests play no one's money). Amounts stay in minor units here.

/** A period: [fromMs, toMs]. */
export interface Period {
  merchantId: number;
  fromMs: number;
  toMs: number;
}

export interface Page {
  limit: number;
  offset: number;
}

export type Product = 'lottery' | 'inhouse' | 'vendor';

export interface LargeWinRow {
  product: Product;
  username: string;
  gameCode: string;
  gameName: string;
  /** The lottery order's number, or the vendor's round id. */
  reference: string;
  stakeMinor: string;
  winMinor: string;
  at: Date;
}

/**
 * Single wins of the period of at least `minWinMinor` (and more than nothing), largest first: the
 * lottery's bets settled won (by when they settled, the prize they paid) and game rounds that ended
 * settled with a win (by when they ended; the in-house games, the provider connected through the
 * in-house adapter, apart from the other vendors'), as the dashboard counts the play. A rolled-back
 * round or a refunded bet won nothing. Answers the page and the count of every win kept.
 */
export async function selectLargeWins(db: Db, period: Period, minWinMinor: number, page: Page): Promise<{ total: number; rows: LargeWinRow[] }> {
  const result = await db.query<LargeWinRow & { total: string }>(
    `WITH wins AS (
       SELECT 'lottery'::text AS product, b.member_id, g.game_code, g.name AS game_name, o.order_no AS reference,
              b.amount_minor AS stake_minor, b.prize_minor AS win_minor, b.settled_at AS at, b.id
         FROM lottery_round r
         JOIN lottery_bet b ON b.round_id = r.id
         JOIN lottery_order o ON o.id = b.order_id
         JOIN lottery_game g ON g.id = o.game_id
        WHERE r.merchant_id = $1 AND r.state = 'settled' AND r.settled_at >= $2 AND r.settled_at <= $3
          AND b.merchant_id = $1 AND b.state = 'won' AND b.prize_minor > 0 AND b.prize_minor >= $4
       UNION ALL
       SELECT CASE WHEN p.adapter = 'inhouse' THEN 'inhouse' ELSE 'vendor' END, r.member_id, r.game_code, r.game_name, r.vendor_round_id,
              r.bet_minor, r.win_minor, r.ended_at, r.id
         FROM game_round r
         LEFT JOIN game_provider p ON p.merchant_id = r.merchant_id AND p.vassalage = r.vassalage
        WHERE r.merchant_id = $1 AND r.status = 'settled' AND NOT r.trial AND r.ended_at >= $2 AND r.ended_at <= $3
          AND r.win_minor > 0 AND r.win_minor >= $4
     ), kept AS (
       SELECT wins.*, m.username FROM wins JOIN member m ON m.id = wins.member_id AND m.member_type <> $5
     )
     SELECT product, username, game_code AS "gameCode", game_name AS "gameName", reference,
            stake_minor::text AS "stakeMinor", win_minor::text AS "winMinor", at, count(*) OVER () AS total
       FROM kept
      ORDER BY win_minor DESC, at DESC, product, id DESC
      LIMIT $6 OFFSET $7`,
    [period.merchantId, new Date(period.fromMs), new Date(period.toMs), minWinMinor, GUEST_MEMBER_TYPE, page.limit, page.offset],
  );
  const total = result.rows[0] ? Number(result.rows[0].total) : await countLargeWins(db, period, minWinMinor);
  return { total, rows: result.rows.map(({ total: _total, ...row }) => row) };
}

/** The count alone: a page past the end holds no row to read it from. */
async function countLargeWins(db: Db, period: Period, minWinMinor: number): Promise<number> {
  const result = await db.query<{ total: string }>(
    `SELECT (SELECT count(*) FROM lottery_round lr JOIN lottery_bet b ON b.round_id = lr.id JOIN member m ON m.id = b.member_id AND m.member_type <> $5
              WHERE lr.merchant_id = $1 AND lr.state = 'settled' AND lr.settled_at >= $2 AND lr.settled_at <= $3
                AND b.merchant_id = $1 AND b.state = 'won' AND b.prize_minor > 0 AND b.prize_minor >= $4)
          + (SELECT count(*) FROM game_round r JOIN member m ON m.id = r.member_id AND m.member_type <> $5
              WHERE r.merchant_id = $1 AND r.status = 'settled' AND NOT r.trial AND r.ended_at >= $2 AND r.ended_at <= $3 AND r.win_minor > 0 AND r.win_minor >= $4) AS total`,
    [period.merchantId, new Date(period.fromMs), new Date(period.toMs), minWinMinor, GUEST_MEMBER_TYPE],
  );
  return Number(result.rows[0].total);
}

export interface SharedAccount {
  username: string;
  status: 'active' | 'blocked';
  /** The account's last successful login from the address (epoch ms); null for a device. */
  lastSeenMs: number | null;
}

export interface SharedRow {
  kind: 'address' | 'device';
  value: string;
  accounts: SharedAccount[];
  lastSeenMs: number | null;
}

/**
 * Addresses `minAccounts` or more real accounts logged in from successfully in the period, and
 * devices the same number of accounts were seen on (the fingerprints the referral programme keeps
 * of each account's Device-Id, at registration and on its pages: they carry no time, so every one
 * the merchant's accounts have counts, whatever the period). Most accounts first. A device is
 * shown by the start of its fingerprint (the Device-Id itself is not kept).
 */
export async function selectSharedIdentities(db: Db, period: Period, minAccounts: number, page: Page): Promise<{ total: number; rows: SharedRow[] }> {
  const result = await db.query<{ kind: 'address' | 'device'; value: string; accounts: SharedAccount[]; last_seen_ms: string | null; total: string }>(
    `WITH seen AS (
       SELECT 'address'::text AS kind, l.client_ip AS value, l.member_id, max(l.created_at) AS last_seen
         FROM login_attempt l
        WHERE l.merchant_id = $1 AND l.outcome = 'ok' AND l.member_id IS NOT NULL AND l.created_at >= $2 AND l.created_at <= $3
        GROUP BY l.client_ip, l.member_id
       UNION ALL
       SELECT 'device', encode(d.device_hash, 'hex'), d.member_id, NULL::timestamptz
         FROM referral_device d JOIN member dm ON dm.id = d.member_id
        WHERE dm.merchant_id = $1
     ), shared AS (
       SELECT seen.kind, seen.value,
              json_agg(json_build_object('username', m.username, 'status', m.status,
                                         'lastSeenMs', (extract(epoch FROM seen.last_seen) * 1000)::bigint)
                       ORDER BY seen.last_seen DESC NULLS LAST, lower(m.username)) AS accounts,
              count(*) AS n, max(seen.last_seen) AS last_seen
         FROM seen JOIN member m ON m.id = seen.member_id AND m.merchant_id = $1 AND m.member_type <> $4
        GROUP BY seen.kind, seen.value
       HAVING count(*) >= $5
     )
     SELECT kind, CASE WHEN kind = 'device' THEN left(value, 16) ELSE value END AS value, accounts,
            (extract(epoch FROM last_seen) * 1000)::bigint::text AS last_seen_ms, count(*) OVER () AS total
       FROM shared
      ORDER BY n DESC, last_seen DESC NULLS LAST, kind, value
      LIMIT $6 OFFSET $7`,
    [period.merchantId, new Date(period.fromMs), new Date(period.toMs), GUEST_MEMBER_TYPE, minAccounts, page.limit, page.offset],
  );
  return {
    total: result.rows[0] ? Number(result.rows[0].total) : 0,
    rows: result.rows.map((row) => ({
      kind: row.kind,
      value: row.value,
      accounts: row.accounts.map((account) => ({ ...account, lastSeenMs: account.lastSeenMs === null ? null : Number(account.lastSeenMs) })),
      lastSeenMs: row.last_seen_ms === null ? null : Number(row.last_seen_ms),
    })),
  };
}

export interface BonusOnlyRow {
  username: string;
  status: 'active' | 'blocked';
  bonusMinor: string;
  depositMinor: string;
  withdrawalMinor: string;
  paidMinor: string;
  withdrawals: number;
  lastWithdrawalAt: Date;
}

/**
 * Members who, in the period, were given bonuses (the real-money postings of `bonusKinds` on their
 * wallets, a take-back lowering them), deposited at most `maxDepositMinor` (the ledger's deposit
 * movements to their wallets: however the deposit came, manual, gateway or C2C) and
 * asked for a withdrawal (any outcome: paid, pending or rejected — trying counts). Largest bonus first.
 */
export async function selectBonusOnly(db: Db, period: Period, bonusKinds: readonly string[], maxDepositMinor: number, page: Page): Promise<{ total: number; rows: BonusOnlyRow[] }> {
  const result = await db.query<BonusOnlyRow & { total: string }>(
    `WITH bonus AS (
       SELECT a.member_id, sum(p.amount_minor) AS minor
         FROM ledger_transaction t
         JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id
        WHERE t.merchant_id = $1 AND t.created_at >= $2 AND t.created_at <= $3 AND t.kind = ANY ($4::text[])
          AND a.member_id IS NOT NULL AND a.unit = 'REAL'
        GROUP BY a.member_id
       HAVING sum(p.amount_minor) > 0
     ), withdrawn AS (
       SELECT w.member_id, sum(w.amount_minor) AS minor, sum(w.amount_minor) FILTER (WHERE w.status = 'paid') AS paid_minor,
              count(*)::int AS n, max(w.created_at) AS last_at
         FROM withdrawal w
        WHERE w.merchant_id = $1 AND w.created_at >= $2 AND w.created_at <= $3
        GROUP BY w.member_id
     ), deposited AS (
       SELECT a.member_id, sum(p.amount_minor) AS minor
         FROM ledger_transaction t
         JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id
        WHERE t.merchant_id = $1 AND t.created_at >= $2 AND t.created_at <= $3 AND t.kind = 'deposit'
          AND a.member_id IS NOT NULL AND a.unit = 'REAL'
        GROUP BY a.member_id
     )
     SELECT m.username, m.status, bonus.minor::text AS "bonusMinor", coalesce(deposited.minor, 0)::text AS "depositMinor",
            withdrawn.minor::text AS "withdrawalMinor", coalesce(withdrawn.paid_minor, 0)::text AS "paidMinor",
            withdrawn.n AS withdrawals, withdrawn.last_at AS "lastWithdrawalAt", count(*) OVER () AS total
       FROM bonus
       JOIN withdrawn USING (member_id)
       LEFT JOIN deposited USING (member_id)
       JOIN member m ON m.id = bonus.member_id AND m.member_type <> $5
      WHERE coalesce(deposited.minor, 0) <= $6
      ORDER BY bonus.minor DESC, lower(m.username)
      LIMIT $7 OFFSET $8`,
    [period.merchantId, new Date(period.fromMs), new Date(period.toMs), bonusKinds, GUEST_MEMBER_TYPE, maxDepositMinor, page.limit, page.offset],
  );
  return { total: result.rows[0] ? Number(result.rows[0].total) : 0, rows: result.rows.map(({ total: _total, ...row }) => row) };
}

export interface AgentChainRow {
  username: string;
  status: 'active' | 'blocked';
  kind: string;
  endedAt: Date;
  downlines: number;
  /** Contracts of its direct downlines still pending or active with it as the upline. */
  downlineContracts: number;
  /** Wages paid to it since its contract ended (real-time, and daily, hourly or dividend). */
  wagesSinceMinor: string;
}

/**
 * Agents whose last contract of a kind ended (terminated, none pending or active of that kind now)
 * and who still have direct downlines, contracts with downlines, or wages paid after the end: an
 * agency cut off above that still runs below. Most downlines first.
 */
export async function selectAgentChains(db: Db, merchantId: number, page: Page): Promise<{ total: number; rows: AgentChainRow[] }> {
  const result = await db.query<AgentChainRow & { total: string }>(
    `WITH ended AS (
       SELECT DISTINCT ON (c.downline_id, c.kind) c.downline_id AS agent_id, c.kind, c.terminated_at
         FROM agent_contract c
        WHERE c.merchant_id = $1 AND c.state = 'terminated'
          AND NOT EXISTS (SELECT 1 FROM agent_contract n WHERE n.downline_id = c.downline_id AND n.kind = c.kind AND n.state IN ('pending', 'active'))
        ORDER BY c.downline_id, c.kind, c.terminated_at DESC NULLS LAST, c.id DESC
     ), chains AS (
       SELECT ended.*, m.username, m.status,
              (SELECT count(*) FROM member d WHERE d.upline_id = ended.agent_id AND d.merchant_id = $1)::int AS downlines,
              (SELECT count(*) FROM agent_contract dc WHERE dc.upline_id = ended.agent_id AND dc.state IN ('pending', 'active'))::int AS downline_contracts,
              (SELECT coalesce(sum(w.amount_minor), 0) FROM agent_wage w WHERE w.agent_id = ended.agent_id AND ended.kind = 'realtime' AND w.created_at > ended.terminated_at)
            + (SELECT coalesce(sum(w.amount_minor), 0) FROM agent_period_wage w WHERE w.agent_id = ended.agent_id AND w.kind = ended.kind AND w.created_at > ended.terminated_at) AS wages_since
         FROM ended JOIN member m ON m.id = ended.agent_id
     )
     SELECT username, status, kind, terminated_at AS "endedAt", downlines, downline_contracts AS "downlineContracts",
            wages_since::text AS "wagesSinceMinor", count(*) OVER () AS total
       FROM chains
      WHERE downlines > 0 OR downline_contracts > 0 OR wages_since > 0
      ORDER BY downlines DESC, wages_since DESC, lower(username), kind
      LIMIT $2 OFFSET $3`,
    [merchantId, page.limit, page.offset],
  );
  return { total: result.rows[0] ? Number(result.rows[0].total) : 0, rows: result.rows.map(({ total: _total, ...row }) => row) };
}

export interface LiabilityRound {
  roundId: string;
  gameCode: string;
  gameName: string;
  numero: string;
  closeAt: Date;
  drawAt: Date;
  bets: number;
  stakeMinor: string;
  liabilityMinor: string;
}

export interface LiabilityNumber {
  gameCode: string;
  numero: string;
  playId: number;
  rowIndex: number;
  value: number;
  payoutMinor: string;
}

/** The merchant's lottery game of that code, if any. */
export async function lotteryGameExists(db: Db, merchantId: number, gameCode: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM lottery_game WHERE merchant_id = $1 AND game_code = $2', [merchantId, gameCode]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * The open rounds holding open bets (of the game, of the numero, when asked), by what they would
 * pay if every bet won (the running totals the betting transaction keeps, migration 045), highest
 * first; and, of those rounds, what each number of each play's row would pay if it came up (plays
 * whose ticket is one number per row), highest first.
 */
export async function selectLiability(
  db: Db,
  merchantId: number,
  filter: { gameCode: string | null; numero: string | null },
  limits: { rounds: number; numbers: number },
): Promise<{ rounds: LiabilityRound[]; numbers: LiabilityNumber[] }> {
  const params = [merchantId, filter.gameCode, filter.numero];
  const openRounds = `SELECT r.id, g.game_code, g.name, r.numero, r.close_at, r.draw_at
      FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
     WHERE r.merchant_id = $1 AND r.state = 'open' AND ($2::text IS NULL OR g.game_code = $2) AND ($3::text IS NULL OR r.numero = $3)`;
  const [rounds, numbers] = await Promise.all([
    db.query<LiabilityRound>(
      `WITH open_rounds AS (${openRounds})
       SELECT o.id::text AS "roundId", o.game_code AS "gameCode", o.name AS "gameName", o.numero, o.close_at AS "closeAt", o.draw_at AS "drawAt",
              b.bets, b.stake_minor::text AS "stakeMinor", coalesce(l.payout_minor, 0)::text AS "liabilityMinor"
         FROM open_rounds o
         JOIN LATERAL (SELECT count(*)::int AS bets, sum(amount_minor) AS stake_minor FROM lottery_bet WHERE round_id = o.id AND state = 'open') b ON b.bets > 0
         LEFT JOIN lottery_round_liability l ON l.round_id = o.id
        ORDER BY coalesce(l.payout_minor, 0) DESC, o.draw_at, o.game_code
        LIMIT $4`,
      [...params, limits.rounds],
    ),
    db.query<LiabilityNumber>(
      `WITH open_rounds AS (${openRounds})
       SELECT o.game_code AS "gameCode", o.numero, n.play_id AS "playId", n.row_index AS "rowIndex", n.value, n.payout_minor::text AS "payoutMinor"
         FROM open_rounds o JOIN lottery_number_liability n ON n.round_id = o.id
        WHERE n.payout_minor > 0
        ORDER BY n.payout_minor DESC, o.draw_at, o.game_code, n.play_id, n.row_index, n.value
        LIMIT $4`,
      [...params, limits.numbers],
    ),
  ]);
  return { rounds: rounds.rows, numbers: numbers.rows };
}
