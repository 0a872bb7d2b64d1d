// /promotions: the promotions by category tab, a card each (its state, reward and countdown)
// linking to its page, and the promo-code box for a signed-in member.
import { EmptyState, Link, Spinner, Tabs, useBusState, useCall, useT } from '@platform/shared';
import {
  ALL_CATEGORIES,
  categoryLabel,
  categoryTabsOf,
  inCategory,
  LoadError,
  PromoCodeForm,
  rewardText,
  usePromotionT,
  type CategoryTab,
} from '@platform/ui-blocks';
import type { PromotionEntry } from '@platform/contract';
import { useId, useMemo, useState } from 'react';
import { NAMESPACE, type Translate } from './translations';
import { DailyTag, PromotionImage, StateBadge, TimeLine } from './promotion-parts';
import { loadPromotions } from './promotions-api';
import styles from './promotions.module.css';

export const promotionPath = (id: number) => `/promotions/${id}`;

function PromotionCard({ entry, t }: { entry: PromotionEntry; t: Translate }) {
  const ids = useId();
  const words = usePromotionT();
  const reward = rewardText(entry.reward, words, entry.trigger);
  return (
    <li className={styles.cardItem}>
      {/* Named by its title and state, described by its reward: not by the countdown, whose text changes each second. */}
      <Link
        to={promotionPath(entry.id)}
        className={styles.card}
        aria-labelledby={`${ids}-title ${ids}-state`}
        aria-describedby={reward ? `${ids}-reward` : undefined}
        data-testid="promo-card"
        data-id={entry.id}
      >
        <PromotionImage entry={entry} className={styles.cardImage} />
        <div className={styles.cardBody}>
          <div className={styles.cardHead}>
            <h2 id={`${ids}-title`} className={styles.cardTitle}>
              {entry.title}
            </h2>
            <StateBadge entry={entry} id={`${ids}-state`} />
          </div>
          {reward && (
            <span id={`${ids}-reward`} className={styles.reward} data-testid="promo-reward">
              {reward}
            </span>
          )}
          <DailyTag entry={entry} t={t} />
          <TimeLine entry={entry} />
        </div>
      </Link>
    </li>
  );
}

export function PromotionList() {
  const { t } = useT(NAMESPACE);
  const words = usePromotionT();
  const loggedIn = useBusState('session').token !== null;
  // Per account (the states are the member's) and language: useCall asks again when either changes.
  const promotions = useCall((signal) => loadPromotions(signal), []);
  const [chosen, setChosen] = useState<CategoryTab>(ALL_CATEGORIES);

  const list = promotions.status === 'success' ? promotions.data : promotions.status === 'loading' ? promotions.staleData : undefined;
  const tabs = useMemo(() => (list ? categoryTabsOf(list) : []), [list]);
  // A category that is no longer in the list (after a reload): All.
  const tab = tabs.includes(chosen) ? chosen : ALL_CATEGORIES;
  const shown = useMemo(() => (list ? inCategory(list, tab) : []), [list, tab]);

  return (
    <div className={styles.listPage}>
      {loggedIn && <PromoCodeForm className={styles.codeBox} onClaimed={promotions.refresh} />}
      {promotions.status === 'error' && <LoadError title={t('list_failed')} error={promotions.error} onRetry={promotions.refresh} />}
      {!list && (promotions.status === 'loading' || promotions.status === 'idle') && <Spinner />}
      {list && list.length === 0 && <EmptyState title={t('empty')} description={t('empty_hint')} />}
      {list && list.length > 0 && (
        <>
          <Tabs
            items={tabs.map((value) => ({ value, label: categoryLabel(value, words) }))}
            value={tab}
            onChange={setChosen}
            label={t('categories')}
            className={styles.tabs}
          />
          <ul className={styles.grid} aria-label={categoryLabel(tab, words)} data-testid="promo-list">
            {shown.map((entry) => (
              <PromotionCard key={entry.id} entry={entry} t={t} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
