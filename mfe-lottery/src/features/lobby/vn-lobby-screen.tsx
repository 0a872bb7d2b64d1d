// The Vietnam lottery's list (/vnlottery without a game): the SEA menu's games
// (/lgw/vn/games/game_menu) with the countdown of the round each has on sale
// (/lgw/vn/numeros/opened/game, soonest close first), read again after the soonest close. Each
// card opens /vnlottery?gameCode=…
import { EmptyState, Spinner, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useEffect, useMemo } from 'react';
import { groupLabelOf } from '../games/game-names';
import { loadVnGameMenu, loadVnOpened } from '../games/lottery-api';
import { useLotteryFavourites } from './favourites';
import { GameCards, type CardRound } from './game-card';
import { Section } from './lobby-screen';
import styles from './lobby.module.css';
import { NAMESPACE } from './translations';
import { REREAD_AFTER_CLOSE_MS } from './use-opened-rounds';

export default function VnLobbyScreen() {
  const { t } = useT(NAMESPACE);
  const favourites = useLotteryFavourites();
  const menu = useCall((signal) => loadVnGameMenu(signal), []);
  const opened = useCall((signal) => loadVnOpened(signal), []);
  const openedList = opened.status === 'success' ? opened.data : opened.status === 'loading' ? opened.staleData : undefined;

  // The opened list carries no server time: its countdowns run on this device's clock.
  const rounds = useMemo(() => {
    const map = new Map<string, CardRound>();
    if (!openedList) return map;
    for (const game of menu.status === 'success' ? menu.data.flatMap((group) => group.gameMenus) : []) map.set(game.gameCode, { current: null, offsetMs: 0 });
    for (const entry of openedList ?? []) map.set(entry.game.gameCode, { current: entry.current, offsetMs: 0 });
    return map;
  }, [menu.status, menu.data, openedList]);

  const { refresh } = opened;
  const soonestClose = openedList?.length ? Math.min(...openedList.map((entry) => entry.current.closeTime)) : null;
  useEffect(() => {
    if (soonestClose === null) return undefined;
    const timer = setTimeout(refresh, Math.min(Math.max(soonestClose - Date.now() + REREAD_AFTER_CLOSE_MS, REREAD_AFTER_CLOSE_MS), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [soonestClose, refresh]);

  if (menu.status === 'error') {
    return <LoadError title={t('games_load_failed')} onRetry={menu.refresh} />;
  }
  if (menu.status !== 'success') return <Spinner label={t('loading_games')} />;
  const groups = menu.data.filter((group) => group.gameMenus.length > 0);
  if (groups.length === 0) return <EmptyState title={t('no_games')} />;
  return (
    <div className={styles.screen} data-testid="vn-lottery-lobby">
      {groups.map((group) => (
        <Section key={group.gameGroupCode} title={groupLabelOf(t, group)} testId={`vn-group-${group.gameGroupCode}`}>
          <GameCards
            games={group.gameMenus}
            label={groupLabelOf(t, group)}
            rounds={rounds}
            isFavourite={favourites.isFavourite}
            onToggleFavourite={favourites.toggle}
            vietnam
          />
        </Section>
      ))}
    </div>
  );
}

export { translationsLoaded } from './translations';
