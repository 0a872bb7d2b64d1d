import { useSyncExternalStore } from 'react';

/** The phone layout's width (the shell's layout changes at the same 768 px). */
const PHONE_QUERY = '(max-width: 767px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const isPhone = (): boolean => query()?.matches ?? false;

/** True below 768 px, following the window as it resizes (internal to the UI kit). */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
