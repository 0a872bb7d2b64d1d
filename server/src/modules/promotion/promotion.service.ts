import type pg from 'pg';
import type { PromotionClaimed, PromotionDetail, PromotionEntry } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import type { SecretsKey } from '../../secrets-key';
import { ensureHouseAccount, ensureMemberAccount, MINOR_PER_MAJOR, memberBalanceMinor, minorToMajor, postTransactionIn } from '../ledger';
import { creditPoints, POINT_KINDS } from '../points';
import { grantTickets } from '../prize-wheel';
import { memberProfit } from '../profit';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './promotion.queries';
import { ONCE, requirementMinorOf, standingOf, streakDayOf, type MemberFacts, type PeriodFacts, type Standing } from './promotion.rules';

// Promotions a member receives (server/README.md, "Promotions"). Where a member stands is worked
// out from the facts each time (promotion.rules.ts): nothing is stored for a bonus until it is
// claimed, so a rule changed by an operator, a deposit approved or a deadline passed shows at
// once. A claim runs in one transaction: it locks the member's row of the promotion, works the
// standing out again from what the transaction reads, writes the identities of a once-per-person
// promotion, posts the bonus (ledger kind promotion, key promotion:<claim id>, from the house's
// promotions account, with the wagering requirement it asks) and marks the row claimed. Two claims
// at once wait for each other on the row: the second finds it claimed and pays nothing.

export const PROMOTION_KIND = 'promotion';
export const PROMOTION_HOUSE_ACCOUNT = 'house_promotions';

export interface PromotionCaller {
  merchantId: number;
  /** null: a visitor. */
  memberId: number | null;
  /** The browser's Device-Id and the request's address: identities of a once-per-person promotion. */
  deviceId?: string;
  clientIp?: string;
  /** The language of the answer's texts (BN, CN, EN, …). */
  language?: string;
}

/** A member's join or claim: the caller with its session's member, at `nowMs`. */
export interface ClaimContext extends PromotionCaller {
  memberId: number;
  nowMs: number;
}

/** A claim that may pay: the server's secrets make the member's prize-wheel seed for a tickets reward. */
export interface PayingContext extends ClaimContext {
  secretsKey: SecretsKey;
}

const percentOf = (basisPoints: number | null) => (basisPoints === null ? null : basisPoints / 100);
const majorOrNull = (minor: number | null) => (minor === null ? null : minorToMajor(minor));
const DAY_MS = 86_400_000;

/** The promotion's title and terms in `language`, or the merchant's own words where it has none. */
export const textsIn = (promotion: queries.PromotionRow, language: string | undefined) => {
  const texts = (language && promotion.texts[language]) || {};
  return { title: texts.title || promotion.title, content: texts.content || promotion.content };
};

export function entryOf(promotion: queries.PromotionRow, standing: Standing, member: MemberFacts | null, language?: string, rejectReason: string | null = null): PromotionEntry {
  return {
    id: promotion.id,
    category: promotion.category,
    title: textsIn(promotion, language).title,
    imageUrl: promotion.imageUrl,
    trigger: promotion.trigger,
    state: standing.state,
    closeReason: standing.closeReason,
    startTime: promotion.startsAtMs,
    endTime: promotion.endsAtMs,
    reward: promotion.rewardKind
      ? {
          kind: promotion.rewardKind,
          amount: majorOrNull(promotion.rewardFixedMinor),
          percent: percentOf(promotion.rewardBasisPoints),
          cap: majorOrNull(promotion.rewardCapMinor),
          tickets: promotion.rewardTickets,
          points: promotion.rewardPoints,
          streak: promotion.signInRewardsMinor?.map(minorToMajor) ?? null,
        }
      : null,
    minDeposit: majorOrNull(promotion.minDepositMinor),
    wagering: {
      multiplier: promotion.wageringMultiplierX100 / 100,
      includesDeposit: promotion.wageringIncludesDeposit,
      withinDays: promotion.wagerWithinDays,
      remaining: standing.state === 'process' && member ? minorToMajor(member.wageringRemainingMinor) : null,
    },
    claimWindowHours: promotion.claimWindowHours,
    requirements: promotion.requirements,
    missingRequirements: standing.missing,
    bonus: majorOrNull(standing.bonusMinor),
    claimDeadline: standing.claimDeadlineMs,
    repeat: promotion.repeat,
    tickets: standing.tickets,
    points: standing.points,
    streakDay: standing.streakDay,
    progress: standing.progress && { amount: minorToMajor(standing.progress.measuredMinor), target: minorToMajor(standing.progress.targetMinor) },
    rejectReason: standing.state === 'rejected' ? rejectReason : null,
    // Labels are the operator's: the page says only that a promotion is for invited members.
    vipLevels: promotion.audienceVipLevels,
  };
}

/** The merchant's days around `nowMs` (its calendar: UTC + the offset of its withdraw settings). */
interface Days {
  todayKey: string;
  yesterdayKey: string;
  todayStartsAtMs: number;
  todayEndsAtMs: number;
}

const dayKeyOf = (localMs: number) => new Date(localMs).toISOString().slice(0, 10);

async function daysOf(db: pg.Pool | pg.PoolClient, merchantId: number, nowMs: number): Promise<Days> {
  const offsetMs = (await readWithdrawSettings(db, merchantId)).timeZoneOffsetMinutes * 60_000;
  const localMidnight = Math.floor((nowMs + offsetMs) / DAY_MS) * DAY_MS;
  return {
    todayKey: dayKeyOf(localMidnight),
    yesterdayKey: dayKeyOf(localMidnight - DAY_MS),
    todayStartsAtMs: localMidnight - offsetMs,
    todayEndsAtMs: localMidnight + DAY_MS - offsetMs,
  };
}

/**
 * What one caller's standings rest on besides the promotion: the member, its rows of the periods
 * that matter now ('' and today's and yesterday's), and the day measures a daily promotion reads
 * (worked out once, when one asks).
 */
export interface CallerFacts {
  caller: PromotionCaller;
  member: MemberFacts | null;
  claims: Map<string, queries.ClaimRow>;
  days: Days;
  measure: (day: 'today' | 'yesterday') => Promise<{ stakeMinor: number; lossMinor: number }>;
}

export async function callerFactsOf(db: pg.Pool | pg.PoolClient, caller: PromotionCaller, nowMs: number): Promise<CallerFacts> {
  const [member, days] = await Promise.all([memberFactsOf(db, caller), daysOf(db, caller.merchantId, nowMs)]);
  const claims = caller.memberId === null ? new Map<string, queries.ClaimRow>() : await queries.selectClaims(db, caller.merchantId, caller.memberId, ['', days.todayKey, days.yesterdayKey]);
  const measured = new Map<string, Promise<{ stakeMinor: number; lossMinor: number }>>();
  const measure = (day: 'today' | 'yesterday'): Promise<{ stakeMinor: number; lossMinor: number }> => {
    const date = day === 'today' ? days.todayKey : days.yesterdayKey;
    let totals = measured.get(date);
    if (!totals) {
      // The member's stakes and wins of the day as personal P&L counts them (net of refunds; a
      // rolled-back game round counts nothing): the loss is what the stakes lost, before rebates
      // and bonuses.
      totals = caller.memberId === null
        ? Promise.resolve({ stakeMinor: 0, lossMinor: 0 })
        : memberProfit(db, { merchantId: caller.merchantId, memberId: caller.memberId, startDate: date, endDate: date, page: 1, size: 1 }).then(({ footer }) => {
            const stakeMinor = Math.round((footer?.betAmount ?? 0) * MINOR_PER_MAJOR);
            const winMinor = Math.round((footer?.winAmount ?? 0) * MINOR_PER_MAJOR);
            return { stakeMinor, lossMinor: Math.max(0, stakeMinor - winMinor) };
          });
      measured.set(date, totals);
    }
    return totals;
  };
  return { caller, member, claims, days, measure };
}

/** The period the promotion stands in now, with what its trigger measures of it. */
async function periodOf(promotion: queries.PromotionRow, facts: CallerFacts): Promise<PeriodFacts> {
  if (promotion.repeat === 'once') return ONCE;
  const { days } = facts;
  const today = { periodKey: days.todayKey, claimEndsAtMs: days.todayEndsAtMs, measuredMinor: 0, streakDay: 1 };
  switch (promotion.trigger) {
    case 'sign_in': {
      const yesterday = facts.claims.get(queries.claimKey(promotion.id, days.yesterdayKey));
      const last = yesterday?.state === 'claimed' && yesterday.streak ? { periodKey: days.yesterdayKey, streak: yesterday.streak } : null;
      return { ...today, streakDay: streakDayOf(last, days.yesterdayKey) };
    }
    case 'bet_volume':
      return { ...today, measuredMinor: (await facts.measure('today')).stakeMinor };
    case 'net_loss':
      // Yesterday's loss, made good today.
      return { ...today, periodKey: days.yesterdayKey, measuredMinor: (await facts.measure('yesterday')).lossMinor };
    default:
      return today;
  }
}

/** The member's standing in one promotion, read with `db` (inside a transaction: what it sees). */
export async function standingIn(db: pg.Pool | pg.PoolClient, promotion: queries.PromotionRow, facts: CallerFacts, nowMs: number): Promise<{ standing: Standing; claim: queries.ClaimRow | undefined; period: PeriodFacts }> {
  const { caller } = facts;
  const period = await periodOf(promotion, facts);
  const claim = facts.claims.get(queries.claimKey(promotion.id, period.periodKey));
  const isDeposit = promotion.trigger === 'first_deposit' || promotion.trigger === 'deposit';
  const daily = promotion.repeat === 'daily';
  const deposit =
    caller.memberId !== null && isDeposit && (daily ? claim?.state !== 'claimed' : claim?.state === 'joined')
      ? daily
        ? await queries.selectQualifyingDeposit(db, caller.merchantId, caller.memberId, promotion, facts.days.todayStartsAtMs, facts.days.todayEndsAtMs)
        : await queries.selectQualifyingDeposit(db, caller.merchantId, caller.memberId, promotion, claim!.joinedAtMs)
      : undefined;
  return { standing: standingOf(promotion, facts.member, claim ?? null, deposit ?? null, nowMs, period), claim, period };
}

/** The caller's identities as a claim would record them (see payIn). */
async function identitiesOf(db: pg.Pool | pg.PoolClient, caller: PromotionCaller & { memberId: number }): Promise<{ kind: queries.IdentityKind; value: string }[]> {
  const identities = await queries.selectIdentities(db, caller.merchantId, caller.memberId);
  if (caller.deviceId) identities.push({ kind: 'device', value: caller.deviceId });
  if (caller.clientIp) identities.push({ kind: 'address', value: caller.clientIp });
  return identities;
}

/**
 * The standing, closed (linked_account) where a once-per-person promotion the member has not
 * received yet was received by an account sharing an identity: the page says so before a claim.
 */
export function withLinked(promotion: queries.PromotionRow, standing: Standing, linked: ReadonlySet<number>): Standing {
  if (!promotion.onePerPerson || !linked.has(promotion.id) || !['join', 'joined', 'claim', 'apply'].includes(standing.state)) return standing;
  return { ...standing, state: 'close', closeReason: 'linked_account', bonusMinor: null, claimDeadlineMs: null, deposit: null, tickets: null, points: null };
}

export async function linkedOf(db: pg.Pool | pg.PoolClient, caller: PromotionCaller): Promise<ReadonlySet<number>> {
  if (caller.memberId === null) return new Set();
  return queries.selectLinkedPromotionIds(db, caller.memberId, await identitiesOf(db, { ...caller, memberId: caller.memberId }));
}

async function memberFactsOf(db: pg.Pool | pg.PoolClient, caller: PromotionCaller): Promise<MemberFacts | null> {
  if (caller.memberId === null) return null;
  const facts = await queries.selectMemberFacts(db, caller.merchantId, caller.memberId);
  if (!facts) throw new AppError(401, 'user.or.token.invalid');
  return facts;
}

/** The entry of one promotion as the caller stands in it now. */
export async function entryFor(db: pg.Pool | pg.PoolClient, promotion: queries.PromotionRow, facts: CallerFacts, linked: ReadonlySet<number>, nowMs: number): Promise<PromotionEntry> {
  const { standing, claim } = await standingIn(db, promotion, facts, nowMs);
  return entryOf(promotion, withLinked(promotion, standing, linked), facts.member, facts.caller.language, claim?.rejectReason ?? null);
}

/**
 * The promotions the merchant runs, as the caller stands in each. A promo-code promotion shows
 * once the member has claimed it (its code is the operator's to hand out, not the page's).
 */
export async function listPromotions(pool: pg.Pool, caller: PromotionCaller, nowMs: number): Promise<PromotionEntry[]> {
  const [promotions, facts, linked] = await Promise.all([
    queries.selectPromotions(pool, caller.merchantId),
    callerFactsOf(pool, caller, nowMs),
    linkedOf(pool, caller),
  ]);
  const shown = promotions.filter((promotion) => promotion.trigger !== 'promo_code' || facts.claims.get(queries.claimKey(promotion.id, ''))?.state === 'claimed');
  return Promise.all(shown.map((promotion) => entryFor(pool, promotion, facts, linked, nowMs)));
}

export async function promotionOrNotFound(db: pg.Pool | pg.PoolClient, merchantId: number, promotionId: number): Promise<queries.PromotionRow> {
  // Ids are PostgreSQL integers: a larger one (ten digits pass the row's rule) names none.
  if (!Number.isSafeInteger(promotionId) || promotionId > 2_147_483_647) throw new AppError(404, 'promotion.not.found');
  const promotion = await queries.selectPromotion(db, merchantId, promotionId);
  if (!promotion) throw new AppError(404, 'promotion.not.found');
  return promotion;
}

export async function promotionDetail(pool: pg.Pool, caller: PromotionCaller, promotionId: number, nowMs: number): Promise<PromotionDetail> {
  const promotion = await promotionOrNotFound(pool, caller.merchantId, promotionId);
  const facts = await callerFactsOf(pool, caller, nowMs);
  if (promotion.trigger === 'promo_code' && facts.claims.get(queries.claimKey(promotionId, ''))?.state !== 'claimed') throw new AppError(404, 'promotion.not.found');
  return { promotion: await entryFor(pool, promotion, facts, await linkedOf(pool, caller), nowMs), content: textsIn(promotion, caller.language).content };
}

/** Joins a deposit promotion (its next qualifying deposit then earns the bonus). Joining again changes nothing. */
export async function joinPromotion(pool: pg.Pool, context: ClaimContext, promotionId: number): Promise<PromotionEntry> {
  return withTransaction(pool, async (client) => {
    const promotion = await promotionOrNotFound(client, context.merchantId, promotionId);
    const linked = await linkedOf(client, context);
    const claim = await queries.lockClaim(client, context.merchantId, promotionId, context.memberId, '');
    const facts = await callerFactsOf(client, context, context.nowMs);
    if (claim) return entryFor(client, promotion, facts, linked, context.nowMs);
    const { standing } = await standingIn(client, promotion, facts, context.nowMs);
    const shown = withLinked(promotion, standing, linked);
    // A join that went first committed between this one's lock and its read: joined already.
    if (shown.state === 'joined' && facts.claims.has(queries.claimKey(promotionId, ''))) return entryFor(client, promotion, facts, linked, context.nowMs);
    if (shown.state !== 'join') throw new AppError(409, 'promotion.not.joinable', {}, { state: shown.state, closeReason: shown.closeReason });
    await queries.insertJoined(client, context.merchantId, promotionId, context.memberId, context.nowMs);
    return entryFor(client, promotion, await callerFactsOf(client, context, context.nowMs), linked, context.nowMs);
  });
}

/** Claims the promotion's bonus: pays it once, whatever the number of requests. */
export async function claimPromotion(pool: pg.Pool, context: PayingContext, promotionId: number): Promise<PromotionClaimed> {
  const paid = await withTransaction(pool, async (client) => {
    const promotion = await promotionOrNotFound(client, context.merchantId, promotionId);
    return claimIn(client, context, promotion);
  });
  return { ...paid, balance: minorToMajor(await memberBalanceMinor(pool, context.merchantId, context.memberId)) };
}

/** Claims the promotion a promo code names. */
export async function claimPromoCode(pool: pg.Pool, context: PayingContext, code: string): Promise<PromotionClaimed> {
  const paid = await withTransaction(pool, async (client) => {
    const promotion = await queries.selectPromotionByCode(client, context.merchantId, code.toUpperCase());
    if (!promotion) throw new AppError(404, 'promotion.code.invalid');
    return claimIn(client, context, promotion);
  });
  return { ...paid, balance: minorToMajor(await memberBalanceMinor(pool, context.merchantId, context.memberId)) };
}

/** Triggers whose reward needs no joining: a claim makes the member's row of the period. */
const CLAIM_MAKES_ROW: ReadonlySet<string> = new Set(['registration', 'promo_code', 'sign_in', 'bet_volume', 'net_loss']);

async function claimIn(client: pg.PoolClient, context: PayingContext, promotion: queries.PromotionRow): Promise<{ promotion: PromotionEntry; bonus: number }> {
  const before = await callerFactsOf(client, context, context.nowMs);
  const period = await periodOf(promotion, before);
  // The claim makes (or finds) the member's row of the period, then every claim of this member,
  // promotion and period queues on it.
  if (CLAIM_MAKES_ROW.has(promotion.trigger) || (promotion.repeat === 'daily' && promotion.trigger === 'deposit')) {
    await queries.insertJoined(client, context.merchantId, promotion.id, context.memberId, context.nowMs, period.periodKey);
  }
  const locked = await queries.lockClaim(client, context.merchantId, promotion.id, context.memberId, period.periodKey);
  // Read again after the lock: what a claim that went first changed is seen now.
  const facts = await callerFactsOf(client, context, context.nowMs);
  const { standing, claim } = await standingIn(client, promotion, facts, context.nowMs);
  if (['claimed', 'process', 'issued'].includes(standing.state)) throw new AppError(409, 'promotion.already.claimed');
  if (standing.state !== 'claim' || !claim || !locked || (standing.bonusMinor === null && standing.tickets === null && standing.points === null)) {
    throw new AppError(409, 'promotion.not.claimable', {}, { state: standing.state, closeReason: standing.closeReason });
  }
  await payIn(client, context, promotion, claim, standing);
  const after = await callerFactsOf(client, context, context.nowMs);
  return {
    promotion: await entryFor(client, promotion, after, new Set(), context.nowMs),
    bonus: minorToMajor(standing.bonusMinor ?? 0),
  };
}

/**
 * Pays the member's row `claim` what `standing` says it earned (money through the ledger with its
 * wagering requirement, or prize-wheel tickets), once: the row is locked by the caller, and a
 * once-per-person promotion writes the member's identities first (a match refuses it).
 */
export async function payIn(client: pg.PoolClient, context: PayingContext, promotion: queries.PromotionRow, claim: queries.ClaimRow, standing: Standing): Promise<void> {
  if (standing.missing.length > 0) {
    // The fields the member has to complete first, as the pages name them (required.<field>).
    const data = standing.missing.map((requirement) => `required.${requirement === 'mobile_verified' ? 'mobile_no_verified' : requirement}`);
    throw new AppError(400, 'prom_claim_req_field', { fields: data.join(', ') }, { data });
  }
  if (promotion.onePerPerson) {
    const identities = await identitiesOf(client, context);
    const taken = await queries.claimIdentities(client, promotion.id, context.memberId, identities);
    // The transaction rolls back: this member's identities are not kept either.
    if (taken.length > 0) throw new AppError(409, 'promotion.linked.account', {}, { matched: taken });
  }
  const streak = promotion.trigger === 'sign_in' ? standing.streakDay : null;
  if (standing.bonusMinor === null && standing.points !== null) {
    await creditPoints(client, {
      merchantId: context.merchantId, memberId: context.memberId, points: standing.points, kind: POINT_KINDS.promotion,
      idempotencyKey: `${POINT_KINDS.promotion}:${claim.id}`, nowMs: context.nowMs, remark: textsIn(promotion, context.language).title.slice(0, 200),
    });
    await queries.markClaimed(client, claim.id, {
      depositId: null, depositMinor: null, bonusMinor: null, requirementMinor: null, ledgerTransactionId: null, tickets: null, points: standing.points, streak, nowMs: context.nowMs,
    });
    return;
  }
  if (standing.bonusMinor === null) {
    const tickets = standing.tickets!;
    await grantTickets(client, context.secretsKey, { merchantId: context.merchantId, memberId: context.memberId, count: tickets, source: `promotion:${claim.id}`, nowMs: context.nowMs });
    await queries.markClaimed(client, claim.id, {
      depositId: null, depositMinor: null, bonusMinor: null, requirementMinor: null, ledgerTransactionId: null, tickets, points: null, streak, nowMs: context.nowMs,
    });
    return;
  }
  const depositMinor = standing.deposit?.creditedMinor ?? null;
  const requirementMinor = requirementMinorOf(promotion, standing.bonusMinor, depositMinor);
  const house = await ensureHouseAccount(client, context.merchantId, PROMOTION_HOUSE_ACCOUNT, context.nowMs);
  const wallet = await ensureMemberAccount(client, context.merchantId, context.memberId, 'REAL', context.nowMs);
  const posted = await postTransactionIn(client, {
    merchantId: context.merchantId,
    idempotencyKey: `${PROMOTION_KIND}:${claim.id}`,
    kind: PROMOTION_KIND,
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -standing.bonusMinor },
      { accountId: wallet, amountMinor: standing.bonusMinor },
    ],
    nowMs: context.nowMs,
    orderNo: `P${claim.id}`,
    remark: textsIn(promotion, context.language).title.slice(0, 200),
    wageringRequirementMinor: requirementMinor,
  });
  await queries.markClaimed(client, claim.id, {
    depositId: standing.deposit?.depositId ?? null,
    depositMinor,
    bonusMinor: standing.bonusMinor,
    requirementMinor,
    ledgerTransactionId: posted.transactionId,
    tickets: null,
    points: null,
    streak,
    nowMs: context.nowMs,
  });
}
