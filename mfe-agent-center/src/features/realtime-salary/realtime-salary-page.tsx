import { useCall, useT } from '@platform/shared';
import type { AgentContract } from '@platform/contract';
import { ContractsPage } from '../contracts';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { OfferContractDialog } from './offer-contract-dialog';
import { RatesTable } from './rates-table';
import { actOnContract, loadContracts, loadLotteryGames } from './realtime-api';
import { NAMESPACE } from './translations';
import { useGameNames } from './use-game-names';
import { WageRecords } from './wage-records';

const GAME_CODE = /^[A-Z0-9]{2,16}$/;

/**
 * Real-time Salary: how wages are earned, the agent's own contract, its contracts with
 * direct downline agents (with the offer form), and the wage records.
 */
export default function RealtimeSalaryPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const games = useCall(loadLotteryGames, []);
  const gameName = useGameNames(games.status === 'success' ? games.data : undefined);

  return (
    <ContractsPage<AgentContract>
      testId="realtime-salary"
      rulesTestId="realtime-rules"
      texts={{ rules: t('rules'), tabsLabel: t('tabs_label'), recordsTab: t('tab_wages'), noContract: t('no_contract'), noContractHint: t('no_contract_hint') }}
      loadContracts={loadContracts}
      sendAction={actOnContract}
      renderTerms={(contract) => <RatesTable terms={contract.terms} testId={`contract-${contract.contractId}`} gameName={gameName} />}
      renderOffer={({ own, current, onClose, onOffered }) => (
        <OfferContractDialog
          own={own.terms}
          current={current}
          gameCodes={gameCodesOf(games.status === 'success' ? games.data.map((game) => game.gameCode) : [], own.terms)}
          gameName={gameName}
          onClose={onClose}
          onOffered={onOffered}
        />
      )}
      records={<WageRecords gameName={gameName} />}
    />
  );
}

/** The games an offer may set rates for: the merchant's lottery games and any the agent's own terms name. */
function gameCodesOf(listed: readonly string[], own: AgentContract['terms']): string[] {
  return [...new Set([...listed, ...Object.keys(own.games ?? {})])].filter((code) => GAME_CODE.test(code));
}
