import { useBusState, useCall, useT } from '@platform/shared';
import { useState } from 'react';
import { useGameLanes } from '../../game-vendors/hooks/use-game-lanes';
import { findMiniGame, isRealSession, MINI_GAME_CLOSED_KEY, offersMiniGame, openMiniGame } from '../mini-game';
import styles from './mini-game-widget.module.css';

function closedInThisTab(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(MINI_GAME_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The mini-game widget of the app shell: a small floating button that opens the
 * in-house instant game (crash, JLC001) in the /game frame through the bus's launch command. Shown
 * when the merchant offers the in-house vendor: to a visitor it opens the login popup; to a real
 * account only once the game is found in its list. Hidden for free-play guests, and for the rest of
 * the tab once closed. Its code is a chunk of its own, fetched after the page (home JS budget).
 */
export function MiniGameWidget() {
  const { t } = useT('shell');
  const session = useBusState('session');
  const real = isRealSession(session);
  const offered = offersMiniGame(useGameLanes());
  // Found again for each account (kept on show while a language change asks again).
  const found = useCall((signal) => findMiniGame(signal), [], { enabled: offered && real });
  const target = (found.status === 'success' ? found.data : found.status === 'loading' ? found.staleData : null) ?? null;
  const [closed, setClosed] = useState(closedInThisTab);

  const visible = offered && !closed && (session.token ? real && target !== null : true);
  if (!visible) return null;

  const close = () => {
    try {
      globalThis.sessionStorage?.setItem(MINI_GAME_CLOSED_KEY, '1');
    } catch {
      // Storage refused: closed for this page only.
    }
    setClosed(true);
  };

  return (
    <div className={styles.widget} data-testid="mini-game-widget">
      <button type="button" className={styles.open} onClick={() => openMiniGame(session, target)} data-testid="mini-game-open" title={t('mini_game_open')}>
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 20l5-6 4 3 8-11" />
          <path d="M15 6h5v5" />
        </svg>
        <span className={styles.label}>{t('mini_game_label')}</span>
      </button>
      <button type="button" className={styles.close} onClick={close} aria-label={t('mini_game_close')} data-testid="mini-game-close">
        <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
