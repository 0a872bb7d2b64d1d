import { useT } from '@platform/shared';
import { DROPDOWN_CLOSE_DELAY_MS } from '@platform/shared/forms';
import { useEffect, useId, useRef, useState } from 'react';
import { NAMESPACE } from '../../../locales';
import type { LoginType } from '../api/login-api';
import styles from './login-method-select.module.css';

export interface LoginMethodSelectProps {
  value: LoginType;
  onChange: (method: LoginType) => void;
}

const METHODS: LoginType[] = ['username', 'sms'];

/** The dropdown switching between username and SMS login; it hides 200 ms after losing focus. */
export function LoginMethodSelect({ value, onChange }: LoginMethodSelectProps) {
  const { t } = useT(NAMESPACE);
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const labelOf = (method: LoginType) => t(method === 'sms' ? 'login_method_sms' : 'login_method_username');

  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);
  const keepOpen = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const closeLater = () => {
    keepOpen();
    closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  };

  return (
    <div className={styles.root} onFocus={keepOpen} onBlur={closeLater}>
      <button
        type="button"
        className={styles.toggle}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${t('login_method')}: ${labelOf(value)}`}
        data-testid="login-method"
        onClick={() => setOpen((shown) => !shown)}
      >
        {labelOf(value)}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={t('login_method')} className={styles.menu}>
          {METHODS.map((method) => (
            <li key={method} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={method === value}
                className={method === value ? `${styles.option} ${styles.current}` : styles.option}
                data-testid={`login-method-${method}`}
                onClick={() => {
                  setOpen(false);
                  if (method !== value) onChange(method);
                }}
              >
                {labelOf(method)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
