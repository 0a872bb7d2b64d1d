import { useT } from '@platform/shared';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { SalaryContractsPage } from '../contracts';
import { NAMESPACE } from './translations';

/** Hourly Salary: the hourly salary contracts and records, in this page's words. */
export default function HourlySalaryPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  return (
    <SalaryContractsPage
      kind="hourly"
      testId="hourly-salary"
      rulesTestId="hourly-salary-rules"
      texts={{
        rules: t('rules'),
        tabsLabel: t('tabs_label'),
        recordsTab: t('tab_records'),
        recordsEmpty: t('records_empty'),
        noContract: t('no_contract'),
        noContractHint: t('no_contract_hint'),
      }}
    />
  );
}
