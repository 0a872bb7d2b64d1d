import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { calendarOf, type MerchantMonth } from './vip.calendar';
import * as queries from './vip.queries';
import { levelAt, meetsKeep, meetsReach } from './vip.service';

// A month end (server/README.md, "VIP ranks"): once a month of the merchant's calendar has ended,
// its figures (settled stakes and credited deposits) no longer change, and every member's level
// is decided from them, in one transaction:
//   - promoted to the highest level above its own whose requirements it met (the month's turnover
//     and deposits, and the totals up to the month's end): a jump pays every level's upgrade bonus
//     passed (vip_member.highest_level);
//   - otherwise relegated one level when the month fell short of what keeping its level asks.
// A level given after the month ended is left alone by it. Levels change only here (and by an
// operator's hand), so a member's level is the same all month:
// the rebate counts its days at it, and the salary of a month is that level's. The run's row
// (vip_month_run, unique per merchant and month) is inserted first: a second runner (another
// replica, an operator) waits on its key, then finds it and changes nothing; and each member has
// at most one change per month (vip_level_change's unique index).

/** A month is decided this long after it ended: a settlement that started before midnight has committed. */
export const MONTH_CLOSE_GRACE_MS = 5 * 60_000;

export interface MonthEndResult {
  month: string;
  /** False when the month had been run already: the figures are that run's. */
  ran: boolean;
  ranBy: string;
  ranAtMs: number;
  promoted: number;
  relegated: number;
}

/** Decides one ended month of a merchant, once. */
export async function runMonthEnd(pool: pg.Pool, input: { merchantId: number; month: string; ranBy: string; nowMs: number }): Promise<MonthEndResult> {
  const calendar = await calendarOf(pool, input.merchantId);
  const month = calendar.month(input.month);
  if (!month || month.toMs + MONTH_CLOSE_GRACE_MS > input.nowMs) throw new AppError(400, 'vip.month.invalid', { month: input.month });
  const counts = await withTransaction(pool, async (client) => {
    if (!(await queries.insertMonthRun(client, { merchantId: input.merchantId, month: month.key, ranBy: input.ranBy, nowMs: input.nowMs }))) return undefined;
    const result = await decideIn(client, input.merchantId, month, input.nowMs);
    await queries.updateMonthRun(client, { merchantId: input.merchantId, month: month.key, ...result });
    return result;
  });
  if (counts) return { month: month.key, ran: true, ranBy: input.ranBy, ranAtMs: input.nowMs, ...counts };
  const run = (await queries.selectMonthRun(pool, input.merchantId, month.key))!;
  return { month: run.month, ran: false, ranBy: run.ranBy, ranAtMs: run.ranAtMs, promoted: run.promoted, relegated: run.relegated };
}

/**
 * A member's level after a month: the highest level above its own whose requirements the month's
 * figures and the totals met; else, when the month fell short of keeping its level, the level below;
 * else its own.
 */
export function decideLevel(levels: readonly queries.LevelRow[], fromLevel: number, month: queries.Figures, total: queries.Figures): number {
  const reached = [...levels].reverse().find((level) => level.level > fromLevel && meetsReach(level, month, total));
  if (reached) return reached.level;
  if (fromLevel > 0 && !meetsKeep(levelAt(levels, fromLevel), month)) return [...levels].reverse().find((level) => level.level < fromLevel)?.level ?? 0;
  return fromLevel;
}

async function decideIn(client: pg.PoolClient, merchantId: number, month: MerchantMonth, nowMs: number): Promise<{ promoted: number; relegated: number }> {
  const levels = await queries.selectLevels(client, merchantId);
  const result = { promoted: 0, relegated: 0 };
  if (levels.length < 2) return result;
  const monthFigures = await queries.selectFigures(client, { merchantId, fromMs: month.fromMs, toMs: month.toMs, memberIds: null });
  // Who may change: members active in the month, and members above level 0 (who may be relegated).
  const candidates = [...new Set([...monthFigures.keys(), ...(await queries.selectRankedMembers(client, merchantId))])].sort((a, b) => a - b);
  if (candidates.length === 0) return result;
  const totals = await queries.selectFigures(client, { merchantId, fromMs: 0, toMs: month.toMs, memberIds: candidates });
  const current = await queries.selectMemberLevels(client, merchantId, candidates);
  const none: queries.Figures = { turnoverMinor: 0, depositMinor: 0 };
  for (const memberId of candidates) {
    const now = current.get(memberId);
    // A level given after the month ended (by an operator, or by a later month's end when months
    // are decided out of order) is not judged by that month.
    if (now && now.changedAtMs >= month.toMs) continue;
    const fromLevel = levelAt(levels, now?.level ?? 0).level;
    const toLevel = decideLevel(levels, fromLevel, monthFigures.get(memberId) ?? none, totals.get(memberId) ?? none);
    if (toLevel === fromLevel) continue;
    await queries.setMemberLevel(client, { merchantId, memberId, level: toLevel, nowMs });
    await queries.insertChange(client, { merchantId, memberId, fromLevel, toLevel, reason: toLevel > fromLevel ? 'promotion' : 'relegation', month: month.key, nowMs });
    if (toLevel > fromLevel) result.promoted++;
    else result.relegated++;
  }
  return result;
}

/** The job's run: every merchant with a ladder has its last ended month decided, once. */
export async function runDueMonthEnds(pool: pg.Pool, nowMs: number): Promise<MonthEndResult[]> {
  const results: MonthEndResult[] = [];
  for (const merchantId of await queries.selectVipMerchants(pool)) {
    const calendar = await calendarOf(pool, merchantId);
    const month = calendar.previousMonth(nowMs);
    if (month.toMs + MONTH_CLOSE_GRACE_MS > nowMs) continue;
    if (await queries.selectMonthRun(pool, merchantId, month.key)) continue;
    results.push(await runMonthEnd(pool, { merchantId, month: month.key, ranBy: 'job', nowMs }));
  }
  return results;
}
