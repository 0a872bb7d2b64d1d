import { GUEST_ACCOUNT_TYPE, useBusState, useT } from '@platform/shared';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { chatWindow, openChat, useChatEnabled } from '../chat-entry';

// The host of the window and the unread badge: one chunk, fetched only for a real account's
// session where the merchant has the chat on (or once the window opens). A visitor's page, which
// cannot chat before logging in, carries none of it.
const ChatHost = lazy(() => import(/* webpackChunkName: "chat-entry" */ './chat-entry-ui').then((module) => ({ default: module.ChatHost })));
const ChatBadge = lazy(() => import(/* webpackChunkName: "chat-entry" */ './chat-entry-ui').then((module) => ({ default: module.ChatBadge })));

function subscribeOpen(onChange: () => void): () => void {
  const subscription = chatWindow.open$.subscribe(() => onChange());
  return () => subscription.unsubscribe();
}

/** Whether the session on the bus is a real account's (not a visitor's, not a free-play guest's). */
function useRealAccount(): boolean {
  const { token, isAgent } = useBusState('session');
  return !!token && isAgent !== GUEST_ACCOUNT_TYPE;
}

/** Where the chat window appears, over whatever the page shows (the status pages too). Mounted once, by the app. */
export function ChatHostSlot() {
  const enabled = useChatEnabled();
  const open = useSyncExternalStore(subscribeOpen, chatWindow.isOpen, () => false);
  const real = useRealAccount();
  if (!enabled || !(open || real)) return null;
  return (
    <Suspense fallback={null}>
      <ChatHost />
    </Suspense>
  );
}

export interface ChatEntryClasses {
  /** On the unread badge. */
  badgeClassName: string;
  /** Text only screen readers get (the entry's name, the badge's words). */
  hiddenClassName: string;
}

/** The unread badge inside an entry point, for a real account's session (none at 0). */
export function ChatBadgeSlot(classes: ChatEntryClasses) {
  if (!useRealAccount()) return null;
  return (
    <Suspense fallback={null}>
      <ChatBadge {...classes} />
    </Suspense>
  );
}

/** The header's customer-service entry, with the chat on: opens it, carries its unread badge. */
export function HeaderChatSlot({ className, ...classes }: ChatEntryClasses & { className: string }) {
  const { t } = useT('shell');
  if (!useChatEnabled()) return null;
  return (
    <button type="button" className={className} title={t('nav_customer_service')} aria-haspopup="dialog" data-testid="header-chat" onClick={() => openChat()}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M4 4h16v12H9l-5 4Z" />
      </svg>
      <span className={classes.hiddenClassName}>{t('nav_customer_service')}</span>
      <ChatBadgeSlot {...classes} />
    </button>
  );
}
