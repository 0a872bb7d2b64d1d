import { Button, EmptyState, Spinner, Tabs, useCall, useT, type CallFetcher } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useState, type ReactNode } from 'react';
import type { ContractAction, ContractBase, ContractsOf } from './contract-actions';
import { ContractCard } from './contract-card';
import styles from './contracts.module.css';
import { NAMESPACE } from './translations';
import { useContractActions } from './use-contract-actions';

const TABS = ['mine', 'downlines', 'records'] as const;
type Tab = (typeof TABS)[number];

/** What a kind's page says in its own words (already translated). */
export interface ContractsPageTexts {
  /** How the kind pays, in one line. */
  rules: string;
  /** Names the tab list: the page's title. */
  tabsLabel: string;
  /** The records tab. */
  recordsTab: string;
  /** No contract of this kind: title and hint. */
  noContract: string;
  noContractHint: string;
}

export interface OfferRenderProps<C extends ContractBase> {
  /** The agent's own contract, active: an offer may not exceed its terms. */
  own: C;
  /** The agent's current contracts with downlines: those agents are not offered another. */
  current: readonly C[];
  onClose: () => void;
  onOffered: () => void;
}

export interface ContractsPageProps<C extends ContractBase> {
  /** data-testid of the page, and of its rules line. */
  testId: string;
  rulesTestId: string;
  texts: ContractsPageTexts;
  loadContracts: CallFetcher<ContractsOf<C>>;
  sendAction: (action: ContractAction, contractId: number) => Promise<unknown>;
  /** A contract's terms inside its card. */
  renderTerms: (contract: C) => ReactNode;
  /** The offer dialog. */
  renderOffer: (props: OfferRenderProps<C>) => ReactNode;
  /** The records tab's content. */
  records: ReactNode;
}

/**
 * A contract page of any kind (real-time, daily, hourly salary): the rule in one line, then tabs
 * for the agent's own contract, its contracts with direct downline agents (with the offer, once
 * its own contract is active) and the kind's records.
 */
export function ContractsPage<C extends ContractBase>({ testId, rulesTestId, texts, loadContracts, sendAction, renderTerms, renderOffer, records }: ContractsPageProps<C>) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<Tab>('mine');
  const [offering, setOffering] = useState(false);
  const contracts = useCall(loadContracts, [loadContracts], { requiresSession: true });
  const actions = useContractActions<C>(sendAction, contracts.refresh);
  const shown = contracts.status === 'success' ? contracts.data : contracts.status === 'loading' ? contracts.staleData : undefined;

  let body: ReactNode = null;
  if (tab === 'records') {
    body = records;
  } else if (contracts.status === 'error') {
    body = (
      <LoadError title={t('load_failed')} error={contracts.error} onRetry={contracts.refresh} />
    );
  } else if (!shown) {
    body = (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  } else if (tab === 'mine') {
    body = shown.mine ? (
      <ContractCard contract={shown.mine} side="mine" onAction={actions.request}>
        {renderTerms(shown.mine)}
      </ContractCard>
    ) : (
      <div data-testid="no-contract">
        <EmptyState title={texts.noContract} description={texts.noContractHint} />
      </div>
    );
  } else {
    const own = shown.mine?.state === 'active' ? shown.mine : null;
    body = (
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
              <ContractCard key={contract.contractId} contract={contract} side="downline" onAction={actions.request}>
                {renderTerms(contract)}
              </ContractCard>
            ))}
          </div>
        )}
        {offering &&
          own &&
          renderOffer({
            own,
            current: shown.downlines,
            onClose: () => setOffering(false),
            onOffered: () => {
              setOffering(false);
              contracts.refresh();
            },
          })}
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid={testId}>
      <p className={styles.rules} data-testid={rulesTestId}>
        {texts.rules}
      </p>
      <Tabs<Tab>
        items={[
          { value: 'mine', label: t('tab_mine') },
          { value: 'downlines', label: t('tab_downlines') },
          { value: 'records', label: texts.recordsTab },
        ]}
        value={tab}
        onChange={setTab}
        label={texts.tabsLabel}
      >
        {body}
      </Tabs>
      {actions.dialog}
    </div>
  );
}
