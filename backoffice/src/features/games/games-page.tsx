import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle, Tabs, useBackOffice } from '@backoffice/kit';
import { CataloguePanel } from './catalogue-panel';
import styles from './games.module.css';
import { InhousePanel } from './inhouse-panel';
import { LotteryPanel } from './lottery-panel';
import { VendorsPanel } from './vendors-panel';

const TABS = [
  { name: 'catalogue', route: 'GET /games/catalogue' },
  { name: 'vendors', route: 'GET /games/vendors' },
  { name: 'lottery', route: 'GET /lottery/games' },
  { name: 'inhouse', route: 'GET /inhouse/settings' },
] as const;
type Tab = (typeof TABS)[number]['name'];

/**
 * Games and lottery: the game catalogue (which games the lobby shows, in which order, marked hot
 * or new), the vendors' maintenance windows, and the lottery games' operator settings with their
 * rounds, and the stakes the in-house games take within their certified bounds. A tab shows only
 * when the operator's role may read it (risk sees the lottery, to void a round, and the in-house
 * games' stakes, which it narrows); a change reaches players on their next request and is kept
 * in the audit log.
 */
export default function GamesPage() {
  const { t } = useTranslation();
  const { may } = useBackOffice();
  const tabs = TABS.filter((tab) => may(tab.route));
  const [chosen, setChosen] = useState<Tab | null>(null);
  const tab = tabs.find((entry) => entry.name === chosen)?.name ?? tabs[0]?.name;
  return (
    <>
      <PageTitle>{t('games.nav')}</PageTitle>
      <p className={styles.intro}>{t('games.intro')}</p>
      <Tabs id="games" label={t('games.tabs.label')} tabs={tabs.map(({ name }) => ({ name, label: t(`games.tabs.${name}`) }))} current={tab} onChoose={setChosen}>
        {tab === 'catalogue' ? <CataloguePanel /> : tab === 'vendors' ? <VendorsPanel /> : tab === 'inhouse' ? <InhousePanel /> : <LotteryPanel />}
      </Tabs>
    </>
  );
}
