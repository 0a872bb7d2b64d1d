// The member's unread chat messages (operators' and the site's lines not read yet), one value for
// every entry point's badge. Three sources set it: the balance stream, which the server pushes it
// on (`chatUnread`, passed on by the shared balance service as a bus command); the chat's own
// stream while it is open (window/chat-engine.ts); and asking the server (window/unread-watch.ts,
// started by the chat host for a real account's session with the chat on), which stops while
// either stream pushes it. Without a session, for a free-play guest or with the chat off it is
// null.
import { bus } from '@platform/shared';
import { useSyncExternalStore } from 'react';

let current: { token: string | null; count: number | null } = { token: null, count: null };
const listeners = new Set<() => void>();
/** The chat stream is open and pushing the count: no need to ask. */
let pushed = false;
/** The session whose balance stream has pushed the count (it pushes it on every opening and change). */
let balancePushedFor: string | null = null;

// A count belongs to its session: another session (or none) starts with none known.
bus.session$.subscribe(({ token }) => {
  if (token !== current.token) setChatUnread(null, token);
  if (token !== balancePushedFor) balancePushedFor = null;
});

// The balance service runs only for a live session, and drops a stream's events once its session ended.
bus.on('chatUnread').subscribe(({ unreadCount }) => {
  const { token } = bus.get('session');
  if (!token) return;
  balancePushedFor = token;
  setChatUnread(unreadCount, token);
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

/** Whether a stream is pushing the count now: the chat's own, or the balance stream of this session. */
export const chatUnreadPushed = (): boolean => pushed || (balancePushedFor !== null && balancePushedFor === bus.get('session').token);

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
