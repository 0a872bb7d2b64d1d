import { bus, ConfirmDialog, isApiError, useT } from '@platform/shared';
import { useState, type ReactNode } from 'react';
import type { ContractAction, ContractBase } from './contract-actions';
import { NAMESPACE } from './translations';

export interface ContractActions<C extends ContractBase> {
  /** Asks the agent to confirm an action on a contract (the card's buttons call this). */
  request: (action: ContractAction, contract: C) => void;
  /** The confirmation dialog: render it once on the page. */
  dialog: ReactNode;
}

/**
 * An action on a contract, confirmed first: sends it with `send`, says how it went, then calls
 * `onSettled` (the page loads its contracts again, whatever the answer).
 */
export function useContractActions<C extends ContractBase>(
  send: (action: ContractAction, contractId: number) => Promise<unknown>,
  onSettled: () => void,
): ContractActions<C> {
  const { t } = useT(NAMESPACE);
  const [pending, setPending] = useState<{ action: ContractAction; contract: C } | null>(null);
  const [acting, setActing] = useState(false);

  const act = async () => {
    if (!pending) return;
    setActing(true);
    try {
      await send(pending.action, pending.contract.contractId);
      const done = { accept: t('accepted'), reject: t('rejected'), terminate: t('termination_sent') }[pending.action];
      bus.dispatch({ type: 'toast', level: 'success', message: done });
    } catch (error) {
      // The API client has said why (an ApiError); anything else is ours.
      if (!isApiError(error)) bus.dispatch({ type: 'toast', level: 'error', message: t('action_failed') });
    } finally {
      setActing(false);
      setPending(null);
      onSettled();
    }
  };

  const message = pending && {
    accept: pending.contract.terminateRequested ? t('confirm_accept_termination') : t('confirm_accept'),
    reject: pending.contract.terminateRequested ? t('confirm_reject_termination') : t('confirm_reject'),
    terminate: t('confirm_terminate'),
  }[pending.action];

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('confirm_title')}
      message={message ?? ''}
      confirmLabel={t('confirm')}
      danger={pending?.action === 'terminate' || pending?.action === 'reject'}
      busy={acting}
      onCancel={() => setPending(null)}
      onConfirm={() => void act()}
      testId="contract-confirm"
    />
  );
  return { request: (action, contract) => setPending({ action, contract }), dialog };
}
