import { Tabs, useT } from '@platform/shared';
import { useEffect, useRef, useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { FriendListTab, FriendRecordsTab } from './friend-tables';
import { FriendIncomeTab, FriendOverviewTab, FriendRewardsTab, InviteFriendTab, ReferralRulesTab } from './referral-tabs';
import styles from './referral.module.css';
import { NAMESPACE } from './translations';

export const REFERRAL_TABS = ['inviteFriend', 'friendOverview', 'friendIncome', 'friendList', 'friendRecords', 'friendRewards', 'referralRules'] as const;
export type ReferralTab = (typeof REFERRAL_TABS)[number];

/**
 * Invite Friends (referral): the share link and code (QR code, copy) with the friends invited,
 * the overview (counts, today's and yesterday's income, what friends would earn, the ranking and
 * the newest rewards), the income by source, the friends and how far each is, the records
 * (invitation rewards, achievements, deposit and betting rebates), the achievements to claim and
 * the rules. On a phone the tab bar scrolls sideways within itself.
 */
export default function ReferralPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<ReferralTab>('inviteFriend');
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const selected = page.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (selected && typeof selected.scrollIntoView === 'function') selected.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return (
    <div className={styles.page} data-testid="referral" ref={page}>
      <Tabs<ReferralTab> label={t('tabs_label')} value={tab} onChange={setTab} className={styles.tabs} items={REFERRAL_TABS.map((value) => ({ value, label: t(`tab_${value}`) }))}>
        {tab === 'inviteFriend' && <InviteFriendTab />}
        {tab === 'friendOverview' && <FriendOverviewTab />}
        {tab === 'friendIncome' && <FriendIncomeTab />}
        {tab === 'friendList' && <FriendListTab />}
        {tab === 'friendRecords' && <FriendRecordsTab />}
        {tab === 'friendRewards' && <FriendRewardsTab />}
        {tab === 'referralRules' && <ReferralRulesTab />}
      </Tabs>
    </div>
  );
}
