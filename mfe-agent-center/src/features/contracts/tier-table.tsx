import { amountMinorFromMajor, formatMoney, useT } from '@platform/shared';
import type { SalaryTerms } from '@platform/shared/contract';
import styles from './contracts.module.css';
import { ratePercentText } from './rate-percent';
import { sortedTiers } from './salary-tiers';
import { NAMESPACE } from './translations';

export interface TierTableProps {
  terms: SalaryTerms;
  /** data-testid of the table. */
  testId: string;
  /** Names the table (already translated); "Tiers" by default. */
  label?: string;
}

/** A salary contract's tiers, lowest first: team betting ≥, active members ≥, rate. Three narrow columns; scrolls in its own box if ever too wide. */
export function TierTable({ terms, testId, label }: TierTableProps) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.termsBox}>
      <table className={styles.terms} aria-label={label ?? t('tiers')} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('col_tier_bet')}</th>
            <th scope="col">{t('col_tier_active')}</th>
            <th scope="col">{t('col_tier_rate')}</th>
          </tr>
        </thead>
        <tbody>
          {sortedTiers(terms).map((tier, index) => (
            <tr key={index}>
              <th scope="row">{formatMoney(amountMinorFromMajor(tier.bet))}</th>
              <td>{tier.active}</td>
              <td>{ratePercentText(tier.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
