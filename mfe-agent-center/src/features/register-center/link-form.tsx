import { bus, Button, isApiError, useT } from '@platform/shared';
import { AFFILIATE_LINK_EXPIRIES, type AffiliateLinkExpiry } from '@platform/contract';
import { FormError, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import layout from '../agent-page/agent-page.module.css';
import { createLink, type AccountType } from './register-api';
import { rebateLabel, rebateOptions, type RebateRange } from './rebate-options';
import styles from './register-center.module.css';
import { SelectField } from '../contracts/select-field';
import { NAMESPACE } from './translations';

/** The contract's longest promotion channel note (agentCreateLinkCall). */
const CHANNEL_MAX_LENGTH = 60;

interface Values {
  accountType: AccountType;
  rebateSeries: string;
  expiry: AffiliateLinkExpiry;
  channel: string;
}

/** The expiry choices' labels, in the order of AFFILIATE_LINK_EXPIRIES. */
function useExpiryLabels(): Record<AffiliateLinkExpiry, string> {
  const { t } = useT(NAMESPACE);
  return { never: t('expiry_never'), '1d': t('expiry_1d'), '7d': t('expiry_7d'), '30d': t('expiry_30d'), '1y': t('expiry_1y') };
}

/** A new invitation link: who registers through it becomes a direct downline of this type and setting. */
export function LinkForm({ range, onCreated }: { range: RebateRange; onCreated: () => void }) {
  const { t } = useT(NAMESPACE);
  const expiryLabels = useExpiryLabels();
  const options = rebateOptions(range);
  const form = useForm<Values>({
    initialValues: { accountType: 'player', rebateSeries: '', expiry: 'never', channel: '' },
    validate: (values) => {
      const errors: FieldErrors<Values> = {};
      if (values.rebateSeries === '') errors.rebateSeries = { text: t('rebate_required') };
      return errors;
    },
    onSubmit: async (values) => {
      try {
        await createLink({ accountType: values.accountType, rebateSeries: Number(values.rebateSeries), expiry: values.expiry, channel: values.channel.trim() });
      } catch (error) {
        if (isApiError(error) && error.errorCode === 'agent.rebate.invalid') {
          form.setFieldError('rebateSeries', { text: t('rebate_invalid') });
          return;
        }
        throw error;
      }
      bus.dispatch({ type: 'toast', level: 'success', message: t('link_created') });
      form.setValues({ channel: '' });
      onCreated();
    },
    failureMessage: (error) => (isApiError(error) ? error.message : t('link_create_failed')),
  });

  return (
    <form className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate aria-labelledby="link-form-title" data-testid="link-form">
      <h3 id="link-form-title" className={layout.heading}>
        {t('link_form_title')}
      </h3>
      <div className={styles.fields}>
        <SelectField<AccountType>
          name="accountType"
          label={t('field_account_type')}
          value={form.values.accountType}
          options={[
            { value: 'player', label: t('type_player') },
            { value: 'agent', label: t('type_agent') },
          ]}
          onChange={(value) => form.setValue('accountType', value)}
          testIdPrefix="link"
        />
        <SelectField
          name="rebateSeries"
          label={t('field_rebate')}
          value={form.values.rebateSeries}
          placeholder={t('rebate_placeholder')}
          options={options.map((option) => ({ value: String(option.series), label: rebateLabel(option.series, range.maxSeries) }))}
          onChange={(value) => form.setValue('rebateSeries', value)}
          hint={options.length === 0 ? t('rebate_none') : undefined}
          error={form.errors.rebateSeries?.text}
          disabled={options.length === 0}
          testIdPrefix="link"
        />
        <SelectField<AffiliateLinkExpiry>
          name="expiry"
          label={t('field_expiry')}
          value={form.values.expiry}
          options={AFFILIATE_LINK_EXPIRIES.map((expiry) => ({ value: expiry, label: expiryLabels[expiry] }))}
          onChange={(value) => form.setValue('expiry', value)}
          testIdPrefix="link"
        />
        <TextField
          name="channel"
          label={t('field_channel')}
          value={form.values.channel}
          onChange={(value) => form.setValue('channel', value)}
          maxLength={CHANNEL_MAX_LENGTH}
          placeholder={t('channel_placeholder')}
          testIdPrefix="link"
        />
      </div>
      <FormError message={form.formError} testId="link-error" />
      <Button type="submit" loading={form.busy} disabled={options.length === 0} className={styles.submit} data-testid="link-submit">
        {t('link_submit')}
      </Button>
    </form>
  );
}
