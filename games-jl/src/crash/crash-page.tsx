import { useCallback, useEffect, useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameApi } from '../api/client';
import type { SessionInfo } from '../api/types';
import { verifyHref } from '../app/route';
import { formatMoney, formatMultiplier } from '../ui/format';
import { useLocale } from '../ui/locale';
import { ProblemBanner, problemOf, type Problem } from '../ui/problem';
import ui from '../ui/ui.module.css';
import { CrashChart } from './crash-chart';
import { CRASH_EVENT_NAMES, crashReducer, INITIAL_CRASH_VIEW, myBet, type CrashEvent } from './crash-state';
import styles from './crash.module.css';

export interface CrashPageProps {
  api: GameApi;
  session: SessionInfo;
  gameCode: string;
  gameName: string;
  lang: string | null;
  trial: boolean;
  /** Opens the stream (tests hand in a fake). */
  openStream?: (url: string) => EventSource;
}

const RECONNECT_MS = 3000;
/** One function for the page's life: the stream's effect depends on it (a new one per render reopened the stream each time). */
const openEventSource = (url: string) => new EventSource(url);

/** Multiplayer crash: one round for everybody, its seed's hash published when betting opens. */
export function CrashPage({ api, session, gameCode, gameName, lang, trial, openStream = openEventSource }: CrashPageProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [view, dispatch] = useReducer((state: typeof INITIAL_CRASH_VIEW, event: CrashEvent) => crashReducer(state, event), INITIAL_CRASH_VIEW);
  const [balance, setBalance] = useState(session.balance);
  const [amount, setAmount] = useState(String(session.crash?.minBet ?? 1));
  const [autoCashout, setAutoCashout] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [connected, setConnected] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  // The live stream; a dropped one is opened again (after checking the session is still good).
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const connect = () => {
      source = openStream(api.crashStreamUrl());
      source.onopen = () => setConnected(true);
      for (const name of CRASH_EVENT_NAMES) {
        source.addEventListener(name, (message) => {
          try {
            dispatch({ type: name, data: JSON.parse((message as MessageEvent<string>).data) } as CrashEvent);
          } catch {
            // A malformed event changes nothing.
          }
        });
      }
      source.onerror = () => {
        setConnected(false);
        if (source?.readyState !== 2 || closed) return;
        // Closed for good (an error answer, not a dropped connection): is the session over?
        timer = setTimeout(() => {
          api.session().then(
            () => !closed && connect(),
            (error: unknown) => !closed && setProblem(problemOf(error)),
          );
        }, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [api, openStream]);

  useEffect(() => {
    if (view.balance !== null) setBalance(view.balance);
  }, [view.balance]);

  // The betting countdown.
  useEffect(() => {
    if (view.phase !== 'betting') return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [view.phase]);

  const mine = myBet(view);
  const canBet = view.phase === 'betting' && !mine && !busy;
  // 1.00× is no cash-out (the server answers too_early): the button comes with 1.01×.
  const canCashout = view.phase === 'running' && mine?.status === 'open' && view.multiplier >= 1.01 && !busy;

  const placeBet = useCallback(
    async (event: FormEvent) => {
      event.preventDefault();
      const stake = Number(amount);
      const auto = autoCashout.trim() ? Number(autoCashout) : null;
      if (!Number.isFinite(stake) || stake <= 0 || (auto !== null && (!Number.isFinite(auto) || auto < 1.01))) {
        setProblem({ kind: 'betInvalid' });
        return;
      }
      setBusy(true);
      setProblem(null);
      try {
        const result = await api.crashBet(Math.round(stake * 100) / 100, auto === null ? null : Math.round(auto * 100) / 100);
        setBalance(result.balance);
        dispatch({ type: 'bet', data: { roundId: result.roundId, player: '', bet: result.bet, status: 'open', multiplier: null, win: null, mine: true } });
      } catch (error) {
        setProblem(problemOf(error));
      } finally {
        setBusy(false);
      }
    },
    [amount, api, autoCashout],
  );

  const cashout = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await api.crashCashout();
      setBalance(result.balance);
      if (mine) dispatch({ type: 'cashout', data: { ...mine, status: 'cashed', multiplier: result.multiplier, win: result.win } });
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }, [api, mine]);

  const secondsLeft = view.bettingEndsAt ? Math.max(0, Math.ceil((view.bettingEndsAt - (now + view.clockOffset)) / 1000)) : null;
  // The round that crashed last, seed revealed: shown until the next crash, so it can be checked at leisure.
  const lastRevealed = view.revealed ?? view.history[0] ?? null;

  return (
    <main className={ui.page} data-game={gameCode}>
      <header className={ui.topBar}>
        <h1 className={ui.title}>
          {gameName}
          {trial ? <span className={ui.badge}>{t('common.trial')}</span> : null}
        </h1>
        <div className={ui.stats}>
          <div className={ui.stat}>
            <span className={ui.statLabel}>{t('common.balance')}</span>
            <span className={ui.statValue} data-testid="balance">
              {formatMoney(balance, locale)}
            </span>
          </div>
        </div>
      </header>

      {problem ? <ProblemBanner problem={problem} onClose={() => setProblem(null)} /> : null}

      <ol className={styles.history} aria-label={t('crash.pastRounds')} data-testid="crash-history">
        {view.history.map((entry) => (
          <li key={entry.roundId}>
            <a
              className={`${styles.chip} ${entry.crashPoint >= 2 ? styles.chipHigh : ''}`}
              href={verifyHref({ game: gameCode, serverSeed: entry.serverSeed, serverSeedHash: entry.serverSeedHash, clientSeed: entry.clientSeed, nonce: entry.nonce, chainEnd: entry.chainEnd, chainIndex: entry.chainIndex, lang })}
              target="_blank"
              rel="noopener"
              title={t('crash.verifyRound', { round: entry.roundId })}
            >
              {formatMultiplier(entry.crashPoint, locale)}
            </a>
          </li>
        ))}
      </ol>

      <section className={styles.stage} aria-live="polite">
        <CrashChart points={view.points} crashed={view.phase === 'crashed'} />
        <div className={`${styles.multiplier} ${view.phase === 'crashed' ? styles.bust : ''}`} data-testid="multiplier" data-phase={view.phase}>
          {view.phase === 'betting' ? (
            <span>{t('crash.startsIn', { seconds: secondsLeft ?? 0 })}</span>
          ) : view.phase === 'crashed' ? (
            <span>{t('crash.crashedAt', { multiplier: formatMultiplier(view.crashPoint ?? view.multiplier, locale) })}</span>
          ) : view.phase === 'running' ? (
            <span>{formatMultiplier(view.multiplier, locale)}</span>
          ) : (
            <span>{connected ? t('crash.waiting') : t('crash.connecting')}</span>
          )}
        </div>
      </section>

      <div className={styles.columns}>
        <form className={`${ui.panel} ${styles.betForm}`} onSubmit={(event) => void placeBet(event)}>
          <label className={ui.field}>
            <span className={ui.fieldLabel}>{t('crash.amount')}</span>
            <input className={ui.input} type="number" inputMode="decimal" min={session.crash?.minBet ?? 1} step="0.01" value={amount} onChange={(event) => setAmount(event.target.value)} data-testid="crash-amount" />
          </label>
          <label className={ui.field}>
            <span className={ui.fieldLabel}>{t('crash.autoCashout')}</span>
            <input
              className={ui.input}
              type="number"
              inputMode="decimal"
              min="1.01"
              step="0.01"
              placeholder={t('crash.autoCashoutPlaceholder')}
              value={autoCashout}
              onChange={(event) => setAutoCashout(event.target.value)}
              data-testid="crash-auto"
            />
          </label>
          {/* Keyed apart: a cash-out press that lands as the round crashes must hit a button that is
              gone, never the same DOM node turned into the next round's Bet. */}
          {canCashout ? (
            <button key="cashout" type="button" className={`${ui.primary} ${styles.action}`} onClick={() => void cashout()} data-testid="crash-cashout">
              {t('crash.cashout', { amount: formatMoney((mine?.bet ?? 0) * view.multiplier, locale) })}
            </button>
          ) : (
            <button key="bet" type="submit" className={`${ui.primary} ${styles.action}`} disabled={!canBet} data-testid="crash-bet">
              {mine ? (mine.status === 'cashed' ? t('crash.cashedOut', { amount: formatMoney(mine.win ?? 0, locale) }) : mine.status === 'lost' ? t('crash.lost') : t('crash.betPlaced')) : t('crash.bet')}
            </button>
          )}
          <p className={ui.muted}>{session.crash ? t('crash.limits', { min: formatMoney(session.crash.minBet, locale), max: formatMoney(session.crash.maxBet ?? 0, locale) }) : null}</p>
        </form>

        <section className={ui.panel} aria-labelledby="crash-players">
          <h2 id="crash-players" className={ui.panelTitle}>
            {t('crash.players', { count: view.bets.length })}
          </h2>
          {view.bets.length ? (
            <ul className={ui.list} data-testid="crash-bets">
              {view.bets.map((bet, index) => (
                <li key={`${bet.player}-${index}`} className={`${ui.listItem} ${bet.mine ? styles.mine : ''}`}>
                  <span>{bet.mine ? t('crash.you') : bet.player}</span>
                  <span className={ui.spacer} />
                  <span>{formatMoney(bet.bet, locale)}</span>
                  {bet.status === 'cashed' ? (
                    <span className={ui.win}>
                      {formatMultiplier(bet.multiplier ?? 0, locale)} · {formatMoney(bet.win ?? 0, locale)}
                    </span>
                  ) : bet.status === 'lost' ? (
                    <span className={styles.lost}>{t('crash.lost')}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className={ui.muted}>{t('crash.noBets')}</p>
          )}
        </section>
      </div>

      <section className={ui.panel} aria-labelledby="crash-fairness" data-testid="crash-fairness">
        <h2 id="crash-fairness" className={ui.panelTitle}>
          {t('fairness.title')}
        </h2>
        <p className={ui.muted}>{t('crash.fairnessExplain')}</p>
        <p className={ui.fieldLabel}>{t('crash.roundHash', { round: view.roundId ?? '—' })}</p>
        <p className={ui.mono} data-testid="crash-round-hash">
          {view.serverSeedHash ?? '—'}
        </p>
        {view.phase === 'crashed' ? null : <p className={ui.muted}>{t('crash.seedAfterCrash')}</p>}
        {lastRevealed ? (
          <>
            <p className={ui.fieldLabel}>{t('crash.revealedSeed', { round: lastRevealed.roundId })}</p>
            <p className={ui.mono} data-testid="crash-seed" data-round={lastRevealed.roundId}>
              {lastRevealed.serverSeed}
            </p>
            <a
              href={verifyHref({ game: gameCode, serverSeed: lastRevealed.serverSeed, serverSeedHash: lastRevealed.serverSeedHash, clientSeed: lastRevealed.clientSeed, nonce: lastRevealed.nonce, chainEnd: lastRevealed.chainEnd, chainIndex: lastRevealed.chainIndex, lang })}
              target="_blank"
              rel="noopener"
              data-testid="crash-verify"
            >
              {t('history.verify')}
            </a>
          </>
        ) : null}
      </section>
    </main>
  );
}
