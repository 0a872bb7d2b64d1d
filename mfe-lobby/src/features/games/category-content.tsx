// A games route's content: /rng, /live, /fish, /pvp, /sports, /esports, /cockfight,
// /inhouse, /elott and /hot. The category's vendors, then (for categories with game lists) the
// games of the vendor chosen (?vassalage=) or of all its vendors; game centres start a vendor's
// own lobby from its entry.
import { EmptyState, Link, Spinner, useBusState, useCall, useLocation, useT, type VendorCard } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { loadHotGames } from './games-api';
import { GameGrid } from './game-tile';
import styles from './games.module.css';
import { categoryOfRoute, GAME_LIST_CATEGORIES } from './launch-plan';
import { LauncherProvider } from './launcher';
import { NAMESPACE } from './translations';
import { GameList } from './game-list';
import { playableVendors, useLanes, VendorCards } from './vendor-cards';

function HotGames() {
  const { t } = useT(NAMESPACE);
  const lanes = useLanes();
  const hot = useCall((signal) => loadHotGames(signal), []);
  const hotVendors: VendorCard[] = (lanes.status === 'success' ? lanes.data : []).flatMap((lane) => playableVendors(lane.vendors).filter((vendor) => vendor.isHot));
  return (
    <>
      {hotVendors.length > 0 && <VendorCards vendors={hotVendors} onCategoryPage={false} />}
      {hot.status === 'loading' && <Spinner label={t('loading')} />}
      {hot.status === 'error' && <LoadError title={t('load_failed')} onRetry={hot.refresh} />}
      {hot.status === 'success' &&
        (hot.data.length > 0 ? <GameGrid games={hot.data} label={t('hot_games')} /> : <EmptyState title={t('no_games')} />)}
    </>
  );
}

/** Logged out (the game list is a session's call): the category's hot games, some with trial play. */
function CategoryHotGames({ category, vassalage }: { category: string; vassalage: string }) {
  const { t } = useT(NAMESPACE);
  const hot = useCall((signal) => loadHotGames(signal), []);
  const games =
    hot.status === 'success' ? hot.data.filter((game) => game.gameType === category && (!vassalage || game.vassalage === vassalage)) : [];
  if (games.length === 0) return null;
  return (
    <section className={styles.section} data-testid="category-hot-games">
      <h2 className={styles.sectionTitle}>{t('hot_games')}</h2>
      <GameGrid games={games} label={t('hot_games')} />
    </section>
  );
}

function Category({ category }: { category: string }) {
  const { t } = useT(NAMESPACE);
  const lanes = useLanes();
  const location = useLocation();
  const vassalage = new URLSearchParams(location.search).get('vassalage') ?? '';
  const lane = lanes.status === 'success' ? lanes.data.find((entry) => entry.gameCategory === category) : undefined;
  const vendors = lane?.vendors ?? [];
  const selected = vendors.some((vendor) => vendor.vassalage === vassalage) ? vassalage : '';
  const listed = GAME_LIST_CATEGORIES.has(category);
  const loggedIn = useBusState('session').token !== null;

  if (lanes.status === 'loading' && !lanes.staleData) return <Spinner label={t('loading')} />;
  if (lanes.status === 'error') return <LoadError title={t('load_failed')} onRetry={lanes.refresh} />;
  if (vendors.length === 0) return <EmptyState title={t('no_vendors')} />;
  // Vendors, but none with a game provider connected: said, instead of cards that cannot start.
  if (playableVendors(vendors).length === 0) return <EmptyState title={t('no_playable_games')} description={t('no_playable_games_hint')} />;
  return (
    <>
      {listed && (
        <nav className={styles.vendorFilter} aria-label={t('vendors')}>
          <Link to={location.pathname} className={styles.chip} aria-current={selected === '' ? 'page' : undefined} data-testid="vendor-all">
            {t('all_vendors')}
          </Link>
        </nav>
      )}
      <VendorCards vendors={vendors} onCategoryPage selected={selected} />
      {listed && !loggedIn && <CategoryHotGames category={category} vassalage={selected} />}
      {listed ? (
        <GameList gameType={category} vassalage={selected} />
      ) : (
        <p className={styles.hint}>{t('choose_vendor')}</p>
      )}
    </>
  );
}

export default function CategoryContent({ route }: { route: string }) {
  const category = categoryOfRoute(route);
  return (
    <LauncherProvider>
      <div className={styles.screen} data-testid="category-content" data-category={category ?? route}>
        {category ? <Category category={category} /> : <HotGames />}
      </div>
    </LauncherProvider>
  );
}
export { translationsLoaded } from './translations';
