import { ConfirmDialog, api, bus, useBusState, useT } from '@platform/shared';
import { useEffect, useId, useRef, useState } from 'react';
import styles from './account-menu.module.css';

/** Ends the session: tells the server, then every app through the bus (SPEC §4 Logout). */
async function signOut(): Promise<void> {
  try {
    await api.call('logout');
  } catch {
    // The session ends on this side whatever the server answered.
  }
  bus.dispatch({ type: 'logout' });
}

/** Avatar button with the account's name and Sign out (asks for confirmation first). */
export function AccountMenu() {
  const { t } = useT('shell');
  const { member } = useBusState('session');
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = member?.nickname || member?.account || '';

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

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        type="button"
        className={styles.avatar}
        aria-label={t('header_account_menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
          <circle cx="16" cy="16" r="16" className={styles.avatarBackground} />
          <circle cx="16" cy="12.5" r="5.5" className={styles.avatarFigure} />
          <path d="M6 27c1.8-5 5.6-7.5 10-7.5s8.2 2.5 10 7.5a15.9 15.9 0 0 1-20 0Z" className={styles.avatarFigure} />
        </svg>
      </button>
      {open && (
        <div className={styles.menu} role="menu" id={menuId} aria-label={t('header_account_menu')}>
          {name && <p className={styles.name}>{name}</p>}
          <button
            type="button"
            role="menuitem"
            className={styles.item}
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
