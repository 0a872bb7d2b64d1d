import { api, type GameLane } from '@platform/shared';
import { gameVendorsCall } from '@platform/shared/contract';
import { useEffect, useState } from 'react';

/** SPEC §7: the vendor list is asked for the desktop web platform. */
export const GAME_VENDOR_PARAMS = { platform: 'html5-desktop' } as const;

/** The game lanes (category → vendors); the API client keeps the answer per language. */
export async function loadGameLanes(): Promise<GameLane[]> {
  const value = await api.cached(gameVendorsCall, GAME_VENDOR_PARAMS);
  return value?.data?.lanes ?? [];
}

/** The game lanes; empty until loaded or when the call fails (the chrome works without them). */
export function useGameLanes(): GameLane[] {
  const [lanes, setLanes] = useState<GameLane[]>([]);
  useEffect(() => {
    let live = true;
    loadGameLanes()
      .then((loaded) => live && setLanes(loaded))
      .catch(() => live && setLanes([]));
    return () => {
      live = false;
    };
  }, []);
  return lanes;
}
