import { formatMoney, useT } from '@platform/shared';
import type { WageringProduct, WageringRequirementSource } from '@platform/contract';
import type { Turnover } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../withdraw.module.css';

const PRODUCTS: readonly WageringProduct[] = ['lottery', 'inhouse', 'vendor'];
const SOURCES: readonly WageringRequirementSource[] = ['deposit', 'agentTransfer', 'redEnvelope', 'operatorCredit'];

/**
 * The turnover (wagering) requirement: what is left to bet before a withdrawal is allowed, the
 * progress since it was last met, and what counts toward it and what adds to it (the merchant's
 * product weights and multipliers; the server enforces them).
 */
export function TurnoverPanel({ turnover, symbol }: { turnover: Turnover; symbol: string }) {
  const { t } = useT(NAMESPACE);
  const money = (amountMinor: Turnover['remainingMinor']) => formatMoney(amountMinor, { symbol });
  const met = turnover.remainingMinor <= 0;
  const productNames = { lottery: t('product_lottery'), inhouse: t('product_inhouse'), vendor: t('product_vendor') };
  const sources = {
    deposit: (multiplier: number) => t('adds_deposit', { multiplier }),
    agentTransfer: (multiplier: number) => t('adds_agent_transfer', { multiplier }),
    redEnvelope: (multiplier: number) => t('adds_red_envelope', { multiplier }),
    operatorCredit: (multiplier: number) => t('adds_operator_credit', { multiplier }),
  };
  return (
    <section className={styles.panel} aria-labelledby="withdraw-turnover-title" data-testid="withdraw-turnover-panel">
      <h3 id="withdraw-turnover-title" className={styles.heading}>
        {t('turnover_title')}
      </h3>
      <p className={met ? styles.note : styles.warning} data-testid="withdraw-turnover-remaining">
        {met ? t('turnover_met') : t('turnover_remaining', { remaining: money(turnover.remainingMinor) })}
      </p>
      {!met && (
        <p className={styles.note} data-testid="withdraw-turnover-progress">
          {t('turnover_progress', { actual: money(turnover.actualMinor), required: money(turnover.requiredMinor) })}
        </p>
      )}
      <h4 className={styles.subheading}>{t('counts_title')}</h4>
      <ul className={styles.rules} data-testid="withdraw-turnover-counts">
        {PRODUCTS.map((product) => (
          <li key={product} data-testid={`withdraw-turnover-counts-${product}`}>
            {turnover.weights[product] > 0
              ? t('counts_product', { product: productNames[product], weight: turnover.weights[product] })
              : t('counts_product_none', { product: productNames[product] })}
          </li>
        ))}
        <li>{t('counts_refunds')}</li>
      </ul>
      <h4 className={styles.subheading}>{t('adds_title')}</h4>
      <ul className={styles.rules} data-testid="withdraw-turnover-adds">
        {SOURCES.filter((source) => turnover.multipliers[source] > 0).map((source) => (
          <li key={source} data-testid={`withdraw-turnover-adds-${source}`}>
            {sources[source](turnover.multipliers[source])}
          </li>
        ))}
        <li>{t('adds_withdrawal')}</li>
      </ul>
    </section>
  );
}
