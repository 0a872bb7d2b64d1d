import { REBATE_CATEGORIES, REBATE_CLAIM_DAYS, type CustomerRebateSetting, type GlobalRebateSettings, type RebateCategory, type RebateDay, type RebateDisbursed } from '@platform/contract';
import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, minorToMajor, MINOR_PER_MAJOR, postTransactionIn } from '../ledger';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './rebate.queries';

// The betting rebate (server/README.md, "Betting rebate"; migration 058). A member earns, per
// closed day of the merchant's time zone and per product category, the settled stake × the rate
// of its VIP level (modules/vip, read when the day is counted), rounded down to whole minor units. A day is counted once, after it has ended
// (rebate.queries.ts countDayIn): its figures then never change, so what a member claims and what
// the job pays is the same amount whoever asks first. Each (member, day, category) is paid once,
// through the ledger (kind product_rebate, key rebate:<member>:<date>:<category>, from
// house_rebate), under the accrual row's lock: two claims at once, or a claim racing the job, pay
// once. Mode manual: the member claims a day (all of it, or one category) by sending exactly what
// remains; mode auto: the job pays every member's unpaid days and a claim is refused.

export const REBATE_KIND = 'product_rebate';
export const REBATE_HOUSE_ACCOUNT = 'house_rebate';
/**
 * A day is counted this long after it ended, not at once: a settlement that started before
 * midnight (its bets stamped with that time) has committed by then.
 */
export const CLOSE_GRACE_MS = 5 * 60_000;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → its UTC midnight; undefined for a date that does not exist. */
function dateMs(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : undefined;
}

const dateText = (utcMidnightMs: number): string => new Date(utcMidnightMs).toISOString().slice(0, 10);

/** A day of the merchant's calendar and the instants it runs over. */
export interface MerchantDay {
  balanceDate: string;
  fromMs: number;
  toMs: number;
}

/** The merchant's days: the time zone of its 'withdraw' setting (the one the P&L's days use). */
async function calendarOf(db: pg.Pool | pg.PoolClient, merchantId: number) {
  const { timeZoneOffsetMinutes } = await readWithdrawSettings(db, merchantId);
  const offsetMs = timeZoneOffsetMinutes * 60_000;
  return {
    dayOf: (balanceDate: string, midnightMs: number): MerchantDay => ({ balanceDate, fromMs: midnightMs - offsetMs, toMs: midnightMs + DAY_MS - offsetMs }),
    /** UTC midnight of the local date of `nowMs`. */
    todayMs: (nowMs: number) => Math.floor((nowMs + offsetMs) / DAY_MS) * DAY_MS,
  };
}

/**
 * The closed days a member may read and claim, newest first: yesterday back to REBATE_CLAIM_DAYS
 * days ago, yesterday only once its grace has passed.
 */
export async function closedDays(db: pg.Pool, merchantId: number, nowMs: number): Promise<MerchantDay[]> {
  const calendar = await calendarOf(db, merchantId);
  const todayMs = calendar.todayMs(nowMs);
  const days: MerchantDay[] = [];
  for (let back = 1; back <= REBATE_CLAIM_DAYS; back++) {
    const day = calendar.dayOf(dateText(todayMs - back * DAY_MS), todayMs - back * DAY_MS);
    if (day.toMs + CLOSE_GRACE_MS <= nowMs) days.push(day);
  }
  return days;
}

/** The day asked for, refused unless it is closed and within the claim window. */
async function closedDay(db: pg.Pool, merchantId: number, balanceDate: string, nowMs: number): Promise<MerchantDay> {
  const midnightMs = dateMs(balanceDate);
  if (midnightMs === undefined) throw new AppError(400, 'rebate.date.invalid', { days: String(REBATE_CLAIM_DAYS) });
  const calendar = await calendarOf(db, merchantId);
  const day = calendar.dayOf(balanceDate, midnightMs);
  if (day.toMs + CLOSE_GRACE_MS > nowMs) throw new AppError(409, 'rebate.day.not.closed');
  if (midnightMs < calendar.todayMs(nowMs) - REBATE_CLAIM_DAYS * DAY_MS) throw new AppError(400, 'rebate.date.invalid', { days: String(REBATE_CLAIM_DAYS) });
  return day;
}

/** Counts a closed day for the whole merchant unless it was counted already. */
export async function ensureDayCounted(pool: pg.Pool, merchantId: number, day: MerchantDay, nowMs: number): Promise<void> {
  const counted = await pool.query('SELECT 1 FROM rebate_day WHERE merchant_id = $1 AND balance_date = $2::date', [merchantId, day.balanceDate]);
  if (counted.rowCount) return;
  await withTransaction(pool, (client) => queries.countDayIn(client, { merchantId, ...day, nowMs }));
}

export interface RebateCaller {
  merchantId: number;
  memberId: number;
  nowMs: number;
}

const ZERO_BY_CATEGORY = (): Record<RebateCategory, number> => ({ lott: 0, elott: 0, fish: 0, live: 0, pvp: 0, rng: 0, sports: 0 });

function dayOnWire(balanceDate: string, mode: RebateDay['mode'], accruals: readonly queries.AccrualRow[]): RebateDay {
  const remain = ZERO_BY_CATEGORY();
  let paidMinor = 0;
  for (const accrual of accruals) {
    if (accrual.paid) paidMinor += accrual.amountMinor;
    else remain[accrual.category] += accrual.amountMinor;
  }
  const totalMinor = REBATE_CATEGORIES.reduce((sum, category) => sum + remain[category], 0);
  return {
    balanceDate,
    mode,
    lottRemain: minorToMajor(remain.lott),
    elottRemain: minorToMajor(remain.elott),
    lotteryRemain: minorToMajor(remain.lott + remain.elott),
    fishRemain: minorToMajor(remain.fish),
    liveRemain: minorToMajor(remain.live),
    pvpRemain: minorToMajor(remain.pvp),
    rngRemain: minorToMajor(remain.rng),
    sportsRemain: minorToMajor(remain.sports),
    totalRemain: minorToMajor(totalMinor),
    totalPaid: minorToMajor(paidMinor),
  };
}

/** ODSFE2_getRebate: what remains of a closed day, per category. */
export async function rebateDay(pool: pg.Pool, caller: RebateCaller, balanceDate: string): Promise<RebateDay> {
  const day = await closedDay(pool, caller.merchantId, balanceDate, caller.nowMs);
  const { mode } = await queries.selectSettings(pool, caller.merchantId);
  await ensureDayCounted(pool, caller.merchantId, day, caller.nowMs);
  return dayOnWire(balanceDate, mode, await queries.selectAccruals(pool, { ...caller, balanceDate }));
}

/**
 * Pays the accruals given (locked, unpaid) of one member and day, each in its own ledger movement
 * keyed by member, day and category: a replay of a key moves nothing.
 */
async function payIn(
  client: pg.PoolClient,
  input: { merchantId: number; memberId: number; balanceDate: string; accruals: readonly queries.AccrualRow[]; by: 'claim' | 'auto'; nowMs: number },
): Promise<number> {
  if (input.accruals.length === 0) return 0;
  const house = await ensureHouseAccount(client, input.merchantId, REBATE_HOUSE_ACCOUNT, input.nowMs);
  const wallet = await ensureMemberAccount(client, input.merchantId, input.memberId, 'REAL', input.nowMs);
  let paidMinor = 0;
  for (const accrual of input.accruals) {
    const posted = await postTransactionIn(client, {
      merchantId: input.merchantId,
      idempotencyKey: `rebate:${input.memberId}:${input.balanceDate}:${accrual.category}`,
      kind: REBATE_KIND,
      unit: 'REAL',
      postings: [
        { accountId: house, amountMinor: -accrual.amountMinor },
        { accountId: wallet, amountMinor: accrual.amountMinor },
      ],
      nowMs: input.nowMs,
      orderNo: `RB${input.balanceDate.replace(/-/g, '')}`,
      remark: `${input.balanceDate} ${accrual.category}`,
    });
    await queries.markPaid(client, { ...input, category: accrual.category, ledgerTransactionId: posted.transactionId });
    if (!posted.replayed) paidMinor += accrual.amountMinor;
  }
  return paidMinor;
}

export interface DisburseInput {
  balanceDate: string;
  rebateAmount: number;
  categories?: readonly RebateCategory[];
}

/**
 * ODSFE2_rebateDisburse: pays what remains of a closed day (of the categories given, or all) when the
 * amount sent is exactly that; anything else is refused and changes nothing. Refused in mode auto.
 */
export async function disburseRebate(pool: pg.Pool, caller: RebateCaller, input: DisburseInput): Promise<RebateDisbursed> {
  const day = await closedDay(pool, caller.merchantId, input.balanceDate, caller.nowMs);
  const { mode } = await queries.selectSettings(pool, caller.merchantId);
  if (mode === 'auto') throw new AppError(409, 'rebate.mode.auto');
  await ensureDayCounted(pool, caller.merchantId, day, caller.nowMs);
  const askedMinor = Math.round(input.rebateAmount * MINOR_PER_MAJOR);
  const paidMinor = await withTransaction(pool, async (client) => {
    const accruals = await queries.selectAccruals(client, { ...caller, balanceDate: input.balanceDate, categories: input.categories, lock: true });
    const unpaid = accruals.filter((accrual) => !accrual.paid);
    const remainMinor = unpaid.reduce((sum, accrual) => sum + accrual.amountMinor, 0);
    if (remainMinor === 0) throw new AppError(409, 'rebate.nothing.to.claim');
    if (askedMinor !== remainMinor) throw new AppError(409, 'rebate.amount.mismatch', { remain: minorToMajor(remainMinor).toFixed(2) });
    return payIn(client, { ...caller, balanceDate: input.balanceDate, accruals: unpaid, by: 'claim' });
  });
  const [balanceMinor, accruals] = await Promise.all([
    memberBalanceMinor(pool, caller.merchantId, caller.memberId),
    queries.selectAccruals(pool, { ...caller, balanceDate: input.balanceDate }),
  ]);
  return { paid: minorToMajor(paidMinor), balance: minorToMajor(balanceMinor), day: dayOnWire(input.balanceDate, mode, accruals) };
}

export interface AutoRunResult {
  /** Days counted by this run. */
  daysCounted: number;
  /** Members paid, and what they were paid. */
  members: number;
  paidMinor: number;
}

const MEMBERS_PER_BATCH = 200;

/**
 * The job's run: for every merchant in mode auto, each closed day of the claim window is counted
 * (once) and every member's unpaid accruals of it are paid, one transaction per member and day
 * under the accruals' locks, so a second runner, a crash halfway or a member's claim at the same
 * moment pays nothing twice.
 */
export async function payAutoRebates(pool: pg.Pool, nowMs: number): Promise<AutoRunResult> {
  const result: AutoRunResult = { daysCounted: 0, members: 0, paidMinor: 0 };
  for (const merchantId of await queries.selectAutoMerchants(pool)) {
    for (const day of (await closedDays(pool, merchantId, nowMs)).reverse()) {
      const counted = await withTransaction(pool, (client) => queries.countDayIn(client, { merchantId, ...day, nowMs }));
      if (counted) result.daysCounted++;
      for (let after = 0; ; ) {
        const members = await queries.selectUnpaidMembers(pool, merchantId, day.balanceDate, after, MEMBERS_PER_BATCH);
        for (const memberId of members) {
          const paid = await withTransaction(pool, async (client) => {
            const accruals = await queries.selectAccruals(client, { merchantId, memberId, balanceDate: day.balanceDate, lock: true });
            return payIn(client, { merchantId, memberId, balanceDate: day.balanceDate, accruals: accruals.filter((accrual) => !accrual.paid), by: 'auto', nowMs });
          });
          if (paid > 0) {
            result.members++;
            result.paidMinor += paid;
          }
        }
        if (members.length < MEMBERS_PER_BATCH) break;
        after = members[members.length - 1];
      }
    }
  }
  return result;
}

const percentOf = (rateBp: number): number => rateBp / 100;

/** MCSFE_getGlobalRebateSettingsByProductType: every level's rate per product type, and the mode. */
export async function globalRebateSettings(pool: pg.Pool, merchantId: number): Promise<GlobalRebateSettings> {
  const settings = await queries.selectSettings(pool, merchantId);
  return {
    mode: settings.mode,
    list: settings.rates.map((rate) => ({ productType: rate.category, vipLevel: rate.vipLevel, rebateValue: percentOf(rate.rateBp) })),
  };
}

/** MCS2_getCustomerRebateSettingByProductType: the caller's level's rate of every product type (0 where none is set), and the days it may claim. */
export async function customerRebateSetting(pool: pg.Pool, merchantId: number, memberId: number, nowMs: number): Promise<CustomerRebateSetting> {
  const [settings, vipLevel] = await Promise.all([queries.selectSettings(pool, merchantId), queries.selectMemberVipLevel(pool, merchantId, memberId)]);
  const rateOf = (category: RebateCategory) => settings.rates.find((rate) => rate.vipLevel === vipLevel && rate.category === category)?.rateBp ?? 0;
  return {
    mode: settings.mode,
    vipLevel,
    list: REBATE_CATEGORIES.map((category) => ({ productType: category, rebateValue: percentOf(rateOf(category)) })),
    balanceDates: (await closedDays(pool, merchantId, nowMs)).map((day) => day.balanceDate),
  };
}
