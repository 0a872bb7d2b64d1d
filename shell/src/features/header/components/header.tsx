import { cdnImageFallback, Link, useBusState, useT } from '@platform/shared';
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
 * Top bar: logo, theme switch, and either Login/Register or the balance and account menu. On a
 * phone it is one compact row (menu button, logo, balance with refresh, Deposit, avatar) that
 * never wraps; the theme switch moves into the drawer.
 */
export function Header({ menu = false }: HeaderProps) {
  const { t } = useT('shell');
  const { site } = useSiteSettings();
  const { token } = useBusState('session');
  const { drawerOpen, openDrawer } = useShellUi();
  const brandName = site?.brandName ?? '';

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
