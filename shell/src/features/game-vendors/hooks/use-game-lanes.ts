import { api, type GameLane, type GameVendorValue } from '@platform/shared';
import { useEffect, useState } from 'react';

/** SPEC §7: the vendor list is asked for the desktop web platform. */
export const GAME_VENDOR_PARAMS = { platform: 'html5-desktop' } as const;

let pending: Promise<GameLane[]> | null = null;

/** The game lanes (category → vendors), fetched once per page for the side bar and the footer. */
export function loadGameLanes(): Promise<GameLane[]> {
  if (!pending) {
    pending = api.call<GameVendorValue>('gameVendors', { params: GAME_VENDOR_PARAMS }).then(
      (value) => value?.data?.lanes ?? [],
      (error: unknown) => {
        pending = null; // a later mount may try again
        throw error;
      },
    );
  }
  return pending;
}

/** Forgets the fetched lanes (tests, and a language change that renames vendors). */
export function forgetGameLanes(): void {
  pending = null;
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
