// The member's unread message count (messageV2), one value for every app of the page: the
// header's badge reads it, the messages page sets it after reading or deleting. The server pushes
// it on the balance stream (an `unread` event: balance-stream.ts), so a mail sent to the member
// shows at once; it is also asked for (CSP_unreadCount, quiet) when a real account's session
// starts, in case the push is not there. Without a session (or for a free-play guest) it is null.
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { bus } from '../bus/event-bus';
import { useBusState } from '../bus/use-bus-state';
import { unreadCountCall } from '@platform/contract';
import { GUEST_MEMBER_TYPE } from '@platform/contract';

let current: { token: string | null; count: number | null } = { token: null, count: null };
const listeners = new Set<() => void>();

// A count belongs to its session: another session (or none) starts with none known.
bus.session$.subscribe(({ token }) => {
  if (token !== current.token) setUnreadCount(null, token);
});

/** The count for the session `token` (a pushed or answered count of an older session is dropped). */
export function setUnreadCount(count: number | null, token: string | null = bus.get('session').token): void {
  if (token !== bus.get('session').token) return;
  const next = { token, count: token && typeof count === 'number' && count >= 0 ? count : null };
  if (next.token === current.token && next.count === current.count) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Asks the server for the count now (quiet: a failure leaves the last count). */
export async function refreshUnreadCount(): Promise<void> {
  const { token, isAgent } = bus.get('session');
  if (!token || isAgent === GUEST_MEMBER_TYPE) return setUnreadCount(null, token);
  try {
    setUnreadCount((await api.call(unreadCountCall)).unreadCount, token);
  } catch {
    // Quiet call: the badge keeps what it had.
  }
}

/** The count of the session on the bus now (null: none known). */
export const currentUnreadCount = (): number | null => (current.token === bus.get('session').token ? current.count : null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The unread count of this session (null: none known), loaded when a session starts. */
export function useUnreadCount(): number | null {
  const { token } = useBusState('session');
  useEffect(() => {
    void refreshUnreadCount();
  }, [token]);
  return useSyncExternalStore(subscribe, currentUnreadCount);
}
