import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, Input, OpsError, Select, ui, useBackOffice } from '@backoffice/kit';
import { PromotionPreview } from './promotion-preview';
import {
  CATEGORIES,
  draftProblems,
  emptyPromotionDraft,
  promotionBody,
  promotionDraftOf,
  PROMOTION_LANGUAGES,
  REQUIREMENTS,
  REWARD_KINDS,
  textsOf,
  TRIGGERS,
  type PromotionDetail,
  type PromotionDraft,
  type PromotionLanguage,
  type PromotionSummary,
  type RewardKind,
  type Trigger,
} from './promotions-model';
import styles from './promotions.module.css';

/** A yes/no field: the box and its label on one line. */
export function Checkbox({ label, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" {...props} />
      <span>{label}</span>
    </label>
  );
}

/** A field with what is wrong with it under it (outside its label, which names the field only). */
function Cell({ label, problem, children }: { label: string; problem: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.cell}>
      <Field label={label}>{children}</Field>
      {problem}
    </div>
  );
}

export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...props} className={[ui.input, styles.textarea, props.className].filter(Boolean).join(' ')} />;
}

/**
 * A promotion's form: its texts (the promotion's own words, and a title and terms per language the
 * site speaks), schedule, reward rules and audience, with a preview of the player's page beside
 * it. What the server would refuse is named under its field before anything is sent; what it
 * refuses all the same (a rule the database checks) is shown in its words, and nothing changes.
 * Read only for a role that may not change promotions.
 */
export function PromotionForm({ stored, readOnly, onSaved, onCancel }: { stored: PromotionDetail | null; readOnly: boolean; onSaved: (row: PromotionSummary) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { api } = useBackOffice();
  const [draft, setDraft] = useState<PromotionDraft>(() => (stored ? promotionDraftOf(stored) : emptyPromotionDraft()));
  const [language, setLanguage] = useState<PromotionLanguage>('EN');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<PromotionDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setText = (change: Partial<{ title: string; content: string }>) => setDraft((current) => ({ ...current, texts: { ...current.texts, [language]: { ...current.texts[language], ...change } } }));

  const problems = draftProblems(draft);
  /** The first problem of a field, in words, once the operator tried to save. */
  const problemOf = (field: string) => {
    const problem = checked ? problems.find((entry) => entry.field === field) : undefined;
    return problem ? t(`promotions.problem.${problem.key}`, problem.values) : null;
  };
  const problem = (field: string) => {
    const message = problemOf(field);
    return message ? <span className={styles.problem}>{message}</span> : null;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setError(null);
    if (problems.length > 0) {
      setError(t('promotions.problem.fix', { count: problems.length }));
      return;
    }
    setBusy(true);
    try {
      const body = promotionBody(draft, stored ?? undefined);
      onSaved(stored ? await api.post<PromotionSummary>(`/promotions/${stored.id}`, body) : await api.post<PromotionSummary>('/promotions', body));
    } catch (caught) {
      setError(caught instanceof OpsError ? caught.message : t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const name = stored ? (readOnly ? t('promotions.viewTitle', { id: stored.id }) : t('promotions.editTitle', { id: stored.id })) : t('promotions.new');
  const rules = draft.trigger !== 'none';
  const money = (field: 'amount' | 'cap' | 'minDeposit' | 'minBet' | 'minLoss', required = false) => (
    <Cell label={t(`promotions.field.${field}`)} problem={problem(field)}>
      <Input inputMode="decimal" required={required} value={draft[field]} onChange={(event) => set({ [field]: event.target.value })} aria-invalid={Boolean(problemOf(field))} />
    </Cell>
  );
  const whole = (field: 'tickets' | 'points' | 'withinDays' | 'claimWindowHours' | 'newPlayerDays' | 'sortOrder', required = false) => (
    <Cell label={t(`promotions.field.${field}`)} problem={problem(field)}>
      <Input inputMode="numeric" required={required} value={draft[field]} onChange={(event) => set({ [field]: event.target.value })} aria-invalid={Boolean(problemOf(field))} />
    </Cell>
  );
  const own = textsOf(draft);
  return (
    <form className={[ui.panel, styles.editor].join(' ')} onSubmit={(event) => void save(event)} aria-label={name} noValidate>
      <h2>{name}</h2>
      <fieldset className={styles.form} disabled={readOnly}>
        <legend>{t('promotions.section.texts')}</legend>
        <Field label={t('promotions.field.category')}>
          <Select value={draft.category} onChange={(event) => set({ category: event.target.value })}>
            {CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`promotions.category.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.wide}>
          <Cell label={t('promotions.field.title')} problem={problem('title')}>
            <Input required maxLength={200} value={draft.title} onChange={(event) => set({ title: event.target.value })} aria-invalid={Boolean(problemOf('title'))} />
          </Cell>
        </div>
        <div className={styles.wide}>
          <Cell label={t('promotions.field.imageUrl')} problem={problem('imageUrl')}>
            <Input required maxLength={500} value={draft.imageUrl} placeholder="/assets/promotions/…" onChange={(event) => set({ imageUrl: event.target.value })} aria-invalid={Boolean(problemOf('imageUrl'))} />
          </Cell>
        </div>
        <div className={styles.wide}>
          <Cell label={t('promotions.field.content')} problem={problem('content')}>
            <TextArea value={draft.content} onChange={(event) => set({ content: event.target.value })} />
          </Cell>
        </div>
        <div className={[styles.wide, styles.languages].join(' ')}>
          <div className={styles.segmented} role="group" aria-label={t('promotions.field.textLanguage')}>
            {PROMOTION_LANGUAGES.map((code) => (
              <button key={code} type="button" aria-pressed={language === code} onClick={() => setLanguage(code)}>
                {t(`promotions.languages.${code}`)}
                {own[code] ? ' ✓' : ''}
              </button>
            ))}
          </div>
          <p className={styles.muted}>{t('promotions.field.textsHint')}</p>
          <Cell label={t('promotions.field.languageTitle', { language: t(`promotions.languages.${language}`) })} problem={problem(`texts.${language}.title`)}>
            <Input maxLength={200} value={draft.texts[language].title} onChange={(event) => setText({ title: event.target.value })} />
          </Cell>
          <Cell label={t('promotions.field.languageContent', { language: t(`promotions.languages.${language}`) })} problem={problem(`texts.${language}.content`)}>
            <TextArea value={draft.texts[language].content} onChange={(event) => setText({ content: event.target.value })} />
          </Cell>
        </div>
      </fieldset>

      <fieldset className={styles.form} disabled={readOnly}>
        <legend>{t('promotions.section.schedule')}</legend>
        <Cell label={t('promotions.field.startTime')} problem={problem('startTime')}>
          <Input type="datetime-local" value={draft.startTime} onChange={(event) => set({ startTime: event.target.value })} />
        </Cell>
        <Cell label={t('promotions.field.endTime')} problem={problem('endTime')}>
          <Input type="datetime-local" value={draft.endTime} onChange={(event) => set({ endTime: event.target.value })} aria-invalid={Boolean(problemOf('endTime'))} />
        </Cell>
        {whole('sortOrder', true)}
        {!stored && <Checkbox label={t('promotions.field.enabled')} checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />}
      </fieldset>

      <fieldset className={styles.form} disabled={readOnly}>
        <legend>{t('promotions.section.rules')}</legend>
        <Field label={t('promotions.field.trigger')}>
          <Select value={draft.trigger} onChange={(event) => set({ trigger: event.target.value as Trigger })}>
            {TRIGGERS.map((value) => (
              <option key={value} value={value}>
                {t(`promotions.trigger.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        {rules && (
          <>
            {['deposit', 'first_deposit', 'promo_code', 'application', 'issued', 'registration'].includes(draft.trigger) && (
              <Field label={t('promotions.field.repeat')}>
                <Select value={draft.repeat} onChange={(event) => set({ repeat: event.target.value as 'once' | 'daily' })}>
                  <option value="once">{t('promotions.repeat.once')}</option>
                  <option value="daily">{t('promotions.repeat.daily')}</option>
                </Select>
              </Field>
            )}
            <Field label={t('promotions.field.rewardKind')}>
              <Select value={draft.rewardKind} onChange={(event) => set({ rewardKind: event.target.value as RewardKind })}>
                {REWARD_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {t(`promotions.reward.${value}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {draft.rewardKind === 'fixed' && money('amount', true)}
            {draft.rewardKind === 'percent' && (
              <>
                <Cell label={t('promotions.field.percent')} problem={problem('percent')}>
                  <Input inputMode="decimal" required value={draft.percent} onChange={(event) => set({ percent: event.target.value })} aria-invalid={Boolean(problemOf('percent'))} />
                </Cell>
                {money('cap')}
              </>
            )}
            {draft.rewardKind === 'streak' && (
              <div className={styles.wide}>
                <Cell label={t('promotions.field.streak')} problem={problem('streak')}>
                  <Input value={draft.streak} placeholder="1, 2, 3, 5, 8" onChange={(event) => set({ streak: event.target.value })} aria-invalid={Boolean(problemOf('streak'))} />
                </Cell>
              </div>
            )}
            {draft.rewardKind === 'tickets' && whole('tickets', true)}
            {draft.rewardKind === 'points' && whole('points', true)}
            {['deposit', 'first_deposit'].includes(draft.trigger) && money('minDeposit')}
            {draft.trigger === 'bet_volume' && money('minBet')}
            {draft.trigger === 'net_loss' && money('minLoss')}
            {draft.trigger === 'promo_code' && (
              <Cell label={t('promotions.field.promoCode')} problem={problem('promoCode')}>
                <Input value={draft.promoCode} maxLength={20} onChange={(event) => set({ promoCode: event.target.value })} aria-invalid={Boolean(problemOf('promoCode'))} />
              </Cell>
            )}
            <Cell label={t('promotions.field.multiplier')} problem={problem('multiplier')}>
              <Input inputMode="decimal" required value={draft.multiplier} onChange={(event) => set({ multiplier: event.target.value })} aria-invalid={Boolean(problemOf('multiplier'))} />
            </Cell>
            {whole('withinDays')}
            {whole('claimWindowHours')}
            {whole('newPlayerDays')}
            <Checkbox label={t('promotions.field.includesDeposit')} checked={draft.includesDeposit} onChange={(event) => set({ includesDeposit: event.target.checked })} />
            <Checkbox label={t('promotions.field.onePerPerson')} checked={draft.onePerPerson} onChange={(event) => set({ onePerPerson: event.target.checked })} />
            <div className={styles.wide} role="group" aria-label={t('promotions.field.requires')}>
              <span className={styles.muted}>{t('promotions.field.requires')}</span>
              <div className={styles.inline}>
                {REQUIREMENTS.map((requirement) => (
                  <Checkbox
                    key={requirement}
                    label={t(`promotions.requires.${requirement}`)}
                    checked={draft.requires.includes(requirement)}
                    onChange={(event) => set({ requires: event.target.checked ? [...draft.requires, requirement] : draft.requires.filter((entry) => entry !== requirement) })}
                  />
                ))}
              </div>
            </div>
          </>
        )}
      </fieldset>

      <fieldset className={styles.form} disabled={readOnly}>
        <legend>{t('promotions.section.audience')}</legend>
        <Cell label={t('promotions.field.vipLevels')} problem={problem('vipLevels')}>
          <Input value={draft.vipLevels} placeholder="1, 2, 3" onChange={(event) => set({ vipLevels: event.target.value })} aria-invalid={Boolean(problemOf('vipLevels'))} />
        </Cell>
        <Cell label={t('promotions.field.labels')} problem={problem('labels')}>
          <Input value={draft.labels} onChange={(event) => set({ labels: event.target.value })} aria-invalid={Boolean(problemOf('labels'))} />
        </Cell>
      </fieldset>

      <PromotionPreview promotion={{ title: draft.title.trim(), content: draft.content, imageUrl: draft.imageUrl.trim(), texts: own }} />

      <div className={styles.formActions}>
        {!readOnly && (
          <Button type="submit" disabled={busy}>
            {stored ? t('promotions.save') : t('promotions.create')}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          {readOnly ? t('close') : t('cancel')}
        </Button>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
    </form>
  );
}
