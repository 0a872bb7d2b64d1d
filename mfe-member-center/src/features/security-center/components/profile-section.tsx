import { formatDateTime, useT } from '@platform/shared';
import { FormError, TextField, useForm } from '@platform/shared/forms';
import { NICKNAME_MAX_LENGTH, type MemberProfileUpdate } from '@platform/contract';
import { useState, type ReactNode } from 'react';
import { updateProfile, type MemberProfile } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../security-center.module.css';
import { FormButtons } from './form-buttons';
import { messageUnlessUnder, toastSuccess } from './form-helpers';
import { Section } from './section';

interface ProfileValues {
  nickname: string;
  payeeName: string;
  birthday: string;
}

const FIELDS = ['nickname', 'payeeName', 'birthday'] as const;

/** What the form sends: only what changed (legacy updateMemberInfo), trimmed. */
export function changesOf(values: ProfileValues, profile: MemberProfile): MemberProfileUpdate {
  const changes: MemberProfileUpdate = {};
  const nickname = values.nickname.trim();
  if (nickname !== (profile.nickname ?? '')) changes.nickname = nickname;
  const payeeName = values.payeeName.trim();
  if (profile.payeeName === null && payeeName !== '') changes.payeeName = payeeName;
  const birthday = values.birthday.trim();
  if (profile.birthday === null && birthday !== '') changes.birthday = birthday;
  return changes;
}

/** Nickname (editable), real name and birthday (each set once), account, registration and last login. */
export function ProfileSection({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) {
  const { t } = useT(NAMESPACE);
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileValues>({
    initialValues: () => ({ nickname: profile.nickname ?? '', payeeName: '', birthday: '' }),
    validate: (values) => ({
      nickname: [...values.nickname.trim()].length > NICKNAME_MAX_LENGTH ? { text: t('nickname_hint', { max: NICKNAME_MAX_LENGTH }) } : null,
    }),
    onSubmit: async (values) => {
      const changes = changesOf(values, profile);
      if (Object.keys(changes).length > 0) {
        await updateProfile(changes);
        toastSuccess(t('profile_saved'));
        onChanged();
      }
      setEditing(false);
    },
    serverErrorFields: FIELDS,
    failureMessage: messageUnlessUnder(FIELDS),
  });
  const { values, errors, setValue } = form;
  const fieldError = (name: keyof ProfileValues) => errors[name]?.text;
  const notSet = <span className={styles.muted}>{t('not_set')}</span>;

  const facts: [string, string, ReactNode][] = [
    ['account', t('field_account'), profile.account],
    ['nickname', t('field_nickname'), profile.nickname ?? notSet],
    ['payeeName', t('field_payeeName'), profile.payeeName ?? notSet],
    ['birthday', t('field_birthday'), profile.birthday ?? notSet],
    ['regDate', t('field_regDate'), formatDateTime(profile.regDate)],
    ['lastLogin', t('field_lastLogin'), profile.lastLogin === null ? notSet : formatDateTime(profile.lastLogin)],
  ];

  const open = () => {
    form.setValues({ nickname: profile.nickname ?? '', payeeName: '', birthday: '' });
    form.clearErrors();
    setEditing(true);
  };

  return (
    <Section
      id="profile"
      title={t('section_profile')}
      action={{ label: t('edit'), onClick: open }}
      status={
        <dl className={styles.facts}>
          {facts.map(([key, label, value]) => (
            <div key={key} className={styles.fact}>
              <dt>{label}</dt>
              <dd data-testid={`security-profile-value-${key}`}>{value}</dd>
            </div>
          ))}
        </dl>
      }
    >
      {editing && (
        <form className={styles.form} onSubmit={form.submit} noValidate aria-label={t('section_profile')} data-testid="security-profile-form">
          <TextField
            name="nickname"
            label={t('field_nickname')}
            value={values.nickname}
            onChange={(value) => setValue('nickname', value)}
            maxLength={NICKNAME_MAX_LENGTH + 10}
            error={fieldError('nickname')}
            hint={t('nickname_hint', { max: NICKNAME_MAX_LENGTH })}
            testIdPrefix="security-profile"
          />
          {profile.payeeName === null && (
            <TextField
              name="payeeName"
              label={t('field_payeeName')}
              value={values.payeeName}
              onChange={(value) => setValue('payeeName', value)}
              autoComplete="name"
              error={fieldError('payeeName')}
              hint={t('payee_name_hint')}
              testIdPrefix="security-profile"
            />
          )}
          {profile.birthday === null && (
            <TextField
              name="birthday"
              type="date"
              label={t('field_birthday')}
              value={values.birthday}
              onChange={(value) => setValue('birthday', value)}
              autoComplete="bday"
              error={fieldError('birthday')}
              hint={t('birthday_hint')}
              testIdPrefix="security-profile"
            />
          )}
          <FormError message={form.formError} testId="security-profile-error" />
          <FormButtons busy={form.busy} onCancel={() => setEditing(false)} testId="security-profile" />
        </form>
      )}
    </Section>
  );
}
