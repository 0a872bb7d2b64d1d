import type pg from 'pg';
import type { PromotionClaimed, PromotionDetail, PromotionEntry } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, minorToMajor, postTransactionIn } from '../ledger';
import * as queries from './promotion.queries';
import { requirementMinorOf, standingOf, type MemberFacts, type Standing } from './promotion.rules';

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

const percentOf = (basisPoints: number | null) => (basisPoints === null ? null : basisPoints / 100);
const majorOrNull = (minor: number | null) => (minor === null ? null : minorToMajor(minor));

/** The promotion's title and terms in `language`, or the merchant's own words where it has none. */
const textsIn = (promotion: queries.PromotionRow, language: string | undefined) => {
  const texts = (language && promotion.texts[language]) || {};
  return { title: texts.title || promotion.title, content: texts.content || promotion.content };
};

function entryOf(promotion: queries.PromotionRow, standing: Standing, member: MemberFacts | null, language?: string): PromotionEntry {
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
      ? { kind: promotion.rewardKind, amount: majorOrNull(promotion.rewardFixedMinor), percent: percentOf(promotion.rewardBasisPoints), cap: majorOrNull(promotion.rewardCapMinor) }
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
  };
}

/** The member's standing in one promotion, read with `db` (inside a transaction: what it sees). */
async function standingIn(
  db: pg.Pool | pg.PoolClient,
  caller: PromotionCaller,
  promotion: queries.PromotionRow,
  member: MemberFacts | null,
  claim: queries.ClaimRow | undefined,
  nowMs: number,
): Promise<Standing> {
  const deposit =
    caller.memberId !== null && claim?.state === 'joined' && (promotion.trigger === 'first_deposit' || promotion.trigger === 'deposit')
      ? await queries.selectQualifyingDeposit(db, caller.merchantId, caller.memberId, promotion, claim.joinedAtMs)
      : undefined;
  return standingOf(promotion, member, claim ?? null, deposit ?? null, nowMs);
}

/** The caller's identities as a claim would record them (see claimIn). */
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
function withLinked(promotion: queries.PromotionRow, standing: Standing, linked: ReadonlySet<number>): Standing {
  if (!promotion.onePerPerson || !linked.has(promotion.id) || !['join', 'joined', 'claim'].includes(standing.state)) return standing;
  return { ...standing, state: 'close', closeReason: 'linked_account', bonusMinor: null, claimDeadlineMs: null, deposit: null };
}

async function linkedOf(db: pg.Pool | pg.PoolClient, caller: PromotionCaller): Promise<ReadonlySet<number>> {
  if (caller.memberId === null) return new Set();
  return queries.selectLinkedPromotionIds(db, caller.memberId, await identitiesOf(db, { ...caller, memberId: caller.memberId }));
}

async function memberFactsOf(db: pg.Pool | pg.PoolClient, caller: PromotionCaller): Promise<MemberFacts | null> {
  if (caller.memberId === null) return null;
  const facts = await queries.selectMemberFacts(db, caller.merchantId, caller.memberId);
  if (!facts) throw new AppError(401, 'user.or.token.invalid');
  return facts;
}

/**
 * The promotions the merchant runs, as the caller stands in each. A promo-code promotion shows
 * once the member has claimed it (its code is the operator's to hand out, not the page's).
 */
export async function listPromotions(pool: pg.Pool, caller: PromotionCaller, nowMs: number): Promise<PromotionEntry[]> {
  const [promotions, member, claims, linked] = await Promise.all([
    queries.selectPromotions(pool, caller.merchantId),
    memberFactsOf(pool, caller),
    caller.memberId === null ? new Map<number, queries.ClaimRow>() : queries.selectClaims(pool, caller.merchantId, caller.memberId),
    linkedOf(pool, caller),
  ]);
  const shown = promotions.filter((promotion) => promotion.trigger !== 'promo_code' || claims.get(promotion.id)?.state === 'claimed');
  return Promise.all(
    shown.map(async (promotion) =>
      entryOf(promotion, withLinked(promotion, await standingIn(pool, caller, promotion, member, claims.get(promotion.id), nowMs), linked), member, caller.language),
    ),
  );
}

async function promotionOrNotFound(db: pg.Pool | pg.PoolClient, merchantId: number, promotionId: number): Promise<queries.PromotionRow> {
  // Ids are PostgreSQL integers: a larger one (ten digits pass the row's rule) names none.
  if (!Number.isSafeInteger(promotionId) || promotionId > 2_147_483_647) throw new AppError(404, 'promotion.not.found');
  const promotion = await queries.selectPromotion(db, merchantId, promotionId);
  if (!promotion) throw new AppError(404, 'promotion.not.found');
  return promotion;
}

export async function promotionDetail(pool: pg.Pool, caller: PromotionCaller, promotionId: number, nowMs: number): Promise<PromotionDetail> {
  const promotion = await promotionOrNotFound(pool, caller.merchantId, promotionId);
  const member = await memberFactsOf(pool, caller);
  const claim = caller.memberId === null ? undefined : (await queries.selectClaims(pool, caller.merchantId, caller.memberId)).get(promotionId);
  if (promotion.trigger === 'promo_code' && claim?.state !== 'claimed') throw new AppError(404, 'promotion.not.found');
  const standing = withLinked(promotion, await standingIn(pool, caller, promotion, member, claim, nowMs), await linkedOf(pool, caller));
  return { promotion: entryOf(promotion, standing, member, caller.language), content: textsIn(promotion, caller.language).content };
}

/** Joins a deposit promotion (its next qualifying deposit then earns the bonus). Joining again changes nothing. */
export async function joinPromotion(pool: pg.Pool, context: ClaimContext, promotionId: number): Promise<PromotionEntry> {
  return withTransaction(pool, async (client) => {
    const promotion = await promotionOrNotFound(client, context.merchantId, promotionId);
    const member = await memberFactsOf(client, context);
    const claim = await queries.lockClaim(client, context.merchantId, promotionId, context.memberId);
    const standing = withLinked(promotion, await standingIn(client, context, promotion, member, claim, context.nowMs), await linkedOf(client, context));
    if (claim) return entryOf(promotion, standing, member, context.language);
    if (standing.state !== 'join') throw new AppError(409, 'promotion.not.joinable', {}, { state: standing.state, closeReason: standing.closeReason });
    await queries.insertJoined(client, context.merchantId, promotionId, context.memberId, context.nowMs);
    const joined = await queries.lockClaim(client, context.merchantId, promotionId, context.memberId);
    return entryOf(promotion, await standingIn(client, context, promotion, member, joined, context.nowMs), member, context.language);
  });
}

/** Claims the promotion's bonus: pays it once, whatever the number of requests. */
export async function claimPromotion(pool: pg.Pool, context: ClaimContext, promotionId: number): Promise<PromotionClaimed> {
  const paid = await withTransaction(pool, async (client) => {
    const promotion = await promotionOrNotFound(client, context.merchantId, promotionId);
    return claimIn(client, context, promotion);
  });
  return { ...paid, balance: minorToMajor(await memberBalanceMinor(pool, context.merchantId, context.memberId)) };
}

/** Claims the promotion a promo code names. */
export async function claimPromoCode(pool: pg.Pool, context: ClaimContext, code: string): Promise<PromotionClaimed> {
  const paid = await withTransaction(pool, async (client) => {
    const promotion = await queries.selectPromotionByCode(client, context.merchantId, code.toUpperCase());
    if (!promotion) throw new AppError(404, 'promotion.code.invalid');
    return claimIn(client, context, promotion);
  });
  return { ...paid, balance: minorToMajor(await memberBalanceMinor(pool, context.merchantId, context.memberId)) };
}

async function claimIn(client: pg.PoolClient, context: ClaimContext, promotion: queries.PromotionRow): Promise<{ promotion: PromotionEntry; bonus: number }> {
  const member = await memberFactsOf(client, context);
  // Registration and promo-code bonuses need no joining: the claim makes the member's row, then
  // every claim of this member and promotion queues on it.
  if (promotion.trigger === 'registration' || promotion.trigger === 'promo_code') {
    await queries.insertJoined(client, context.merchantId, promotion.id, context.memberId, context.nowMs);
  }
  const claim = await queries.lockClaim(client, context.merchantId, promotion.id, context.memberId);
  const standing = await standingIn(client, context, promotion, member, claim, context.nowMs);
  if (standing.state === 'claimed' || standing.state === 'process') throw new AppError(409, 'promotion.already.claimed');
  if (standing.state !== 'claim' || !claim || standing.bonusMinor === null) {
    throw new AppError(409, 'promotion.not.claimable', {}, { state: standing.state, closeReason: standing.closeReason });
  }
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
    nowMs: context.nowMs,
  });
  const after = await memberFactsOf(client, context);
  const claimed = await queries.lockClaim(client, context.merchantId, promotion.id, context.memberId);
  return {
    promotion: entryOf(promotion, await standingIn(client, context, promotion, after, claimed, context.nowMs), after, context.language),
    bonus: minorToMajor(standing.bonusMinor),
  };
}
