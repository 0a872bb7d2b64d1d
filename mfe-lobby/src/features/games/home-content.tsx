// The home page's content (issue 10 Lobby): hot games, a row per category with its vendors, the
// player's recent and favourite games, the jackpot and the winners board. Loaded after the home
// page's first paint (a chunk of its own), so that it costs the first load nothing.
import { Button, EmptyState, formatDateTime, formatMoney, Spinner, useBusState, useCall, useT } from '@platform/shared';
import type { ReactNode } from 'react';
import { useFavouritesVersion } from './favourites';
import { loadFavouriteGames, loadHotGames, loadJackpot, loadRecentGames, loadWinners } from './games-api';
import { GameGrid } from './game-tile';
import styles from './games.module.css';
import { LauncherProvider } from './launcher';
import { NAMESPACE } from './translations';
import { useLanes, VendorCards } from './vendor-cards';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={styles.section} data-testid={testId} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

function HotGamesSection() {
  const { t } = useT(NAMESPACE);
  const hot = useCall((signal) => loadHotGames(signal), []);
  if (hot.status === 'error') return null;
  return (
    <Section title={t('hot_games')} testId="home-hot-games">
      {hot.status === 'success' ? (
        hot.data.length > 0 ? <GameGrid games={hot.data.slice(0, 12)} label={t('hot_games')} /> : <EmptyState title={t('no_games')} />
      ) : (
        <Spinner label={t('loading')} />
      )}
    </Section>
  );
}

function LaneSections() {
  const { t } = useT(NAMESPACE);
  const lanes = useLanes();
  if (lanes.status !== 'success') return null;
  return (
    <>
      {lanes.data.map((lane) => (
        <Section key={lane.gameCategory} title={t(`category_${lane.gameCategory}`)} testId={`home-lane-${lane.gameCategory}`}>
          <VendorCards vendors={lane.vendors} onCategoryPage={false} />
        </Section>
      ))}
    </>
  );
}

function PlayerSections() {
  const { t } = useT(NAMESPACE);
  const favouritesVersion = useFavouritesVersion();
  const recent = useCall((signal) => loadRecentGames(signal), [], { requiresSession: true });
  const favourites = useCall((signal) => loadFavouriteGames(1, signal), [favouritesVersion], { requiresSession: true });
  return (
    <>
      {recent.status === 'success' && recent.data.length > 0 && (
        <Section title={t('recent_games')} testId="home-recent-games">
          <GameGrid games={recent.data} label={t('recent_games')} />
        </Section>
      )}
      {favourites.status === 'success' && favourites.data.games.length > 0 && (
        <Section title={t('favourite_games')} testId="home-favourite-games">
          <GameGrid games={favourites.data.games} label={t('favourite_games')} />
        </Section>
      )}
    </>
  );
}

function WinnersSection() {
  const { t } = useT(NAMESPACE);
  const jackpot = useCall((signal) => loadJackpot(signal), []);
  const winners = useCall((signal) => loadWinners(signal), []);
  const retry = () => {
    jackpot.refresh();
    winners.refresh();
  };
  return (
    <Section title={t('winners')} testId="home-winners">
      {jackpot.status === 'success' && (
        <div className={styles.jackpot} data-testid="home-jackpot">
          <p className={styles.jackpotFigure}>
            <span className={styles.jackpotLabel}>{t('jackpot_today')}</span>
            <span className={styles.jackpotAmount}>{formatMoney(jackpot.data.todayTotalWonMinor)}</span>
          </p>
          {jackpot.data.biggestWin && (
            <p className={styles.jackpotFigure}>
              <span className={styles.jackpotLabel}>{t('jackpot_biggest_win')}</span>
              <span className={styles.jackpotValue}>
                {t('win_by', { amount: formatMoney(jackpot.data.biggestWin.winMinor), name: jackpot.data.biggestWin.username, game: jackpot.data.biggestWin.gameName })}
              </span>
            </p>
          )}
          {jackpot.data.biggestMultiple && jackpot.data.biggestMultiple.multiple !== null && (
            <p className={styles.jackpotFigure}>
              <span className={styles.jackpotLabel}>{t('jackpot_biggest_multiple')}</span>
              <span className={styles.jackpotValue}>
                {t('multiple_by', { multiple: jackpot.data.biggestMultiple.multiple.toFixed(2), name: jackpot.data.biggestMultiple.username, game: jackpot.data.biggestMultiple.gameName })}
              </span>
            </p>
          )}
        </div>
      )}
      {winners.status === 'loading' && <Spinner label={t('loading')} />}
      {winners.status === 'error' && <EmptyState title={t('load_failed')} action={<Button onClick={retry}>{t('retry')}</Button>} />}
      {winners.status === 'success' &&
        (winners.data.length === 0 ? (
          <EmptyState title={t('no_winners')} />
        ) : (
          <ol className={styles.winners}>
            {winners.data.map((winner, index) => (
              <li key={`${winner.username}-${winner.time}-${index}`} className={styles.winner}>
                <span className={styles.winnerName}>{winner.username}</span>
                <span className={styles.winnerGame}>{winner.gameName}</span>
                <span className={styles.winnerAmount}>{formatMoney(winner.winMinor)}</span>
                <span className={styles.winnerTime}>{formatDateTime(winner.time)}</span>
              </li>
            ))}
          </ol>
        ))}
    </Section>
  );
}

export default function HomeContent() {
  const loggedIn = useBusState('session').token !== null;
  return (
    <LauncherProvider>
      <div className={styles.screen} data-testid="home-content">
        <HotGamesSection />
        {loggedIn && <PlayerSections />}
        <LaneSections />
        <WinnersSection />
      </div>
    </LauncherProvider>
  );
}
export { translationsLoaded } from './translations';
