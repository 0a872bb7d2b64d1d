import type { DepositPromotion, PromotionEntry } from '@platform/contract';
import type pg from 'pg';
import { AppError } from '../../http/envelope';
import { minorToMajor } from '../ledger';
import * as queries from './promotion.queries';
import { joinPromotion, listPromotions, type ClaimContext } from './promotion.service';

// The deposit page's promotion choice (server/README.md, "Promotions"): instead of opening a
// promotion's page and pressing Join before depositing, the member picks the deposit promotion on
// the deposit form and the deposit request names it. The offer is the promotions list narrowed to
// the deposit promotions the member may join now or has joined; a deposit naming one is checked
// against the same list, against the promotion's minimum deposit, and the member is joined before
// the deposit is made (modules/deposit calls chooseDepositPromotion through app.ts, so the deposit
// module does not depend on this one). Nothing else changes: joining moves no money, and the
// deposit, once approved, earns the bonus the way a deposit after pressing Join does.

const DEPOSIT_TRIGGERS: ReadonlySet<string> = new Set(['first_deposit', 'deposit']);
const CHOOSABLE_STATES: ReadonlySet<string> = new Set(['join', 'joined']);

/** A deposit promotion the member may pick for their next deposit. */
const isChoosable = (entry: PromotionEntry): boolean => DEPOSIT_TRIGGERS.has(entry.trigger) && CHOOSABLE_STATES.has(entry.state);

function optionOf(entry: PromotionEntry): DepositPromotion {
  return {
    id: entry.id,
    title: entry.title,
    trigger: entry.trigger as DepositPromotion['trigger'],
    joined: entry.state === 'joined',
    reward: entry.reward,
    minDeposit: entry.minDeposit,
    wagering: { multiplier: entry.wagering.multiplier, includesDeposit: entry.wagering.includesDeposit },
    endTime: entry.endTime,
  };
}

/** The deposit promotions the member may choose for a deposit now, in the merchant's order. */
export async function depositPromotions(pool: pg.Pool, context: ClaimContext): Promise<DepositPromotion[]> {
  return (await listPromotions(pool, context, context.nowMs)).filter(isChoosable).map(optionOf);
}

/** A deposit request's promotionId, with the member and the amount it asks to deposit (minor units). */
export interface DepositPromotionChoice {
  merchantId: number;
  memberId: number;
  promotionId: number;
  amountMinor: number;
  nowMs: number;
  language?: string;
  deviceId?: string;
  clientIp?: string;
}

/**
 * Joins the member to the deposit promotion chosen for a deposit of `amountMinor`, or refuses:
 * 404 promotion.not.found (none of this merchant's shown to the member: another merchant's id, a
 * paused one, an unclaimed promo code), 409 promotion.not.joinable (not a deposit promotion, or
 * not open to this member now: claimed, bonus waiting, closed, a linked account's), 400
 * promotion.deposit.below_minimum (the deposit would not qualify). Choosing a promotion joined
 * already changes nothing.
 */
export async function chooseDepositPromotion(pool: pg.Pool, choice: DepositPromotionChoice): Promise<void> {
  const context: ClaimContext = {
    merchantId: choice.merchantId,
    memberId: choice.memberId,
    deviceId: choice.deviceId,
    clientIp: choice.clientIp,
    language: choice.language,
    nowMs: choice.nowMs,
  };
  const entry = (await listPromotions(pool, context, choice.nowMs)).find((candidate) => candidate.id === choice.promotionId);
  if (!entry) throw new AppError(404, 'promotion.not.found');
  const refused = (state: string, closeReason: string | null) => new AppError(409, 'promotion.not.joinable', {}, { state, closeReason });
  if (!isChoosable(entry)) throw refused(entry.state, entry.closeReason);
  // The minimum as stored (minor units): the entry carries it in major units for the page.
  const minDepositMinor = (await queries.selectPromotion(pool, choice.merchantId, choice.promotionId))?.minDepositMinor ?? null;
  if (minDepositMinor !== null && choice.amountMinor < minDepositMinor) {
    throw new AppError(400, 'promotion.deposit.below_minimum', { min: minorToMajor(minDepositMinor).toFixed(2) }, { minDeposit: minorToMajor(minDepositMinor) });
  }
  // joinPromotion decides again under the member's row lock, and answers a row the member already
  // has whatever its state: only "joined" lets the deposit earn the bonus.
  let joined: Pick<PromotionEntry, 'state' | 'closeReason'>;
  try {
    joined = await joinPromotion(pool, context, choice.promotionId);
  } catch (error) {
    // Another join of this member at the same moment (a second deposit, the Join button) may be
    // refused as not joinable because the first one's row appeared meanwhile: what the deposit
    // needs is the member joined, so the standing read now decides.
    if (!(error instanceof AppError) || error.errorCode !== 'promotion.not.joinable') throw error;
    const now = (await listPromotions(pool, context, choice.nowMs)).find((candidate) => candidate.id === choice.promotionId);
    if (now?.state !== 'joined') throw error;
    joined = now;
  }
  if (joined.state !== 'joined') throw refused(joined.state, joined.closeReason);
}

/** The deposit module's promotion check (DepositRoutesOptions.choosePromotion), on this pool. */
export const depositPromotionChooser =
  (pool: pg.Pool) =>
  (choice: DepositPromotionChoice): Promise<void> =>
    chooseDepositPromotion(pool, choice);
