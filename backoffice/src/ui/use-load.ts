import { useCallback, useEffect, useRef, useState } from 'react';
import { OpsError } from '../api/ops-client';

/**
 * Loads with `load` now, again when `deps` change, on `reload()`, and every `refreshMs` while the
 * page is in view (the queues a cashier works from change under them). A later answer always
 * replaces an earlier one, never the other way round.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[], { refreshMs }: { refreshMs?: number } = {}) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean; loadedAt: number | null }>({ data: null, error: null, loading: true, loadedAt: null });
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setState((current) => ({ ...current, loading: true }));
    try {
      const data = await loadRef.current();
      if (ticket === latest.current) setState({ data, error: null, loading: false, loadedAt: Date.now() });
    } catch (error) {
      if (ticket === latest.current) setState((current) => ({ ...current, error: error instanceof OpsError ? error.message : String(error), loading: false }));
    }
  }, []);

  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  useEffect(() => {
    if (!refreshMs) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, reload]);

  return { ...state, reload };
}
