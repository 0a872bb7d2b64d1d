import { bus, Button, isApiError, Modal, Spinner, useCall, useT } from '@platform/shared';
import { FormError, type FieldError } from '@platform/shared/forms';
import { useCallback, useId, type FormEvent, type ReactNode } from 'react';
import type { ContractBase } from './contract-actions';
import styles from './contracts.module.css';
import { loadDirectAgents } from './direct-agents';
import { SelectField } from './select-field';
import { NAMESPACE } from './translations';

/** What the offer's frame reads of the kind's form (its useForm, whose values hold the chosen agent). */
export interface OfferForm {
  /** The chosen direct agent's member id ('' for none yet). */
  values: { downlineId: string };
  errors: { downlineId?: FieldError | null };
  formError: string | null;
  busy: boolean;
  setValue: (name: 'downlineId', value: string) => void;
  submit: (event?: FormEvent) => Promise<void>;
}

export interface OfferDialogProps {
  /** The kind's form: the frame's picker sets its downlineId, Offer submits it. */
  form: OfferForm;
  /** The agent's current contracts with downlines: those agents are not offered another. */
  current: readonly ContractBase[];
  onClose: () => void;
  /** The kind's terms fields. */
  children: ReactNode;
}

/**
 * The offer of a contract of any kind: a modal with the direct agent to offer it to (those with a
 * contract of the kind already left out) and the kind's terms fields, Cancel and Offer.
 */
export function OfferDialog({ form, current, onClose, children }: OfferDialogProps) {
  const { t } = useT(NAMESPACE);
  const formId = useId();
  const { busy } = form;
  const agents = useCall(loadDirectAgents, [], { requiresSession: true });
  const taken = new Set(current.map((contract) => contract.downlineId));
  const candidates = agents.status === 'success' ? agents.data.filter((agent) => !taken.has(agent.memberId)) : [];

  return (
    <Modal
      open
      size="lg"
      onClose={busy ? () => undefined : onClose}
      title={t('offer_title')}
      testId="offer-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={candidates.length === 0} data-testid="offer-submit">
            {t('offer_submit')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.offerForm} onSubmit={(event) => void form.submit(event)} noValidate data-testid="offer-form">
        {agents.status === 'success' || agents.status === 'error' ? (
          <SelectField
            name="downlineId"
            label={t('field_downline')}
            value={form.values.downlineId}
            placeholder={t('downline_placeholder')}
            options={candidates.map((agent) => ({ value: String(agent.memberId), label: agent.username }))}
            onChange={(value) => form.setValue('downlineId', value)}
            hint={candidates.length === 0 ? (agents.status === 'error' ? agents.error.message : t('no_candidates')) : undefined}
            error={form.errors.downlineId?.text}
            disabled={candidates.length === 0}
            testIdPrefix="offer"
          />
        ) : (
          <Spinner size="sm" />
        )}
        {children}
        <FormError message={form.formError} testId="offer-error" />
      </form>
    </Modal>
  );
}

export interface OfferSending {
  /** The picker's error for the form's value ('': none chosen yet), as useForm's validate returns it. */
  downlineError: (downlineId: string) => { text: string } | null;
  /** Sends an offer: a refusal the server explains becomes the form's error; success says so. */
  send: (offer: () => Promise<unknown>) => Promise<void>;
  /** The form's error for a failed `send` (useForm's failureMessage). */
  failureMessage: (error: unknown) => string;
}

/** How every offer form asks for a downline, sends, and words the server's refusals. */
export function useOfferSending(): OfferSending {
  const { t } = useT(NAMESPACE);
  const send = useCallback(
    async (offer: () => Promise<unknown>) => {
      try {
        await offer();
      } catch (error) {
        if (isApiError(error) && error.errorCode === 'agent.contract.invalid') throw new Error(t('offer_invalid'));
        if (isApiError(error) && error.errorCode === 'agent.contract.exists') throw new Error(t('offer_exists'));
        throw error;
      }
      bus.dispatch({ type: 'toast', level: 'success', message: t('offer_sent') });
    },
    [t],
  );
  return {
    downlineError: (downlineId) => (downlineId === '' ? { text: t('downline_required') } : null),
    send,
    failureMessage: (error) => (error instanceof Error && error.message ? error.message : t('offer_failed')),
  };
}
