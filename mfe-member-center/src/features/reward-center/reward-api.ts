// The reward centre's calls. Every one is sent quiet: the page says each failure itself (a tab's
// error block with Retry, a refusal under the button or field), so the API client shows no toast
// of its own besides.
import { api, bus, SESSION_ENDED_CODES, SITE_CLOSED_CODES, type ApiError } from '@platform/shared';
import {
  claimPromoCodeCall,
  CLIENT_ERROR_CODES,
  prizeWheelHistoryCall,
  prizeWheelRotateSeedCall,
  prizeWheelSpinCall,
  prizeWheelSpinInfoCall,
  prizeWheelTicketsCall,
  promotionListCall,
  type CallDefinition,
  type PrizeWheelHistory,
  type PrizeWheelRotation,
  type PrizeWheelSpinInfo,
  type PrizeWheelSpun,
  type PrizeWheelTickets,
  type PromotionClaimed,
  type PromotionEntry,
} from '@platform/contract';

const quiet = <C extends CallDefinition>(call: C): C => ({ ...call, quiet: true });

export const loadPromotions = async (signal: AbortSignal): Promise<PromotionEntry[]> => [...(await api.call(quiet(promotionListCall), { signal })).list];

export const claimPromoCode = (promoCode: string): Promise<PromotionClaimed> => api.call(quiet(claimPromoCodeCall), { data: { promoCode } });

export const loadTickets = (signal: AbortSignal): Promise<PrizeWheelTickets> => api.call(quiet(prizeWheelTicketsCall), { signal });

export const spinWheel = (ticketId: number, clientSeed: string): Promise<PrizeWheelSpun> => api.call(quiet(prizeWheelSpinCall), { data: { ticketId, clientSeed } });

export const rotateSeed = (): Promise<PrizeWheelRotation> => api.call(quiet(prizeWheelRotateSeedCall));

export const loadSpin = (transactionId: string): Promise<PrizeWheelSpinInfo> => api.call(quiet(prizeWheelSpinInfoCall), { params: { transactionId } });

export const loadHistory = (page: number, size: number, signal: AbortSignal): Promise<PrizeWheelHistory> =>
  api.call(quiet(prizeWheelHistoryCall), { params: { page, size }, signal });

/**
 * What a refused action shows under its button: the server's message, or nothing when the player
 * has been told already. The calls are quiet, so what the client would have done for an ended
 * session is done here: its message as a toast, and the logout.
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
