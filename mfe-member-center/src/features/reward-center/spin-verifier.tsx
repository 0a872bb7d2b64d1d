// Verifying a spin: the member rotates the server seed (the retired one is revealed, and a new one
// committed), then names a spin (the last one, or one from the history): its seeds come from
// prizeWheelSpinInfo and its segment is recomputed here, in the browser (verify-spin.ts), as
// Verified or Mismatch.
import { Button, isApiError, useT } from '@platform/shared';
import { quietRefusalMessage } from '@platform/ui-blocks';
import type { PrizeWheelRotation, PrizeWheelSegment, PrizeWheelSpinInfo } from '@platform/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { loadSpin, rotateSeed } from './reward-api';
import styles from './reward-center.module.css';
import { NAMESPACE } from './translations';
import { SeedNotRevealedError, VerificationUnavailableError, verifySpinInBrowser, type SpinVerification } from './verify-spin';

const SPIN_ID = /^[1-9][0-9]{0,17}$/;

type Outcome =
  | { kind: 'checked'; spin: PrizeWheelSpinInfo; verification: SpinVerification }
  | { kind: 'notRevealed' }
  | { kind: 'failed'; message: string };

export interface SpinVerifierProps {
  /** The spin just made on this page: the field offers it. */
  lastSpinId: string | null;
  /** A spin the history asked to verify: the field takes it and it is checked at once. */
  verifyRequest: { transactionId: string; asked: number } | null;
  /** The seed was rotated: the wheel shows the new hash. */
  onRotated: () => void;
  /** The wheel as it is now: names the segment recomputed. */
  segments: readonly PrizeWheelSegment[];
  className?: string;
}

export function SpinVerifier({ lastSpinId, verifyRequest, onRotated, segments, className }: SpinVerifierProps) {
  const { t } = useT(NAMESPACE);
  const id = useId();
  const [spinId, setSpinId] = useState(verifyRequest?.transactionId ?? lastSpinId ?? '');
  const [rotation, setRotation] = useState<PrizeWheelRotation | null>(null);
  const [rotating, setRotating] = useState(false);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = useRef(false);

  const labelOf = (index: number) => segments[index]?.label ?? '—';

  const check = async (transactionId: string) => {
    if (busy.current) return;
    setOutcome(null);
    if (!SPIN_ID.test(transactionId)) {
      setOutcome({ kind: 'failed', message: t('spin_id_invalid') });
      return;
    }
    busy.current = true;
    setChecking(true);
    try {
      const spin = await loadSpin(transactionId);
      setOutcome({ kind: 'checked', spin, verification: await verifySpinInBrowser(spin) });
    } catch (failure) {
      if (failure instanceof SeedNotRevealedError) setOutcome({ kind: 'notRevealed' });
      else if (failure instanceof VerificationUnavailableError) setOutcome({ kind: 'failed', message: t('verify_unavailable') });
      else if (isApiError(failure)) {
        const message = quietRefusalMessage(failure);
        setOutcome(message === null ? null : { kind: 'failed', message });
      } else setOutcome({ kind: 'failed', message: t('action_failed') });
    } finally {
      busy.current = false;
      setChecking(false);
    }
  };

  // The spin just made, or one the history names, fills the field; the history's is checked at once.
  useEffect(() => {
    if (lastSpinId) setSpinId(lastSpinId);
  }, [lastSpinId]);
  const askedFor = verifyRequest?.asked;
  useEffect(() => {
    if (!verifyRequest) return;
    setSpinId(verifyRequest.transactionId);
    void check(verifyRequest.transactionId);
    // Once per ask (the history's button), not again on each render.
  }, [askedFor]);

  const rotate = async () => {
    if (rotating) return;
    setRotating(true);
    setRotateError(null);
    try {
      setRotation(await rotateSeed());
      setOutcome(null);
      onRotated();
    } catch (failure) {
      setRotateError(isApiError(failure) ? quietRefusalMessage(failure) : t('action_failed'));
    } finally {
      setRotating(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(spinId.trim());
  };

  return (
    <section className={`${styles.section} ${className ?? ''}`} aria-labelledby={`${id}-title`} data-testid="wheel-verify">
      <h3 id={`${id}-title`} className={styles.sectionTitle}>
        {t('verify_title')}
      </h3>
      <p className={styles.hint}>{t('verify_intro')}</p>
      <div className={styles.inline}>
        <Button variant="secondary" loading={rotating} onClick={() => void rotate()} data-testid="wheel-rotate">
          {t('rotate_seed')}
        </Button>
      </div>
      {rotateError && (
        <p className={styles.refusal} role="alert">
          {rotateError}
        </p>
      )}
      {rotation && (
        <dl className={styles.facts} data-testid="wheel-revealed">
          {rotation.revealed ? (
            <>
              <div>
                <dt>{t('revealed_seed')}</dt>
                <dd className={styles.mono}>{rotation.revealed.serverSeed}</dd>
              </div>
              <div>
                <dt>{t('revealed_spins')}</dt>
                <dd>{rotation.revealed.nonces}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>{t('revealed_seed')}</dt>
              <dd>{t('revealed_none')}</dd>
            </div>
          )}
          <div>
            <dt>{t('new_seed_hash')}</dt>
            <dd className={styles.mono}>{rotation.serverSeedHash}</dd>
          </div>
        </dl>
      )}
      <form className={styles.field} onSubmit={submit} noValidate>
        <label className={styles.label} htmlFor={`${id}-spin`}>
          {t('spin_id')}
        </label>
        <div className={styles.inline}>
          <input
            id={`${id}-spin`}
            className={`${styles.input} ${styles.mono}`}
            value={spinId}
            inputMode="numeric"
            maxLength={18}
            autoComplete="off"
            onChange={(event) => setSpinId(event.target.value)}
            data-testid="wheel-verify-id"
          />
          <Button type="submit" loading={checking} data-testid="wheel-verify-button">
            {t('verify')}
          </Button>
        </div>
      </form>
      {outcome?.kind === 'failed' && (
        <p className={styles.refusal} role="alert" data-testid="wheel-verify-error">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'notRevealed' && (
        <p className={styles.notice} role="status" data-testid="wheel-verify-hidden">
          {t('verify_not_revealed')}
        </p>
      )}
      {outcome?.kind === 'checked' && (
        <div className={styles.verification} data-testid="wheel-verification" data-matches={outcome.verification.matches}>
          <p className={outcome.verification.matches ? styles.verified : styles.mismatch} role="status" data-testid="wheel-verify-result">
            {outcome.verification.matches ? t('verified') : t('mismatch')}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('server_seed')}</dt>
              <dd className={styles.mono}>{outcome.spin.serverSeed}</dd>
            </div>
            <div>
              <dt>{t('seed_hash_committed')}</dt>
              <dd className={styles.mono}>{outcome.spin.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('seed_hash_computed')}</dt>
              <dd className={styles.mono} data-matches={outcome.verification.hashMatches}>
                {outcome.verification.seedHash}
              </dd>
            </div>
            <div>
              <dt>{t('client_seed')}</dt>
              <dd className={styles.mono}>{outcome.spin.clientSeed}</dd>
            </div>
            <div>
              <dt>{t('nonce')}</dt>
              <dd className={styles.mono}>{outcome.spin.nonce}</dd>
            </div>
            <div>
              <dt>{t('segment_recorded')}</dt>
              <dd>{t('segment_named', { number: outcome.spin.segmentIndex + 1, label: outcome.spin.prize.label })}</dd>
            </div>
            <div>
              <dt>{t('segment_computed')}</dt>
              <dd data-testid="wheel-verify-segment" data-matches={outcome.verification.segmentMatches}>
                {outcome.verification.segmentIndex < 0
                  ? '—'
                  : t('segment_named', {
                      number: outcome.verification.segmentIndex + 1,
                      label: outcome.verification.segmentIndex === outcome.spin.segmentIndex ? outcome.spin.prize.label : labelOf(outcome.verification.segmentIndex),
                    })}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  );
}
