import { createHash } from 'node:crypto';
import { GUEST_MEMBER_TYPE, type PromotionRequirement, type PromotionTrigger } from '@platform/contract';
import type { Db } from '../../db/pool';
import { memberVipLevelSql } from '../vip';
import type { ClaimFacts, DepositFacts, MemberFacts, PromotionRules } from './promotion.rules';

// SQL of promotions (migration 053). Every query is scoped by merchant.

/** A promotion as the pages show it, with its rules. */
export interface PromotionRow extends PromotionRules {
  category: string;
  /** Title and terms per language (migration 056); title and content are the merchant's own words. */
  texts: Record<string, { title?: string; content?: string }>;
  title: string;
  imageUrl: string;
  content: string;
  promoCode: string | null;
}

/** bigint columns arrive as strings; amounts stay far below 2^53 minor units. */
const safe = (value: string | number | null): number | null => {
  if (value === null) return null;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Promotion amount ${value} is beyond safe integer range`);
  return number;
};
const msOf = (value: Date | null): number | null => (value === null ? null : value.getTime());

interface RawPromotion {
  id: number; category: string; title: string; image_url: string; content: string; trigger: PromotionTrigger;
  starts_at: Date | null; ends_at: Date | null; reward_kind: PromotionRules['rewardKind']; reward_fixed_minor: string | null;
  reward_basis_points: number | null; reward_cap_minor: string | null; min_deposit_minor: string | null;
  wagering_multiplier_x100: number; wagering_includes_deposit: boolean; wager_within_days: number | null;
  claim_window_hours: number | null; new_player_days: number | null; requires_mobile_verified: boolean;
  requires_bank_card: boolean; requires_real_name: boolean; one_per_person: boolean; promo_code: string | null;
  texts: Record<string, { title?: string; content?: string }>;
  repeat: 'once' | 'daily'; sign_in_rewards_minor: string[] | null; min_bet_minor: string | null; min_loss_minor: string | null;
  reward_tickets: number | null; reward_points: number | null; audience_vip_levels: number[] | null; audience_label_ids: number[] | null;
}

function promotionOf(row: RawPromotion): PromotionRow {
  const requirements: PromotionRequirement[] = [];
  if (row.requires_mobile_verified) requirements.push('mobile_verified');
  if (row.requires_bank_card) requirements.push('bank_card');
  if (row.requires_real_name) requirements.push('real_name');
  return {
    id: row.id, category: row.category, texts: row.texts, title: row.title, imageUrl: row.image_url, content: row.content, trigger: row.trigger,
    startsAtMs: msOf(row.starts_at), endsAtMs: msOf(row.ends_at), rewardKind: row.reward_kind,
    rewardFixedMinor: safe(row.reward_fixed_minor), rewardBasisPoints: row.reward_basis_points, rewardCapMinor: safe(row.reward_cap_minor),
    minDepositMinor: safe(row.min_deposit_minor), wageringMultiplierX100: row.wagering_multiplier_x100,
    wageringIncludesDeposit: row.wagering_includes_deposit, wagerWithinDays: row.wager_within_days,
    claimWindowHours: row.claim_window_hours, newPlayerDays: row.new_player_days, requirements,
    onePerPerson: row.one_per_person, promoCode: row.promo_code, repeat: row.repeat,
    signInRewardsMinor: row.sign_in_rewards_minor === null ? null : row.sign_in_rewards_minor.map((value) => safe(value)!),
    minBetMinor: safe(row.min_bet_minor), minLossMinor: safe(row.min_loss_minor), rewardTickets: row.reward_tickets, rewardPoints: row.reward_points,
    audienceVipLevels: row.audience_vip_levels === null ? null : [...row.audience_vip_levels].sort((a, b) => a - b),
    audienceLabelIds: row.audience_label_ids,
  };
}

const PROMOTION_COLUMNS = `id, category, title, image_url, content, trigger, starts_at, ends_at, reward_kind, reward_fixed_minor,
  reward_basis_points, reward_cap_minor, min_deposit_minor, wagering_multiplier_x100, wagering_includes_deposit,
  wager_within_days, claim_window_hours, new_player_days, requires_mobile_verified, requires_bank_card,
  requires_real_name, one_per_person, promo_code, texts, repeat, sign_in_rewards_minor, min_bet_minor, min_loss_minor, reward_tickets, reward_points,
  audience_vip_levels, audience_label_ids`;

/** The merchant's enabled promotions, in display order. */
export async function selectPromotions(db: Db, merchantId: number): Promise<PromotionRow[]> {
  const result = await db.query<RawPromotion>(
    `SELECT ${PROMOTION_COLUMNS} FROM promotion WHERE merchant_id = $1 AND enabled ORDER BY sort_order, id`,
    [merchantId],
  );
  return result.rows.map(promotionOf);
}

export async function selectPromotion(db: Db, merchantId: number, promotionId: number): Promise<PromotionRow | undefined> {
  const result = await db.query<RawPromotion>(
    `SELECT ${PROMOTION_COLUMNS} FROM promotion WHERE merchant_id = $1 AND id = $2 AND enabled`,
    [merchantId, promotionId],
  );
  return result.rows[0] && promotionOf(result.rows[0]);
}

export async function selectPromotionByCode(db: Db, merchantId: number, code: string): Promise<PromotionRow | undefined> {
  const result = await db.query<RawPromotion>(
    `SELECT ${PROMOTION_COLUMNS} FROM promotion WHERE merchant_id = $1 AND promo_code = $2 AND enabled`,
    [merchantId, code],
  );
  return result.rows[0] && promotionOf(result.rows[0]);
}

export async function selectMemberFacts(db: Db, merchantId: number, memberId: number): Promise<MemberFacts | undefined> {
  const result = await db.query<{
    created_at: Date; deposited: boolean; mobile: boolean; card: boolean; real_name: boolean; remaining: string | null; vip_level: number; label_ids: number[];
  }>(
    `SELECT m.created_at,
            EXISTS (SELECT 1 FROM deposit d WHERE d.member_id = m.id AND d.status = 'approved') AS deposited,
            m.mobile_e164 IS NOT NULL AS mobile,
            EXISTS (SELECT 1 FROM withdraw_card c WHERE c.member_id = m.id AND c.deleted_at IS NULL) AS card,
            coalesce(btrim(m.payee_name), '') <> '' AS real_name,
            (SELECT w.remaining_minor FROM wagering_balance w WHERE w.member_id = m.id) AS remaining,
            ${memberVipLevelSql('m.merchant_id', 'm.id')} AS vip_level,
            ARRAY(SELECT l.label_id FROM member_label_member l WHERE l.member_id = m.id ORDER BY l.label_id) AS label_ids
       FROM member m WHERE m.merchant_id = $1 AND m.id = $2`,
    [merchantId, memberId],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    registeredAtMs: row.created_at.getTime(),
    hasDeposited: row.deposited,
    has: { mobile_verified: row.mobile, bank_card: row.card, real_name: row.real_name },
    wageringRemainingMinor: safe(row.remaining) ?? 0,
    vipLevel: row.vip_level,
    labelIds: row.label_ids,
  };
}

export interface ClaimRow extends ClaimFacts {
  id: number;
  promotionId: number;
  /** '' for a promotion that pays once; the merchant day of a daily one. */
  periodKey: string;
  rejectReason: string | null;
}

/** A member's rows are found by promotion and period. */
export const claimKey = (promotionId: number, periodKey: string): string => `${promotionId}:${periodKey}`;

interface RawClaim {
  id: string; promotion_id: number; period_key: string; state: ClaimFacts['state']; joined_at: Date; claimed_at: Date | null;
  bonus_minor: string | null; streak: number | null; reject_reason: string | null; wagered: boolean;
}
const claimOf = (row: RawClaim): ClaimRow => ({
  id: Number(row.id), promotionId: row.promotion_id, periodKey: row.period_key, state: row.state, joinedAtMs: row.joined_at.getTime(),
  claimedAtMs: msOf(row.claimed_at), bonusMinor: safe(row.bonus_minor), streak: row.streak, rejectReason: row.reject_reason,
  wageredSinceClaim: row.wagered,
});
/**
 * A paid bonus is wagered once the member's whole requirement has reached zero after the bonus
 * added its part, whatever was added since (a later deposit's requirement is not the bonus's): the
 * rule the take-back job and the withdrawal's refusal code read too.
 */
const WAGERED_SINCE_CLAIM = `(c.ledger_transaction_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM wagering_entry z
     WHERE z.member_id = c.member_id AND z.remaining_after_minor = 0
       AND z.id > coalesce((SELECT e.id FROM wagering_entry e WHERE e.ledger_transaction_id = c.ledger_transaction_id AND e.member_id = c.member_id), 0)))`;
const CLAIM_COLUMNS = `c.id, c.promotion_id, c.period_key, c.state, c.joined_at, c.claimed_at, c.bonus_minor, c.streak,
  (SELECT a.reject_reason FROM promotion_application a WHERE a.claim_id = c.id) AS reject_reason,
  ${WAGERED_SINCE_CLAIM} AS wagered`;

/** The member's rows of the periods named ('' and the days a standing needs), by claimKey. */
export async function selectClaims(db: Db, merchantId: number, memberId: number, periodKeys: readonly string[]): Promise<Map<string, ClaimRow>> {
  const result = await db.query<RawClaim>(
    `SELECT ${CLAIM_COLUMNS} FROM promotion_claim c WHERE c.merchant_id = $1 AND c.member_id = $2 AND c.period_key = ANY ($3::text[])`,
    [merchantId, memberId, periodKeys],
  );
  return new Map(result.rows.map((row) => [claimKey(row.promotion_id, row.period_key), claimOf(row)]));
}

/** The member's row of the promotion and period, locked until the transaction ends (claims wait for each other). */
export async function lockClaim(db: Db, merchantId: number, promotionId: number, memberId: number, periodKey: string): Promise<ClaimRow | undefined> {
  const result = await db.query<RawClaim>(
    `SELECT ${CLAIM_COLUMNS} FROM promotion_claim c
      WHERE c.merchant_id = $1 AND c.promotion_id = $2 AND c.member_id = $3 AND c.period_key = $4 FOR UPDATE OF c`,
    [merchantId, promotionId, memberId, periodKey],
  );
  return result.rows[0] && claimOf(result.rows[0]);
}

/** Makes the member's row of the period (joined, or applying) unless there is one; true when this call made it. */
export async function insertJoined(
  db: Db, merchantId: number, promotionId: number, memberId: number, nowMs: number, periodKey = '', state: 'joined' | 'applying' = 'joined',
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO promotion_claim (merchant_id, promotion_id, member_id, state, joined_at, period_key)
     VALUES ($1, $2, $3, $6, $4, $5) ON CONFLICT (promotion_id, member_id, period_key) DO NOTHING`,
    [merchantId, promotionId, memberId, new Date(nowMs), periodKey, state],
  );
  return result.rowCount === 1;
}

export async function markClaimed(
  db: Db,
  claimId: number,
  paid: {
    depositId: number | null; depositMinor: number | null; bonusMinor: number | null; requirementMinor: number | null;
    ledgerTransactionId: number | null; tickets: number | null; points: number | null; streak: number | null; nowMs: number;
  },
): Promise<void> {
  await db.query(
    `UPDATE promotion_claim SET state = 'claimed', deposit_id = $2, deposit_minor = $3, bonus_minor = $4, requirement_minor = $5,
            ledger_transaction_id = $6, claimed_at = $7, tickets = $8, streak = $9, points = $10
      WHERE id = $1 AND state IN ('joined', 'applying')`,
    [claimId, paid.depositId, paid.depositMinor, paid.bonusMinor, paid.requirementMinor, paid.ledgerTransactionId, new Date(paid.nowMs), paid.tickets, paid.streak, paid.points],
  );
}

/**
 * The deposit that earns a joined deposit promotion's bonus: made after joining, approved, of at
 * least the minimum; for a first-deposit promotion it must also be the member's first approved
 * deposit. None: undefined.
 */
export async function selectQualifyingDeposit(
  db: Db,
  merchantId: number,
  memberId: number,
  rules: { trigger: PromotionTrigger; minDepositMinor: number | null; startsAtMs: number | null; endsAtMs: number | null },
  joinedAtMs: number,
  /** A daily promotion: only deposits made before the day ends. */
  beforeMs: number = Number.POSITIVE_INFINITY,
): Promise<DepositFacts | undefined> {
  const result = await db.query<{ id: string; credited_minor: string; settled_at: Date; created_at: Date }>(
    `SELECT id, credited_minor, settled_at, created_at FROM deposit
      WHERE merchant_id = $1 AND member_id = $2 AND status = 'approved'
      ORDER BY settled_at, id ${rules.trigger === 'first_deposit' ? 'LIMIT 1' : ''}`,
    [merchantId, memberId],
  );
  for (const row of result.rows) {
    const credited = safe(row.credited_minor)!;
    const created = row.created_at.getTime();
    const qualifies =
      created >= joinedAtMs &&
      created < beforeMs &&
      (rules.minDepositMinor === null || credited >= rules.minDepositMinor) &&
      (rules.startsAtMs === null || created >= rules.startsAtMs) &&
      (rules.endsAtMs === null || created < rules.endsAtMs);
    if (qualifies) return { depositId: Number(row.id), creditedMinor: credited, settledAtMs: row.settled_at.getTime() };
  }
  return undefined;
}

export type IdentityKind = 'mobile' | 'card' | 'device' | 'address';

/** SHA-256 of an identity, so the table holds fingerprints, not numbers. */
export const identityHash = (kind: IdentityKind, value: string): Buffer => createHash('sha256').update(`${kind}:${value}`).digest();

/** The member's mobile number, bank cards (also removed ones) and addresses (registration and sessions). */
export async function selectIdentities(db: Db, merchantId: number, memberId: number): Promise<{ kind: IdentityKind; value: string }[]> {
  const result = await db.query<{ kind: IdentityKind; value: string }>(
    `SELECT 'mobile' AS kind, mobile_e164 AS value FROM member WHERE merchant_id = $1 AND id = $2 AND mobile_e164 IS NOT NULL
     UNION SELECT 'card', bank_code || ':' || card_number FROM withdraw_card WHERE merchant_id = $1 AND member_id = $2
     UNION SELECT 'address', register_ip FROM member WHERE merchant_id = $1 AND id = $2 AND register_ip IS NOT NULL
     UNION SELECT 'address', client_ip FROM member_session WHERE merchant_id = $1 AND member_id = $2 AND client_ip IS NOT NULL`,
    [merchantId, memberId],
  );
  return result.rows;
}

/**
 * Writes the identities for the promotion and member. Returns the kinds already written for
 * another member (then the caller refuses the claim and its transaction writes nothing).
 */
export async function claimIdentities(db: Db, promotionId: number, memberId: number, identities: { kind: IdentityKind; value: string }[]): Promise<IdentityKind[]> {
  const taken = new Set<IdentityKind>();
  for (const identity of identities) {
    const hash = identityHash(identity.kind, identity.value);
    await db.query(
      `INSERT INTO promotion_identity (promotion_id, identity_kind, identity_hash, member_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [promotionId, identity.kind, hash, memberId],
    );
    const owner = await db.query<{ member_id: string }>(
      'SELECT member_id FROM promotion_identity WHERE promotion_id = $1 AND identity_kind = $2 AND identity_hash = $3',
      [promotionId, identity.kind, hash],
    );
    if (Number(owner.rows[0].member_id) !== memberId) taken.add(identity.kind);
  }
  return [...taken];
}

/**
 * The once-per-person promotions another member has received with one of these identities (the
 * caller's mobile number, cards, addresses and device): closed to the caller.
 */
export async function selectLinkedPromotionIds(db: Db, memberId: number, identities: { kind: IdentityKind; value: string }[]): Promise<Set<number>> {
  if (identities.length === 0) return new Set();
  const result = await db.query<{ promotion_id: number }>(
    `SELECT DISTINCT i.promotion_id FROM promotion_identity i
       JOIN unnest($2::text[], $3::bytea[]) AS mine (kind, hash) ON mine.kind = i.identity_kind AND mine.hash = i.identity_hash
      WHERE i.member_id <> $1`,
    [memberId, identities.map((identity) => identity.kind), identities.map((identity) => identityHash(identity.kind, identity.value))],
  );
  return new Set(result.rows.map((row) => row.promotion_id));
}

/** A member of the merchant who plays with real money (not a guest account), by username. */
export async function selectRealMemberId(db: Db, merchantId: number, username: string): Promise<number | undefined> {
  const result = await db.query<{ id: string }>(
    'SELECT id FROM member WHERE merchant_id = $1 AND lower(username) = lower($2) AND member_type <> $3',
    [merchantId, username, GUEST_MEMBER_TYPE],
  );
  return result.rows[0] && Number(result.rows[0].id);
}

export async function insertApplication(
  db: Db,
  application: { claimId: number; merchantId: number; comment: string; images: { contentType: string; bytes: Buffer }[]; nowMs: number },
): Promise<void> {
  await db.query(
    'INSERT INTO promotion_application (claim_id, merchant_id, comment, applied_at) VALUES ($1, $2, $3, $4)',
    [application.claimId, application.merchantId, application.comment, new Date(application.nowMs)],
  );
  for (const [index, image] of application.images.entries()) {
    await db.query(
      'INSERT INTO promotion_application_image (claim_id, position, content_type, image) VALUES ($1, $2, $3, $4)',
      [application.claimId, index + 1, image.contentType, image.bytes],
    );
  }
}

/** An application's row, locked until the transaction ends (two reviews at once: the second waits, then finds it reviewed). */
export async function lockApplication(
  db: Db, merchantId: number, claimId: number,
): Promise<{ promotionId: number; memberId: number; state: ClaimFacts['state'] } | undefined> {
  const result = await db.query<{ promotion_id: number; member_id: string; state: ClaimFacts['state'] }>(
    `SELECT c.promotion_id, c.member_id, c.state FROM promotion_claim c JOIN promotion_application a ON a.claim_id = c.id
      WHERE c.merchant_id = $1 AND c.id = $2 FOR UPDATE OF c, a`,
    [merchantId, claimId],
  );
  const row = result.rows[0];
  return row && { promotionId: row.promotion_id, memberId: Number(row.member_id), state: row.state };
}

export async function rejectApplication(db: Db, claimId: number, review: { reason: string; reviewedBy: string; nowMs: number }): Promise<void> {
  await db.query(`UPDATE promotion_claim SET state = 'rejected' WHERE id = $1 AND state = 'applying'`, [claimId]);
  await db.query(
    'UPDATE promotion_application SET reject_reason = $2, reviewed_by = $3, reviewed_at = $4 WHERE claim_id = $1',
    [claimId, review.reason, review.reviewedBy, new Date(review.nowMs)],
  );
}

export async function markReviewed(db: Db, claimId: number, review: { reviewedBy: string; nowMs: number }): Promise<void> {
  await db.query('UPDATE promotion_application SET reviewed_by = $2, reviewed_at = $3 WHERE claim_id = $1', [claimId, review.reviewedBy, new Date(review.nowMs)]);
}

export interface ApplicationListItem {
  claimId: number;
  promotionId: number;
  promotionTitle: string;
  username: string;
  state: ClaimFacts['state'];
  comment: string;
  imageCount: number;
  appliedAtMs: number;
  reviewedAtMs: number | null;
  reviewedBy: string | null;
  rejectReason: string | null;
}

/** The merchant's applications, those waiting first (oldest first), then the reviewed (newest first). */
export function selectApplications(db: Db, merchantId: number, waitingOnly: boolean): Promise<ApplicationListItem[]> {
  return applications(db, merchantId, { waitingOnly });
}

/** One application as the list shows it (undefined: none of the merchant's). */
export async function selectApplication(db: Db, merchantId: number, claimId: number): Promise<ApplicationListItem | undefined> {
  return (await applications(db, merchantId, { waitingOnly: false, claimId }))[0];
}

/** The state of each named member's claim on a promotion (null: none yet); members not found are left out. */
export async function selectClaimStates(db: Db, merchantId: number, promotionId: number, usernames: readonly string[]): Promise<Record<string, string | null>> {
  const result = await db.query<{ username: string; state: string | null }>(
    `SELECT m.username, c.state FROM member m
       LEFT JOIN promotion_claim c ON c.member_id = m.id AND c.promotion_id = $2 AND c.period_key = ''
      WHERE m.merchant_id = $1 AND lower(m.username) = ANY($3::text[]) AND m.member_type <> $4 ORDER BY m.username`,
    [merchantId, promotionId, usernames.map((name) => name.toLowerCase()), GUEST_MEMBER_TYPE],
  );
  return Object.fromEntries(result.rows.map((row) => [row.username, row.state]));
}

async function applications(db: Db, merchantId: number, { waitingOnly, claimId }: { waitingOnly: boolean; claimId?: number }): Promise<ApplicationListItem[]> {
  const result = await db.query<{
    claim_id: string; promotion_id: number; title: string; username: string; state: ClaimFacts['state']; comment: string; images: number;
    applied_at: Date; reviewed_at: Date | null; reviewed_by: string | null; reject_reason: string | null;
  }>(
    `SELECT a.claim_id, c.promotion_id, p.title, m.username, c.state, a.comment,
            (SELECT count(*)::int FROM promotion_application_image i WHERE i.claim_id = a.claim_id) AS images,
            a.applied_at, a.reviewed_at, a.reviewed_by, a.reject_reason
       FROM promotion_application a
       JOIN promotion_claim c ON c.id = a.claim_id
       JOIN promotion p ON p.id = c.promotion_id
       JOIN member m ON m.id = c.member_id
      WHERE a.merchant_id = $1 AND ($2::boolean IS FALSE OR a.reviewed_at IS NULL) AND ($3::bigint IS NULL OR a.claim_id = $3)
      ORDER BY a.reviewed_at IS NOT NULL, CASE WHEN a.reviewed_at IS NULL THEN a.applied_at END, a.reviewed_at DESC
      LIMIT 500`,
    [merchantId, waitingOnly, claimId ?? null],
  );
  return result.rows.map((row) => ({
    claimId: Number(row.claim_id), promotionId: row.promotion_id, promotionTitle: row.title, username: row.username, state: row.state,
    comment: row.comment, imageCount: row.images, appliedAtMs: row.applied_at.getTime(), reviewedAtMs: msOf(row.reviewed_at),
    reviewedBy: row.reviewed_by, rejectReason: row.reject_reason,
  }));
}

/** An application's images, as data URLs for the operator to look at. */
export async function selectApplicationImages(db: Db, merchantId: number, claimId: number): Promise<string[]> {
  const result = await db.query<{ content_type: string; image: Buffer }>(
    `SELECT i.content_type, i.image FROM promotion_application_image i JOIN promotion_application a ON a.claim_id = i.claim_id
      WHERE a.merchant_id = $1 AND i.claim_id = $2 ORDER BY i.position`,
    [merchantId, claimId],
  );
  return result.rows.map((row) => `data:${row.content_type};base64,${row.image.toString('base64')}`);
}

/** The levels of the merchant's VIP ladder (modules/vip, migration 063) a promotion's audience may name. */
export async function selectVipLadderLevels(db: Db, merchantId: number): Promise<number[]> {
  const result = await db.query<{ level: number }>('SELECT level FROM vip_level WHERE merchant_id = $1 ORDER BY level', [merchantId]);
  return result.rows.map((row) => row.level);
}
