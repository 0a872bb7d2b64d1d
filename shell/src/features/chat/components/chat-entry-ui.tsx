import { useBusState } from '@platform/shared';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { chatWindow, mayChat } from '../chat-entry';
import { startChatUnreadWatch } from '../window/unread-watch';

export { ChatBadge } from './chat-badge';

// The window, its stream and its strings: a chunk of their own, fetched when the chat is first
// opened (most visits never open it). Its strings arrive with it, before it renders.
const ChatWindow = lazy(() =>
  import(/* webpackChunkName: "chat" */ '../window/chat-window').then(async (module) => {
    await module.chatTranslationsLoaded;
    return module;
  }),
);

function subscribeOpen(onChange: () => void): () => void {
  const subscription = chatWindow.open$.subscribe(() => onChange());
  return () => subscription.unsubscribe();
}

/**
 * The chat window when it is open, and the unread count of a real account's session kept for the
 * entry points' badges. Rendered (by ChatHostSlot) only with the chat on.
 */
export function ChatHost() {
  const open = useSyncExternalStore(subscribeOpen, chatWindow.isOpen, () => false);
  const { token, isAgent } = useBusState('session');
  useEffect(() => (token && mayChat() ? startChatUnreadWatch() : undefined), [token, isAgent]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ChatWindow onClose={chatWindow.close} />
    </Suspense>
  );
}
