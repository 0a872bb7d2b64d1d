// The lottery lobby (/lottery without a game): the player's favourites and recent games
// (logged in), the popular games, and every game by group (tabs by gameGroupCode, the lottery's
// game groups). Each card shows the countdown of its round on sale and opens /lottery?gameCode=…
import { EmptyState, Spinner, Tabs, useBusState, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useMemo, useState, type ReactNode } from 'react';
import { groupLabelOf } from '../games/game-names';
import { loadGameMenus, loadPopularGames, loadRecentGames, type LotteryGame } from '../games/lottery-api';
import { useLotteryFavourites } from './favourites';
import { GameCards } from './game-card';
import styles from './lobby.module.css';
import { NAMESPACE } from './translations';
import { useOpenedRounds } from './use-opened-rounds';

const ALL = 'all';

export function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={styles.section} data-testid={testId} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

export default function LobbyScreen() {
  const { t } = useT(NAMESPACE);
  const language = useBusState('language');
  const loggedIn = useBusState('session').token !== null;
  const favourites = useLotteryFavourites();
  const menus = useCall((signal) => loadGameMenus(signal), []);
  const popular = useCall((signal) => loadPopularGames(language, signal), [language]);
  const recent = useCall((signal) => loadRecentGames(signal), [], { requiresSession: true });
  const [group, setGroup] = useState(ALL);

  const groups = useMemo(() => (menus.status === 'success' ? menus.data.filter((candidate) => candidate.gameMenus.length > 0) : []), [menus.status, menus.data]);
  const popularGames = useMemo(() => (popular.status === 'success' ? popular.data : []), [popular.status, popular.data]);
  const recentGames = useMemo(() => (loggedIn && recent.status === 'success' ? recent.data : []), [loggedIn, recent.status, recent.data]);
  const byCode = useMemo(() => {
    const games = new Map<string, LotteryGame>();
    for (const game of [...groups.flatMap((candidate) => candidate.gameMenus), ...popularGames, ...recentGames]) if (!games.has(game.gameCode)) games.set(game.gameCode, game);
    return games;
  }, [groups, popularGames, recentGames]);
  const favouriteGames = favourites.codes.flatMap((code) => byCode.get(code) ?? []);
  const shownGroup = groups.find((candidate) => candidate.gameGroupCode === group);
  const groupGames = shownGroup ? shownGroup.gameMenus : groups.flatMap((candidate) => candidate.gameMenus);
  const rounds = useOpenedRounds([...byCode.keys()]);
  const cards = { rounds, isFavourite: favourites.isFavourite, onToggleFavourite: favourites.toggle };

  return (
    <div className={styles.screen} data-testid="lottery-lobby">
      {favouriteGames.length > 0 && (
        <Section title={t('favourite_games')} testId="lottery-favourites">
          <GameCards games={favouriteGames} label={t('favourite_games')} {...cards} />
        </Section>
      )}
      {recentGames.length > 0 && (
        <Section title={t('recent_games')} testId="lottery-recent">
          <GameCards games={recentGames} label={t('recent_games')} {...cards} />
        </Section>
      )}
      {popularGames.length > 0 && (
        <Section title={t('popular_games')} testId="lottery-popular">
          <GameCards games={popularGames} label={t('popular_games')} {...cards} />
        </Section>
      )}
      <Section title={t('all_games')} testId="lottery-all-games">
        {menus.status === 'error' ? (
          <LoadError title={t('games_load_failed')} onRetry={menus.refresh} />
        ) : menus.status !== 'success' ? (
          <Spinner label={t('loading_games')} />
        ) : groups.length === 0 ? (
          <EmptyState title={t('no_games')} />
        ) : (
          <Tabs
            label={t('game_groups')}
            value={shownGroup ? group : ALL}
            onChange={setGroup}
            items={[{ value: ALL, label: t('group_all') }, ...groups.map((candidate) => ({ value: candidate.gameGroupCode, label: groupLabelOf(t, candidate) }))]}
          >
            <GameCards games={groupGames} label={shownGroup ? groupLabelOf(t, shownGroup) : t('group_all')} {...cards} />
          </Tabs>
        )}
      </Section>
    </div>
  );
}

export { translationsLoaded } from './translations';
