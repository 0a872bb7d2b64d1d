// A promo code's bonus, for a signed-in member: the code is checked against the contract's rule
// before anything is sent, one claim at a time, and the bonus received (or the refusal) shows
// under the field.
import { bus, Button, isApiError, requireRealAccount, useT } from '@platform/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { NAMESPACE } from './translations';
import { isPromoCode, moneyText } from './promotion-model';
import { claimPromoCode, explainRefusal } from './promotions-api';
import styles from './promotions.module.css';

export function PromoCodeBox({ onClaimed }: { onClaimed: () => void }) {
  const { t } = useT(NAMESPACE);
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
    if (!isPromoCode(promoCode)) {
      setError(t('code_invalid'));
      return;
    }
    if (!requireRealAccount()) return;
    setError(null);
    sending.current = true;
    setBusy(true);
    try {
      const claimed = await claimPromoCode(promoCode);
      setCode('');
      setReceived(t('code_success', { amount: moneyText(claimed.bonus) ?? '' }));
      bus.dispatch({ type: 'refreshBalance' });
      // The promotion the code belongs to has a new state for this member.
      onClaimed();
    } catch (failure) {
      setError(isApiError(failure) ? explainRefusal(failure) : t('action_failed'));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <form className={styles.codeBox} onSubmit={submit} noValidate data-testid="promo-code-box">
      <label className={styles.codeLabel} htmlFor={`${id}-code`}>
        {t('code_label')}
      </label>
      <div className={styles.codeRow}>
        <input
          id={`${id}-code`}
          className={styles.codeInput}
          value={code}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('code_placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || received ? `${id}-note` : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          data-testid="promo-code-input"
        />
        <Button type="submit" loading={busy} data-testid="promo-code-apply">
          {t('code_apply')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-note`} className={styles.refusal} role="alert" data-testid="promo-code-error">
          {error}
        </p>
      )}
      {received && (
        <p id={`${id}-note`} className={styles.success} role="status" data-testid="promo-code-success">
          {received}
        </p>
      )}
    </form>
  );
}
