import styles from './contracts.module.css';
import { FieldFrame } from './field-frame';

export interface SelectFieldProps<V extends string> {
  /** The form field's name; with `testIdPrefix` also its data-testid (`offer-downline`, `create-account-rebate`); the register centre's forms use it too. */
  name: string;
  label: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** A first option that chooses nothing (the field then asks for a choice). */
  placeholder?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  testIdPrefix?: string;
}

/** A labelled select with its error under it, laid out as the forms kit's TextField. */
export function SelectField<V extends string>({ name, label, value, options, onChange, placeholder, error, hint, disabled, testIdPrefix }: SelectFieldProps<V>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <select
          {...control}
          name={name}
          className={styles.select}
          value={value}
          disabled={disabled}
          data-testid={testIdPrefix ? `${testIdPrefix}-${name}` : undefined}
          onChange={(event) => onChange(event.target.value as V)}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
