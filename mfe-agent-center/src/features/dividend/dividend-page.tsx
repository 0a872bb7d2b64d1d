import { useT } from '@platform/shared';
import type { DividendContract } from '@platform/contract';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { ContractsPage } from '../contracts';
import { actOnDividendContract, loadDividendContracts } from './dividend-api';
import { DividendRecords } from './dividend-records';
import { DividendTerms } from './dividend-terms';
import { OfferDividendDialog } from './offer-dividend-dialog';
import { NAMESPACE } from './translations';

/**
 * Bonus / Dividend: how the dividend is paid, the agent's own dividend contract (cycle and tiers),
 * its contracts with direct downline agents (with the offer on its own cycle), and the dividend
 * records per period.
 */
export default function DividendPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  return (
    <ContractsPage<DividendContract>
      testId="dividend"
      rulesTestId="dividend-rules"
      texts={{ rules: t('rules'), tabsLabel: t('tabs_label'), recordsTab: t('tab_records'), noContract: t('no_contract'), noContractHint: t('no_contract_hint') }}
      loadContracts={loadDividendContracts}
      sendAction={actOnDividendContract}
      renderTerms={(contract) => <DividendTerms terms={contract.terms} testId={`contract-${contract.contractId}`} />}
      renderOffer={({ own, current, onClose, onOffered }) => <OfferDividendDialog own={own} current={current} onClose={onClose} onOffered={onOffered} />}
      records={<DividendRecords label={t('tab_records')} emptyTitle={t('records_empty')} />}
    />
  );
}
