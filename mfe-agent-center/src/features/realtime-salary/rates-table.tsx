import { Button, formatDateTime, useT } from '@platform/shared';
import type { AgentContract } from '@platform/shared/contract';
import type { ContractAction } from './realtime-api';
import { ratePercentText } from './rates';
import styles from './realtime-salary.module.css';
import { NAMESPACE } from './translations';

/** The actions a contract offers the agent: answer what awaits it, or ask to end an active one. */
export function actionsOf(contract: AgentContract): ContractAction[] {
  if (contract.awaitingMe) return ['accept', 'reject'];
  if (contract.state === 'active' && !contract.terminateRequested) return ['terminate'];
  return [];
}

export interface ContractCardProps {
  contract: AgentContract;
  /** Whose side the agent is on: its own contract (with its upline) or a downline's. */
  side: 'mine' | 'downline';
  gameName: (gameCode: string) => string;
  onAction: (action: ContractAction, contract: AgentContract) => void;
}

/** One real-time salary contract: the other party, the state, the rates (default and per game) and what the agent may do. */
export function ContractCard({ contract, side, gameName, onAction }: ContractCardProps) {
  const { t } = useT(NAMESPACE);
  const stateLabel = { pending: t('state_pending'), active: t('state_active'), rejected: t('state_rejected'), terminated: t('state_terminated') }[contract.state];
  const games = Object.entries(contract.terms.games ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const terminating = contract.terminateRequested;
  const actionLabel: Record<ContractAction, string> = {
    accept: terminating ? t('action_accept_termination') : t('action_accept'),
    reject: terminating ? t('action_reject_termination') : t('action_reject'),
    terminate: t('action_terminate'),
  };
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
      <table className={styles.rates} aria-label={t('rates')}>
        <thead>
          <tr>
            <th scope="col">{t('col_game')}</th>
            <th scope="col">{t('profit_rate')}</th>
            <th scope="col">{t('loss_rate')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('default_rates')}</th>
            <td data-testid={`${testId}-default-profit`}>{ratePercentText(contract.terms.default.profitRate)}</td>
            <td data-testid={`${testId}-default-loss`}>{ratePercentText(contract.terms.default.lossRate)}</td>
          </tr>
          {games.map(([gameCode, rates]) => (
            <tr key={gameCode}>
              <th scope="row">{gameName(gameCode)}</th>
              <td>{ratePercentText(rates.profitRate)}</td>
              <td>{ratePercentText(rates.lossRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {waiting && <p className={styles.note}>{waiting}</p>}
      {actionsOf(contract).length > 0 && (
        <div className={styles.cardActions}>
          {actionsOf(contract).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'accept' ? 'primary' : action === 'terminate' ? 'danger' : 'secondary'}
              onClick={() => onAction(action, contract)}
              data-testid={`${testId}-${action}`}
            >
              {actionLabel[action]}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
