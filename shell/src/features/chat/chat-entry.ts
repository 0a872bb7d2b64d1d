// The site's own chat with customer service as the rest of the shell sees it: whether the
// merchant offers it, whether its window is open, and openChat(), which every entry point calls.
// The only part in every page's first load (the footer and the status pages open customer
// service): the header's entry, the badge and the window are chunks of their own, fetched only
// where the merchant has the chat on (components/chat-slots.tsx).
import { bus, GUEST_ACCOUNT_TYPE, requireRealAccount, useBusState, type SystemStatus } from '@platform/shared';
import { BehaviorSubject } from 'rxjs';

const open$ = new BehaviorSubject(false);
/** Where the keyboard was when the window opened: it goes back there when the window closes. */
let openedFrom: HTMLElement | null = null;

export const chatWindow = {
  open$,
  isOpen: (): boolean => open$.getValue(),
  open(): void {
    if (open$.getValue()) return;
    openedFrom = document.activeElement as HTMLElement | null;
    open$.next(true);
  },
  close(): void {
    if (!open$.getValue()) return;
    open$.next(false);
    // Only to an element still on the page (a drawer's entry goes with its drawer).
    if (openedFrom?.isConnected) openedFrom.focus();
    openedFrom = null;
  },
};

// The chat belongs to a session: a logout (or another account, in another tab) closes it.
let sessionToken = bus.get('session').token;
bus.session$.subscribe(({ token }) => {
  if (token === sessionToken) return;
  sessionToken = token;
  chatWindow.close();
});

/** Whether the merchant has switched the site's chat on (the system status's site settings). */
export const chatEnabledIn = (status: SystemStatus | null | undefined): boolean => status?.info.site.chatEnabled === true;

/** Whether the merchant offers the site's chat, following the system status. */
export function useChatEnabled(): boolean {
  return chatEnabledIn(useBusState('settings').status);
}

/** Whether the session on the bus may chat: a real account's (not a visitor's, not a free-play guest's). */
export function mayChat(): boolean {
  const { token, isAgent } = bus.get('session');
  return !!token && isAgent !== GUEST_ACCOUNT_TYPE;
}

/**
 * Opens the chat window, from a click on any entry point. Only a real account chats: a visitor
 * gets the login popup, a free-play guest the notice to register (requireRealAccount), and the
 * window stays shut. Returns whether it opened.
 */
export function openChat(): boolean {
  if (!requireRealAccount()) return false;
  chatWindow.open();
  return true;
}
