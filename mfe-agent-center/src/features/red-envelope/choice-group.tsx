import styles from './red-envelope.module.css';

export interface Choice<V extends string> {
  value: V;
  label: string;
  /** One line under the label: what the choice does. */
  description: string;
}

export interface ChoiceGroupProps<V extends string> {
  /** The radio group's name; with `testIdPrefix` also the prefix of each option's data-testid (`red-envelope-type-share`). */
  name: string;
  legend: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  testIdPrefix?: string;
}

/** Radio options laid out as cards, each with its one-line explanation; side by side where there is room. */
export function ChoiceGroup<V extends string>({ name, legend, value, choices, onChange, disabled, testIdPrefix }: ChoiceGroupProps<V>) {
  return (
    <fieldset className={styles.choices} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.choiceList}>
        {choices.map((choice) => (
          <label key={choice.value} className={choice.value === value ? `${styles.choice} ${styles.chosen}` : styles.choice}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              data-testid={testIdPrefix ? `${testIdPrefix}-${name}-${choice.value}` : undefined}
            />
            <span className={styles.choiceText}>
              <span className={styles.choiceLabel}>{choice.label}</span>
              <span className={styles.choiceDescription}>{choice.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
