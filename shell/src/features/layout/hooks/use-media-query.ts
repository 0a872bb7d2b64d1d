import { useCallback, useSyncExternalStore } from 'react';

function listFor(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether the CSS media query matches now, following it as it changes (false where there is no matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listFor(query);
      if (!list) return () => undefined;
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => listFor(query)?.matches ?? false, [query]);
  return useSyncExternalStore(subscribe, matches, () => false);
}
