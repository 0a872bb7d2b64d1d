// The number picker of one play: a row per PickRow with its label and value buttons (a value
// picked or not: aria-pressed), quick buttons for rows of numbers (all, big, small, odd, even,
// clear, and a random pick), and for rows too long for buttons (3 càng, 000-999) a field where
// numbers are typed.
import { Button, useT } from '@platform/shared';
import { lhcColour, type PickRow, type PlayDefinition } from '@platform/lottery-rules';
import { useId, useState, type FormEvent } from 'react';
import styles from './betting.module.css';
import { cx } from './cx';
import {
  QUICK_PICKS,
  isNumericRow,
  isPicked,
  isTypedRow,
  maskOfValues,
  parseTypedValues,
  pickedValues,
  quickAllowed,
  quickMask,
  randomRowMask,
  toggleValue,
  valueText,
  withRow,
  type Picks,
} from './picker';
import { NAMESPACE } from './translations';

/** Typed rows show this many of their picked numbers (then "+n more"). */
const SHOWN_TYPED_VALUES = 60;

interface RowProps {
  play: PlayDefinition;
  row: PickRow;
  mask: bigint;
  onMask: (mask: bigint) => void;
  onToggle: (value: number) => void;
}

function QuickButtons({ row, mask, onMask, typed, randomPick }: { row: PickRow; mask: bigint; onMask: (mask: bigint) => void; typed: boolean; randomPick: () => bigint }) {
  const { t } = useT(NAMESPACE);
  const quicks = typed ? QUICK_PICKS.filter((quick) => quick === 'clear') : QUICK_PICKS;
  return (
    <div className={styles.quick} role="group" aria-label={t('quick_picks_of', { row: t(row.labelKey) })}>
      {quicks.map((quick) => (
        <button
          key={quick}
          type="button"
          className={styles.quickButton}
          disabled={!quickAllowed(row, quick) || (quick === 'clear' && mask === 0n)}
          onClick={() => onMask(quickMask(row, quick))}
          data-testid={`quick-${quick}`}
        >
          {t(`quick_${quick}`)}
        </button>
      ))}
      <button type="button" className={styles.quickButton} onClick={() => onMask(randomPick())} data-testid="quick-random">
        {t('quick_random')}
      </button>
    </div>
  );
}

function ValueButtons({ play, row, mask, onToggle }: RowProps) {
  const { t } = useT(NAMESPACE);
  const keyed = row.display === 'key';
  return (
    <div className={cx(styles.values, keyed && styles.keyValues, row.values.length > 12 && styles.denseValues)} role="group" aria-label={t(row.labelKey)}>
      {row.values.map((value, index) => {
        const colour = play.kind === 'LHC' && !keyed ? lhcColour(value) : null;
        return (
          <button
            key={value}
            type="button"
            className={cx(keyed ? styles.keyValue : styles.value, colour && styles[`pick_${colour}`])}
            aria-pressed={isPicked(mask, value)}
            onClick={() => onToggle(value)}
            data-testid="pick-value"
            data-value={value}
          >
            {keyed ? t(row.valueKeys?.[index] ?? String(value)) : valueText(row, value)}
          </button>
        );
      })}
    </div>
  );
}

function TypedValues({ row, mask, onMask }: RowProps) {
  const { t } = useT(NAMESPACE);
  const inputId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  const picked = pickedValues(row, mask);
  const widest = String(Math.max(...row.values)).length;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTypedValues(row, text);
    if (parsed.values.length > 0) onMask(mask | maskOfValues(parsed.values));
    setInvalid(parsed.invalid);
    if (parsed.invalid.length === 0) setText('');
  };

  return (
    <div className={styles.typed}>
      <form className={styles.typedForm} onSubmit={add}>
        <label htmlFor={inputId} className={styles.typedLabel}>
          {t('type_numbers', { digits: widest })}
        </label>
        <div className={styles.typedField}>
          <input
            id={inputId}
            className={styles.typedInput}
            value={text}
            onChange={(event) => setText(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('type_numbers_placeholder')}
            aria-invalid={invalid.length > 0 || undefined}
            data-testid="typed-numbers"
          />
          <Button type="submit" size="sm" disabled={text.trim() === ''} data-testid="typed-numbers-add">
            {t('add_numbers')}
          </Button>
        </div>
        {invalid.length > 0 && (
          <p className={styles.fieldError} role="alert">
            {t('numbers_not_valid', { numbers: invalid.join(', '), digits: widest })}
          </p>
        )}
      </form>
      {picked.length > 0 && (
        <ul className={styles.chips} aria-label={t('picked_numbers')}>
          {picked.slice(0, SHOWN_TYPED_VALUES).map((value) => (
            <li key={value}>
              <button type="button" className={styles.chip} onClick={() => onMask(mask & ~maskOfValues([value]))} aria-label={t('remove_number', { number: valueText(row, value) })}>
                {valueText(row, value)} ×
              </button>
            </li>
          ))}
          {picked.length > SHOWN_TYPED_VALUES && <li className={styles.muted}>{t('more_numbers', { count: picked.length - SHOWN_TYPED_VALUES })}</li>}
        </ul>
      )}
    </div>
  );
}

export function NumberPicker({ play, picks, onChange }: { play: PlayDefinition; picks: Picks; onChange: (picks: bigint[]) => void }) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.picker} data-testid="number-picker">
      {play.rows.map((row, rowIndex) => {
        const mask = picks[rowIndex] ?? 0n;
        const typed = isTypedRow(row);
        const props: RowProps = {
          play,
          row,
          mask,
          onMask: (next) => onChange(withRow(picks, rowIndex, next)),
          onToggle: (value) => onChange(toggleValue(picks, rowIndex, value)),
        };
        return (
          <fieldset key={`${row.labelKey}-${rowIndex}`} className={styles.pickRow} data-testid="pick-row">
            <legend className={styles.rowLabel}>
              {t(row.labelKey)}
              {row.min > 1 && <span className={styles.rowHint}>{t('pick_at_least', { count: row.min })}</span>}
            </legend>
            {typed ? <TypedValues {...props} /> : <ValueButtons {...props} />}
            {isNumericRow(row) && (
              <QuickButtons row={row} mask={mask} onMask={props.onMask} typed={typed} randomPick={() => randomRowMask(play, picks, rowIndex)} />
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
