import { amountMinorFromMajor, formatMoney, useT } from '@platform/shared';
import styles from './contracts.module.css';
import { ratePercentText } from './rate-percent';
import { sortedTiers, type TierAmountField, type TierTerms } from './salary-tiers';
import { NAMESPACE } from './translations';

export interface TierTableProps<F extends TierAmountField> {
  terms: TierTerms<F>;
  /** The kind's amount threshold: team betting (salary) or team net loss (dividend). */
  field: F;
  /** data-testid of the table. */
  testId: string;
  /** Names the table (already translated); "Tiers" by default. */
  label?: string;
}

/** A contract's tiers, lowest first: the amount ≥ (team betting or net loss), active members ≥, rate. Three narrow columns; scrolls in its own box if ever too wide. */
export function TierTable<F extends TierAmountField>({ terms, field, testId, label }: TierTableProps<F>) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.termsBox}>
      <table className={styles.terms} aria-label={label ?? t('tiers')} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{field === 'loss' ? t('col_tier_loss') : t('col_tier_bet')}</th>
            <th scope="col">{t('col_tier_active')}</th>
            <th scope="col">{t('col_tier_rate')}</th>
          </tr>
        </thead>
        <tbody>
          {sortedTiers(terms, field).map((tier, index) => (
            <tr key={index}>
              <th scope="row">{formatMoney(amountMinorFromMajor(tier[field]))}</th>
              <td>{tier.active}</td>
              <td>{ratePercentText(tier.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
