// The betting page of one game (/lottery?gameCode=X[&playType=…], /vnlottery?gameCode=X): the
// round and its countdown, the latest result, the play-type menu, the picker with its options,
// the slip with the chase, today's orders, the results history and the trend chart. A chunk of its own.
import { EmptyState, Link, Spinner, useBusState, useCall, useNavigate, usePagedList, useT } from '@platform/shared';
import type { LotteryGame, LotteryPrizeMode } from '@platform/contract';
import { isVietnamKind, playsOf, type PlayDefinition } from '@platform/lottery-rules';
import { LoadError } from '@platform/ui-blocks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { gamePath } from '../games/game-names';
import { lazyPart } from '../games/lazy-screen';
import { loadGame, loadNearRounds, loadTodayOrders, type BetRecord } from '../games/lottery-api';
import { NAMESPACE as TREND_NAMESPACE, translationsLoaded as trendTranslationsLoaded } from '../trend-chart/translations';
import { BetBuilder } from './bet-builder';
import type { BetOptionsValue } from './bet-options';
import { BetSlip } from './bet-slip';
import styles from './betting.module.css';
import { playForRound } from './picker';
import { initialPlay, PlayMenu } from './play-menu';
import { LatestResult, RoundHeader } from './round-header';
import { addLine, canAddLine, removeLine, type SlipLine } from './slip';
import { TodayOrders } from './today-orders';
import { NAMESPACE, translationsLoaded as bettingTranslationsLoaded } from './translations';
import { useRound } from './use-round';

/** Today's orders a page of the list shows. */
export const ORDERS_PAGE_SIZE = 10;

const ResultsHistory = lazyPart(() => import(/* webpackChunkName: "lottery-results-history" */ './results-history'));
const TrendChart = lazyPart(() => import(/* webpackChunkName: "lottery-trend-chart" */ '../trend-chart/trend-chart'));

export interface BettingScreenProps {
  gameCode: string;
  /** A play's id or code from the address (its playType). */
  playType: string | null;
  prizeMode: LotteryPrizeMode;
}

function GameBoard({ game, playType }: { game: LotteryGame; playType: string | null }) {
  const { t } = useT(NAMESPACE);
  const trendT = useT(TREND_NAMESPACE).t;
  const navigate = useNavigate();
  const loggedIn = useBusState('session').token !== null;
  const vietnam = isVietnamKind(game.kind);
  const plays = useMemo(() => playsOf(game.kind), [game.kind]);
  const [play, setPlay] = useState<PlayDefinition>(() => initialPlay(plays, playType));
  const [options, setOptions] = useState<BetOptionsValue>({ mode: 1, series: game.defaultSeries, multiple: 1 });
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [trendOpen, setTrendOpen] = useState(false);
  const [drawCount, setDrawCount] = useState(0);

  const orders = usePagedList<BetRecord, { gameCode: string }>(({ page, pageSize, filters }, signal) => loadTodayOrders(filters.gameCode, page, pageSize, signal), {
    filters: { gameCode: game.gameCode },
    pageSize: ORDERS_PAGE_SIZE,
    requiresSession: true,
  });
  const refreshOrders = orders.refresh;
  const onDrawn = useCallback(() => {
    setDrawCount((count) => count + 1);
    refreshOrders();
  }, [refreshOrders]);
  const round = useRound(game.gameCode, onDrawn);

  // Nothing on sale (a daily game after its close, a game switched off): when the next round opens.
  const nothingOnSale = round.status === 'ready' && !round.open && !round.drawing;
  const near = useCall((signal) => loadNearRounds(game.gameCode, signal), [game.gameCode, nothingOnSale], { enabled: nothingOnSale });
  const nextRound = near.status === 'success' ? (near.data.find((candidate) => candidate.closeTime > round.now) ?? null) : null;

  const choosePlay = (next: PlayDefinition) => {
    setPlay(next);
    // The address names the play, so a reload or a shared link opens it.
    navigate(gamePath(game.gameCode, vietnam, next.code), { replace: true });
  };

  if (round.status === 'loading') return <Spinner label={t('loading')} />;
  if (round.status === 'error') {
    return <LoadError title={t('round_load_failed')} onRetry={round.refresh} />;
  }

  return (
    <div className={styles.screen} data-testid="betting-screen" data-game-code={game.gameCode}>
      <div className={styles.board}>
        <div className={styles.main}>
          <RoundHeader game={game} round={round} nextRound={nextRound} />
          <LatestResult game={game} round={round} />
          <PlayMenu plays={plays} value={play} onChange={choosePlay} />
          <BetBuilder
            key={play.id}
            game={game}
            play={round.open ? playForRound(play, round.open.drawTime) : play}
            options={options}
            onOptions={setOptions}
            fits={(line) => canAddLine(lines, line)}
            onAdd={(line) => setLines((current) => addLine(current, line))}
          />
        </div>
        <aside className={styles.aside}>
          <BetSlip
            game={game}
            round={round}
            lines={lines}
            onRemove={(id) => setLines((current) => removeLine(current, id))}
            onClear={() => setLines([])}
            onPlaced={() => {
              setLines([]);
              refreshOrders();
            }}
            onOrdersStale={refreshOrders}
          />
        </aside>
      </div>
      {loggedIn && <TodayOrders game={game} list={orders} />}
      <section className={styles.historySection} aria-labelledby="lottery-history-title">
        <header className={styles.slipHeader}>
          <h3 id="lottery-history-title" className={styles.slipTitle}>
            {t('results_history')}
          </h3>
          <button type="button" className={styles.disclosure} aria-expanded={historyOpen} onClick={() => setHistoryOpen((open) => !open)} data-testid="history-toggle">
            {historyOpen ? t('hide') : t('show')}
          </button>
        </header>
        {historyOpen && <ResultsHistory game={game} version={drawCount} />}
      </section>
      <section className={styles.historySection} aria-labelledby="lottery-trend-title">
        <header className={styles.slipHeader}>
          <h3 id="lottery-trend-title" className={styles.slipTitle}>
            {trendT('section_title')}
          </h3>
          <button type="button" className={styles.disclosure} aria-expanded={trendOpen} onClick={() => setTrendOpen((open) => !open)} data-testid="trend-toggle">
            {trendOpen ? t('hide') : t('show')}
          </button>
        </header>
        {trendOpen && <TrendChart game={game} version={drawCount} />}
      </section>
    </div>
  );
}

export default function BettingScreen({ gameCode, playType, prizeMode }: BettingScreenProps) {
  const { t } = useT(NAMESPACE);
  const game = useCall((signal) => loadGame(gameCode, prizeMode, signal), [gameCode, prizeMode]);
  // The game is read again after a login or a language change; the board (and its slip) stays.
  const lastAnswer = useRef<{ gameCode: string; game: LotteryGame | null } | null>(null);
  if (game.status === 'success') lastAnswer.current = { gameCode, game: game.data };
  const known = lastAnswer.current?.gameCode === gameCode ? lastAnswer.current : null;
  const lobby = prizeMode === 'SEA' ? '/vnlottery' : '/lottery';
  if (!known && game.status === 'error') {
    return <LoadError title={t('game_load_failed')} onRetry={game.refresh} />;
  }
  if (!known) return <Spinner label={t('loading')} />;
  if (!known.game) {
    return (
      <EmptyState
        title={t('game_unavailable')}
        action={
          <Link to={lobby} className={styles.link} data-testid="back-to-lobby">
            {t('back_to_lobby')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <nav className={styles.crumbs}>
        <Link to={lobby} className={styles.link} data-testid="back-to-lobby">
          {t('back_to_lobby')}
        </Link>
      </nav>
      <GameBoard key={known.game.gameCode} game={known.game} playType={playType} />
    </>
  );
}

/** The screen's strings: its own and the trend chart's (its section title shows with the page). */
export const translationsLoaded: Promise<void> = Promise.all([bettingTranslationsLoaded, trendTranslationsLoaded]).then(() => undefined);
