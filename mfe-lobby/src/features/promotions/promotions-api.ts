// The promotions pages' calls. Every one is sent quiet: the pages say each failure themselves (the
// list's and the detail's error blocks, a refusal under the button or the promo-code field), so
// the API client shows no toast of its own besides.
import { api, type ApiError } from '@platform/shared';
import {
  promotionApplyCall,
  promotionClaimCall,
  promotionDetailCall,
  promotionJoinCall,
  promotionListCall,
  type CallDefinition,
  type ErrorCode,
  type PromotionClaimed,
  type PromotionDetail,
  type PromotionEntry,
} from '@platform/contract';

const quiet = <C extends CallDefinition>(call: C): C => ({ ...call, quiet: true });

export async function loadPromotions(signal: AbortSignal): Promise<PromotionEntry[]> {
  return [...(await api.call(quiet(promotionListCall), { signal })).list];
}

/** One promotion and its terms (`id` has passed the row's rule, promotionIdOf). */
export function loadPromotion(id: string, signal: AbortSignal): Promise<PromotionDetail> {
  return api.call(quiet(promotionDetailCall), { params: { promotionId: id }, signal });
}

export const joinPromotion = (promotionId: number): Promise<PromotionEntry> => api.call(quiet(promotionJoinCall), { data: { promotionId } });

export const claimPromotion = (promotionId: number): Promise<PromotionClaimed> => api.call(quiet(promotionClaimCall), { data: { promotionId } });

export const applyForPromotion = (application: { promotionId: number; comment: string; images: string[] }): Promise<PromotionEntry> =>
  api.call(quiet(promotionApplyCall), { data: application });

const PROMOTION_NOT_FOUND: ErrorCode = 'promotion.not.found';

/** The server has no promotion of that id for this member (or none this site shows). */
export const isNotFound = (error: ApiError): boolean => error.status === 404 || error.errorCode === PROMOTION_NOT_FOUND;
