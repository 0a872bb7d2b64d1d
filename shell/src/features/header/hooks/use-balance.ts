import { bus, useBusState, type BalanceState } from '@platform/shared';
import { useCallback } from 'react';

/** The bus balance (kept by the shared balance service) and a way to ask for it again. */
export function useBalance(): BalanceState & { refresh: () => void } {
  const balance = useBusState('balance');
  const refresh = useCallback(() => bus.dispatch({ type: 'refreshBalance' }), []);
  return { ...balance, refresh };
}
