// Asks the server for the unread chat count (CBS_unreadCount, quiet) when a real account's session
// starts with the chat on, every CHAT_UNREAD_POLL_MS while the page is in view, and when the page
// comes back into view; not while a stream pushes it: the balance stream (`chatUnread`, once it
// has pushed it for this session) or the chat's own (the window is open, or a conversation is
// going on). Asking covers a server or a page whose balance stream does not carry it.
import { api, bus } from '@platform/shared';
import { chatUnreadCountCall } from '@platform/contract';
import { chatUnreadPushed, setChatUnread } from '../chat-unread';

/** How often the count is asked for while no chat stream pushes it. */
export const CHAT_UNREAD_POLL_MS = 30_000;

/** Asks the server for the count now (quiet: a failure keeps the last count). */
export async function refreshChatUnread(): Promise<void> {
  const { token } = bus.get('session');
  if (!token) return;
  try {
    setChatUnread((await api.call(chatUnreadCountCall)).unreadCount, token);
  } catch {
    // Quiet call: the badges keep what they had.
  }
}

/** Keeps the count of the session on the bus now; returns the function that stops. */
export function startChatUnreadWatch(): () => void {
  void refreshChatUnread();
  const ask = () => {
    if (!chatUnreadPushed() && document.visibilityState === 'visible') void refreshChatUnread();
  };
  const timer = setInterval(ask, CHAT_UNREAD_POLL_MS);
  document.addEventListener('visibilitychange', ask);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', ask);
  };
}
