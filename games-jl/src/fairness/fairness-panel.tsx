import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameApi } from '../api/client';
import type { FairnessState, RotateResult, SpinResult } from '../api/types';
import { verifyHref } from '../app/route';
import { ProblemBanner, problemOf, type Problem } from '../ui/problem';
import ui from '../ui/ui.module.css';

export interface FairnessPanelProps {
  api: GameApi;
  gameCode: string;
  lang: string | null;
  fairness: FairnessState;
  onFairness: (fairness: FairnessState) => void;
  onRotated?: () => void;
  disabled?: boolean;
  lastRound?: SpinResult | null;
}

/**
 * Provably fair: the hash of the server seed in use (shown before any round), the player's client
 * seed (editable), the next nonce; rotating reveals the seed in use and starts a new one, and the
 * revealed seed verifies every round played with it.
 */
export function FairnessPanel({ api, gameCode, lang, fairness, onFairness, onRotated, disabled, lastRound }: FairnessPanelProps) {
  const { t } = useTranslation();
  const [clientSeed, setClientSeed] = useState(fairness.clientSeed);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [revealed, setRevealed] = useState<RotateResult | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => setClientSeed(fairness.clientSeed), [fairness.clientSeed]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const seed = clientSeed.trim();
    if (!seed || seed === fairness.clientSeed) return;
    setBusy(true);
    setProblem(null);
    setSaved(false);
    try {
      onFairness(await api.setClientSeed(seed));
      setSaved(true);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  const rotate = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await api.rotateSeed();
      setRevealed(result);
      onFairness(result.fairness);
      onRotated?.();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={ui.panel} aria-labelledby="fairness-title" data-testid="fairness">
      <h2 id="fairness-title" className={ui.panelTitle}>
        {t('fairness.title')}
      </h2>
      <p className={ui.muted}>{t('fairness.explain')}</p>
      {problem ? <ProblemBanner problem={problem} onClose={() => setProblem(null)} /> : null}
      <dl>
        <dt className={ui.fieldLabel}>{t('fairness.serverSeedHash')}</dt>
        <dd className={ui.mono} data-testid="server-seed-hash">
          {fairness.serverSeedHash || '—'}
        </dd>
        <dt className={ui.fieldLabel}>{t('fairness.nextNonce')}</dt>
        <dd className={ui.mono} data-testid="nonce">
          {fairness.nonce}
        </dd>
      </dl>
      <form className={ui.row} onSubmit={(event) => void save(event)}>
        <label className={ui.field}>
          <span className={ui.fieldLabel}>{t('fairness.clientSeed')}</span>
          <input className={ui.input} value={clientSeed} maxLength={64} onChange={(event) => setClientSeed(event.target.value)} data-testid="client-seed" />
        </label>
        <button type="submit" className={ui.button} disabled={busy || disabled || !clientSeed.trim() || clientSeed.trim() === fairness.clientSeed}>
          {t('fairness.saveClientSeed')}
        </button>
        <button type="button" className={ui.button} onClick={() => void rotate()} disabled={busy || disabled}>
          {t('fairness.rotate')}
        </button>
      </form>
      {saved ? (
        <p className={ui.muted} role="status">
          {t('fairness.clientSeedSaved')}
        </p>
      ) : null}
      {lastRound ? (
        <p className={ui.muted} data-testid="last-round">
          {t('fairness.lastRound', { round: lastRound.roundId, nonce: lastRound.nonce })}
        </p>
      ) : null}
      {revealed ? (
        <div role="status" data-testid="revealed">
          <p className={ui.fieldLabel}>{t('fairness.revealedSeed')}</p>
          <p className={ui.mono} data-testid="revealed-seed">
            {revealed.revealedServerSeed}
          </p>
          {revealed.revealedServerSeedHash ? (
            <p className={ui.mono}>
              {t('fairness.itsHash')}: {revealed.revealedServerSeedHash}
            </p>
          ) : null}
          {lastRound && lastRound.serverSeedHash === revealed.revealedServerSeedHash ? (
            <a
              href={verifyHref({
                game: gameCode,
                serverSeed: revealed.revealedServerSeed,
                serverSeedHash: revealed.revealedServerSeedHash,
                clientSeed: lastRound.clientSeed,
                nonce: lastRound.nonce,
                bet: lastRound.bet,
                lang,
              })}
              target="_blank"
              rel="noopener"
              data-testid="verify-last-round"
            >
              {t('fairness.verifyLastRound')}
            </a>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
