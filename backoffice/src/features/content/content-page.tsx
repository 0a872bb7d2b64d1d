import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle, Tabs, useBackOffice } from '@backoffice/kit';
import { AnnouncementsPanel } from './announcements-panel';
import { BannersPanel } from './banners-panel';
import { HelpArticlesPanel } from './help-articles-panel';
import { ServiceLinksPanel } from './service-links-panel';
import styles from './content.module.css';

const TABS = ['banners', 'announcements', 'help', 'serviceLinks'] as const;
type Tab = (typeof TABS)[number];

/** The route a tab reads: a role without it is not shown the tab. */
const TAB_READS: Record<Tab, string> = {
  banners: 'GET /content/banners',
  announcements: 'GET /content/announcements',
  help: 'GET /content/help-articles',
  serviceLinks: 'GET /content/service-links',
};

/**
 * What players see besides the games: the banners above the site's pages, the announcements, the
 * help centre's articles and the customer-service links, in tabs (the tab is in the address:
 * ?tab=announcements). Content staff write them, risk reads; a change reaches players on their
 * next page load and is kept in the audit log. The promo bar under the site's header shows the
 * promotions (the Promotions section's): it has nothing of its own to edit here.
 */
export default function ContentPage() {
  const { t } = useTranslation();
  const { may } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((name) => name === 'banners' || may(TAB_READS[name]));
  const asked = params.get('tab');
  const tab: Tab = tabs.find((name) => name === asked) ?? 'banners';
  const labels: Record<Tab, string> = {
    banners: t('content.tabs.banners'),
    announcements: t('content.tabs.announcements'),
    help: t('content.tabs.help'),
    serviceLinks: t('content.tabs.serviceLinks'),
  };
  return (
    <>
      <PageTitle>{t('content.nav')}</PageTitle>
      <p className={styles.intro}>{t('content.intro')}</p>
      <Tabs id="content" label={t('content.tabs.label')} tabs={tabs.map((name) => ({ name, label: labels[name] }))} current={tab} onChoose={(name) => setParams(name === 'banners' ? {} : { tab: name })}>
        {tab === 'banners' && <BannersPanel />}
        {tab === 'announcements' && <AnnouncementsPanel />}
        {tab === 'help' && <HelpArticlesPanel />}
        {tab === 'serviceLinks' && <ServiceLinksPanel />}
      </Tabs>
    </>
  );
}
