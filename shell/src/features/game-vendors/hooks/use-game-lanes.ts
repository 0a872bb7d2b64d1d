import { api, useCall, type GameLane } from '@platform/shared';
import { gameVendorsCall } from '@platform/contract';

/** The vendor list is asked for the desktop web platform. */
export const GAME_VENDOR_PARAMS = { platform: 'html5-desktop' } as const;

const NO_LANES: GameLane[] = [];

/** The game lanes (category → vendors); the API client keeps the answer per language. */
export async function loadGameLanes(): Promise<GameLane[]> {
  const value = await api.cached(gameVendorsCall, GAME_VENDOR_PARAMS);
  return value?.data?.lanes ?? [];
}

/**
 * The game lanes; empty until loaded or when the call fails (the chrome works without them). Kept
 * for the page: the side bar, the tab bar and the footer of the next route have them at once.
 * (No signal: the API client's cached request is one for all its callers.)
 */
export function useGameLanes(): GameLane[] {
  const lanes = useCall(() => loadGameLanes(), [], { cache: 'gameLanes' });
  if (lanes.status === 'success') return lanes.data;
  return lanes.status === 'loading' ? (lanes.staleData ?? NO_LANES) : NO_LANES;
}
