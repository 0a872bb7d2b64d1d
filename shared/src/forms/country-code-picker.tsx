import { useT } from '@platform/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CountryEntry } from '../types/wire';
import { countryFlag, normaliseDialingCode } from './country-flag';
import { DROPDOWN_CLOSE_DELAY_MS } from './form-constants';
import styles from './country-code-picker.module.css';

export interface CountryCodePickerProps {
  countries: CountryEntry[];
  /** The chosen dialling code, '+880'. */
  value: string;
  onChange: (dialingCode: string) => void;
  testId?: string;
}

/**
 * Country dialling-code picker with flags (registration): the list opens when the picker
 * gets focus and closes 200 ms after it loses it, which leaves time for a click on an option.
 */
export function CountryCodePicker({ countries, value, onChange, testId = 'country-code-picker' }: CountryCodePickerProps) {
  const { t } = useT();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const selected = countries.find((country) => normaliseDialingCode(country.countryDialingCode) === value);

  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const openList = () => {
    cancelClose();
    setActive(Math.max(0, countries.indexOf(selected as CountryEntry)));
    setOpen(true);
  };
  const closeLater = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  };
  const choose = (country: CountryEntry) => {
    onChange(normaliseDialingCode(country.countryDialingCode));
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!countries.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + countries.length) % countries.length);
    } else if ((event.key === 'Enter' || event.key === ' ') && open) {
      event.preventDefault();
      choose(countries[active]);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className={styles.picker} data-testid={testId}>
      <button
        type="button"
        className={styles.toggle}
        role="combobox"
        aria-label={t('forms.country_code')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && countries[active] ? `${listId}-${countries[active].countryCode}` : undefined}
        onFocus={openList}
        onBlur={closeLater}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
      >
        {selected && (
          <span className={styles.flag} aria-hidden="true">
            {countryFlag(selected.countryCode)}
          </span>
        )}
        <span>{value || t('forms.country_code')}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && countries.length > 0 && (
        <ul id={listId} role="listbox" aria-label={t('forms.country_code')} className={styles.list}>
          {countries.map((country, index) => {
            const code = normaliseDialingCode(country.countryDialingCode);
            const isSelected = code === value;
            return (
              <li
                key={country.countryCode}
                id={`${listId}-${country.countryCode}`}
                role="option"
                aria-selected={isSelected}
                className={[styles.option, index === active && styles.active, isSelected && styles.selected].filter(Boolean).join(' ')}
                // Keeps the focus on the picker, so the list is not closed under the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(country)}
              >
                <span className={styles.flag} aria-hidden="true">
                  {countryFlag(country.countryCode)}
                </span>
                <span>{country.name}</span>
                <span className={styles.code}>{code}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

