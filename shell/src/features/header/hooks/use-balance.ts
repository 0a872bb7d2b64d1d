import { api, bus, useBusState, type BalanceState } from '@platform/shared';
import { balanceCall } from '@platform/shared/contract';
import { useCallback, useEffect } from 'react';

/** Fetches the wallets' sum and publishes it on the bus for every app. */
export async function refreshBalance(): Promise<void> {
  const previous = bus.get('balance');
  bus.set('balance', { ...previous, loading: true });
  try {
    const { sumBalance } = await api.call(balanceCall);
    bus.set('balance', { sumBalance: Number(sumBalance), loading: false });
  } catch {
    // The API client has told the player; keep the last known amount.
    bus.set('balance', { ...bus.get('balance'), loading: false });
  }
}

/** The bus balance; loads it once a session exists and no amount is known yet. */
export function useBalance(): BalanceState & { refresh: () => Promise<void> } {
  const balance = useBusState('balance');
  const { token } = useBusState('session');
  const known = balance.sumBalance !== null;

  useEffect(() => {
    if (token && !known && !bus.get('balance').loading) void refreshBalance();
  }, [token, known]);

  const refresh = useCallback(() => refreshBalance(), []);
  return { ...balance, refresh };
}
