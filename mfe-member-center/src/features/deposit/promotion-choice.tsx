import { formatMoney, useT, type AmountMinor } from '@platform/shared';
import type { PromotionOption } from './deposit-api';
import styles from './deposit.module.css';
import { NAMESPACE } from './translations';

/** One line of what a promotion gives and asks: "100% up to ৳500.00, min. deposit ৳20.00, wagering 10×". */
export function usePromotionSummary(currencySymbol: string): (option: PromotionOption) => string {
  const { t } = useT(NAMESPACE);
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor, { symbol: currencySymbol });
  return (option) => {
    const parts: string[] = [];
    const { reward } = option;
    if (reward?.kind === 'percent') {
      parts.push(reward.capMinor === null ? t('promotion_percent', { percent: reward.percent }) : t('promotion_percent_cap', { percent: reward.percent, cap: money(reward.capMinor) }));
    } else if (reward?.kind === 'fixed') {
      parts.push(t('promotion_fixed', { amount: money(reward.amountMinor) }));
    }
    if (option.minMinor !== null) parts.push(t('promotion_min', { min: money(option.minMinor) }));
    if (option.wagering.multiplier > 0) {
      parts.push(t(option.wagering.includesDeposit ? 'promotion_wagering_deposit' : 'promotion_wagering', { times: option.wagering.multiplier }));
    }
    return parts.join(t('promotion_separator'));
  };
}

interface PromotionChoiceProps {
  options: PromotionOption[];
  /** The promotion chosen; null: none. */
  chosenId: number | null;
  onChoose: (id: number | null) => void;
  currencySymbol: string;
}

/**
 * The deposit's promotion: "No promotion" (the default) or one of the deposit promotions on offer,
 * each with what it gives and asks. Nothing is shown when none is on offer.
 */
export function PromotionChoice({ options, chosenId, onChoose, currencySymbol }: PromotionChoiceProps) {
  const { t } = useT(NAMESPACE);
  const summary = usePromotionSummary(currencySymbol);
  if (options.length === 0) return null;
  const optionClass = (chosen: boolean) => (chosen ? `${styles.promotionOption} ${styles.promotionChosen}` : styles.promotionOption);
  return (
    <fieldset className={styles.promotions} data-testid="deposit-promotions">
      <legend className={styles.fieldLabel}>{t('promotion_legend')}</legend>
      <label className={optionClass(chosenId === null)}>
        <input type="radio" name="deposit-promotion" className={styles.promotionRadio} checked={chosenId === null} onChange={() => onChoose(null)} data-testid="deposit-promotion-none" />
        <span className={styles.promotionText}>
          <span className={styles.promotionTitle}>{t('promotion_none')}</span>
        </span>
      </label>
      {options.map((option) => (
        <label key={option.id} className={optionClass(chosenId === option.id)}>
          <input
            type="radio"
            name="deposit-promotion"
            className={styles.promotionRadio}
            checked={chosenId === option.id}
            onChange={() => onChoose(option.id)}
            data-testid={`deposit-promotion-${option.id}`}
          />
          <span className={styles.promotionText}>
            <span className={styles.promotionTitle}>
              {option.title}
              {option.joined && <span className={styles.promotionJoined}>{t('promotion_joined')}</span>}
            </span>
            <span className={styles.promotionSummary} data-testid={`deposit-promotion-summary-${option.id}`}>
              {summary(option)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
