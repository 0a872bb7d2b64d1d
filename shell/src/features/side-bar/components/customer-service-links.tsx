import { useT } from '@platform/shared';
import { openChat } from '../../chat/chat-entry';
import { ChatBadgeSlot } from '../../chat/components/chat-slots';
import { useChatServiceEntry, useCustomerServiceLinks } from '../../customer-service/hooks/use-service-entries';
import { useShellUi } from '../../layout/hooks/use-shell-ui';
import { SocialIcon } from './social-icon';
import styles from './side-bar.module.css';

/**
 * The operator's customer-service entries (decrypted; broken ones left out). With the site's own
 * chat on, the live-chat (or, for a VIP member, the VIP) entry opens it, with its unread badge;
 * the other channels stay links to their services.
 */
export function CustomerServiceLinks({ collapsed }: { collapsed: boolean }) {
  const { t } = useT('shell');
  const { closeDrawer } = useShellUi();
  const entries = useCustomerServiceLinks();
  const chatEntry = useChatServiceEntry();
  if (entries.length === 0 && !chatEntry) return null;
  return (
    <ul className={styles.list} aria-label={t('nav_contact_links')}>
      {chatEntry && (
        <li>
          <button
            type="button"
            className={styles.link}
            title={collapsed ? chatEntry.title : undefined}
            aria-haspopup="dialog"
            data-testid="side-bar-chat-entry"
            onClick={() => {
              // The phone's drawer gives way to the chat.
              closeDrawer();
              openChat();
            }}
          >
            <SocialIcon kind={chatEntry.csType} size={22} />
            <span className={styles.label}>{chatEntry.title}</span>
            <ChatBadgeSlot badgeClassName={styles.badge} hiddenClassName={styles.visuallyHidden} />
          </button>
        </li>
      )}
      {entries.map((entry, index) => (
        <li key={`${entry.csType}-${index}`}>
          <a className={styles.link} href={entry.url} target="_blank" rel="noopener noreferrer" title={collapsed ? entry.title : undefined}>
            <SocialIcon kind={entry.csType} size={22} />
            <span className={styles.label}>{entry.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
