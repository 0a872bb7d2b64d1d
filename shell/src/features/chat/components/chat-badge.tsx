import { useT } from '@platform/shared';
import { chatBadgeText, useChatUnread } from '../chat-unread';
import type { ChatEntryClasses } from './chat-slots';

/**
 * The unread chat messages inside an entry point (none at 0): the count on its corner, and in
 * words for screen readers, after the entry's own name ("Customer service (3 unread)"; the space
 * keeps the two apart however the browser joins them).
 */
export function ChatBadge({ badgeClassName, hiddenClassName }: ChatEntryClasses) {
  const { t } = useT('shell');
  const unread = useChatUnread() ?? 0;
  if (unread <= 0) return null;
  return (
    <>
      <span className={badgeClassName} aria-hidden="true" data-testid="chat-unread">
        {chatBadgeText(unread)}
      </span>
      <span className={hiddenClassName}> {t('chat_unread_suffix', { count: unread })}</span>
    </>
  );
}
