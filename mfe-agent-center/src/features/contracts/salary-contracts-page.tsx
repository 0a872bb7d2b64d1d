import type { SalaryContract, SalaryKind } from '@platform/contract';
import { ContractsPage, type ContractsPageTexts } from './contracts-page';
import { OfferTiersDialog } from './offer-tiers-dialog';
import { SALARY_API } from './salary-api';
import { SalaryRecords } from './salary-records';
import { TierTable } from './tier-table';

export interface SalaryContractsPageProps {
  kind: SalaryKind;
  /** data-testid of the page, and of its rules line. */
  testId: string;
  rulesTestId: string;
  /** The kind's words: the page's, and the records table's name and empty state. */
  texts: ContractsPageTexts & { recordsEmpty: string };
}

/**
 * A daily or hourly salary page (agentDailyWages2, agentHourSalary): the rule in one line, the
 * agent's own contract with its tiers, its contracts with direct downline agents and the offer of
 * tiers, and the salary paid per period.
 */
export function SalaryContractsPage({ kind, testId, rulesTestId, texts }: SalaryContractsPageProps) {
  const api = SALARY_API[kind];
  return (
    <ContractsPage<SalaryContract>
      testId={testId}
      rulesTestId={rulesTestId}
      texts={texts}
      loadContracts={api.loadContracts}
      sendAction={api.act}
      renderTerms={(contract) => <TierTable terms={contract.terms} field="bet" testId={`contract-${contract.contractId}-tiers`} />}
      renderOffer={({ own, current, onClose, onOffered }) => (
        <OfferTiersDialog field="bet" own={own.terms} current={current} offer={(downlineId, tiers) => api.offer(downlineId, { tiers })} onClose={onClose} onOffered={onOffered} />
      )}
      records={<SalaryRecords kind={kind} label={texts.recordsTab} emptyTitle={texts.recordsEmpty} />}
    />
  );
}
