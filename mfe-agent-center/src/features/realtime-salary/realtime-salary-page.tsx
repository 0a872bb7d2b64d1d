import { bus, Button, ConfirmDialog, EmptyState, isApiError, Spinner, Tabs, useCall, useT } from '@platform/shared';
import type { AgentContract } from '@platform/shared/contract';
import { useState, type ReactNode } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { ContractCard } from './contract-card';
import { OfferContractDialog } from './offer-contract-dialog';
import { actOnContract, loadContracts, loadLotteryGames, type ContractAction, type RealtimeContracts } from './realtime-api';
import styles from './realtime-salary.module.css';
import { NAMESPACE } from './translations';
import { useGameNames } from './use-game-names';
import { WageRecords } from './wage-records';

const TABS = ['mine', 'downlines', 'wages'] as const;
type Tab = (typeof TABS)[number];

const GAME_CODE = /^[A-Z0-9]{2,16}$/;

/**
 * Real-time Salary: how wages are earned (SPEC §1), the agent's own contract, its contracts with
 * direct downline agents (with the offer form), and the wage records.
 */
export default function RealtimeSalaryPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<Tab>('mine');
  const contracts = useCall(loadContracts, [], { requiresSession: true });
  const games = useCall(loadLotteryGames, []);
  const gameName = useGameNames(games.status === 'success' ? games.data : undefined);
  const [pending, setPending] = useState<{ action: ContractAction; contract: AgentContract } | null>(null);
  const [acting, setActing] = useState(false);
  const [offering, setOffering] = useState(false);

  const shown: RealtimeContracts | undefined = contracts.status === 'success' ? contracts.data : contracts.status === 'loading' ? contracts.staleData : undefined;

  const act = async () => {
    if (!pending) return;
    setActing(true);
    try {
      await actOnContract(pending.action, pending.contract.contractId);
      const done = { accept: t('accepted'), reject: t('rejected'), terminate: t('termination_sent') }[pending.action];
      bus.dispatch({ type: 'toast', level: 'success', message: done });
    } catch (error) {
      // The API client has said why (an ApiError); anything else is ours.
      if (!isApiError(error)) bus.dispatch({ type: 'toast', level: 'error', message: t('action_failed') });
    } finally {
      setActing(false);
      setPending(null);
      contracts.refresh();
    }
  };

  const onAction = (action: ContractAction, contract: AgentContract) => setPending({ action, contract });

  let contractsBody: ReactNode = null;
  if (tab !== 'wages') {
    if (contracts.status === 'error') {
      contractsBody = (
        <EmptyState
          title={t('load_failed')}
          description={contracts.error.message}
          action={
            <Button variant="secondary" onClick={contracts.refresh}>
              {t('retry')}
            </Button>
          }
        />
      );
    } else if (!shown) {
      contractsBody = (
        <div className={styles.loading}>
          <Spinner />
        </div>
      );
    } else if (tab === 'mine') {
      contractsBody = shown.mine ? (
        <ContractCard contract={shown.mine} side="mine" gameName={gameName} onAction={onAction} />
      ) : (
        <div data-testid="no-contract">
          <EmptyState title={t('no_contract')} description={t('no_contract_hint')} />
        </div>
      );
    } else {
      const own = shown.mine?.state === 'active' ? shown.mine.terms : null;
      contractsBody = (
        <div className={styles.section}>
          <div className={styles.toolbar}>
            {own ? (
              <Button size="sm" onClick={() => setOffering(true)} data-testid="offer-open">
                {t('offer_title')}
              </Button>
            ) : (
              <p className={styles.note} data-testid="offer-unavailable">
                {t('offer_needs_own')}
              </p>
            )}
          </div>
          {shown.downlines.length === 0 ? (
            <EmptyState title={t('no_downline_contracts')} />
          ) : (
            <div className={styles.cards}>
              {shown.downlines.map((contract) => (
                <ContractCard key={contract.contractId} contract={contract} side="downline" gameName={gameName} onAction={onAction} />
              ))}
            </div>
          )}
          {offering && own && (
            <OfferContractDialog
              own={own}
              current={shown.downlines}
              gameCodes={gameCodesOf(games.status === 'success' ? games.data.map((game) => game.gameCode) : [], own)}
              gameName={gameName}
              onClose={() => setOffering(false)}
              onOffered={() => {
                setOffering(false);
                contracts.refresh();
              }}
            />
          )}
        </div>
      );
    }
  }

  const pendingText = pending && {
    accept: pending.contract.terminateRequested ? t('confirm_accept_termination') : t('confirm_accept'),
    reject: pending.contract.terminateRequested ? t('confirm_reject_termination') : t('confirm_reject'),
    terminate: t('confirm_terminate'),
  }[pending.action];

  return (
    <div className={styles.page} data-testid="realtime-salary">
      <p className={styles.rules} data-testid="realtime-rules">
        {t('rules')}
      </p>
      <Tabs<Tab>
        items={[
          { value: 'mine', label: t('tab_mine') },
          { value: 'downlines', label: t('tab_downlines') },
          { value: 'wages', label: t('tab_wages') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('tabs_label')}
      >
        {tab === 'wages' ? <WageRecords gameName={gameName} /> : contractsBody}
      </Tabs>
      <ConfirmDialog
        open={pending !== null}
        title={t('confirm_title')}
        message={pendingText ?? ''}
        confirmLabel={t('confirm')}
        danger={pending?.action === 'terminate' || pending?.action === 'reject'}
        busy={acting}
        onCancel={() => setPending(null)}
        onConfirm={() => void act()}
        testId="contract-confirm"
      />
    </div>
  );
}

/** The games an offer may set rates for: the merchant's lottery games and any the agent's own terms name. */
function gameCodesOf(listed: readonly string[], own: AgentContract['terms']): string[] {
  return [...new Set([...listed, ...Object.keys(own.games ?? {})])].filter((code) => GAME_CODE.test(code));
}
