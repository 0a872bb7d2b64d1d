import { Button, formatDateTime, useT } from '@platform/shared';
import type { ReactNode } from 'react';
import { actionsOf, type ContractAction, type ContractBase } from './contract-actions';
import styles from './contracts.module.css';
import { NAMESPACE } from './translations';

export interface ContractCardProps<C extends ContractBase> {
  contract: C;
  /** Whose side the agent is on: its own contract (with its upline) or a downline's. */
  side: 'mine' | 'downline';
  onAction: (action: ContractAction, contract: C) => void;
  /** The contract's terms, as its kind shows them (rates per game, tiers). */
  children: ReactNode;
}

/** One contract of any kind: the other party, the state, the terms (children), and the buttons for what the agent may do. */
export function ContractCard<C extends ContractBase>({ contract, side, onAction, children }: ContractCardProps<C>) {
  const { t } = useT(NAMESPACE);
  const stateLabel = { pending: t('state_pending'), active: t('state_active'), rejected: t('state_rejected'), terminated: t('state_terminated') }[contract.state];
  const terminating = contract.terminateRequested;
  let waiting: string | null = null;
  if (!contract.awaitingMe && contract.state === 'pending') waiting = t('waiting_answer');
  else if (!contract.awaitingMe && terminating) waiting = t('waiting_termination');
  else if (contract.awaitingMe) waiting = terminating ? t('awaiting_me_termination') : t('awaiting_me_offer');
  const testId = `contract-${contract.contractId}`;

  return (
    <article className={styles.card} data-testid={testId} aria-label={side === 'mine' ? t('my_contract') : contract.downlineUsername}>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{side === 'mine' ? t('upline') : t('downline')}</dt>
          <dd>{side === 'mine' ? (contract.uplineUsername ?? t('upline_platform')) : contract.downlineUsername}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('state')}</dt>
          <dd>
            <span className={contract.state === 'active' ? styles.stateActive : styles.statePending} data-testid={`${testId}-state`}>
              {stateLabel}
            </span>
            {terminating && <span className={styles.badge}>{t('termination_requested')}</span>}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('created')}</dt>
          <dd>{formatDateTime(contract.createdTime)}</dd>
        </div>
      </dl>
      {children}
      {waiting && <p className={styles.note}>{waiting}</p>}
      <ContractActionButtons contract={contract} onAction={onAction} testId={testId} />
    </article>
  );
}

/** Accept / Reject (an offer or a termination awaiting the agent), or Request termination (an active contract). */
function ContractActionButtons<C extends ContractBase>({ contract, onAction, testId }: { contract: C; onAction: (action: ContractAction, contract: C) => void; testId: string }) {
  const { t } = useT(NAMESPACE);
  const actions = actionsOf(contract);
  if (actions.length === 0) return null;
  const terminating = contract.terminateRequested;
  const label: Record<ContractAction, string> = {
    accept: terminating ? t('action_accept_termination') : t('action_accept'),
    reject: terminating ? t('action_reject_termination') : t('action_reject'),
    terminate: t('action_terminate'),
  };
  return (
    <div className={styles.cardActions}>
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'accept' ? 'primary' : action === 'terminate' ? 'danger' : 'secondary'}
          onClick={() => onAction(action, contract)}
          data-testid={`${testId}-${action}`}
        >
          {label[action]}
        </Button>
      ))}
    </div>
  );
}
