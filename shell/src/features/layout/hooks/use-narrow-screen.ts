import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN_QUERY } from './shell-ui-store';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_SCREEN_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  if (!list) return () => undefined;
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return query()?.matches ?? false;
}

/** True below 768 px (NARROW_SCREEN_QUERY): the phone layout. Follows the window as it resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
