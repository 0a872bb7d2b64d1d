import { useBusState, useT } from '@platform/shared';
import { Link } from 'react-router';
import { resolveImageUrl, useSiteSettings } from '../../settings/use-site-settings';
import { AccountMenu } from './account-menu';
import { AuthButtons } from './auth-buttons';
import { BalanceArea } from './balance-area';
import { ThemeSwitch } from './theme-switch';
import styles from './header.module.css';

/** Top bar: logo, theme switch, and either Login/Register or the balance and account menu. */
export function Header() {
  const { t } = useT('shell');
  const { site } = useSiteSettings();
  const { token } = useBusState('session');
  const brandName = site?.brandName ?? '';

  return (
    <header className={styles.header} data-testid="header">
      <Link to="/" className={styles.logo} aria-label={brandName ? t('header_home_of', { brand: brandName }) : t('nav_home')}>
        {site?.logoUrl ? <img src={resolveImageUrl(site.logoUrl, site.imageBaseUrl)} alt={brandName} /> : <span>{brandName}</span>}
      </Link>
      <div className={styles.end}>
        <ThemeSwitch />
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
