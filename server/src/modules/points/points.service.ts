import type { PointConfig, PointConverted, PointItem, PointRedeem, PointRedeemed, PointRedeemList } from '@platform/contract';
import type pg from 'pg';
import type { SecretsKey } from '../../secrets-key';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import type { MessageLanguage, MessageTexts } from '../../i18n/messages';
import {
  ensureHouseAccount,
  ensureMemberAccount,
  ensureMemberPointsAccount,
  IdempotencyConflictError,
  InsufficientFundsError,
  memberBalanceMinor,
  minorToMajor,
  postTransaction,
  postTransactionIn,
  type PostedTransaction,
} from '../ledger';
import { grantTickets } from '../prize-wheel';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './points.queries';

// Points and the point mall (server/README.md, "Points"; migration 061).
//
// Points are a ledger unit (POINT): a member's points are the balance of its member_points
// account, moved only by ledger transactions against house_points, so they have money's
// guarantees (double entry, one movement per idempotency key, reconciliation, never below zero).
// One unit of balance is one point; points never expire.
//
// Earning is counted per closed day of the merchant's calendar (the betting rebate's time zone),
// by a periodic job (points.job.ts), not at each bet or at deposit approval: a day's settled
// stakes per category are only final once the day has ended (a bet settles hours after it is
// placed, a round can be rolled back), and reading a closed day's deposits from the ledger earns
// for every way a deposit is credited (gateway, manual approval, C2C) without the deposit module
// knowing about points. Each credit has its own ledger key, point_earn:<member>:<date>:<category>
// or point_earn:deposit:<deposit's ledger transaction>, so a day counted twice (two runners, a
// crash halfway, an operator's recount) credits each source once; the first count of a source
// stands (a recount finding other figures credits nothing more for it).
//
// Spending (a redeem, a conversion) runs in one database transaction that first takes the
// member's spend lock (an advisory lock: ledger rows are read-only to the application), so a member's spends are one at a time: a replay of the same
// Idempotency-Key finds the first's row and answers it; then the item's row is locked (stock),
// the balance, the member's limit and the stock are checked, and the points debit, the reward and
// the record are written together or not at all.

export const POINT_HOUSE_ACCOUNT = 'house_points';
/** The house account real money given for points comes from (mall credits and bonuses, conversions). */
export const POINT_MALL_HOUSE_ACCOUNT = 'house_point_mall';

export const POINT_KINDS = {
  earn: 'point_earn',
  redeem: 'point_redeem',
  convert: 'point_convert',
  adjustment: 'point_adjustment',
  promotion: 'point_promotion',
  mallCredit: 'point_mall_credit',
  mallBonus: 'point_mall_bonus',
} as const;

/** A point credit's ledger kind: point_<what> (records.service.ts names the known ones). */
const POINT_KIND = /^point_[a-z_]{1,34}$/;

/** How many closed days back the job counts (a day missed while no replica ran is caught up). */
export const POINT_EARN_DAYS = 3;
/** A day is counted this long after it ended: a settlement begun before midnight has committed by then. */
export const CLOSE_GRACE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

// ── Crediting points ──

export interface CreditPointsInput {
  merchantId: number;
  memberId: number;
  /** Whole points, > 0. */
  points: number;
  /** The ledger kind: point_earn, point_promotion, … */
  kind: string;
  /** Once per key: the same key again credits nothing (another number of points under it is refused). */
  idempotencyKey: string;
  nowMs: number;
  remark?: string;
}

/**
 * Credits a member's points from house_points inside the caller's transaction (`client`): for
 * other modules (a promotion's reward in points), with their own writes. A replay of the key
 * answers replayed: true; the same key with another amount throws IdempotencyConflictError.
 */
export async function creditPoints(client: pg.PoolClient, input: CreditPointsInput): Promise<PostedTransaction> {
  if (!Number.isSafeInteger(input.points) || input.points <= 0) throw new Error(`Points are whole numbers above 0, not ${input.points}`);
  if (!POINT_KIND.test(input.kind)) throw new Error(`A points movement's kind is point_<what>, not ${input.kind}`);
  const member = await ensureMemberPointsAccount(client, input.merchantId, input.memberId, input.nowMs);
  const house = await ensureHouseAccount(client, input.merchantId, POINT_HOUSE_ACCOUNT, input.nowMs);
  return postTransactionIn(client, {
    merchantId: input.merchantId,
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    unit: 'POINT',
    postings: [
      { accountId: house, amountMinor: -input.points },
      { accountId: member, amountMinor: input.points },
    ],
    nowMs: input.nowMs,
    remark: input.remark,
  });
}

// ── Earning ──

export interface MerchantDay {
  balanceDate: string;
  fromMs: number;
  toMs: number;
}

const dateText = (utcMidnightMs: number): string => new Date(utcMidnightMs).toISOString().slice(0, 10);

/** The merchant's calendar: the time zone of its 'withdraw' setting (the rebate's and the P&L's). */
async function calendarOf(db: pg.Pool, merchantId: number) {
  const { timeZoneOffsetMinutes } = await readWithdrawSettings(db, merchantId);
  const offsetMs = timeZoneOffsetMinutes * 60_000;
  return {
    dayOf: (midnightMs: number): MerchantDay => ({ balanceDate: dateText(midnightMs), fromMs: midnightMs - offsetMs, toMs: midnightMs + DAY_MS - offsetMs }),
    todayMs: (nowMs: number) => Math.floor((nowMs + offsetMs) / DAY_MS) * DAY_MS,
  };
}

/** Points for an amount: every whole perAmountMinor earns `points`. */
export const pointsFor = (amountMinor: number, rule: { perAmountMinor: number; points: number }): number =>
  amountMinor <= 0 ? 0 : Math.floor(amountMinor / rule.perAmountMinor) * rule.points;

export interface EarnResult {
  /** Credits made now (replays and sources already credited are not counted). */
  credits: number;
  points: number;
}

/** Credits one source, once; a source credited before (a replay, or other figures) adds nothing. */
async function creditOnce(pool: pg.Pool, input: CreditPointsInput, result: EarnResult): Promise<void> {
  try {
    const posted = await withTransaction(pool, (client) => creditPoints(client, input));
    if (!posted.replayed) {
      result.credits++;
      result.points += input.points;
    }
  } catch (error) {
    if (!(error instanceof IdempotencyConflictError)) throw error;
  }
}

/** Earns a day's points for every member of the merchant: its settled stakes per category and its deposits. */
export async function earnDay(pool: pg.Pool, merchantId: number, day: MerchantDay, nowMs: number): Promise<EarnResult> {
  const result: EarnResult = { credits: 0, points: 0 };
  const { rules } = await queries.selectSettings(pool, merchantId);
  const ruleOf = new Map(rules.filter((rule) => rule.points > 0).map((rule) => [rule.source, rule]));
  if (ruleOf.size === 0) return result;
  for (const stake of await queries.selectDayStakes(pool, merchantId, day.fromMs, day.toMs)) {
    const rule = ruleOf.get(stake.category);
    const points = rule ? pointsFor(stake.stakeMinor, rule) : 0;
    if (points <= 0) continue;
    await creditOnce(pool, {
      merchantId, memberId: stake.memberId, points, kind: POINT_KINDS.earn, nowMs,
      idempotencyKey: `${POINT_KINDS.earn}:${stake.memberId}:${day.balanceDate}:${stake.category}`,
      remark: `${day.balanceDate} ${stake.category} ${minorToMajor(stake.stakeMinor).toFixed(2)}`,
    }, result);
  }
  const depositRule = ruleOf.get('deposit');
  if (depositRule) {
    for (const deposit of await queries.selectDayDeposits(pool, merchantId, day.fromMs, day.toMs)) {
      const points = pointsFor(deposit.amountMinor, depositRule);
      if (points <= 0) continue;
      await creditOnce(pool, {
        merchantId, memberId: deposit.memberId, points, kind: POINT_KINDS.earn, nowMs,
        idempotencyKey: `${POINT_KINDS.earn}:deposit:${deposit.transactionId}`,
        remark: `${day.balanceDate} deposit ${minorToMajor(deposit.amountMinor).toFixed(2)}`,
      }, result);
    }
  }
  return result;
}

export interface EarnRunResult extends EarnResult {
  daysCounted: number;
}

/**
 * The job's run: for every merchant with an earning rule, each closed day of the last
 * POINT_EARN_DAYS not counted yet is counted, oldest first, then marked counted.
 */
export async function earnClosedDays(pool: pg.Pool, nowMs: number): Promise<EarnRunResult> {
  const result: EarnRunResult = { daysCounted: 0, credits: 0, points: 0 };
  for (const merchantId of await queries.selectEarningMerchants(pool)) {
    const calendar = await calendarOf(pool, merchantId);
    const todayMs = calendar.todayMs(nowMs);
    for (let back = POINT_EARN_DAYS; back >= 1; back--) {
      const day = calendar.dayOf(todayMs - back * DAY_MS);
      if (day.toMs + CLOSE_GRACE_MS > nowMs || (await queries.dayCounted(pool, merchantId, day.balanceDate))) continue;
      const earned = await earnDay(pool, merchantId, day, nowMs);
      await queries.markDayCounted(pool, merchantId, day.balanceDate, nowMs);
      result.daysCounted++;
      result.credits += earned.credits;
      result.points += earned.points;
    }
  }
  return result;
}

/** An operator's (re)count of one closed day: credits whatever of it was not credited yet. */
export async function earnDayByOperator(pool: pg.Pool, merchantId: number, balanceDate: string, nowMs: number): Promise<EarnResult & { balanceDate: string }> {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(balanceDate);
  const midnightMs = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || dateText(midnightMs) !== balanceDate) throw new AppError(400, 'operator.point.invalid', { detail: `${balanceDate} is not a date` });
  const calendar = await calendarOf(pool, merchantId);
  const day = calendar.dayOf(midnightMs);
  if (day.toMs + CLOSE_GRACE_MS > nowMs) throw new AppError(409, 'point.day.not.closed');
  const earned = await earnDay(pool, merchantId, day, nowMs);
  await queries.markDayCounted(pool, merchantId, day.balanceDate, nowMs);
  return { ...earned, balanceDate };
}

// ── What members read ──

const textIn = (texts: Partial<MessageTexts>, language: MessageLanguage): string => texts[language] || texts.EN || Object.values(texts).find(Boolean) || '';

export async function pointBalance(pool: pg.Pool, merchantId: number, memberId: number): Promise<{ point: number }> {
  return { point: await queries.selectPointBalance(pool, merchantId, memberId) };
}

/** The enabled catalogue; with a member, how often it redeemed each item. */
export async function catalogue(pool: pg.Pool, merchantId: number, memberId: number | null, language: MessageLanguage): Promise<{ list: PointItem[] }> {
  const [items, counts] = await Promise.all([
    queries.selectItems(pool, merchantId, true),
    memberId === null ? Promise.resolve(undefined) : queries.selectRedeemCounts(pool, merchantId, memberId),
  ]);
  return {
    list: items.map((item) => ({
      itemId: item.id,
      kind: item.kind,
      name: textIn(item.names, language),
      description: textIn(item.descriptions, language),
      imageUrl: item.imageUrl,
      point: item.pricePoints,
      amount: item.amountMinor === null ? null : minorToMajor(item.amountMinor),
      wageringMultiple: item.wageringMultiple,
      ticketCount: item.ticketCount,
      stock: item.stock,
      memberLimit: item.memberLimit,
      redeemed: counts ? (counts.get(item.id) ?? 0) : null,
    })),
  };
}

export async function pointConfig(pool: pg.Pool, merchantId: number): Promise<PointConfig> {
  const settings = await queries.selectSettings(pool, merchantId);
  const convert = settings.convert;
  return {
    earnRules: settings.rules.filter((rule) => rule.points > 0).map((rule) => ({ source: rule.source, perAmount: minorToMajor(rule.perAmountMinor), point: rule.points })),
    convertEnabled: convert !== null && convert.enabled && convert.amountMinor > 0,
    convertPoint: convert?.points ?? 0,
    convertAmount: convert ? minorToMajor(convert.amountMinor) : 0,
    minConvertPoint: convert?.minPoints ?? 0,
  };
}

export const redeemOnWire = (redeem: queries.RedeemRow, language: MessageLanguage): PointRedeem => ({
  redeemId: redeem.id,
  itemId: redeem.itemId,
  name: textIn(redeem.itemNames, language),
  kind: redeem.kind,
  point: redeem.points,
  amount: redeem.amountMinor === null ? null : minorToMajor(redeem.amountMinor),
  ticketCount: redeem.ticketCount,
  deliveryStatus: redeem.deliveryStatus,
  redeemTime: redeem.createdAtMs,
  deliveredTime: redeem.deliveredAtMs,
});

export async function redeemHistory(pool: pg.Pool, input: { merchantId: number; memberId: number; page: number; size: number; language: MessageLanguage }): Promise<PointRedeemList> {
  const page = await queries.selectRedeems(pool, { merchantId: input.merchantId, memberId: input.memberId, limit: input.size, offset: (input.page - 1) * input.size });
  return { list: page.rows.map((row) => redeemOnWire(row, input.language)), totalPages: Math.ceil(page.total / input.size), footer: { point: page.points } };
}

// ── Spending ──

export interface RedeemInput {
  merchantId: number;
  memberId: number;
  itemId: number;
  /** The client's Idempotency-Key: one redeem per key and member. */
  idempotencyKey: string;
  nowMs: number;
  language: MessageLanguage;
}

/**
 * Redeems an item (the caller checked the payment password): see the head of this file. Tickets
 * need the secrets key (the prize wheel seals the member's seed with it).
 */
export async function redeemItem(pool: pg.Pool, secretsKey: SecretsKey, input: RedeemInput): Promise<PointRedeemed> {
  const { merchantId, memberId, idempotencyKey, nowMs } = input;
  const outcome = await withTransaction(pool, async (client) => {
    const account = await ensureMemberPointsAccount(client, merchantId, memberId, nowMs);
    const balance = await queries.lockPointsAccount(client, memberId, account);
    const earlier = await queries.selectRedeemByKey(client, merchantId, memberId, idempotencyKey);
    if (earlier) {
      if (earlier.itemId !== input.itemId) throw new AppError(409, 'wallet.idempotency.conflict');
      return { redeem: earlier, point: balance, replayed: true };
    }
    const item = await queries.selectItem(client, merchantId, input.itemId, true);
    if (!item) throw new AppError(404, 'point.item.not.found');
    if (!item.enabled) throw new AppError(409, 'point.item.unavailable');
    if (item.stock !== null && item.stock < 1) throw new AppError(409, 'point.item.sold.out');
    if (item.memberLimit !== null && (await queries.countMemberRedeems(client, merchantId, memberId, item.id)) >= item.memberLimit) {
      throw new AppError(409, 'point.limit.reached', { limit: String(item.memberLimit) });
    }
    if (balance < item.pricePoints) throw new AppError(409, 'point.insufficient', { points: String(item.pricePoints) });

    const house = await ensureHouseAccount(client, merchantId, POINT_HOUSE_ACCOUNT, nowMs);
    const remark = textIn(item.names, 'EN').slice(0, 200);
    const spent = await postTransactionIn(client, {
      merchantId,
      idempotencyKey: `${POINT_KINDS.redeem}:${memberId}:${idempotencyKey}`,
      kind: POINT_KINDS.redeem,
      unit: 'POINT',
      postings: [
        { accountId: account, amountMinor: -item.pricePoints },
        { accountId: house, amountMinor: item.pricePoints },
      ],
      nowMs,
      remark,
    });
    await queries.takeStock(client, item.id);

    let rewardTransactionId: number | null = null;
    if ((item.kind === 'credit' || item.kind === 'bonus') && item.amountMinor !== null) {
      const wallet = await ensureMemberAccount(client, merchantId, memberId, 'REAL', nowMs);
      const mall = await ensureHouseAccount(client, merchantId, POINT_MALL_HOUSE_ACCOUNT, nowMs);
      const kind = item.kind === 'credit' ? POINT_KINDS.mallCredit : POINT_KINDS.mallBonus;
      const paid = await postTransactionIn(client, {
        merchantId,
        idempotencyKey: `${kind}:${memberId}:${idempotencyKey}`,
        kind,
        unit: 'REAL',
        postings: [
          { accountId: mall, amountMinor: -item.amountMinor },
          { accountId: wallet, amountMinor: item.amountMinor },
        ],
        nowMs,
        remark,
        // A bonus is staked wageringMultiple × before it can be withdrawn (modules/wagering, BONUS_KINDS).
        ...(item.kind === 'bonus' ? { wageringRequirementMinor: item.amountMinor * (item.wageringMultiple ?? 0) } : {}),
      });
      rewardTransactionId = paid.transactionId;
    }
    if (item.kind === 'tickets' && item.ticketCount !== null) {
      await grantTickets(client, secretsKey, { merchantId, memberId, count: item.ticketCount, source: `point_mall:${spent.transactionId}`, nowMs });
    }
    const redeemId = await queries.insertRedeem(client, {
      merchantId, memberId, itemId: item.id, idempotencyKey, kind: item.kind, itemNames: item.names, points: item.pricePoints,
      amountMinor: item.amountMinor, ticketCount: item.ticketCount, ledgerTransactionId: spent.transactionId, rewardTransactionId, nowMs,
    });
    const redeem = await queries.selectRedeem(client, merchantId, redeemId);
    return { redeem: redeem!, point: balance - item.pricePoints, replayed: false };
  });
  return { redeem: redeemOnWire(outcome.redeem, input.language), point: outcome.point, replayed: outcome.replayed };
}

export interface ConvertInput {
  merchantId: number;
  memberId: number;
  points: number;
  idempotencyKey: string;
  nowMs: number;
}

/** Converts points to main-wallet money at the merchant's rate (the caller checked the payment password). */
export async function convertPoints(pool: pg.Pool, input: ConvertInput): Promise<PointConverted> {
  const { merchantId, memberId, idempotencyKey, nowMs } = input;
  const outcome = await withTransaction(pool, async (client) => {
    const account = await ensureMemberPointsAccount(client, merchantId, memberId, nowMs);
    const balance = await queries.lockPointsAccount(client, memberId, account);
    const earlier = await queries.selectConversionByKey(client, merchantId, memberId, idempotencyKey);
    if (earlier) {
      if (earlier.points !== input.points) throw new AppError(409, 'wallet.idempotency.conflict');
      return { ...earlier, pointBalance: balance, replayed: true };
    }
    const { convert } = await queries.selectSettings(client, merchantId);
    if (!convert || !convert.enabled || convert.amountMinor <= 0) throw new AppError(409, 'point.convert.disabled');
    if (input.points < convert.minPoints) throw new AppError(400, 'point.convert.too.small', { points: String(convert.minPoints) }, { minConvertPoint: convert.minPoints });
    if (input.points % convert.points !== 0) throw new AppError(400, 'point.convert.not.multiple', { points: String(convert.points) }, { convertPoint: convert.points });
    if (balance < input.points) throw new AppError(409, 'point.insufficient', { points: String(input.points) });
    const amountMinor = (input.points / convert.points) * convert.amountMinor;

    const house = await ensureHouseAccount(client, merchantId, POINT_HOUSE_ACCOUNT, nowMs);
    const spent = await postTransactionIn(client, {
      merchantId,
      idempotencyKey: `${POINT_KINDS.convert}:${memberId}:${idempotencyKey}:points`,
      kind: POINT_KINDS.convert,
      unit: 'POINT',
      postings: [
        { accountId: account, amountMinor: -input.points },
        { accountId: house, amountMinor: input.points },
      ],
      nowMs,
    });
    const wallet = await ensureMemberAccount(client, merchantId, memberId, 'REAL', nowMs);
    const mall = await ensureHouseAccount(client, merchantId, POINT_MALL_HOUSE_ACCOUNT, nowMs);
    const paid = await postTransactionIn(client, {
      merchantId,
      idempotencyKey: `${POINT_KINDS.convert}:${memberId}:${idempotencyKey}:money`,
      kind: POINT_KINDS.convert,
      unit: 'REAL',
      postings: [
        { accountId: mall, amountMinor: -amountMinor },
        { accountId: wallet, amountMinor },
      ],
      nowMs,
      remark: `${input.points} points`,
    });
    await queries.insertConversion(client, {
      merchantId, memberId, idempotencyKey, points: input.points, amountMinor, pointsTransactionId: spent.transactionId, moneyTransactionId: paid.transactionId, nowMs,
    });
    return { points: input.points, amountMinor, pointBalance: balance - input.points, replayed: false };
  });
  return {
    point: outcome.points,
    amount: minorToMajor(outcome.amountMinor),
    pointBalance: outcome.pointBalance,
    balance: minorToMajor(await memberBalanceMinor(pool, merchantId, memberId)),
    replayed: outcome.replayed,
  };
}

// ── Operators ──

/** An operator's adjustment of a member's points (signed; a debit never below zero), once per key. */
export async function adjustPoints(
  pool: pg.Pool,
  input: { merchantId: number; username: string; points: number; reason: string; operatorId: number; idempotencyKey: string; nowMs: number },
): Promise<{ username: string; point: number; replayed: boolean }> {
  const member = await queries.selectRealMember(pool, input.merchantId, input.username);
  if (!member) throw new AppError(404, 'operator.member.not.found');
  if (!Number.isSafeInteger(input.points) || input.points === 0) throw new AppError(400, 'operator.point.invalid', { detail: 'points: a whole number, not 0' });
  const account = await ensureMemberPointsAccount(pool, input.merchantId, member.id, input.nowMs);
  const house = await ensureHouseAccount(pool, input.merchantId, POINT_HOUSE_ACCOUNT, input.nowMs);
  let posted: PostedTransaction;
  try {
    posted = await postTransaction(pool, {
      merchantId: input.merchantId,
      idempotencyKey: `${POINT_KINDS.adjustment}:${input.operatorId}:${input.idempotencyKey}`,
      kind: POINT_KINDS.adjustment,
      unit: 'POINT',
      postings: [
        { accountId: account, amountMinor: input.points },
        { accountId: house, amountMinor: -input.points },
      ],
      nowMs: input.nowMs,
      remark: input.reason.slice(0, 200),
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError(409, 'point.insufficient', { points: String(-input.points) });
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'wallet.idempotency.conflict');
    throw error;
  }
  return { username: member.username, point: await queries.selectPointBalance(pool, input.merchantId, member.id), replayed: posted.replayed };
}

/** Marks a physical item's redeem delivered, once. */
export async function deliverRedeem(pool: pg.Pool, input: { merchantId: number; redeemId: number; by: string; note: string | null; nowMs: number }): Promise<queries.RedeemRow> {
  const done = await queries.markDelivered(pool, input);
  const redeem = await queries.selectRedeem(pool, input.merchantId, input.redeemId);
  if (!redeem) throw new AppError(404, 'point.redeem.not.found');
  if (!done) {
    if (redeem.kind !== 'physical') throw new AppError(409, 'point.redeem.not.physical');
    throw new AppError(409, 'point.redeem.delivered');
  }
  return redeem;
}
