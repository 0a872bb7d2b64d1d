// A game list with its filters and pagination: name search,
// classification, minimum bet and lines; page 1 of 42 games to start with, back to page 1 on any
// filter change; previous does nothing on page 1 and next nothing on the last (the shared
// Pagination: a range of 3 pages and 1 margin page).
import { bus, Button, EmptyState, Pagination, Spinner, useBusState, useCall, usePagedList, useT } from '@platform/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LoadError } from '@platform/ui-blocks';
import { GAME_PAGE_SIZE, loadClassifications, loadGameList, type GameListFilters } from './games-api';
import type { LobbyGame } from './game-model';
import { GameGrid } from './game-tile';
import styles from './games.module.css';
import { NAMESPACE } from './translations';

/** Minimum bet choices, major units: games whose smallest stake is at most this. */
export const MIN_BET_CHOICES = ['0.20', '1', '5', '10'] as const;
/** Line choices: games with at least this many paylines. */
export const LINE_CHOICES = ['10', '20', '25', '50'] as const;

const EMPTY_FILTERS = { gameName: '', gameClassify: '', minBet: '', minLineNum: '' };

export function GameList({ gameType, vassalage = '' }: { gameType: string; vassalage?: string }) {
  const { t } = useT(NAMESPACE);
  const ids = useId();
  const [search, setSearch] = useState('');
  const [hasMore, setHasMore] = useState(false);
  const list = usePagedList<LobbyGame, GameListFilters>(
    async ({ page, filters }, signal) => {
      const loaded = await loadGameList(filters, page, signal);
      setHasMore(loaded.hasMore);
      return { list: loaded.games, totalPages: loaded.totalPages };
    },
    // The game list is a call of a session (logged out: a way to log in instead).
    { filters: { gameType, vassalage, ...EMPTY_FILTERS }, pageSize: GAME_PAGE_SIZE, requiresSession: true },
  );
  const loggedIn = useBusState('session').token !== null;
  const { setFilters } = list;
  // Another vendor or category: the list starts over.
  useEffect(() => {
    setSearch('');
    setFilters({ gameType, vassalage, ...EMPTY_FILTERS });
  }, [gameType, vassalage, setFilters]);

  const classifications = useCall((signal) => loadClassifications(gameType, vassalage, signal), [gameType, vassalage], { requiresSession: true });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    list.setFilter('gameName', search.trim());
  };
  const filtered = Object.entries(EMPTY_FILTERS).some(([key]) => list.filters[key as keyof typeof EMPTY_FILTERS] !== '');
  const page = list.status === 'success' ? list.data : list.status === 'loading' ? list.staleData : undefined;

  if (!loggedIn) {
    return (
      <EmptyState
        title={t('login_to_see_games')}
        action={
          <Button onClick={() => bus.dispatch({ type: 'openLogin', tab: 'login' })} data-testid="game-list-login">
            {t('log_in')}
          </Button>
        }
      />
    );
  }

  return (
    <div className={styles.gameList} data-testid="game-list" data-vassalage={vassalage || undefined}>
      <form className={styles.filters} onSubmit={onSearch} role="search">
        <label className={styles.filter} htmlFor={`${ids}-name`}>
          <span className={styles.filterLabel}>{t('filter_name')}</span>
          <input
            id={`${ids}-name`}
            className={styles.control}
            type="search"
            value={search}
            maxLength={64}
            placeholder={t('filter_name_placeholder')}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="game-filter-name"
          />
        </label>
        <label className={styles.filter} htmlFor={`${ids}-classify`}>
          <span className={styles.filterLabel}>{t('filter_classify')}</span>
          <select
            id={`${ids}-classify`}
            className={styles.control}
            value={list.filters.gameClassify}
            onChange={(event) => list.setFilter('gameClassify', event.target.value)}
            data-testid="game-filter-classify"
          >
            <option value="">{t('filter_any')}</option>
            {(classifications.status === 'success' ? classifications.data : []).map((classify) => (
              <option key={classify} value={classify}>
                {t(`classify_${classify}`, { defaultValue: classify })}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter} htmlFor={`${ids}-bet`}>
          <span className={styles.filterLabel}>{t('filter_min_bet')}</span>
          <select
            id={`${ids}-bet`}
            className={styles.control}
            value={list.filters.minBet}
            onChange={(event) => list.setFilter('minBet', event.target.value)}
            data-testid="game-filter-min-bet"
          >
            <option value="">{t('filter_any')}</option>
            {MIN_BET_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t('filter_min_bet_up_to', { amount: choice })}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter} htmlFor={`${ids}-lines`}>
          <span className={styles.filterLabel}>{t('filter_lines')}</span>
          <select
            id={`${ids}-lines`}
            className={styles.control}
            value={list.filters.minLineNum}
            onChange={(event) => list.setFilter('minLineNum', event.target.value)}
            data-testid="game-filter-lines"
          >
            <option value="">{t('filter_any')}</option>
            {LINE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t('filter_lines_at_least', { count: Number(choice) })}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.filterActions}>
          <Button type="submit" size="sm" data-testid="game-filter-search">
            {t('search')}
          </Button>
          {filtered && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setSearch('');
                setFilters({ gameType, vassalage, ...EMPTY_FILTERS });
              }}
            >
              {t('reset_filters')}
            </Button>
          )}
        </div>
      </form>

      {list.status === 'error' && <LoadError title={t('load_failed')} onRetry={list.refresh} />}
      {!page && list.status === 'loading' && <Spinner label={t('loading')} />}
      {page && page.list.length === 0 && (
        <EmptyState title={filtered ? t('no_games_match') : t('no_games')} description={filtered ? undefined : t('no_games_vendor')} />
      )}
      {page && page.list.length > 0 && (
        <>
          <GameGrid games={page.list} label={t('games')} />
          <div className={styles.pager}>
            <Pagination page={list.page} totalPages={page.totalPages} onChange={list.setPage} />
            <p className={styles.pageInfo} data-testid="game-list-pages">
              {t('page_of', { page: list.page, total: page.totalPages })}
              {hasMore ? ` · ${t('has_more')}` : ''}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
