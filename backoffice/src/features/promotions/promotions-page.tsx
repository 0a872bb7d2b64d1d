import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle, Tabs, useBackOffice } from '@backoffice/kit';
import { ApplicationsPanel } from './applications-panel';
import { PromotionsPanel } from './promotions-panel';
import { MissionsPanel } from './missions-panel';
import { PointsPanel } from './points-panel';
import { RebatePanel } from './rebate-panel';
import { ReferralPanel } from './referral-panel';
import { VipPanel } from './vip-panel';
import styles from './promotions.module.css';

/** Each tab and the route whose permission shows it. */
const TABS = [
  { name: 'promotions', requires: 'GET /promotions', Panel: PromotionsPanel },
  { name: 'applications', requires: 'GET /promotions/applications', Panel: ApplicationsPanel },
  { name: 'vip', requires: 'GET /vip/levels', Panel: VipPanel },
  { name: 'rebate', requires: 'GET /rebate/settings', Panel: RebatePanel },
  { name: 'referral', requires: 'GET /referral/settings', Panel: ReferralPanel },
  { name: 'points', requires: 'GET /points/redeems', Panel: PointsPanel },
  { name: 'missions', requires: 'GET /missions', Panel: MissionsPanel },
] as const;

/**
 * Promotions and loyalty: the merchant's promotions, the applications members send for them, the
 * VIP ladder, the betting rebate, invite-a-friend, the point mall and missions, in tabs (the tab
 * is in the address: ?tab=applications), each shown to a role that may read it. Content staff
 * write, risk reads and reviews applications; every change is in the audit log and reaches players
 * on their next page load.
 */
export default function PromotionsPage() {
  const { t } = useTranslation();
  const { may } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => may(tab.requires));
  const current = tabs.find((tab) => tab.name === params.get('tab')) ?? tabs[0];
  return (
    <>
      <PageTitle>{t('promotions.nav')}</PageTitle>
      <p className={styles.intro}>{t('promotions.intro')}</p>
      <Tabs
        id="promotions"
        label={t('promotions.tabs.label')}
        tabs={tabs.map(({ name }) => ({ name, label: t(`promotions.tabs.${name}`) }))}
        current={current?.name}
        onChoose={(name) => setParams(name === tabs[0].name ? {} : { tab: name })}
      >
        {current && <current.Panel />}
      </Tabs>
    </>
  );
}
