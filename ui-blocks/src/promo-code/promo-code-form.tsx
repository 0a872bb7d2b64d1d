import { amountMinorFromMajor, api, bus, Button, formatMoney, isApiError, requireRealAccount, useT } from '@platform/shared';
import { claimPromoCodeCall, PROMO_CODE_PATTERN, type PromotionClaimed } from '@platform/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { BLOCKS_NAMESPACE } from '../locales';
import { quietRefusalMessage } from './quiet-refusal';
import styles from './promo-code-form.module.css';

export interface PromoCodeFormProps {
  /** After a bonus was received: the page reads what changed (its promotions list). */
  onClaimed?: (claimed: PromotionClaimed) => void;
  /** Shows what a code looks like under the field. */
  hint?: boolean;
  /** A frame of the caller's around the form. */
  className?: string;
}

const PROMO_CODE = new RegExp(PROMO_CODE_PATTERN);
// The call's failures are shown under the field (quietRefusalMessage), not as a toast too.
const quietClaim = { ...claimPromoCodeCall, quiet: true };

/**
 * A promo code's bonus: the code is checked against the contract's rule before anything is sent,
 * a visitor or a guest gets the login or register prompt instead, one claim goes at a time
 * however often it is pressed, and the bonus received (or the refusal) shows under the field. The
 * balance is read again after a bonus.
 */
export function PromoCodeForm({ onClaimed, hint = false, className }: PromoCodeFormProps) {
  const { t } = useT(BLOCKS_NAMESPACE);
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [received, setReceived] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sending = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const promoCode = code.trim();
    setReceived(null);
    if (!PROMO_CODE.test(promoCode)) {
      setError(t('promoCode.invalid'));
      return;
    }
    if (!requireRealAccount()) return;
    setError(null);
    sending.current = true;
    setBusy(true);
    try {
      const claimed = await api.call(quietClaim, { data: { promoCode } });
      setCode('');
      // A code may give prize-wheel tickets instead of money (its bonus is then 0).
      const tickets = claimed.bonus === 0 ? (claimed.promotion.tickets ?? 0) : 0;
      // Or loyalty points (the point mall's), likewise with a bonus of 0.
      const points = claimed.bonus === 0 ? (claimed.promotion.points ?? 0) : 0;
      if (tickets > 0) setReceived(t('promoCode.success_tickets', { count: tickets }));
      else if (points > 0) setReceived(t('promoCode.success_points', { count: points }));
      else setReceived(t('promoCode.success', { amount: formatMoney(amountMinorFromMajor(claimed.bonus)) }));
      bus.dispatch({ type: 'refreshBalance' });
      onClaimed?.(claimed);
    } catch (failure) {
      setError(isApiError(failure) ? quietRefusalMessage(failure) : t('promoCode.failed'));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const noteId = `${id}-note`;
  return (
    <form className={[styles.form, className].filter(Boolean).join(' ')} onSubmit={submit} noValidate data-testid="promo-code-box">
      <label className={styles.label} htmlFor={`${id}-code`}>
        {t('promoCode.label')}
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-code`}
          className={styles.input}
          value={code}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('promoCode.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || received ? noteId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          data-testid="promo-code-input"
        />
        <Button type="submit" loading={busy} data-testid="promo-code-apply">
          {t('promoCode.apply')}
        </Button>
      </div>
      {hint && <p className={styles.hint}>{t('promoCode.hint')}</p>}
      {error && (
        <p id={noteId} className={styles.refusal} role="alert" data-testid="promo-code-error">
          {error}
        </p>
      )}
      {received && (
        <p id={noteId} className={styles.success} role="status" data-testid="promo-code-success">
          {received}
        </p>
      )}
    </form>
  );
}
