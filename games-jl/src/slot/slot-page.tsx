import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameApi } from '../api/client';
import type { Cell, FairnessState, SessionInfo, SpinResult, SpinStep } from '../api/types';
import { FairnessPanel } from '../fairness/fairness-panel';
import { RoundHistory } from '../fairness/round-history';
import { formatMoney, prefersReducedMotion, wait } from '../ui/format';
import { useLocale } from '../ui/locale';
import { ProblemBanner, problemOf, type Problem } from '../ui/problem';
import { Sheet } from '../ui/sheet';
import ui from '../ui/ui.module.css';
import { Paytable } from './paytable';
import { Reels } from './reels';
import styles from './slot.module.css';

export interface SlotPageProps {
  api: GameApi;
  session: SessionInfo;
  gameCode: string;
  gameName: string;
  lang: string | null;
  trial: boolean;
}

/** How long the reels turn before the result shows, and each free spin stays (ms). */
export const SPIN_MS = 700;
export const FREE_SPIN_MS = 900;

function initialGrid(session: SessionInfo): string[][] {
  const config = session.slot;
  const reels = config?.reels ?? 5;
  const rows = config?.rows ?? 3;
  const normal = config?.symbols.filter((symbol) => symbol.kind === 'normal') ?? [];
  const ids = normal.length ? normal.map((symbol) => symbol.id) : ['?'];
  return Array.from({ length: reels }, (_, reel) => Array.from({ length: rows }, (_, row) => ids[(reel + row * 2) % ids.length]));
}

function cellsOf(step: SpinStep): Cell[] {
  return [...step.lineWins.flatMap((win) => win.cells), ...(step.scatter && step.scatter.win > 0 ? step.scatter.cells : [])];
}

export function SlotPage({ api, session, gameCode, gameName, lang, trial }: SlotPageProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const config = session.slot;
  const betSteps = useMemo(() => (config?.betSteps.length ? config.betSteps : [0.2, 0.5, 1, 2, 5, 10]), [config]);
  const [betIndex, setBetIndex] = useState(0);
  const [balance, setBalance] = useState(session.balance);
  const [grid, setGrid] = useState(() => initialGrid(session));
  const [step, setStep] = useState<SpinStep | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [lastWin, setLastWin] = useState<number | null>(null);
  const [lastRound, setLastRound] = useState<SpinResult | null>(null);
  const [freeSpin, setFreeSpin] = useState<{ index: number; total: number; won: number } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [fairness, setFairness] = useState<FairnessState>(session.fairness);
  const [sheet, setSheet] = useState<'paytable' | 'history' | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const bet = betSteps[Math.min(betIndex, betSteps.length - 1)];

  const spin = useCallback(async () => {
    if (spinning) return;
    setProblem(null);
    setSpinning(true);
    setStep(null);
    setLastWin(null);
    setFreeSpin(null);
    const reduced = prefersReducedMotion();
    const started = Date.now();
    try {
      const result = await api.spin(bet);
      if (!reduced) await wait(Math.max(0, SPIN_MS - (Date.now() - started)));
      if (!live.current) return;
      setSpinning(false);
      setGrid(result.base.grid);
      setStep(result.base);
      setLastRound(result);
      setFairness((current) => ({ ...current, serverSeedHash: result.serverSeedHash, clientSeed: result.clientSeed, nonce: result.nextNonce }));
      if (result.freeSpins.length) {
        // The base spin's win, then each free spin in turn (at once with reduced motion).
        let won = result.base.win;
        setBalance(result.balance - (result.totalWin - result.base.win));
        for (let index = 0; index < result.freeSpins.length; index += 1) {
          if (!reduced) await wait(FREE_SPIN_MS);
          if (!live.current) return;
          const free = result.freeSpins[index];
          won += free.win;
          setFreeSpin({ index: index + 1, total: result.freeSpins.length, won });
          setGrid(free.grid);
          setStep(free);
        }
      }
      setBalance(result.balance);
      setLastWin(result.totalWin);
      setHistoryVersion((version) => version + 1);
    } catch (error) {
      if (!live.current) return;
      setSpinning(false);
      setProblem(problemOf(error));
    }
  }, [api, bet, spinning]);

  const highlighted = step ? cellsOf(step) : [];
  const minBet = betSteps[0];

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
          <div className={ui.stat}>
            <span className={ui.statLabel}>{t('slot.lastWin')}</span>
            <span className={`${ui.statValue} ${lastWin ? ui.win : ''}`} data-testid="last-win">
              {lastWin === null ? '—' : formatMoney(lastWin, locale)}
            </span>
          </div>
        </div>
      </header>

      {problem ? <ProblemBanner problem={problem} onClose={() => setProblem(null)} /> : null}

      {freeSpin ? (
        <div className={styles.freeSpins} role="status" data-testid="free-spins">
          {t('slot.freeSpinsCounter', { current: freeSpin.index, total: freeSpin.total })} · {t('slot.freeSpinsWon', { amount: formatMoney(freeSpin.won, locale) })}
        </div>
      ) : null}

      <Reels gameCode={gameCode} symbols={config?.symbols ?? []} grid={grid} spinning={spinning} highlighted={highlighted} />

      {step && (step.lineWins.length || (step.scatter && step.scatter.count > 0)) ? (
        <ul className={styles.wins} aria-label={t('slot.lineWins')} data-testid="line-wins">
          {step.lineWins.map((win, index) => (
            <li key={index}>{t('slot.lineWin', { line: win.line + 1, count: win.count, amount: formatMoney(win.win, locale) })}</li>
          ))}
          {step.scatter && step.scatter.count > 0 ? <li>{t('slot.scatterWin', { count: step.scatter.count, amount: formatMoney(step.scatter.win, locale) })}</li> : null}
        </ul>
      ) : null}

      <div className={styles.controls}>
        <div className={styles.betSelector} role="group" aria-label={t('slot.bet')}>
          <button type="button" className={ui.iconButton} onClick={() => setBetIndex((index) => Math.max(0, index - 1))} disabled={spinning || betIndex === 0} aria-label={t('slot.betDown')}>
            −
          </button>
          <label className={ui.field}>
            <span className={ui.fieldLabel}>{t('slot.bet')}</span>
            <select className={ui.input} value={betIndex} onChange={(event) => setBetIndex(Number(event.target.value))} disabled={spinning} data-testid="bet">
              {betSteps.map((step, index) => (
                <option key={step} value={index}>
                  {formatMoney(step, locale)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={ui.iconButton}
            onClick={() => setBetIndex((index) => Math.min(betSteps.length - 1, index + 1))}
            disabled={spinning || betIndex >= betSteps.length - 1}
            aria-label={t('slot.betUp')}
          >
            +
          </button>
        </div>
        <button type="button" className={`${ui.primary} ${styles.spinButton}`} onClick={() => void spin()} disabled={spinning || balance < minBet}>
          {spinning ? t('slot.spinning') : t('slot.spin')}
        </button>
        <div className={ui.row}>
          <button type="button" className={ui.button} onClick={() => setSheet('paytable')}>
            {t('slot.paytable')}
          </button>
          <button type="button" className={ui.button} onClick={() => setSheet('history')}>
            {t('history.title')}
          </button>
        </div>
      </div>
      {config ? <p className={ui.muted}>{t('slot.linesInfo', { lines: config.lines.length || '—' })}</p> : null}

      <FairnessPanel api={api} gameCode={gameCode} lang={lang} fairness={fairness} onFairness={setFairness} onRotated={() => setHistoryVersion((version) => version + 1)} disabled={spinning} lastRound={lastRound} />

      {sheet === 'paytable' && config ? (
        <Sheet title={t('slot.paytable')} onClose={() => setSheet(null)}>
          <Paytable gameCode={gameCode} config={config} bet={bet} />
        </Sheet>
      ) : null}
      {sheet === 'history' ? (
        <Sheet title={t('history.title')} onClose={() => setSheet(null)}>
          <RoundHistory api={api} gameCode={gameCode} lang={lang} version={historyVersion} />
        </Sheet>
      ) : null}
    </main>
  );
}
