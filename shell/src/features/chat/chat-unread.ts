// The member's unread chat messages (operators' and the site's lines not read yet), one value for
// every entry point's badge: what asks the server for it (window/unread-watch.ts, started by the
// chat host for a real account's session with the chat on) and the chat stream
// (window/chat-engine.ts) set it. Without a session, for a free-play guest or with the chat off
// it is null.
import { bus } from '@platform/shared';
import { useSyncExternalStore } from 'react';

let current: { token: string | null; count: number | null } = { token: null, count: null };
const listeners = new Set<() => void>();
/** The chat stream is open and pushing the count: no need to ask. */
let pushed = false;

// A count belongs to its session: another session (or none) starts with none known.
bus.session$.subscribe(({ token }) => {
  if (token !== current.token) setChatUnread(null, token);
});

/** The count for the session `token` (a count of an older session, arriving late, is dropped). */
export function setChatUnread(count: number | null, token: string | null = bus.get('session').token): void {
  if (token !== bus.get('session').token) return;
  const next = { token, count: token && typeof count === 'number' && count >= 0 ? count : null };
  if (next.token === current.token && next.count === current.count) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Whether the chat stream is pushing the count now (the chat window's engine says so). */
export function setChatUnreadPushed(live: boolean): void {
  pushed = live;
}

export const chatUnreadPushed = (): boolean => pushed;

const currentCount = (): number | null => (current.token === bus.get('session').token ? current.count : null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The unread chat messages of this session (null: none known). */
export function useChatUnread(): number | null {
  return useSyncExternalStore(subscribe, currentCount, () => null);
}

/** The count as a badge shows it. */
export const chatBadgeText = (count: number): string => (count > 99 ? '99+' : String(count));
