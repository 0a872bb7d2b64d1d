import { bus, NavLink, requireRealAccount, useT } from '@platform/shared';
import { useId, useState, type ReactNode } from 'react';
import { ChatBadgeSlot } from '../../chat/components/chat-slots';
import { useCustomerService } from '../../customer-service/hooks/use-customer-service';
import { useShellUi } from '../../layout/hooks/use-shell-ui';
import { NavIcon } from './nav-icon';
import styles from './side-bar.module.css';

/**
 * Customer service, platform messages, announcements and the help centre. onNavigate runs after
 * each choice (the drawer closes on it).
 */
export function SupportMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const { t } = useT('shell');
  const [expanded, setExpanded] = useState(true);
  const listId = useId();
  const { openSupport, inSiteChat } = useCustomerService();
  const { openAnnouncements } = useShellUi();
  const showItems = expanded || collapsed;

  const item = (label: string, icon: Parameters<typeof NavIcon>[0]['name'], onClick: () => void, extra?: { badge: ReactNode; testId: string }) => (
    <li>
      <button
        type="button"
        className={styles.link}
        onClick={() => {
          onNavigate();
          onClick();
        }}
        title={collapsed ? label : undefined}
        data-testid={extra?.testId}
      >
        <NavIcon name={icon} />
        <span className={styles.label}>{label}</span>
        {extra?.badge}
      </button>
    </li>
  );

  return (
    <div className={styles.group}>
      {!collapsed && (
        <button type="button" className={styles.groupToggle} aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((value) => !value)}>
          <span>{t('nav_support_group')}</span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      )}
      {showItems && (
        <ul id={listId} className={styles.list}>
          {item(
            t('nav_customer_service'),
            'support',
            () => void openSupport(),
            // The site's chat: its unread replies on the entry (and in its name).
            inSiteChat ? { badge: <ChatBadgeSlot badgeClassName={styles.badge} hiddenClassName={styles.visuallyHidden} />, testId: 'side-bar-chat' } : undefined,
          )}
          {item(t('nav_messages'), 'messages', () => {
            // Guests and visitors get the login popup or the register notice instead.
            if (requireRealAccount()) bus.dispatch({ type: 'openMemberCenter', page: 'messageV2' });
          })}
          {item(t('nav_announcements'), 'announcements', () => openAnnouncements())}
          <li>
            <NavLink
              to="/help"
              className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
              title={collapsed ? t('nav_help') : undefined}
              onClick={onNavigate}
            >
              <NavIcon name="help" />
              <span className={styles.label}>{t('nav_help')}</span>
            </NavLink>
          </li>
        </ul>
      )}
    </div>
  );
}
