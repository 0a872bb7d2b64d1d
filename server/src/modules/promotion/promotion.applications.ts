import type pg from 'pg';
import { PROMOTION_APPLICATION_COMMENT_MAX, PROMOTION_APPLICATION_IMAGES_MAX, type PromotionEntry } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import type { SecretsKey } from '../../secrets-key';
import { decodeReceiptImage } from '../deposit';
import { minorToMajor } from '../ledger';
import * as queries from './promotion.queries';
import { bonusMinorOf, outsideAudience, type Standing } from './promotion.rules';
import { callerFactsOf, entryFor, linkedOf, payIn, promotionOrNotFound, standingIn, withLinked, type PayingContext } from './promotion.service';

// Promotions paid by an operator's decision (server/README.md, "Promotions"):
//   - application: the member applies with a comment (at most 140 characters) and up to three png
//     or jpg images of at most 5 MB; the row waits as 'applying'; an operator approves (the reward
//     is paid then, once: the row is locked and must still be applying) or rejects with a reason
//     the member reads on the promotion;
//   - issued: an operator issues the reward to the members it names, each once.
// Either way the reward is paid as a claim pays it (payIn: its requirements, once-per-person
// identities, the ledger movement and wagering, or prize-wheel tickets).

const IMAGE_CODES = { invalid: 'promotion.image.invalid', tooLarge: 'promotion.image.too.large' } as const;

/** The reward an operator's decision pays: the promotion's fixed amount, its tickets or its points. */
function decidedStanding(promotion: queries.PromotionRow, missing: Standing['missing']): Standing {
  const tickets = promotion.rewardKind === 'tickets' ? promotion.rewardTickets : null;
  const points = promotion.rewardKind === 'points' ? promotion.rewardPoints : null;
  return {
    state: 'claim', closeReason: null, claimDeadlineMs: null, deposit: null, missing, streakDay: null, progress: null, tickets, points,
    bonusMinor: tickets === null && points === null ? bonusMinorOf(promotion, null) : null,
  };
}

/** The member applies for an application promotion. One application per member and promotion. */
export async function applyForPromotion(
  pool: pg.Pool,
  context: PayingContext,
  input: { promotionId: number; comment: string; images: string[] },
): Promise<PromotionEntry> {
  const comment = input.comment.trim();
  if ([...comment].length > PROMOTION_APPLICATION_COMMENT_MAX) throw new AppError(400, 'promotion.application.comment.too.long');
  if (input.images.length > PROMOTION_APPLICATION_IMAGES_MAX) throw new AppError(400, 'promotion.application.images.too.many');
  // Decoded (and refused) before anything is written.
  const images = input.images.map((image) => decodeReceiptImage(image, IMAGE_CODES));
  if (comment === '' && images.length === 0) throw new AppError(400, 'promotion.application.empty');
  return withTransaction(pool, async (client) => {
    const promotion = await promotionOrNotFound(client, context.merchantId, input.promotionId);
    const facts = await callerFactsOf(client, context, context.nowMs);
    const { standing } = await standingIn(client, promotion, facts, context.nowMs);
    const shown = withLinked(promotion, standing, await linkedOf(client, context));
    if (promotion.trigger !== 'application' || shown.state !== 'apply') {
      throw new AppError(409, 'promotion.not.applicable', {}, { state: shown.state, closeReason: shown.closeReason });
    }
    if (shown.missing.length > 0) {
      const data = shown.missing.map((requirement) => `required.${requirement === 'mobile_verified' ? 'mobile_no_verified' : requirement}`);
      throw new AppError(400, 'prom_claim_req_field', { fields: data.join(', ') }, { data });
    }
    // Two applications at once: the second finds the row and is refused with the state it sees.
    if (!(await queries.insertJoined(client, context.merchantId, promotion.id, context.memberId, context.nowMs, '', 'applying'))) {
      throw new AppError(409, 'promotion.not.applicable', {}, { state: 'applying', closeReason: null });
    }
    const claim = (await queries.lockClaim(client, context.merchantId, promotion.id, context.memberId, ''))!;
    await queries.insertApplication(client, { claimId: claim.id, merchantId: context.merchantId, comment, images, nowMs: context.nowMs });
    return entryFor(client, promotion, await callerFactsOf(client, context, context.nowMs), new Set(), context.nowMs);
  });
}

export interface OperatorDecision {
  merchantId: number;
  /** Who decided, as the audit names the operator. */
  reviewedBy: string;
  nowMs: number;
  secretsKey: SecretsKey;
}

/** Approves (pays) or rejects (with a reason) an application waiting for review. */
export async function reviewApplication(
  pool: pg.Pool,
  decision: OperatorDecision,
  claimId: number,
  verdict: { approve: true } | { approve: false; reason: string },
): Promise<{ claimId: number; state: 'claimed' | 'rejected'; bonus: number | null; tickets: number | null; points: number | null }> {
  return withTransaction(pool, async (client) => {
    const application = await queries.lockApplication(client, decision.merchantId, claimId);
    if (!application) throw new AppError(404, 'promotion.application.not.found');
    if (application.state !== 'applying') throw new AppError(409, 'promotion.application.reviewed', {}, { state: application.state });
    if (!verdict.approve) {
      await queries.rejectApplication(client, claimId, { reason: verdict.reason, reviewedBy: decision.reviewedBy, nowMs: decision.nowMs });
      return { claimId, state: 'rejected' as const, bonus: null, tickets: null, points: null };
    }
    const promotion = await promotionOrNotFound(client, decision.merchantId, application.promotionId);
    const context: PayingContext = { merchantId: decision.merchantId, memberId: application.memberId, nowMs: decision.nowMs, secretsKey: decision.secretsKey };
    const facts = await callerFactsOf(client, context, decision.nowMs);
    // The member may have left the promotion's audience (a VIP level, a label) since applying.
    const outside = outsideAudience(promotion, facts.member);
    if (outside) throw new AppError(409, 'promotion.not.claimable', {}, { state: 'close', closeReason: outside });
    const missing = promotion.requirements.filter((requirement) => !facts.member!.has[requirement]);
    const claim = (await queries.lockClaim(client, decision.merchantId, promotion.id, application.memberId, ''))!;
    const standing = decidedStanding(promotion, missing);
    await payIn(client, context, promotion, claim, standing);
    await queries.markReviewed(client, claimId, { reviewedBy: decision.reviewedBy, nowMs: decision.nowMs });
    return {
      claimId, state: 'claimed' as const, bonus: standing.bonusMinor === null ? null : minorToMajor(standing.bonusMinor), tickets: standing.tickets, points: standing.points,
    };
  });
}

/** 'vip_level', 'member_label': the member is outside the promotion's audience, and is not paid. */
export type IssueOutcome = 'issued' | 'already_issued' | 'member_not_found' | 'vip_level' | 'member_label' | string;

/**
 * Issues an issued promotion's reward to each member named, each in its own transaction (one
 * refused does not undo the others), each once: a member issued before is reported, not paid.
 */
export async function issuePromotion(
  pool: pg.Pool,
  decision: OperatorDecision,
  promotionId: number,
  usernames: readonly string[],
): Promise<{ username: string; outcome: IssueOutcome }[]> {
  const promotion = await promotionOrNotFound(pool, decision.merchantId, promotionId);
  if (promotion.trigger !== 'issued') throw new AppError(409, 'promotion.not.issuable');
  const outcomes: { username: string; outcome: IssueOutcome }[] = [];
  for (const username of usernames) {
    try {
      const outcome = await withTransaction(pool, async (client): Promise<IssueOutcome> => {
        const memberId = await queries.selectRealMemberId(client, decision.merchantId, username);
        if (memberId === undefined) return 'member_not_found';
        const member = await queries.selectMemberFacts(client, decision.merchantId, memberId);
        const outside = outsideAudience(promotion, member ?? null);
        if (outside) return outside;
        await queries.insertJoined(client, decision.merchantId, promotion.id, memberId, decision.nowMs);
        const claim = (await queries.lockClaim(client, decision.merchantId, promotion.id, memberId, ''))!;
        if (claim.state !== 'joined') return 'already_issued';
        const context: PayingContext = { merchantId: decision.merchantId, memberId, nowMs: decision.nowMs, secretsKey: decision.secretsKey };
        // The operator chose these members: the promotion's requirements are the operator's to weigh.
        await payIn(client, context, promotion, claim, decidedStanding(promotion, []));
        return 'issued';
      });
      outcomes.push({ username, outcome });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ username, outcome: error.errorCode });
    }
  }
  return outcomes;
}
