import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle, Tabs, useBackOffice } from '@backoffice/kit';
import { ApplicationsPanel } from './applications-panel';
import styles from './agents.module.css';
import { ContractsPanel } from './contracts-panel';
import { RunsPanel } from './runs-panel';
import { TreePanel } from './tree-panel';

const TABS = ['tree', 'contracts', 'applications', 'runs'] as const;
type Tab = (typeof TABS)[number];
/** The route each tab reads: a tab the role cannot read is not shown. */
const TAB_ROUTE: Record<Tab, string> = {
  tree: 'GET /agents/tree',
  contracts: 'GET /agents/:username/contracts',
  applications: 'GET /affiliate-applications',
  runs: 'GET /agent-runs',
};

/**
 * The agent programme: the team tree (an agent found by name, its downlines a level at a time),
 * the selected agent's contracts with their history (made and ended for a top agent by roles
 * allowed to), the affiliate applications to decide, and the wage, salary and dividend runs with
 * the server's re-check of each. The tab and the selected agent are in the address
 * (?tab=contracts&agent=name), so a link opens the same view.
 */
export default function AgentsPage() {
  const { t } = useTranslation();
  const { may } = useBackOffice();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((name) => may(TAB_ROUTE[name]));
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'tree';
  const agent = params.get('agent') ?? '';
  const open = (next: Tab, username = agent) => setParams({ ...(next === 'tree' ? {} : { tab: next }), ...(username ? { agent: username } : {}) });
  return (
    <>
      <PageTitle>{t('agents.nav')}</PageTitle>
      <p className={styles.intro}>{t('agents.intro')}</p>
      <Tabs id="agents" label={t('agents.tabs.label')} tabs={tabs.map((name) => ({ name, label: t(`agents.tabs.${name}`) }))} current={tab} onChoose={(name) => open(name)}>
        {tab === 'tree' && <TreePanel agent={agent} onSelect={(username) => open('tree', username)} onContracts={(username) => open('contracts', username)} />}
        {tab === 'contracts' && <ContractsPanel agent={agent} onSelect={(username) => open('contracts', username)} />}
        {tab === 'applications' && <ApplicationsPanel />}
        {tab === 'runs' && <RunsPanel />}
      </Tabs>
    </>
  );
}
