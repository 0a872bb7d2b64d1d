import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotSymbol, SpinStep } from '../api/types';
import { Reels } from '../slot/reels';
import { formatMoney, formatMultiplier } from '../ui/format';
import { useLocale } from '../ui/locale';
import ui from '../ui/ui.module.css';
import { chainVerifies, recompute, sha256Hex, VERIFIABLE_GAMES, type VerifiedOutcome } from './engine';
import { SLOT_DEFINITIONS } from './games';
import styles from './verify.module.css';

interface Values {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  bet: string;
  hash: string;
  /** A chain crash round: the chain's published end and the round's place in it. */
  chainEnd: string;
  chainIndex: string;
}

const valuesOf = (params: URLSearchParams): Values => ({
  game: (params.get('game') ?? 'JLS001').toUpperCase(),
  serverSeed: params.get('serverSeed') ?? '',
  clientSeed: params.get('clientSeed') ?? '',
  nonce: params.get('nonce') ?? '0',
  bet: params.get('bet') ?? '',
  hash: params.get('hash') ?? '',
  chainEnd: params.get('chainEnd') ?? '',
  chainIndex: params.get('chainIndex') ?? '',
});

type Result = { outcome: VerifiedOutcome; hashOfSeed: string; hashMatches: boolean | null; chainMatches: boolean | null } | { error: string };

/** Whether the seed walks back to the chain end given (null: no chain end entered, or not a crash round). */
async function chainCheck(input: Values): Promise<boolean | null> {
  const end = input.chainEnd.trim().toLowerCase();
  if (input.game !== 'JLC001' || !end) return null;
  const index = Number(input.chainIndex);
  return Number.isSafeInteger(index) && index >= 1 ? chainVerifies(input.serverSeed.trim(), index, end) : false;
}

function symbolsOf(gameCode: string): SlotSymbol[] {
  const definition = SLOT_DEFINITIONS.find((candidate) => candidate.gameCode === gameCode);
  return (definition?.symbols ?? []).map((symbol) => ({ id: symbol.id, name: symbol.name, kind: symbol.kind === 'regular' ? 'normal' : symbol.kind, pays: {} }));
}

/** Recomputes any round from its seeds, in this browser, with the engine the server ran. */
export function VerifyPage({ params }: { params: URLSearchParams; lang: string | null }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(params));
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const games = useMemo(() => VERIFIABLE_GAMES(), []);
  const isCrash = values.game === 'JLC001';

  const run = useCallback(async (input: Values) => {
    setBusy(true);
    try {
      const nonce = Number(input.nonce);
      if (!input.serverSeed || !input.clientSeed || !Number.isSafeInteger(nonce) || nonce < 0) {
        setResult({ error: 'verify.missing' });
        return;
      }
      const bet = input.bet.trim() ? Number(input.bet) : null;
      const [outcome, hashOfSeed, chainMatches] = await Promise.all([
        recompute({ gameCode: input.game, serverSeed: input.serverSeed.trim(), clientSeed: input.clientSeed, nonce, bet: bet !== null && Number.isFinite(bet) ? bet : null }),
        sha256Hex(input.serverSeed.trim()),
        chainCheck(input),
      ]);
      const expected = input.hash.trim().toLowerCase();
      setResult({ outcome, hashOfSeed, hashMatches: expected ? expected === hashOfSeed : null, chainMatches });
    } catch (error) {
      const message = (error as Error).message;
      setResult({ error: message === 'webcrypto.unavailable' ? 'verify.noWebCrypto' : message === 'game.unknown' ? 'verify.unknownGame' : 'verify.failed' });
    } finally {
      setBusy(false);
    }
  }, []);

  // Opened from a round's link: the values are there, verify at once.
  useEffect(() => {
    const initial = valuesOf(params);
    if (initial.serverSeed && initial.clientSeed) void run(initial);
  }, [params, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(values);
  };
  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <main className={ui.page}>
      <header className={ui.topBar}>
        <h1 className={ui.title}>{t('verify.title')}</h1>
      </header>
      <p className={ui.muted}>{t('verify.explain')}</p>
      <form className={`${ui.panel} ${styles.form}`} onSubmit={submit}>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('verify.game')}</span>
          <select className={ui.input} {...field('game')} data-testid="verify-game">
            {games.map((game) => (
              <option key={game.gameCode} value={game.gameCode}>
                {t(`game.${game.gameCode}`, { defaultValue: game.gameCode })}
              </option>
            ))}
            {games.some((game) => game.gameCode === values.game) ? null : <option value={values.game}>{values.game}</option>}
          </select>
        </label>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('verify.serverSeed')}</span>
          <input className={`${ui.input} ${ui.mono}`} {...field('serverSeed')} autoComplete="off" spellCheck={false} data-testid="verify-server-seed" />
        </label>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('verify.serverSeedHash')}</span>
          <input className={`${ui.input} ${ui.mono}`} {...field('hash')} autoComplete="off" spellCheck={false} data-testid="verify-hash" />
        </label>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('verify.clientSeed')}</span>
          <input className={ui.input} {...field('clientSeed')} autoComplete="off" spellCheck={false} data-testid="verify-client-seed" />
        </label>
        <div className={styles.pair}>
          <label className={ui.field}>
            <span className={ui.fieldLabel}>{t('verify.nonce')}</span>
            <input className={ui.input} type="number" min="0" step="1" inputMode="numeric" {...field('nonce')} data-testid="verify-nonce" />
          </label>
          {isCrash ? (
            <label className={ui.field}>
              <span className={ui.fieldLabel}>{t('verify.chainIndex')}</span>
              <input className={ui.input} type="number" min="1" step="1" inputMode="numeric" {...field('chainIndex')} data-testid="verify-chain-index" />
            </label>
          ) : (
            <label className={ui.field}>
              <span className={ui.fieldLabel}>{t('verify.bet')}</span>
              <input className={ui.input} type="number" min="0" step="0.01" inputMode="decimal" {...field('bet')} placeholder={t('verify.betPlaceholder')} data-testid="verify-bet" />
            </label>
          )}
        </div>
        {isCrash ? (
          <label className={ui.field}>
            <span className={ui.fieldLabel}>{t('verify.chainEnd')}</span>
            <input className={`${ui.input} ${ui.mono}`} {...field('chainEnd')} autoComplete="off" spellCheck={false} data-testid="verify-chain-end" />
          </label>
        ) : null}
        <button type="submit" className={ui.primary} disabled={busy}>
          {t('verify.submit')}
        </button>
      </form>
      {result ? <VerifyResult result={result} /> : null}
    </main>
  );
}

function VerifyResult({ result }: { result: Result }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if ('error' in result) {
    return (
      <div className={ui.problem} role="alert">
        {t(result.error)}
      </div>
    );
  }
  const { outcome, hashOfSeed, hashMatches, chainMatches } = result;
  return (
    <section className={ui.panel} aria-labelledby="verify-result" data-testid="verify-result">
      <h2 id="verify-result" className={ui.panelTitle}>
        {t('verify.result')}
      </h2>
      <p className={ui.fieldLabel}>{t('verify.hashOfSeed')}</p>
      <p className={ui.mono} data-testid="verify-hash-of-seed">
        {hashOfSeed}
      </p>
      {hashMatches === null ? null : (
        <p className={hashMatches ? ui.win : styles.mismatch} data-testid="verify-hash-check" data-matches={hashMatches}>
          {hashMatches ? t('verify.hashMatches') : t('verify.hashDiffers')}
        </p>
      )}
      {chainMatches === null ? null : (
        <p className={chainMatches ? ui.win : styles.mismatch} data-testid="verify-chain-check" data-matches={chainMatches}>
          {chainMatches ? t('verify.chainMatches') : t('verify.chainDiffers')}
        </p>
      )}
      {outcome.kind === 'crash' ? (
        <p className={styles.crashPoint} data-testid="verify-crash-point">
          {t('verify.crashPoint', { multiplier: formatMultiplier(outcome.crashPoint, locale) })}
        </p>
      ) : (
        <>
          <p data-testid="verify-total-win">
            {t('verify.totalWin', { bet: formatMoney(outcome.bet, locale), amount: formatMoney(outcome.totalWin, locale) })}
          </p>
          <StepView gameCode={outcome.gameCode} step={outcome.base} title={t('verify.baseSpin')} />
          {outcome.freeSpins.map((step, index) => (
            <StepView key={index} gameCode={outcome.gameCode} step={step} title={t('slot.freeSpinsCounter', { current: index + 1, total: outcome.freeSpins.length })} />
          ))}
        </>
      )}
    </section>
  );
}

function StepView({ gameCode, step, title }: { gameCode: string; step: SpinStep; title: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const cells = [...step.lineWins.flatMap((win) => win.cells), ...(step.scatter && step.scatter.win > 0 ? step.scatter.cells : [])];
  return (
    <div className={styles.step} data-testid="verify-step">
      <h3 className={ui.panelTitle}>{title}</h3>
      <Reels gameCode={gameCode} symbols={symbolsOf(gameCode)} grid={step.grid} spinning={false} highlighted={cells} />
      <ul className={styles.wins}>
        {step.lineWins.map((win, index) => (
          <li key={index}>{t('slot.lineWin', { line: win.line + 1, count: win.count, amount: formatMoney(win.win, locale) })}</li>
        ))}
        {step.scatter ? <li>{t('slot.scatterWin', { count: step.scatter.count, amount: formatMoney(step.scatter.win, locale) })}</li> : null}
        <li>{t('verify.stepWin', { amount: formatMoney(step.win, locale) })}</li>
      </ul>
    </div>
  );
}
