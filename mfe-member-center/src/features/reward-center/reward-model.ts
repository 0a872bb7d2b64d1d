// What the reward centre reads of the wire (contract/src/promotion.ts, prize-wheel.ts) that the
// promotion words of the UI blocks do not say: which promotions are the member's, the client
// seed's rule, the prizes in words, and where the wheel stops. A promotion's states, countdowns,
// rewards and amounts are in words the lobby's promotions pages share (@platform/ui-blocks).
import type { useT } from '@platform/shared';
import { CLIENT_SEED_PATTERN, type PrizeDeliveryStatus, type PrizeKind, type PromotionEntry, type PromotionState } from '@platform/contract';

/** The page namespace's translate function. */
export type Translate = ReturnType<typeof useT>['t'];

/** The states in which a promotion is the member's own: joined, a bonus to claim, being wagered, or received. */
export const MY_PROMOTION_STATES: readonly PromotionState[] = ['claim', 'joined', 'process', 'claimed'];

export const myPromotions = (list: readonly PromotionEntry[]): PromotionEntry[] => list.filter((entry) => MY_PROMOTION_STATES.includes(entry.state));

const CLIENT_SEED = new RegExp(CLIENT_SEED_PATTERN);
/** The contract's rule for a client seed: 1 to 64 printable characters, no spaces or ':'. */
export const isClientSeed = (seed: string): boolean => CLIENT_SEED.test(seed);

/**
 * A client seed the player has not chosen: 16 random bytes in hex (the page's WebCrypto), so that
 * the spin depends on something the server could not know when it committed its seed.
 */
export function randomClientSeed(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function prizeKindLabel(kind: PrizeKind, t: Translate): string {
  switch (kind) {
    case 'cash':
      return t('kind_cash');
    case 'none':
      return t('kind_none');
    case 'physical':
      return t('kind_physical');
  }
}

export function deliveryLabel(status: PrizeDeliveryStatus | null, t: Translate): string {
  switch (status) {
    case 'pending':
      return t('delivery_pending');
    case 'delivered':
      return t('delivery_delivered');
    default:
      return '—';
  }
}

// ── The wheel's geometry ──────────────────────────────────────────────────────────────────────
// Segments are drawn as equal slices, clockwise from the top, segment 0 first (the wheel's order;
// their chances are the weights, listed beside the wheel). The pointer is at the top: a rotation
// of r degrees clockwise puts under it the slice that was at −r.

/** Full turns the wheel makes before it stops, so a spin looks like one whatever the segment. */
export const SPIN_TURNS = 5;

const normalised = (degrees: number) => ((degrees % 360) + 360) % 360;

/** The rotation (degrees, clockwise, growing from `current`) that stops segment `index` of `count` under the pointer, at its middle. */
export function rotationFor(current: number, index: number, count: number, turns = SPIN_TURNS): number {
  const slice = 360 / count;
  const stop = normalised(360 - (index + 0.5) * slice);
  return current + turns * 360 + normalised(stop - normalised(current));
}

/** The segment under the pointer at a rotation (the inverse of rotationFor). */
export function segmentUnderPointer(rotation: number, count: number): number {
  return Math.floor(normalised(360 - normalised(rotation)) / (360 / count)) % count;
}
