// The player's favourite games: the ids are loaded once per session and kept
// here for every tile on screen; a toggle removes a favourite or adds one, then updates the ids.
import { requireRealAccount, useBusState } from '@platform/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { loadFavouriteIds, setFavourite } from './games-api';
import type { LobbyGame } from './game-model';

let ids: ReadonlySet<string> = new Set();
let loadedFor: string | null = null;
let version = 0;
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<string>): void {
  ids = next;
  version += 1;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Loads the ids for the session on the bus, once per token. */
function follow(token: string | null): void {
  if (token === loadedFor) return;
  loadedFor = token;
  publish(new Set());
  if (!token) return;
  loadFavouriteIds().then(
    (loaded) => {
      if (loadedFor === token) publish(new Set(loaded));
    },
    () => {
      // Quiet: tiles just show no favourites; the next session tries again.
      if (loadedFor === token) loadedFor = null;
    },
  );
}

/** Listeners hear of a change of the favourites (the favourite list reloads). */
export function useFavouritesVersion(): number {
  return useSyncExternalStore(subscribe, () => version, () => 0);
}

export function useFavouriteIds(): ReadonlySet<string> {
  const token = useBusState('session').token;
  useEffect(() => follow(token), [token]);
  return useSyncExternalStore(subscribe, () => ids, () => ids);
}

/** Adds or removes a favourite; without a real account the login popup (or the notice) instead. */
export async function toggleFavourite(game: LobbyGame): Promise<void> {
  if (!requireRealAccount()) return;
  const favourite = !ids.has(game.nodeId);
  await setFavourite(game, favourite);
  const next = new Set(ids);
  if (favourite) next.add(game.nodeId);
  else next.delete(game.nodeId);
  publish(next);
}

/** Tests: forget the loaded ids. */
export function resetFavourites(): void {
  loadedFor = null;
  publish(new Set());
}
