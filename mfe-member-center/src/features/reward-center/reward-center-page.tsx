import { Tabs, useT } from '@platform/shared';
import { useEffect, useRef, useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { NewbieTab } from './newbie-tab';
import { PrizeHistory } from './prize-history';
import { PrizeWheelTab } from './prize-wheel-tab';
import { PromoListTab } from './promo-list-tab';
import { RescueTab } from './rescue-tab';
import { SignInTab } from './sign-in-tab';
import styles from './reward-center.module.css';
import { NAMESPACE } from './translations';

type Tab = 'signInTask' | 'newbieTask' | 'rescueTask' | 'promoList' | 'wheel' | 'history';

/**
 * Reward Centre (rewardCenter): the task tabs of the reward centre (the daily sign-in's streak,
 * the new-player tasks, the rescue of yesterday's loss and the day's bets), the member's
 * promotions with a promo code's entry, the prize wheel with its tickets and the verification of a
 * spin, and the history of the spins. On a phone the tab bar scrolls sideways within itself.
 */
export default function RewardCenterPage({ openPage }: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<Tab>('signInTask');
  const [verifyRequest, setVerifyRequest] = useState<{ transactionId: string; asked: number } | null>(null);
  const page = useRef<HTMLDivElement>(null);
  // A tab chosen from the content (the promo code's way to the wheel, the history's Verify) may be
  // outside the phone's part of the tab bar: the bar scrolls to it.
  useEffect(() => {
    const selected = page.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (selected && typeof selected.scrollIntoView === 'function') selected.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return (
    <div className={styles.page} data-testid="reward-center" ref={page}>
      <Tabs<Tab>
        label={t('tabs_label')}
        value={tab}
        onChange={setTab}
        className={styles.tabs}
        items={[
          { value: 'signInTask', label: t('tab_sign_in') },
          { value: 'newbieTask', label: t('tab_newbie') },
          { value: 'rescueTask', label: t('tab_rescue') },
          { value: 'promoList', label: t('tab_promo_list') },
          { value: 'wheel', label: t('tab_wheel') },
          { value: 'history', label: t('tab_history') },
        ]}
      >
        {tab === 'signInTask' && <SignInTab />}
        {tab === 'newbieTask' && <NewbieTab openPage={openPage} />}
        {tab === 'rescueTask' && <RescueTab />}
        {tab === 'promoList' && <PromoListTab onOpenWheel={() => setTab('wheel')} />}
        {tab === 'wheel' && <PrizeWheelTab verifyRequest={verifyRequest} />}
        {tab === 'history' && (
          <PrizeHistory
            onVerify={(transactionId) => {
              setVerifyRequest((previous) => ({ transactionId, asked: (previous?.asked ?? 0) + 1 }));
              setTab('wheel');
            }}
          />
        )}
      </Tabs>
    </div>
  );
}
