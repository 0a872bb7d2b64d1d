// The promotions pages' calls. Every one is sent quiet: the pages say each failure themselves (the
// list's and the detail's error blocks, a refusal under the button or the promo-code field), so
// the API client shows no toast of its own besides.
import { api, bus, SESSION_ENDED_CODES, SITE_CLOSED_CODES, type ApiError } from '@platform/shared';
import {
  claimPromoCodeCall,
  CLIENT_ERROR_CODES,
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

export const claimPromoCode = (promoCode: string): Promise<PromotionClaimed> => api.call(quiet(claimPromoCodeCall), { data: { promoCode } });

const PROMOTION_NOT_FOUND: ErrorCode = 'promotion.not.found';

/** The server has no promotion of that id for this member (or none this site shows). */
export const isNotFound = (error: ApiError): boolean => error.status === 404 || error.errorCode === PROMOTION_NOT_FOUND;

/**
 * What a refused action shows under its button: the server's message, or nothing when the player
 * has been told already. The calls are quiet, so what the client would have done for an ended
 * session is done here (as the game launcher does): its message as a toast, and the logout.
 */
export function explainRefusal(error: ApiError): string | null {
  if (error.errorCode === CLIENT_ERROR_CODES.canceled) return null;
  // The whole page turns to the maintenance or restriction page (the client does that for quiet calls too).
  if (SITE_CLOSED_CODES.has(error.errorCode)) return null;
  // Without a session the client has opened the login popup instead of sending.
  if (error.errorCode === CLIENT_ERROR_CODES.notLoggedIn && error.status === 0) return null;
  if (error.status === 401 || SESSION_ENDED_CODES.has(error.errorCode)) {
    bus.dispatch({ type: 'toast', level: 'warning', message: error.message });
    bus.dispatch({ type: 'logout' });
    return null;
  }
  return error.message;
}
