import { formatMoney, isApiError, useBusState, useT } from '@platform/shared';
import { useId, useState } from 'react';
import { toggleFavourite, useFavouriteIds } from './favourites';
import { GameIcon } from './game-icon';
import type { LobbyGame } from './game-model';
import styles from './games.module.css';
import { useLauncher } from './launcher';
import { NAMESPACE } from './translations';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z" />
    </svg>
  );
}

/** One game: its icon and name launch it (the button's name is the game's, as shown); a star toggles it as a favourite; trial play when offered. */
export function GameTile({ game }: { game: LobbyGame }) {
  const { t } = useT(NAMESPACE);
  const launcher = useLauncher();
  const loggedIn = useBusState('session').token !== null;
  const favourite = useFavouriteIds().has(game.nodeId);
  const [saving, setSaving] = useState(false);
  const busy = launcher.busyKey === game.nodeId;
  const standsForVendor = game.isGame === 'VASSALAGE';
  const id = useId();
  const showMeta = !standsForVendor && game.minBetMinor !== null;

  const onFavourite = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await toggleFavourite(game);
    } catch (error) {
      // The client has told the player (a toast); anything else is a bug.
      if (!isApiError(error)) throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className={styles.tile} data-testid="game-tile" data-game-code={game.gameCode} data-node-id={game.nodeId}>
      <button
        type="button"
        className={styles.tileLaunch}
        onClick={() => launcher.openGame(game)}
        aria-describedby={showMeta ? `${id}-meta` : undefined}
        aria-busy={busy || undefined}
        disabled={busy}
      >
        <span className={styles.iconBox}>
          <GameIcon src={game.iconUrl} />
        </span>
        <span className={styles.tileName}>{game.name}</span>
      </button>
      {(game.isHot || game.isNew) && <span className={styles.badge}>{game.isNew ? t('badge_new') : t('badge_hot')}</span>}
      {showMeta && (
        <span className={styles.tileMeta} id={`${id}-meta`}>
          {t('min_bet_value', { amount: formatMoney(game.minBetMinor) })}
          {game.lineNum !== null && ` · ${t('lines_value', { count: game.lineNum })}`}
        </span>
      )}
      {!standsForVendor && (
        <button
          type="button"
          className={styles.favourite}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'favourite_remove' : 'favourite_add', { name: game.name })}
          data-testid="game-favourite"
          disabled={saving}
          onClick={() => void onFavourite()}
        >
          <StarIcon filled={favourite} />
        </button>
      )}
      {!loggedIn && game.trialEnabled && (
        <button type="button" className={styles.trial} data-testid="game-trial" disabled={busy} onClick={() => launcher.tryGame(game)}>
          {t('try_free')}
        </button>
      )}
    </li>
  );
}

/** Tiles in a grid that wraps to the width (3 a row at 390 px). */
export function GameGrid({ games, label }: { games: LobbyGame[]; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {games.map((game) => (
        <GameTile key={`${game.vassalage}:${game.nodeId || game.gameCode}`} game={game} />
      ))}
    </ul>
  );
}
