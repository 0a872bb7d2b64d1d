import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, Notice, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { referralBody, referralDraftOf, referralProblems, REFERRAL_MONEY, REFERRAL_RATES, type ReferralDraft, type ReferralSettings } from './loyalty-model';
import { Checkbox } from './promotion-form';
import styles from './promotions.module.css';

/**
 * Invite a friend: whether it runs, what a friend must deposit and stake to count, the reward per
 * friend, the shares of friends' deposits and bets (two levels deep) and the bonuses for a number
 * of friends. Read only for a role that may not change it.
 */
export function ReferralPanel() {
  const { t } = useTranslation();
  const { api, may } = useBackOffice();
  const canWrite = may('PUT /referral/settings');
  const { data, error, loading, reload } = useLoad(() => api.get<ReferralSettings>('/referral/settings'), []);
  const [draft, setDraft] = useState<ReferralDraft | null>(null);
  const [tried, setTried] = useState(false);
  const { busy, outcome, run } = useAction();
  useEffect(() => {
    if (data) setDraft(referralDraftOf(data));
  }, [data]);
  if (!draft) return <ErrorMessage>{error}</ErrorMessage>;

  const set = (change: Partial<ReferralDraft>) => setDraft({ ...draft, ...change });
  const problems = referralProblems(draft);
  const problem = (field: string) => {
    const found = tried ? problems.find((entry) => entry.field === field) : undefined;
    return found ? <span className={styles.problem}>{t(`promotions.referral.problem.${found.key}`)}</span> : null;
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.length > 0) return;
    const done = await run(async () => {
      await api.put('/referral/settings', referralBody(draft));
      return t('promotions.referral.saved');
    });
    if (done) {
      setTried(false);
      void reload();
    }
  };
  const setAchievement = (index: number, change: Partial<{ friends: string; bonus: string }>) =>
    set({ achievements: draft.achievements.map((achievement, at) => (at === index ? { ...achievement, ...change } : achievement)) });

  return (
    <form className={styles.editor} aria-label={t('promotions.tabs.referral')} onSubmit={(event) => void save(event)} noValidate>
      <fieldset className={styles.form} disabled={!canWrite}>
        <legend>{t('promotions.referral.section.rules')}</legend>
        <Checkbox label={t('promotions.referral.field.enabled')} checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
        <Checkbox label={t('promotions.referral.field.checkAddress')} checked={draft.checkAddress} onChange={(event) => set({ checkAddress: event.target.checked })} />
        {[...REFERRAL_MONEY, ...REFERRAL_RATES].map((field) => (
          <div className={styles.cell} key={field}>
            <Field label={t(`promotions.referral.field.${field}`)}>
              <Input inputMode="decimal" value={draft[field]} onChange={(event) => set({ [field]: event.target.value })} aria-invalid={Boolean(problem(field))} />
            </Field>
            {problem(field)}
          </div>
        ))}
        <div className={[styles.cell, styles.wide].join(' ')}>
          <Field label={t('promotions.referral.field.mainDomain')}>
            <Input value={draft.mainDomain} placeholder="www.example.com" onChange={(event) => set({ mainDomain: event.target.value })} aria-invalid={Boolean(problem('mainDomain'))} />
          </Field>
          {problem('mainDomain')}
        </div>
      </fieldset>
      <fieldset className={styles.form} disabled={!canWrite}>
        <legend>{t('promotions.referral.section.achievements')}</legend>
        {draft.achievements.map((achievement, index) => (
          <div className={[styles.wide, styles.inline].join(' ')} key={index} role="group" aria-label={t('promotions.referral.achievement', { number: index + 1 })}>
            <div className={styles.cell}>
              <Field label={t('promotions.referral.field.friends')}>
                <Input inputMode="numeric" value={achievement.friends} onChange={(event) => setAchievement(index, { friends: event.target.value })} />
              </Field>
              {problem(`achievements.${index}.friends`)}
            </div>
            <div className={styles.cell}>
              <Field label={t('promotions.referral.field.bonus')}>
                <Input inputMode="decimal" value={achievement.bonus} onChange={(event) => setAchievement(index, { bonus: event.target.value })} />
              </Field>
              {problem(`achievements.${index}.bonus`)}
            </div>
            {canWrite && (
              <Button variant="danger" onClick={() => set({ achievements: draft.achievements.filter((_, at) => at !== index) })}>
                {t('promotions.referral.remove')}
              </Button>
            )}
          </div>
        ))}
        {draft.achievements.length === 0 && <p className={styles.muted}>{t('promotions.referral.noAchievements')}</p>}
        {problem('achievements')}
        {canWrite && (
          <div className={styles.wide}>
            <Button variant="secondary" onClick={() => set({ achievements: [...draft.achievements, { friends: '', bonus: '' }] })}>
              {t('promotions.referral.add')}
            </Button>
          </div>
        )}
      </fieldset>
      <div className={styles.formActions}>
        {canWrite && (
          <Button type="submit" disabled={busy}>
            {t('promotions.save')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      {tried && problems.length > 0 && <ErrorMessage>{t('promotions.problem.fix')}</ErrorMessage>}
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
    </form>
  );
}
