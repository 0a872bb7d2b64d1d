// The reward centre's calls. Every one is sent quiet: the page says each failure itself (a tab's
// error block with Retry, a refusal under the button or field), so the API client shows no toast
// of its own besides.
import { api } from '@platform/shared';
import {
  prizeWheelHistoryCall,
  prizeWheelRotateSeedCall,
  prizeWheelSpinCall,
  prizeWheelSpinInfoCall,
  prizeWheelTicketsCall,
  promotionClaimCall,
  promotionJoinCall,
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

/** Claims a promotion's reward (for the daily sign-in: signs in for today). */
export const claimPromotion = (promotionId: number): Promise<PromotionClaimed> => api.call(quiet(promotionClaimCall), { data: { promotionId } });

export const joinPromotion = (promotionId: number): Promise<PromotionEntry> => api.call(quiet(promotionJoinCall), { data: { promotionId } });

export const loadTickets = (signal: AbortSignal): Promise<PrizeWheelTickets> => api.call(quiet(prizeWheelTicketsCall), { signal });

export const spinWheel = (ticketId: number, clientSeed: string): Promise<PrizeWheelSpun> => api.call(quiet(prizeWheelSpinCall), { data: { ticketId, clientSeed } });

export const rotateSeed = (): Promise<PrizeWheelRotation> => api.call(quiet(prizeWheelRotateSeedCall));

export const loadSpin = (transactionId: string): Promise<PrizeWheelSpinInfo> => api.call(quiet(prizeWheelSpinInfoCall), { params: { transactionId } });

export const loadHistory = (page: number, size: number, signal: AbortSignal): Promise<PrizeWheelHistory> =>
  api.call(quiet(prizeWheelHistoryCall), { params: { page, size }, signal });
