import { Tabs, useT } from '@platform/shared';
import { useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { MyPromotions } from './my-promotions';
import { PrizeHistory } from './prize-history';
import { PrizeWheelTab } from './prize-wheel-tab';
import { PromoCode } from './promo-code';
import styles from './reward-center.module.css';
import { NAMESPACE } from './translations';

type Tab = 'promotions' | 'promoCode' | 'wheel' | 'history';

/**
 * Reward Centre (rewardCenter): the member's promotions (joined, to claim, being wagered,
 * received), a promo code's bonus, the prize wheel with its tickets and the verification of a
 * spin, and the history of the spins.
 */
export default function RewardCenterPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<Tab>('promotions');
  const [verifyRequest, setVerifyRequest] = useState<{ transactionId: string; asked: number } | null>(null);
  return (
    <div className={styles.page} data-testid="reward-center">
      <Tabs<Tab>
        label={t('tabs_label')}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'promotions', label: t('tab_promotions') },
          { value: 'promoCode', label: t('tab_promo_code') },
          { value: 'wheel', label: t('tab_wheel') },
          { value: 'history', label: t('tab_history') },
        ]}
      >
        {tab === 'promotions' && <MyPromotions />}
        {tab === 'promoCode' && <PromoCode />}
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
