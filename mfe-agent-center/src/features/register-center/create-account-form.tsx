import { bus, Button, isApiError, useT } from '@platform/shared';
import { FormError, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { createDownline, type AccountType } from './register-api';
import { rebateLabel, rebateOptions, type RebateRange } from './rebate-options';
import styles from './register-center.module.css';
import { SelectField } from '../contracts/select-field';
import { NAMESPACE } from './translations';

/** The contract's username rule (agentCreateDownlineCall): 4-16 letters, digits or underscores. */
const USERNAME = /^[A-Za-z0-9_]{4,16}$/;
const PASSWORD_MIN_LENGTH = 6;
const PASSWORD_MAX_LENGTH = 32;
/** The weak default the old client offered: the member must change it at first login. */
export const DEFAULT_DOWNLINE_PASSWORD = '123456';

interface Values {
  accountType: AccountType;
  username: string;
  password: string;
  /** The chosen series as the select holds it; '' until chosen. */
  rebateSeries: string;
}

/**
 * Create account: account type, username, password (the default is allowed: the member changes it
 * at first login) and a rebate setting no higher than the agent's own. Sent encrypted.
 */
export function CreateAccountForm({ range }: { range: RebateRange }) {
  const { t } = useT(NAMESPACE);
  const options = rebateOptions(range);
  const form = useForm<Values>({
    initialValues: { accountType: 'player', username: '', password: DEFAULT_DOWNLINE_PASSWORD, rebateSeries: '' },
    validate: (values) => {
      const errors: FieldErrors<Values> = {};
      if (!USERNAME.test(values.username.trim())) errors.username = { text: t('username_format') };
      if (values.password.length < PASSWORD_MIN_LENGTH || values.password.length > PASSWORD_MAX_LENGTH) errors.password = { text: t('password_format') };
      if (values.rebateSeries === '') errors.rebateSeries = { text: t('rebate_required') };
      return errors;
    },
    onSubmit: async (values) => {
      try {
        const created = await createDownline({
          accountType: values.accountType,
          username: values.username.trim(),
          password: values.password,
          rebateSeries: Number(values.rebateSeries),
        });
        bus.dispatch({ type: 'toast', level: 'success', message: t('account_created', { username: created.username }) });
        form.setValues({ username: '', password: DEFAULT_DOWNLINE_PASSWORD });
      } catch (error) {
        if (isApiError(error) && error.errorCode === 'agent.username.taken') form.setFieldError('username', { text: t('username_taken') });
        else if (isApiError(error) && error.errorCode === 'agent.rebate.invalid') form.setFieldError('rebateSeries', { text: t('rebate_invalid') });
        else throw error;
      }
    },
    failureMessage: (error) => (isApiError(error) ? error.message : t('create_failed')),
  });

  return (
    <form className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate aria-label={t('tab_create')} data-testid="create-account-form">
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
          testIdPrefix="create-account"
        />
        <TextField
          name="username"
          label={t('field_username')}
          value={form.values.username}
          onChange={(value) => form.setValue('username', value)}
          required
          maxLength={16}
          autoComplete="off"
          hint={t('username_hint')}
          error={form.errors.username?.text}
          testIdPrefix="create-account"
        />
        <TextField
          name="password"
          type="password"
          label={t('field_password')}
          value={form.values.password}
          onChange={(value) => form.setValue('password', value)}
          required
          revealable
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          hint={t('password_hint', { password: DEFAULT_DOWNLINE_PASSWORD })}
          error={form.errors.password?.text}
          testIdPrefix="create-account"
        />
        <SelectField
          name="rebateSeries"
          label={t('field_rebate')}
          value={form.values.rebateSeries}
          placeholder={t('rebate_placeholder')}
          options={options.map((option) => ({ value: String(option.series), label: rebateLabel(option.series, range.maxSeries) }))}
          onChange={(value) => form.setValue('rebateSeries', value)}
          hint={options.length === 0 ? t('rebate_none') : t('rebate_hint', { own: rebateLabel(range.ownSeries, range.maxSeries) })}
          error={form.errors.rebateSeries?.text}
          disabled={options.length === 0}
          testIdPrefix="create-account"
        />
      </div>
      <FormError message={form.formError} testId="create-account-error" />
      <Button type="submit" loading={form.busy} disabled={options.length === 0} className={styles.submit} data-testid="create-account-submit">
        {t('create_submit')}
      </Button>
    </form>
  );
}
