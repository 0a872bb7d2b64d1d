import { bus, EmptyState, Link, Spinner, useT, type CallResult } from '@platform/shared';
import { LoadError, moneyText, PromotionCountdown, stateLabel, usePromotionT } from '@platform/ui-blocks';
import type { PromotionEntry } from '@platform/contract';
import { myPromotions } from './reward-model';
import styles from './reward-center.module.css';
import { NAMESPACE } from './translations';

// The promotion's page is the lobby's: the overlay closes so that it shows.
const closeOverlay = () => bus.dispatch({ type: 'closeOverlay' });

function MyPromotion({ entry }: { entry: PromotionEntry }) {
  const { t } = useT(NAMESPACE);
  const words = usePromotionT();
  const bonus = moneyText(entry.bonus);
  const remaining = entry.state === 'process' ? moneyText(entry.wagering.remaining) : null;
  return (
    <li className={styles.card} data-testid="my-promotion" data-state={entry.state}>
      <div className={styles.cardHead}>
        <span className={styles.cardTitle}>{entry.title}</span>
        <span className={styles.badge} data-state={entry.state} data-testid="my-promotion-state">
          {stateLabel(entry.state, words, 'task')}
        </span>
      </div>
      {bonus && (
        <span className={styles.cardLine} data-testid="my-promotion-bonus">
          {t('bonus_amount', { amount: bonus })}
        </span>
      )}
      {remaining && <span className={styles.cardLine}>{t('wagering_remaining', { amount: remaining })}</span>}
      {entry.state === 'joined' && <span className={styles.cardLine}>{t('joined_hint')}</span>}
      {entry.state === 'claim' && entry.claimDeadline !== null && <PromotionCountdown kind="claim" target={entry.claimDeadline} className={styles.countdown} testId="reward-countdown" />}
      <Link to={`/promotions/${entry.id}`} className={styles.cardLink} onClick={closeOverlay} data-testid="my-promotion-link">
        {t('view_promotion')}
      </Link>
    </li>
  );
}

/** My promotions: the promotions the member has joined, has a bonus to claim in, is wagering, or has received. */
export function MyPromotions({ promotions }: { promotions: CallResult<PromotionEntry[]> }) {
  const { t } = useT(NAMESPACE);
  const list = promotions.status === 'success' ? promotions.data : promotions.status === 'loading' ? promotions.staleData : undefined;
  if (promotions.status === 'error') {
    return <LoadError title={t('promotions_failed')} error={promotions.error} onRetry={promotions.refresh} testId="my-promotions-error" />;
  }
  if (list === undefined) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  const mine = myPromotions(list);
  if (mine.length === 0) {
    return (
      <EmptyState
        title={t('promotions_empty')}
        action={
          <Link to="/promotions" className={styles.cardLink} onClick={closeOverlay} data-testid="all-promotions-link">
            {t('all_promotions')}
          </Link>
        }
      />
    );
  }
  return (
    <ul className={styles.cards} data-testid="my-promotions" aria-busy={promotions.status === 'loading'}>
      {mine.map((entry) => (
        <MyPromotion key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}
