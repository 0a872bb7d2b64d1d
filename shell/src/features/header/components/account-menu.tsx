import {
  ConfirmDialog,
  GUEST_ACCOUNT_TYPE,
  api,
  bus,
  isAgentAccount,
  isWebUrl,
  requireRealAccount,
  useBusState,
  useT,
  useUnreadCount,
  type BusCommand,
} from '@platform/shared';
import { logoutCall } from '@platform/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { findResource, useSiteSettings } from '../../settings/use-site-settings';
import { useAvatar } from '../hooks/use-avatar';
import { AvatarImage } from './avatar-image';
import styles from './account-menu.module.css';

/** Ends the session: tells the server, then every app through the bus. */
async function signOut(): Promise<void> {
  try {
    await api.call(logoutCall);
  } catch {
    // The session ends on this side whatever the server answered.
  }
  bus.dispatch({ type: 'logout' });
}

interface MenuEntry {
  key: string;
  label: string;
  command: BusCommand;
  /** An address of the operator's: when set, opened in a new tab in place of the command. */
  url?: string;
  /** A count shown beside the label (unread messages). */
  badge?: number;
}

/** The unread count as a badge shows it. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * Avatar button and its menu (header): Members, account record, betting record, Agent for
 * agent accounts, Become an agent for real players (the get-agent link), and Sign out after a
 * confirmation. Member-centre pages need a real account.
 */
export function AccountMenu() {
  const { t } = useT('shell');
  const { member, isAgent } = useBusState('session');
  const { resources } = useSiteSettings();
  const avatarUrl = useAvatar();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  // Unread platform messages (pushed with the balance): on the avatar and on the menu's entry.
  const unread = useUnreadCount() ?? 0;
  const name = member?.nickname || member?.account || '';
  // The VIP rank of the member info (null where the merchant has no VIP ladder).
  const rank = member?.clubLabel ?? null;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const entries: MenuEntry[] = [
    { key: 'members', label: t('header_members'), command: { type: 'openMemberCenter', page: 'securityCenter' } },
    { key: 'messages', label: t('nav_messages'), command: { type: 'openMemberCenter', page: 'messageV2' }, badge: unread },
    { key: 'account-record', label: t('header_account_record'), command: { type: 'openMemberCenter', page: 'transactionHistory' } },
    { key: 'betting-record', label: t('header_betting_record'), command: { type: 'openMemberCenter', page: 'personalHistoryCopy' } },
  ];
  if (rank) entries.push({ key: 'vip', label: t('header_vip_rank'), command: { type: 'openMemberCenter', page: 'playerRank' } });
  if (isAgentAccount(isAgent)) {
    entries.push({ key: 'agent', label: t('header_agent'), command: { type: 'openAgentCenter', page: 'agentAnnouncement' } });
  } else if (isAgent !== null && isAgent !== GUEST_ACCOUNT_TYPE) {
    // A real player's get-agent link: the operator's affiliate page when configured (as the
    // footer's affiliates block), otherwise the agent centre, which shows a player the application.
    const affiliateUrl = findResource(resources, 'AFFILIATELINK')?.url;
    entries.push({
      key: 'get-agent',
      label: t('header_become_agent'),
      command: { type: 'openAgentCenter', page: 'agentAnnouncement' },
      url: isWebUrl(affiliateUrl) ? affiliateUrl : undefined,
    });
  }

  const choose = (entry: MenuEntry) => {
    setOpen(false);
    if (!requireRealAccount()) return;
    if (entry.url) window.open(entry.url, '_blank', 'noopener,noreferrer');
    else bus.dispatch(entry.command);
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        type="button"
        className={styles.avatar}
        aria-label={unread > 0 ? `${t('header_account_menu')} (${t('nav_messages')}: ${unread})` : t('header_account_menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="header-account-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <AvatarImage url={avatarUrl} />
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true" data-testid="header-unread">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <div className={styles.menu} role="menu" id={menuId} aria-label={t('header_account_menu')}>
          {name && <p className={styles.name}>{name}</p>}
          {rank && (
            <p className={styles.rank}>
              <span className={styles.rankBadge} style={{ background: rank.color, color: rank.color2 }} data-testid="header-rank-badge">
                {t('header_vip_level', { level: rank.rankLevel })} · {rank.labelName}
              </span>
            </p>
          )}
          {entries.map((entry) => (
            <button
              key={entry.key}
              type="button"
              role="menuitem"
              className={styles.item}
              data-testid={`header-menu-${entry.key}`}
              onClick={() => choose(entry)}
            >
              {entry.label}
              {entry.badge ? <span className={styles.badge}>{badgeText(entry.badge)}</span> : null}
            </button>
          ))}
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            data-testid="header-menu-sign-out"
            onClick={() => {
              setOpen(false);
              setConfirming(true);
            }}
          >
            {t('header_sign_out')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('header_sign_out')}
        message={t('header_sign_out_confirm')}
        confirmLabel={t('header_sign_out')}
        danger
        onConfirm={() => {
          setConfirming(false);
          void signOut();
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
