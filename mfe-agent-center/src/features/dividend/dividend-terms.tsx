import { useT } from '@platform/shared';
import type { DividendTerms as Terms } from '@platform/contract';
import { TierTable } from '../contracts';
import styles from './dividend.module.css';
import { useCycleName } from './dividend-cycle';
import { NAMESPACE } from './translations';

export interface DividendTermsProps {
  terms: Terms;
  /** The contract card's test id: the cycle is `<testId>-cycle`, the tiers `<testId>-tiers`. */
  testId: string;
}

/** A dividend contract's terms inside its card: the settlement cycle, then the tiers on the team's net loss. */
export function DividendTerms({ terms, testId }: DividendTermsProps) {
  const { t } = useT(NAMESPACE);
  const cycleName = useCycleName();
  return (
    <div className={styles.terms}>
      <p className={styles.cycle}>
        <span className={styles.cycleLabel}>{t('cycle')}</span> <strong data-testid={`${testId}-cycle`}>{cycleName(terms.cycle)}</strong>
      </p>
      <TierTable terms={terms} field="loss" testId={`${testId}-tiers`} />
    </div>
  );
}
