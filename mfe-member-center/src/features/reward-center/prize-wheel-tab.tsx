// The prize wheel: the merchant's wheel, the member's tickets, the committed seed hash and the
// client seed; Spin sends one ticket (oldest first) with the client seed, the wheel turns to the
// segment the server drew, then the prize shows and the balance is loaded again. Below, the
// verification of past spins (spin-verifier.tsx).
import { bus, Button, EmptyState, isApiError, Spinner, useCall, useT } from '@platform/shared';
import { LoadError, moneyText, quietRefusalMessage } from '@platform/ui-blocks';
import type { PrizeWheelSpun } from '@platform/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { PrizeWheelSvg } from './prize-wheel-svg';
import { loadTickets, spinWheel } from './reward-api';
import { isClientSeed, randomClientSeed, rotationFor, type Translate } from './reward-model';
import styles from './reward-center.module.css';
import { SpinVerifier } from './spin-verifier';
import { NAMESPACE } from './translations';

/** How long the wheel turns (the stylesheet's transition, reward-center.module.css .wheel). */
export const SPIN_MS = 4000;
/** transitionend is not sent for a page in the background: the prize shows after this anyway. */
const SPIN_FALLBACK_MS = SPIN_MS + 500;

const reducedMotion = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

type Phase = 'idle' | 'sending' | 'turning' | 'stopped';

function prizeText(spun: PrizeWheelSpun, t: Translate): string {
  if (spun.prize.kind === 'cash') return t('won_cash', { label: spun.prize.label, amount: moneyText(spun.prize.amount) ?? '' });
  if (spun.prize.kind === 'physical') return t('won_physical', { label: spun.prize.label });
  return t('won_none', { label: spun.prize.label });
}

export interface PrizeWheelTabProps {
  /** A spin the history asked to verify (its id), and a count that changes with each ask. */
  verifyRequest: { transactionId: string; asked: number } | null;
}

export function PrizeWheelTab({ verifyRequest }: PrizeWheelTabProps) {
  const { t } = useT(NAMESPACE);
  const id = useId();
  const tickets = useCall((signal) => loadTickets(signal), [], { requiresSession: true });
  const [clientSeed, setClientSeed] = useState(randomClientSeed);
  const [seedError, setSeedError] = useState<string | null>(null);
  const [rotation, setRotation] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [spun, setSpun] = useState<PrizeWheelSpun | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // State lags a render behind: a second press in the same tick must already see the first.
  const spinning = useRef(false);

  const shown = tickets.status === 'success' ? tickets.data : tickets.status === 'loading' ? tickets.staleData : undefined;
  const refreshTickets = tickets.refresh;

  // transitionend and the fallback timer may both come: the first one stops the wheel.
  const turning = useRef(false);
  const stop = useCallback(() => {
    if (!turning.current) return;
    turning.current = false;
    spinning.current = false;
    setPhase('stopped');
  }, []);

  // The wheel has stopped: the prize shows (rendered from `spun`), the balance follows a cash
  // prize, and the tickets (one fewer, the next nonce) are asked again.
  useEffect(() => {
    if (phase !== 'stopped' || !spun) return;
    if (spun.prize.kind === 'cash') bus.dispatch({ type: 'refreshBalance' });
    refreshTickets();
  }, [phase, spun, refreshTickets]);

  useEffect(() => {
    if (phase !== 'turning') return undefined;
    const timer = setTimeout(stop, reducedMotion() ? 0 : SPIN_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [phase, stop]);

  if (tickets.status === 'error' && !shown) {
    return <LoadError title={t('wheel_failed')} error={tickets.error} onRetry={tickets.refresh} testId="wheel-error" />;
  }
  if (!shown) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const { wheel } = shown;
  if (!wheel || wheel.segments.length === 0) return <EmptyState title={t('wheel_unavailable')} />;
  const ticket = shown.tickets[0];
  const busy = phase === 'sending' || phase === 'turning';
  // After a spin the tickets are asked again: until they are here, the first one listed may be the one just used.
  const ticketsFresh = tickets.status === 'success';

  const spin = async () => {
    if (spinning.current) return;
    setRefusal(null);
    const seed = clientSeed.trim();
    if (!isClientSeed(seed)) {
      setSeedError(t('seed_invalid'));
      return;
    }
    if (!ticket) return;
    spinning.current = true;
    setSpun(null);
    setPhase('sending');
    try {
      const answer = await spinWheel(ticket.ticketId, seed);
      setSpun(answer);
      setRotation((current) => rotationFor(current, answer.segmentIndex, wheel.segments.length));
      turning.current = true;
      setPhase('turning');
    } catch (failure) {
      spinning.current = false;
      setPhase('idle');
      setRefusal(isApiError(failure) ? quietRefusalMessage(failure) : t('action_failed'));
      // A ticket used elsewhere, or a wheel switched off: show what is there now.
      refreshTickets();
    }
  };

  return (
    <div className={styles.wheelTab} data-testid="wheel-tab">
      <div className={styles.wheelColumn}>
        <h3 className={styles.wheelName}>{wheel.name}</h3>
        <PrizeWheelSvg
          segments={wheel.segments}
          rotation={rotation}
          label={t('wheel_label', { name: wheel.name })}
          landed={phase === 'stopped' && spun ? spun.segmentIndex : null}
          onTransitionEnd={stop}
        />
        <ul className={styles.legend} aria-label={t('chances')}>
          {wheel.segments.map((segment) => (
            <li key={segment.index} className={styles.legendItem}>
              <span>{segment.label}</span>
              <span className={styles.muted}>{t('percent', { percent: segment.percent })}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.wheelColumn}>
        <p className={styles.tickets} data-testid="wheel-tickets">
          {t('tickets_available', { count: shown.available })}
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('seed_hash')}</dt>
            <dd className={styles.mono} data-testid="wheel-seed-hash">
              {shown.serverSeedHash ?? t('seed_hash_none')}
            </dd>
          </div>
          <div>
            <dt>{t('next_nonce')}</dt>
            <dd className={styles.mono}>{shown.nonce}</dd>
          </div>
        </dl>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-seed`}>
            {t('client_seed')}
          </label>
          <div className={styles.inline}>
            <input
              id={`${id}-seed`}
              className={`${styles.input} ${styles.mono}`}
              value={clientSeed}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              aria-invalid={seedError ? true : undefined}
              aria-describedby={`${id}-seed-hint`}
              onChange={(event) => {
                setClientSeed(event.target.value);
                setSeedError(null);
              }}
              data-testid="wheel-client-seed"
            />
            <Button variant="secondary" disabled={busy} onClick={() => (setClientSeed(randomClientSeed()), setSeedError(null))} data-testid="wheel-new-seed">
              {t('seed_random')}
            </Button>
          </div>
          <p id={`${id}-seed-hint`} className={seedError ? styles.refusal : styles.hint} role={seedError ? 'alert' : undefined}>
            {seedError ?? t('seed_hint')}
          </p>
        </div>
        <Button size="lg" block loading={busy} disabled={!ticket || !ticketsFresh} onClick={() => void spin()} data-testid="wheel-spin">
          {t('spin')}
        </Button>
        {!ticket && <p className={styles.hint}>{t('no_tickets')}</p>}
        {refusal && (
          <p className={styles.refusal} role="alert" data-testid="wheel-refusal">
            {refusal}
          </p>
        )}
        {phase === 'stopped' && spun && (
          <p className={spun.prize.kind === 'none' ? styles.notice : styles.success} role="status" data-testid="wheel-prize" data-kind={spun.prize.kind}>
            {prizeText(spun, t)}
            {spun.prize.kind === 'physical' && <span className={styles.cardLine}>{t('physical_hint')}</span>}
          </p>
        )}
      </div>
      <SpinVerifier
        className={styles.wheelWide}
        lastSpinId={phase === 'stopped' && spun ? spun.transactionId : null}
        verifyRequest={verifyRequest}
        onRotated={refreshTickets}
        segments={wheel.segments}
      />
    </div>
  );
}
