import { Button, bus, useT } from '@platform/shared';
import styles from './header.module.css';

export interface AuthButtonsProps {
  /** Direct registration enabled for the site (site.directRegister). */
  showRegister: boolean;
}

/**
 * Logged out: Login and, with direct registration, Register. Login opens the auth remote's popup;
 * Register the popup's register tab, or the /register page when the site registers on a page.
 */
export function AuthButtons({ showRegister }: AuthButtonsProps) {
  const { t } = useT('shell');
  return (
    <div className={styles.actions}>
      <Button variant="secondary" data-testid="header-login" onClick={() => bus.dispatch({ type: 'openLogin', tab: 'login' })}>
        {t('header_login')}
      </Button>
      {showRegister && (
        <Button data-testid="header-register" onClick={() => bus.dispatch({ type: 'openRegister' })}>
          {t('header_register')}
        </Button>
      )}
    </div>
  );
}
