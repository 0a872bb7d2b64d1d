import { Button, useT } from '@platform/shared';
import { useForm } from '@platform/shared/forms';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { ContractBase } from './contract-actions';
import styles from './contracts.module.css';
import { FieldFrame } from './field-frame';
import { OfferDialog, useOfferSending } from './offer-dialog';
import { ratePercentText } from './rate-percent';
import {
  blankTier,
  checkTiers,
  MAX_TIERS,
  MIN_TIERS,
  ownRateForTyped,
  type Tier,
  type TierAmountField,
  type TierProblem,
  type TierProblems,
  type TierTerms,
  type TypedTier,
} from './salary-tiers';
import { TierTable } from './tier-table';
import { NAMESPACE } from './translations';

interface Values {
  downlineId: string;
}

/** A tier being typed, with a key that survives removing the tiers above it. */
type TierRow<F extends TierAmountField> = TypedTier<F> & { key: number };

export interface OfferTiersDialogProps<F extends TierAmountField> {
  /** The kind's amount threshold: team betting (salary) or team net loss (dividend). */
  field: F;
  /** The agent's own terms of the kind (its active contract's): no tier may pay more than they do at its thresholds. */
  own: TierTerms<F>;
  /** The agent's current contracts of the kind with downlines: those agents are not offered another. */
  current: readonly ContractBase[];
  /** Sends the offer of these tiers to a direct downline agent (the kind adds the rest of its terms). */
  offer: (downlineId: number, tiers: Tier<F>[]) => Promise<unknown>;
  onClose: () => void;
  onOffered: () => void;
  /** The kind's other terms, shown above the tiers (the dividend's cycle). */
  children?: ReactNode;
}

/**
 * Offer a tiered contract (daily or hourly salary, dividend) to a direct downline agent: 1 to 20
 * tiers of an amount ≥ (team betting or net loss, major units), active members ≥ and rate
 * (percent, two decimals; sent in 0.01 % units), each rate at most what the agent's own contract
 * pays at that tier's thresholds.
 */
export function OfferTiersDialog<F extends TierAmountField>({ field, own, current, offer, onClose, onOffered, children }: OfferTiersDialogProps<F>) {
  const { t } = useT(NAMESPACE);
  const sending = useOfferSending();
  const nextKey = useRef(1);
  const [tiers, setTiers] = useState<TierRow<F>[]>(() => [{ key: 0, ...blankTier(field) }]);
  const [problems, setProblems] = useState<Record<number, TierProblems<F>>>({});

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
    const result = checkTiers(tiers, own, field);
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
      await sending.send(() => offer(Number(values.downlineId), terms.tiers));
      onOffered();
    },
    failureMessage: sending.failureMessage,
  });

  const setTierValue = (key: number, name: keyof TypedTier<F>, value: string) => {
    setTiers((rows) => rows.map((row) => (row.key === key ? { ...row, [name]: value } : row)));
    setProblems((found) => {
      if (!found[key]?.[name]) return found;
      const rest: TierProblems<F> = { ...found[key] };
      delete rest[name];
      return { ...found, [key]: rest };
    });
  };
  const addTier = () => setTiers((rows) => (rows.length >= MAX_TIERS ? rows : [...rows, { key: nextKey.current++, ...blankTier(field) }]));
  const removeTier = (key: number) => setTiers((rows) => (rows.length <= MIN_TIERS ? rows : rows.filter((row) => row.key !== key)));

  return (
    <OfferDialog form={form} current={current} onClose={onClose}>
      {children}
      <div className={styles.ownTerms}>
        <p className={styles.ownTermsTitle}>{t('own_tiers')}</p>
        <TierTable terms={own} field={field} testId="offer-own-tiers" label={t('own_tiers')} />
      </div>
      <p className={styles.note}>{field === 'loss' ? t('tiers_explained_loss') : t('tiers_explained')}</p>
      <ol className={styles.tierList} aria-label={t('tiers')}>
        {tiers.map((tier, index) => (
          <TierFields
            key={tier.key}
            field={field}
            number={index + 1}
            tier={tier}
            problems={problems[tier.key] ?? {}}
            problemText={problemText}
            ownRate={ownRateForTyped(tier, own, field)}
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

interface TierFieldsProps<F extends TierAmountField> {
  field: F;
  number: number;
  tier: TypedTier<F>;
  problems: TierProblems<F>;
  problemText: (problem: TierProblem | undefined) => string | undefined;
  /** What the agent's own contract pays at the typed thresholds; null until both read. */
  ownRate: number | null;
  removable: boolean;
  onChange: (name: keyof TypedTier<F>, value: string) => void;
  onRemove: () => void;
}

/** One tier's three numbers, named "Tier n" as a group. */
function TierFields<F extends TierAmountField>({ field, number, tier, problems, problemText, ownRate, removable, onChange, onRemove }: TierFieldsProps<F>) {
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
            label={field === 'loss' ? t('col_tier_loss') : t('col_tier_bet')}
            value={tier[field]}
            onChange={(value) => onChange(field, value)}
            inputMode="decimal"
            maxLength={13}
            placeholder="0.00"
            error={problemText(problems[field])}
            testId={`${testId}-${field}`}
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
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          className={styles.numberInput}
          inputMode={inputMode}
          maxLength={maxLength}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
        />
      )}
    </FieldFrame>
  );
}
