// The home page's content: hot games, a row per category with its vendors, the
// player's recent and favourite games, the jackpot and the winners board. Loaded after the home
// page's first paint (a chunk of its own), so that it costs the first load nothing; the jackpot
// and winners board, below the first screen, when they approach the viewport (winners-board.tsx).
import { EmptyState, Spinner, useBusState, useCall, useT, type CallResult } from '@platform/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFavouritesVersion } from './favourites';
import { loadFavouriteGames, loadHotGames, loadRecentGames } from './games-api';
import { GameGrid } from './game-tile';
import styles from './games.module.css';
import { Section } from './home-section';
import { LauncherProvider } from './launcher';
import { lazyPart } from './lazy-screen';
import { NAMESPACE } from './translations';
import { playableVendors, useLanes, VendorCards } from './vendor-cards';

type Hot = CallResult<Awaited<ReturnType<typeof loadHotGames>>>;

function HotGamesSection({ hot }: { hot: Hot }) {
  const { t } = useT(NAMESPACE);
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

function LaneSections({ lanes }: { lanes: ReturnType<typeof useLanes> }) {
  const { t } = useT(NAMESPACE);
  if (lanes.status !== 'success') return null;
  return (
    <>
      {lanes.data.map((lane) => (
        <Section key={lane.gameCategory} title={t(`category_${lane.gameCategory}`)} testId={`home-lane-${lane.gameCategory}`}>
          {playableVendors(lane.vendors).length > 0 ? (
            <VendorCards vendors={lane.vendors} onCategoryPage={false} />
          ) : (
            <p className={styles.hint} data-testid={`home-lane-${lane.gameCategory}-empty`}>
              {t('no_playable_games')}
            </p>
          )}
        </Section>
      ))}
    </>
  );
}

type Player = { recent: CallResult<Awaited<ReturnType<typeof loadRecentGames>>>; favourites: CallResult<Awaited<ReturnType<typeof loadFavouriteGames>>> };

function usePlayerGames(): Player {
  const favouritesVersion = useFavouritesVersion();
  const recent = useCall((signal) => loadRecentGames(signal), [], { requiresSession: true });
  const favourites = useCall((signal) => loadFavouriteGames(1, signal), [favouritesVersion], { requiresSession: true });
  return { recent, favourites };
}

function PlayerSections({ recent, favourites }: Player) {
  const { t } = useT(NAMESPACE);
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

/** Answered or failed: what it shows has its final height. Idle (no session) shows nothing. */
const settled = (call: { status: string }) => call.status !== 'loading';

/**
 * Renders `children` once the place they take comes within a screen of the viewport (at once
 * where IntersectionObserver is missing): what is below the first screen costs the first load
 * nothing. Watched only once what comes before it has `settled` (until then it sits higher up
 * than it will).
 */
function NearViewport({ settled, children }: { settled: boolean; children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = placeholder.current;
    if (near || !settled || !element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, settled]);
  return near ? <>{children}</> : <div ref={placeholder} className={styles.deferred} />;
}

const WinnersBoard = lazyPart(() => import(/* webpackChunkName: "lobby-winners-board" */ './winners-board'));

export default function HomeContent() {
  const loggedIn = useBusState('session').token !== null;
  const hot = useCall((signal) => loadHotGames(signal), []);
  const player = usePlayerGames();
  const lanes = useLanes();
  // The lanes come below the hot games and the player's own rows, whose heights are known only
  // when they have answered: shown before, a lane on screen would be pushed down (a layout shift
  // of ~0.1 on a phone). So they wait for what is above them.
  const aboveSettled = settled(hot) && (!loggedIn || (settled(player.recent) && settled(player.favourites)));
  return (
    <LauncherProvider>
      <div className={styles.screen} data-testid="home-content">
        <HotGamesSection hot={hot} />
        {loggedIn && <PlayerSections {...player} />}
        {aboveSettled && <LaneSections lanes={lanes} />}
        <NearViewport settled={aboveSettled && (lanes.status === 'success' || lanes.status === 'error')}>
          <WinnersBoard />
        </NearViewport>
      </div>
    </LauncherProvider>
  );
}
export { translationsLoaded } from './translations';
