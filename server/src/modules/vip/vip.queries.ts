import type { Db } from '../../db/pool';

// SQL of VIP ranks (migration 063): the ladder of levels, members' levels and their history, the
// month ends run, the benefits claimed, and a member's figures (valid stakes and deposits) over a
// stretch of time, read from where they happen.

export type Texts = Record<string, string>;

export interface LevelRow {
  level: number;
  names: Texts;
  clubLabel: string;
  color: string;
  color2: string;
  reachMonthTurnoverMinor: number;
  reachMonthDepositMinor: number;
  reachTotalTurnoverMinor: number;
  reachTotalDepositMinor: number;
  keepMonthTurnoverMinor: number;
  keepMonthDepositMinor: number;
  upgradeBonusMinor: number;
  upgradeWageringX100: number;
  monthlySalaryMinor: number;
  salaryWageringX100: number;
  /** Withdrawals a day beyond the merchant's daily count, free ones beyond its free ones, first in the review queue (migration 067). */
  withdrawDailyCountExtra: number;
  withdrawFreeExtra: number;
  withdrawPriority: boolean;
  withdrawalTexts: Texts;
  benefitTexts: Texts;
}

const LEVEL_COLUMNS = `level, names, club_label, color, color2, reach_month_turnover_minor, reach_month_deposit_minor,
  reach_total_turnover_minor, reach_total_deposit_minor, keep_month_turnover_minor, keep_month_deposit_minor,
  upgrade_bonus_minor, upgrade_wagering_x100, monthly_salary_minor, salary_wagering_x100,
  withdraw_daily_count_extra, withdraw_free_extra, withdraw_priority, withdrawal_texts, benefit_texts`;

interface LevelDbRow {
  level: number;
  names: Texts;
  club_label: string;
  color: string;
  color2: string;
  reach_month_turnover_minor: string;
  reach_month_deposit_minor: string;
  reach_total_turnover_minor: string;
  reach_total_deposit_minor: string;
  keep_month_turnover_minor: string;
  keep_month_deposit_minor: string;
  upgrade_bonus_minor: string;
  upgrade_wagering_x100: number;
  monthly_salary_minor: string;
  salary_wagering_x100: number;
  withdraw_daily_count_extra: number;
  withdraw_free_extra: number;
  withdraw_priority: boolean;
  withdrawal_texts: Texts;
  benefit_texts: Texts;
}

const levelOf = (row: LevelDbRow): LevelRow => ({
  level: row.level,
  names: row.names,
  clubLabel: row.club_label,
  color: row.color,
  color2: row.color2,
  reachMonthTurnoverMinor: Number(row.reach_month_turnover_minor),
  reachMonthDepositMinor: Number(row.reach_month_deposit_minor),
  reachTotalTurnoverMinor: Number(row.reach_total_turnover_minor),
  reachTotalDepositMinor: Number(row.reach_total_deposit_minor),
  keepMonthTurnoverMinor: Number(row.keep_month_turnover_minor),
  keepMonthDepositMinor: Number(row.keep_month_deposit_minor),
  upgradeBonusMinor: Number(row.upgrade_bonus_minor),
  upgradeWageringX100: row.upgrade_wagering_x100,
  monthlySalaryMinor: Number(row.monthly_salary_minor),
  salaryWageringX100: row.salary_wagering_x100,
  withdrawDailyCountExtra: row.withdraw_daily_count_extra,
  withdrawFreeExtra: row.withdraw_free_extra,
  withdrawPriority: row.withdraw_priority,
  withdrawalTexts: row.withdrawal_texts,
  benefitTexts: row.benefit_texts,
});

/** The merchant's ladder, lowest level first. */
export async function selectLevels(db: Db, merchantId: number): Promise<LevelRow[]> {
  const result = await db.query<LevelDbRow>(`SELECT ${LEVEL_COLUMNS} FROM vip_level WHERE merchant_id = $1 ORDER BY level`, [merchantId]);
  return result.rows.map(levelOf);
}

/** Writes a level whole (created, or replacing what it was). */
export async function upsertLevel(db: Db, merchantId: number, level: LevelRow, nowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO vip_level (merchant_id, ${LEVEL_COLUMNS}, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
     ON CONFLICT (merchant_id, level) DO UPDATE SET
       names = EXCLUDED.names, club_label = EXCLUDED.club_label, color = EXCLUDED.color, color2 = EXCLUDED.color2,
       reach_month_turnover_minor = EXCLUDED.reach_month_turnover_minor, reach_month_deposit_minor = EXCLUDED.reach_month_deposit_minor,
       reach_total_turnover_minor = EXCLUDED.reach_total_turnover_minor, reach_total_deposit_minor = EXCLUDED.reach_total_deposit_minor,
       keep_month_turnover_minor = EXCLUDED.keep_month_turnover_minor, keep_month_deposit_minor = EXCLUDED.keep_month_deposit_minor,
       upgrade_bonus_minor = EXCLUDED.upgrade_bonus_minor, upgrade_wagering_x100 = EXCLUDED.upgrade_wagering_x100,
       monthly_salary_minor = EXCLUDED.monthly_salary_minor, salary_wagering_x100 = EXCLUDED.salary_wagering_x100,
       withdraw_daily_count_extra = EXCLUDED.withdraw_daily_count_extra, withdraw_free_extra = EXCLUDED.withdraw_free_extra,
       withdraw_priority = EXCLUDED.withdraw_priority, withdrawal_texts = EXCLUDED.withdrawal_texts, benefit_texts = EXCLUDED.benefit_texts, updated_at = EXCLUDED.updated_at`,
    [
      merchantId, level.level, JSON.stringify(level.names), level.clubLabel, level.color, level.color2,
      level.reachMonthTurnoverMinor, level.reachMonthDepositMinor, level.reachTotalTurnoverMinor, level.reachTotalDepositMinor,
      level.keepMonthTurnoverMinor, level.keepMonthDepositMinor, level.upgradeBonusMinor, level.upgradeWageringX100,
      level.monthlySalaryMinor, level.salaryWageringX100, level.withdrawDailyCountExtra, level.withdrawFreeExtra, level.withdrawPriority,
      JSON.stringify(level.withdrawalTexts), JSON.stringify(level.benefitTexts), new Date(nowMs),
    ],
  );
}

export interface MemberLevel {
  level: number;
  highestLevel: number;
}

/** A member's level (level 0 when it has no row), locked FOR UPDATE when `lock` and the row exists. */
export async function selectMemberLevel(db: Db, merchantId: number, memberId: number, lock = false): Promise<MemberLevel & { exists: boolean }> {
  const result = await db.query<{ level: number; highest_level: number }>(
    `SELECT level, highest_level FROM vip_member WHERE merchant_id = $1 AND member_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [merchantId, memberId],
  );
  const row = result.rows[0];
  return row ? { level: row.level, highestLevel: row.highest_level, exists: true } : { level: 0, highestLevel: 0, exists: false };
}

/** Members' levels (those with a row), with when each last changed. */
export async function selectMemberLevels(db: Db, merchantId: number, memberIds: readonly number[]): Promise<Map<number, MemberLevel & { changedAtMs: number }>> {
  const result = await db.query<{ member_id: string; level: number; highest_level: number; changed_at: Date }>(
    'SELECT member_id, level, highest_level, changed_at FROM vip_member WHERE merchant_id = $1 AND member_id = ANY ($2::bigint[])',
    [merchantId, memberIds],
  );
  return new Map(result.rows.map((row) => [Number(row.member_id), { level: row.level, highestLevel: row.highest_level, changedAtMs: row.changed_at.getTime() }]));
}

export interface WithdrawalPerksRow {
  withdrawDailyCountExtra: number;
  withdrawFreeExtra: number;
  withdrawPriority: boolean;
}

/**
 * The withdrawal perks of a member's level, in one statement (it runs inside a withdrawal's
 * transaction): the ladder's level at or below the member's, as levelAt picks it (a ladder
 * shortened since keeps its members at its top); none where the merchant has no ladder.
 */
export async function selectWithdrawalPerks(db: Db, merchantId: number, memberId: number): Promise<WithdrawalPerksRow> {
  const result = await db.query<{ withdraw_daily_count_extra: number; withdraw_free_extra: number; withdraw_priority: boolean }>(
    `SELECT l.withdraw_daily_count_extra, l.withdraw_free_extra, l.withdraw_priority FROM vip_level l
      WHERE l.merchant_id = $1 AND l.level <= ${memberVipLevelSql('$1', '$2::bigint')}
      ORDER BY l.level DESC LIMIT 1`,
    [merchantId, memberId],
  );
  const row = result.rows[0];
  return row
    ? { withdrawDailyCountExtra: row.withdraw_daily_count_extra, withdrawFreeExtra: row.withdraw_free_extra, withdrawPriority: row.withdraw_priority }
    : { withdrawDailyCountExtra: 0, withdrawFreeExtra: 0, withdrawPriority: false };
}

/** Members above level 0. */
export async function selectRankedMembers(db: Db, merchantId: number): Promise<number[]> {
  const result = await db.query<{ member_id: string }>('SELECT member_id FROM vip_member WHERE merchant_id = $1 AND level > 0', [merchantId]);
  return result.rows.map((row) => Number(row.member_id));
}

/** Sets a member's level (creating its row), raising the highest level reached when it is higher. */
export async function setMemberLevel(db: Db, input: { merchantId: number; memberId: number; level: number; nowMs: number }): Promise<void> {
  await db.query(
    `INSERT INTO vip_member (merchant_id, member_id, level, highest_level, changed_at) VALUES ($1, $2, $3, $3, $4)
     ON CONFLICT (merchant_id, member_id) DO UPDATE SET level = EXCLUDED.level,
       highest_level = GREATEST(vip_member.highest_level, EXCLUDED.level), changed_at = EXCLUDED.changed_at`,
    [input.merchantId, input.memberId, input.level, new Date(input.nowMs)],
  );
}

export type ChangeReason = 'promotion' | 'relegation' | 'operator';

/** Records a change of level; a month end's second change of a member in one month is refused by the database. */
export async function insertChange(
  db: Db,
  input: { merchantId: number; memberId: number; fromLevel: number; toLevel: number; reason: ChangeReason; month: string | null; operatorId?: number | null; note?: string | null; nowMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO vip_level_change (merchant_id, member_id, from_level, to_level, reason, month, operator_id, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [input.merchantId, input.memberId, input.fromLevel, input.toLevel, input.reason, input.month, input.operatorId ?? null, input.note ?? null, new Date(input.nowMs)],
  );
}

export interface ChangeRow {
  fromLevel: number;
  toLevel: number;
  reason: ChangeReason;
  month: string | null;
  operatorId: number | null;
  note: string | null;
  createdAtMs: number;
}

export async function selectChanges(db: Db, merchantId: number, memberId: number, limit: number): Promise<ChangeRow[]> {
  const result = await db.query<{ from_level: number; to_level: number; reason: ChangeReason; month: string | null; operator_id: string | null; note: string | null; created_at: Date }>(
    `SELECT from_level, to_level, reason, month, operator_id, note, created_at FROM vip_level_change
      WHERE merchant_id = $1 AND member_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
    [merchantId, memberId, limit],
  );
  return result.rows.map((row) => ({
    fromLevel: row.from_level, toLevel: row.to_level, reason: row.reason, month: row.month,
    operatorId: row.operator_id === null ? null : Number(row.operator_id), note: row.note, createdAtMs: row.created_at.getTime(),
  }));
}

export interface MonthRunRow {
  month: string;
  ranAtMs: number;
  ranBy: string;
  promoted: number;
  relegated: number;
}

/** Claims a month end for this transaction; false when it was run already (after waiting for a runner still at it). */
export async function insertMonthRun(db: Db, input: { merchantId: number; month: string; ranBy: string; nowMs: number }): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO vip_month_run (merchant_id, month, ran_at, ran_by, promoted, relegated) VALUES ($1, $2, $3, $4, 0, 0)
     ON CONFLICT (merchant_id, month) DO NOTHING RETURNING month`,
    [input.merchantId, input.month, new Date(input.nowMs), input.ranBy],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function updateMonthRun(db: Db, input: { merchantId: number; month: string; promoted: number; relegated: number }): Promise<void> {
  await db.query('UPDATE vip_month_run SET promoted = $3, relegated = $4 WHERE merchant_id = $1 AND month = $2', [input.merchantId, input.month, input.promoted, input.relegated]);
}

export async function selectMonthRun(db: Db, merchantId: number, month: string): Promise<MonthRunRow | undefined> {
  const result = await db.query<{ month: string; ran_at: Date; ran_by: string; promoted: number; relegated: number }>(
    'SELECT month, ran_at, ran_by, promoted, relegated FROM vip_month_run WHERE merchant_id = $1 AND month = $2',
    [merchantId, month],
  );
  const row = result.rows[0];
  return row && { month: row.month, ranAtMs: row.ran_at.getTime(), ranBy: row.ran_by, promoted: row.promoted, relegated: row.relegated };
}

/** The merchants that have a ladder (a level above 0). */
export async function selectVipMerchants(db: Db): Promise<number[]> {
  const result = await db.query<{ merchant_id: number }>('SELECT DISTINCT merchant_id FROM vip_level WHERE level > 0 ORDER BY merchant_id');
  return result.rows.map((row) => row.merchant_id);
}

export interface Figures {
  turnoverMinor: number;
  depositMinor: number;
}

/**
 * Each member's valid stakes and credited deposits between two instants (from inclusive, to
 * exclusive), of the members given or (null) of every member with any: lottery bets settled won
 * or lost (a push, a cancelled or voided bet was refunded and counts nothing), the valid stake of
 * game rounds that ended settled (a rolled-back round counts nothing; trial play is no member's
 * money), deposits by the time they were credited.
 */
export async function selectFigures(db: Db, input: { merchantId: number; fromMs: number; toMs: number; memberIds: readonly number[] | null }): Promise<Map<number, Figures>> {
  const result = await db.query<{ member_id: string; turnover: string; deposit: string }>(
    `WITH f AS (
       SELECT b.member_id, b.amount_minor AS turnover, 0::bigint AS deposit FROM lottery_round r JOIN lottery_bet b ON b.round_id = r.id
        WHERE r.merchant_id = $1 AND r.state = 'settled' AND r.settled_at >= $2 AND r.settled_at < $3
          AND b.merchant_id = $1 AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
          AND ($4::bigint[] IS NULL OR b.member_id = ANY ($4::bigint[]))
       UNION ALL
       SELECT g.member_id, g.valid_bet_minor, 0 FROM game_round g
        WHERE g.merchant_id = $1 AND g.status = 'settled' AND NOT g.trial AND g.member_id IS NOT NULL AND g.ended_at >= $2 AND g.ended_at < $3
          AND ($4::bigint[] IS NULL OR g.member_id = ANY ($4::bigint[]))
       UNION ALL
       SELECT d.member_id, 0, d.credited_minor FROM deposit d
        WHERE d.merchant_id = $1 AND d.credited_minor IS NOT NULL AND d.settled_at >= $2 AND d.settled_at < $3
          AND ($4::bigint[] IS NULL OR d.member_id = ANY ($4::bigint[]))
     )
     SELECT member_id, sum(turnover)::text AS turnover, sum(deposit)::text AS deposit FROM f GROUP BY member_id`,
    [input.merchantId, new Date(input.fromMs), new Date(input.toMs), input.memberIds],
  );
  return new Map(result.rows.map((row) => [Number(row.member_id), { turnoverMinor: Number(row.turnover), depositMinor: Number(row.deposit) }]));
}

export type ClaimKind = 'upgrade' | 'salary';

export interface ClaimRow {
  kind: ClaimKind;
  level: number;
  period: string;
  amountMinor: number;
  claimedAtMs: number;
}

/** The member's claims (of the kinds and periods given, or all). */
export async function selectClaims(db: Db, merchantId: number, memberId: number): Promise<ClaimRow[]> {
  const result = await db.query<{ kind: ClaimKind; level: number; period: string; amount_minor: string; claimed_at: Date }>(
    'SELECT kind, level, period, amount_minor, claimed_at FROM vip_claim WHERE merchant_id = $1 AND member_id = $2 ORDER BY claimed_at DESC, id DESC',
    [merchantId, memberId],
  );
  return result.rows.map((row) => ({ kind: row.kind, level: row.level, period: row.period, amountMinor: Number(row.amount_minor), claimedAtMs: row.claimed_at.getTime() }));
}

export async function insertClaim(
  db: Db,
  input: { merchantId: number; memberId: number; kind: ClaimKind; level: number; period: string; amountMinor: number; wageringRequirementMinor: number; ledgerTransactionId: number; nowMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO vip_claim (merchant_id, member_id, kind, level, period, amount_minor, wagering_requirement_minor, ledger_transaction_id, claimed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [input.merchantId, input.memberId, input.kind, input.level, input.period, input.amountMinor, input.wageringRequirementMinor, input.ledgerTransactionId, new Date(input.nowMs)],
  );
}

/** A page of the member's claims between two instants, newest first, with their count and sum. */
export async function selectClaimPage(
  db: Db,
  input: { merchantId: number; memberId: number | null; fromMs: number | null; toMs: number | null; limit: number; offset: number },
): Promise<{ rows: (ClaimRow & { memberId: number; username: string })[]; count: number; sumMinor: number }> {
  const where = `c.merchant_id = $1 AND ($2::bigint IS NULL OR c.member_id = $2) AND ($3::timestamptz IS NULL OR c.claimed_at >= $3) AND ($4::timestamptz IS NULL OR c.claimed_at < $4)`;
  const params = [input.merchantId, input.memberId, input.fromMs === null ? null : new Date(input.fromMs), input.toMs === null ? null : new Date(input.toMs)];
  const [rows, totals] = await Promise.all([
    db.query<{ member_id: string; username: string; kind: ClaimKind; level: number; period: string; amount_minor: string; claimed_at: Date }>(
      `SELECT c.member_id, m.username, c.kind, c.level, c.period, c.amount_minor, c.claimed_at FROM vip_claim c JOIN member m ON m.id = c.member_id
        WHERE ${where} ORDER BY c.claimed_at DESC, c.id DESC LIMIT $5 OFFSET $6`,
      [...params, input.limit, input.offset],
    ),
    db.query<{ n: number; sum: string | null }>(`SELECT count(*)::int AS n, sum(c.amount_minor)::text AS sum FROM vip_claim c WHERE ${where}`, params),
  ]);
  return {
    rows: rows.rows.map((row) => ({
      memberId: Number(row.member_id), username: row.username, kind: row.kind, level: row.level, period: row.period,
      amountMinor: Number(row.amount_minor), claimedAtMs: row.claimed_at.getTime(),
    })),
    count: totals.rows[0].n,
    sumMinor: Number(totals.rows[0].sum ?? 0),
  };
}

/** A member of the merchant by username: its id and language. */
export async function selectMemberByUsername(db: Db, merchantId: number, username: string): Promise<{ id: number; username: string } | undefined> {
  const result = await db.query<{ id: string; username: string }>('SELECT id, username FROM member WHERE merchant_id = $1 AND lower(username) = lower($2)', [merchantId, username]);
  const row = result.rows[0];
  return row && { id: Number(row.id), username: row.username };
}

/**
 * SQL of a member's VIP level for other modules' queries (the rebate counts a day at each member's
 * level): `merchant` and `member` are SQL expressions (a parameter, a column). Level 0 without a row.
 */
export const memberVipLevelSql = (merchant: string, member: string): string =>
  `COALESCE((SELECT v.level FROM vip_member v WHERE v.merchant_id = ${merchant} AND v.member_id = ${member}), 0)`;
