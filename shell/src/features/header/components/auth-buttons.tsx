import { Button, bus, useT } from '@platform/shared';
import styles from './header.module.css';

export interface AuthButtonsProps {
  /** Direct registration enabled for the site (site.directRegister). */
  showRegister: boolean;
}

/** Logged out: Login and, with direct registration, Register; the auth remote opens the popup. */
export function AuthButtons({ showRegister }: AuthButtonsProps) {
  const { t } = useT('shell');
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={() => bus.dispatch({ type: 'openLogin', tab: 'login' })}>
        {t('header_login')}
      </Button>
      {showRegister && (
        <Button onClick={() => bus.dispatch({ type: 'openLogin', tab: 'register' })}>{t('header_register')}</Button>
      )}
    </div>
  );
}
