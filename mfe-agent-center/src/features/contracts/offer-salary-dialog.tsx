import { Button, useT } from '@platform/shared';
import type { SalaryContract, SalaryKind } from '@platform/shared/contract';
import { useForm } from '@platform/shared/forms';
import { useId, useRef, useState } from 'react';
import styles from './contracts.module.css';
import { OfferDialog, useOfferSending } from './offer-dialog';
import { ratePercentText } from './rate-percent';
import { SALARY_API } from './salary-api';
import { BLANK_TIER, checkTiers, MAX_TIERS, MIN_TIERS, ownRateForTyped, type TierProblem, type TierProblems, type TypedTier } from './salary-tiers';
import { TierTable } from './tier-table';
import { NAMESPACE } from './translations';

interface Values {
  downlineId: string;
}

/** A tier being typed, with a key that survives removing the tiers above it. */
interface TierRow extends TypedTier {
  key: number;
}

export interface OfferSalaryDialogProps {
  kind: SalaryKind;
  /** The agent's own contract of the kind (active): no tier may pay more than it at its thresholds. */
  own: SalaryContract;
  /** The agent's current contracts of the kind with downlines: those agents are not offered another. */
  current: readonly SalaryContract[];
  onClose: () => void;
  onOffered: () => void;
}

/**
 * Offer a daily or hourly salary contract to a direct downline agent: 1 to 20 tiers of team
 * betting ≥ (major units), active members ≥ and rate (percent, two decimals; sent in 0.01 %
 * units), each rate at most what the agent's own contract pays at that tier's thresholds.
 */
export function OfferSalaryDialog({ kind, own, current, onClose, onOffered }: OfferSalaryDialogProps) {
  const { t } = useT(NAMESPACE);
  const formId = useId();
  const sending = useOfferSending();
  const nextKey = useRef(1);
  const [tiers, setTiers] = useState<TierRow[]>([{ key: 0, ...BLANK_TIER }]);
  const [problems, setProblems] = useState<Record<number, TierProblems>>({});

  const problemText = (problem: TierProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem.key) {
      case 'tier_required':
        return t('tier_required');
      case 'tier_bet_format':
        return t('tier_bet_format');
      case 'tier_active_format':
        return t('tier_active_format');
      case 'tier_rate_format':
        return t('tier_rate_format');
      case 'tier_rate_above_own':
        return t('tier_rate_above_own', { max: ratePercentText(problem.maxUnits) });
    }
  };

  const check = () => {
    const result = checkTiers(tiers, own.terms);
    setProblems(Object.fromEntries(tiers.map((tier, index) => [tier.key, result.problems[index]])));
    return result;
  };

  const form = useForm<Values>({
    initialValues: { downlineId: '' },
    validate: (values) => {
      check();
      return { downlineId: sending.downlineError(values.downlineId) };
    },
    onSubmit: async (values) => {
      const { terms } = check();
      if (!terms) {
        form.setFormError(t('tiers_invalid'));
        return;
      }
      await sending.send(() => SALARY_API[kind].offer(Number(values.downlineId), terms));
      onOffered();
    },
    failureMessage: sending.failureMessage,
  });

  const setTierValue = (key: number, field: keyof TypedTier, value: string) => {
    setTiers((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    setProblems((found) => {
      if (!found[key]?.[field]) return found;
      const { [field]: _cleared, ...rest } = found[key];
      return { ...found, [key]: rest };
    });
  };
  const addTier = () => setTiers((rows) => (rows.length >= MAX_TIERS ? rows : [...rows, { key: nextKey.current++, ...BLANK_TIER }]));
  const removeTier = (key: number) => setTiers((rows) => (rows.length <= MIN_TIERS ? rows : rows.filter((row) => row.key !== key)));

  return (
    <OfferDialog
      formId={formId}
      current={current}
      downlineId={form.values.downlineId}
      onDownlineChange={(value) => form.setValue('downlineId', value)}
      downlineError={form.errors.downlineId?.text}
      formError={form.formError}
      busy={form.busy}
      onSubmit={(event) => void form.submit(event)}
      onClose={onClose}
    >
      <div className={styles.ownTerms}>
        <p className={styles.ownTermsTitle}>{t('own_tiers')}</p>
        <TierTable terms={own.terms} testId="offer-own-tiers" label={t('own_tiers')} />
      </div>
      <p className={styles.note}>{t('tiers_explained')}</p>
      <ol className={styles.tierList} aria-label={t('tiers')}>
        {tiers.map((tier, index) => (
          <TierFields
            key={tier.key}
            number={index + 1}
            tier={tier}
            problems={problems[tier.key] ?? {}}
            problemText={problemText}
            ownRate={ownRateForTyped(tier, own.terms)}
            removable={tiers.length > MIN_TIERS}
            onChange={(field, value) => setTierValue(tier.key, field, value)}
            onRemove={() => removeTier(tier.key)}
          />
        ))}
      </ol>
      <div className={styles.tierTools}>
        <p className={styles.note}>{t('tiers_limit', { max: MAX_TIERS })}</p>
        <Button variant="secondary" size="sm" onClick={addTier} disabled={tiers.length >= MAX_TIERS} data-testid="offer-tier-add">
          {t('tier_add')}
        </Button>
      </div>
    </OfferDialog>
  );
}

interface TierFieldsProps {
  number: number;
  tier: TypedTier;
  problems: TierProblems;
  problemText: (problem: TierProblem | undefined) => string | undefined;
  /** What the agent's own contract pays at the typed thresholds; null until both read. */
  ownRate: number | null;
  removable: boolean;
  onChange: (field: keyof TypedTier, value: string) => void;
  onRemove: () => void;
}

/** One tier's three numbers, named "Tier n" as a group. */
function TierFields({ number, tier, problems, problemText, ownRate, removable, onChange, onRemove }: TierFieldsProps) {
  const { t } = useT(NAMESPACE);
  const titleId = useId();
  const testId = `offer-tier-${number}`;
  return (
    <li>
      <div className={styles.tier} role="group" aria-labelledby={titleId} data-testid={testId}>
        <div className={styles.tierHead}>
          <span id={titleId}>{t('tier_title', { number })}</span>
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={!removable} aria-label={t('tier_remove_label', { number })} data-testid={`${testId}-remove`}>
            {t('tier_remove')}
          </Button>
        </div>
        <div className={styles.tierFields}>
          <NumberField
            label={t('col_tier_bet')}
            value={tier.bet}
            onChange={(value) => onChange('bet', value)}
            inputMode="decimal"
            maxLength={13}
            placeholder="0.00"
            error={problemText(problems.bet)}
            testId={`${testId}-bet`}
          />
          <NumberField
            label={t('col_tier_active')}
            value={tier.active}
            onChange={(value) => onChange('active', value)}
            inputMode="numeric"
            maxLength={7}
            placeholder="0"
            error={problemText(problems.active)}
            testId={`${testId}-active`}
          />
          <NumberField
            label={t('field_tier_rate')}
            value={tier.rate}
            onChange={(value) => onChange('rate', value)}
            inputMode="decimal"
            maxLength={6}
            placeholder="0.00"
            error={problemText(problems.rate)}
            hint={ownRate === null ? undefined : t('tier_own_rate', { rate: ratePercentText(ownRate) })}
            testId={`${testId}-rate`}
          />
        </div>
      </div>
    </li>
  );
}

interface NumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode: 'decimal' | 'numeric';
  maxLength: number;
  placeholder: string;
  error?: string;
  hint?: string;
  testId: string;
}

/** A labelled number typed as text (kept exactly as typed, read by the tier rules), its error or hint under it. */
function NumberField({ label, value, onChange, inputMode, maxLength, placeholder, error, hint, testId }: NumberFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={error ? `${styles.field} ${styles.invalid}` : styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        className={styles.numberInput}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? noteId : undefined}
        data-testid={testId}
      />
      {error ? (
        <p id={noteId} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className={styles.fieldHint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
