// A promo code's bonus: the code is checked against the contract's rule before anything is sent,
// one claim at a time, and the bonus received (or the refusal) shows under the field.
import { bus, Button, isApiError, useT } from '@platform/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { claimPromoCode, explainRefusal } from './reward-api';
import { isPromoCode, moneyText } from './reward-model';
import styles from './reward-center.module.css';
import { NAMESPACE } from './translations';

export function PromoCode() {
  const { t } = useT(NAMESPACE);
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [received, setReceived] = useState<{ amount: string; title: string } | null>(null);
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
    setError(null);
    sending.current = true;
    setBusy(true);
    try {
      const claimed = await claimPromoCode(promoCode);
      setCode('');
      setReceived({ amount: moneyText(claimed.bonus) ?? '', title: claimed.promotion.title });
      bus.dispatch({ type: 'refreshBalance' });
    } catch (failure) {
      setError(isApiError(failure) ? explainRefusal(failure) : t('action_failed'));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <form className={styles.section} onSubmit={submit} noValidate data-testid="reward-promo-code">
      <label className={styles.label} htmlFor={`${id}-code`}>
        {t('code_label')}
      </label>
      <div className={styles.inline}>
        <input
          id={`${id}-code`}
          className={styles.input}
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
          data-testid="reward-code-input"
        />
        <Button type="submit" loading={busy} data-testid="reward-code-apply">
          {t('code_apply')}
        </Button>
      </div>
      <p className={styles.hint}>{t('code_hint')}</p>
      {error && (
        <p id={`${id}-note`} className={styles.refusal} role="alert" data-testid="reward-code-error">
          {error}
        </p>
      )}
      {received && (
        <p id={`${id}-note`} className={styles.success} role="status" data-testid="reward-code-success">
          {t('code_success', { amount: received.amount, title: received.title })}
        </p>
      )}
    </form>
  );
}
