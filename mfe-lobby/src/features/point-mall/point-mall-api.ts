// The point mall's calls. The page says each failure itself (its error blocks, a refusal under
// the password), so every call is sent quiet.
import { api } from '@platform/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  convertPointCall,
  pointBalanceCall,
  pointConfigCall,
  pointRewardCall,
  redeemPointListCall,
  redeemPointRewardCall,
  type CallDefinition,
  type PointConfig,
  type PointConverted,
  type PointItem,
  type PointRedeemed,
  type PointRedeemList,
} from '@platform/contract';

const quiet = <C extends CallDefinition>(call: C): C => ({ ...call, quiet: true });

export const loadCatalogue = async (signal: AbortSignal): Promise<PointItem[]> => [...(await api.call(quiet(pointRewardCall), { signal })).list];

export const loadConfig = (signal: AbortSignal): Promise<PointConfig> => api.call(quiet(pointConfigCall), { signal });

export const loadPoints = async (signal: AbortSignal): Promise<number> => (await api.call(quiet(pointBalanceCall), { signal })).point;

export const loadHistory = (signal: AbortSignal): Promise<PointRedeemList> => api.call(quiet(redeemPointListCall), { params: { page: 1, size: 20 }, signal });

/** Redeems `itemId` under `idempotencyKey` (the same key for a retry of the same redeem). */
export const redeemItem = (itemId: number, paymentPassword: string, idempotencyKey: string): Promise<PointRedeemed> =>
  api.call(quiet(redeemPointRewardCall), { data: { itemId, paymentPassword }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/** Converts `point` points to money under `idempotencyKey`. */
export const convertPoints = (point: number, paymentPassword: string, idempotencyKey: string): Promise<PointConverted> =>
  api.call(quiet(convertPointCall), { data: { point, paymentPassword }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
