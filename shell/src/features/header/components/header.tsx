import { cdnImageFallback, Link, useBusState, useT } from '@platform/shared';
import { useChatEnabled } from '../../chat/chat-entry';
import { HeaderChatSlot } from '../../chat/components/chat-slots';
import { useShellUi } from '../../layout/hooks/use-shell-ui';
import { resolveImageUrl, useSiteSettings } from '../../settings/use-site-settings';
import { AccountMenu } from './account-menu';
import { AuthButtons } from './auth-buttons';
import { BalanceArea } from './balance-area';
import { ThemeSwitch } from './theme-switch';
import styles from './header.module.css';

/** The logo's height (the operator's image keeps its proportions): its box is known before it loads. */
export const LOGO_HEIGHT = 44;

export interface HeaderProps {
  /** The page has the side menu: on a phone the header's menu button opens it as a drawer. */
  menu?: boolean;
}

/**
 * Top bar: logo, help centre, theme switch, and either Login/Register or the balance and account
 * menu. On a phone it is one compact row (menu button, logo, help, balance with refresh, Deposit,
 * avatar) that never wraps; the theme switch moves into the drawer. With the site's chat on, its
 * customer-service entry follows the help centre's, and takes its place on a phone.
 */
export function Header({ menu = false }: HeaderProps) {
  const { t } = useT('shell');
  const { site } = useSiteSettings();
  const { token } = useBusState('session');
  const { drawerOpen, openDrawer, openHelp } = useShellUi();
  const brandName = site?.brandName ?? '';
  const chatEnabled = useChatEnabled();

  return (
    <header className={styles.header} data-testid="header">
      <div className={styles.start}>
        {menu && (
          <button
            type="button"
            className={styles.menuButton}
            aria-label={t('nav_open_menu')}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            data-testid="header-menu"
            onClick={openDrawer}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        )}
        <Link to="/" className={styles.logo} aria-label={brandName ? t('header_home_of', { brand: brandName }) : t('nav_home')}>
          {site?.logoUrl ? <img src={resolveImageUrl(site.logoUrl, site.imageBaseUrl)} alt={brandName} height={LOGO_HEIGHT} onError={cdnImageFallback} /> : <span>{brandName}</span>}
        </Link>
      </div>
      <div className={styles.end}>
        {/* The help-centre modal; its content is a chunk of its own (shell-layout.tsx). */}
        <button
          type="button"
          // On a phone, customer service takes the help centre's place while the chat is on (the
          // row has room for one of them; the help centre stays in the menu).
          className={chatEnabled ? `${styles.helpButton} ${styles.helpWideOnly}` : styles.helpButton}
          aria-label={t('nav_help')}
          title={t('nav_help')}
          aria-haspopup="dialog"
          data-testid="header-help"
          onClick={openHelp}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-2.5 6.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17h.01" />
          </svg>
        </button>
        {/* Customer service: the site's own chat, with its unread replies, while the merchant has it on. */}
        <HeaderChatSlot className={`${styles.helpButton} ${styles.chatButton}`} badgeClassName={styles.chatBadge} hiddenClassName={styles.visuallyHidden} />
        <span className={styles.wideOnly}>
          <ThemeSwitch />
        </span>
        {token ? (
          <>
            <BalanceArea currencySymbol={site?.currencySymbol} />
            <AccountMenu />
          </>
        ) : (
          <AuthButtons showRegister={!!site?.directRegister} />
        )}
      </div>
    </header>
  );
}
