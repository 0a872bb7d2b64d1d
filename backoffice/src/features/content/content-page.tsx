import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../app/layout';
import { AnnouncementsPanel } from './announcements-panel';
import { BannersPanel } from './banners-panel';
import styles from './content.module.css';

const TABS = ['banners', 'announcements'] as const;
type Tab = (typeof TABS)[number];

/**
 * What players see besides the games: the banners above the site's pages and the announcements,
 * in two tabs (the tab is in the address: ?tab=announcements). Content staff write them, risk
 * reads; a change reaches players on their next page load and is kept in the audit log.
 */
export default function ContentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'announcements' ? 'announcements' : 'banners';
  const labels: Record<Tab, string> = { banners: t('content.tabs.banners'), announcements: t('content.tabs.announcements') };
  return (
    <>
      <PageTitle>{t('content.nav')}</PageTitle>
      <p className={styles.intro}>{t('content.intro')}</p>
      <div className={styles.tabs} role="tablist" aria-label={t('content.tabs.label')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`content-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`content-panel-${name}`}
            className={styles.tab}
            onClick={() => setParams(name === 'banners' ? {} : { tab: name })}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`content-panel-${tab}`} aria-labelledby={`content-tab-${tab}`}>
        {tab === 'banners' ? <BannersPanel /> : <AnnouncementsPanel />}
      </div>
    </>
  );
}
