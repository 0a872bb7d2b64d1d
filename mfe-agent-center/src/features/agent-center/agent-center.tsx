import { CentreMenu, useT, type AgentCenterPage } from '@platform/shared';
import { useState } from 'react';
import { NAMESPACE } from '../../locales';

/**
 * Pages every agent sees. The contract pages (dividend, daily, hourly and real-time salary) join
 * the menu only when the agent's consolidated contract flags say so, which the agent-programme
 * issue brings.
 */
const ALWAYS_SHOWN: AgentCenterPage[] = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
];

interface AgentCenterProps {
  page: AgentCenterPage;
  onClose: () => void;
}

export default function AgentCenter({ page, onClose }: AgentCenterProps) {
  const { t } = useT(NAMESPACE);
  const [current, setCurrent] = useState<AgentCenterPage>(ALWAYS_SHOWN.includes(page) ? page : ALWAYS_SHOWN[0]);
  return (
    <CentreMenu
      title={t('agent_center_title')}
      closeLabel={t('close')}
      pages={ALWAYS_SHOWN.map((key) => ({ key, label: t(`page_${key}`) }))}
      current={current}
      onSelect={(key) => setCurrent(key as AgentCenterPage)}
      onClose={onClose}
      remote={__APP_NAME__}
      version={__APP_VERSION__}
    />
  );
}
