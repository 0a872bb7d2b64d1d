import { TextField } from '@platform/shared/forms';
import type { FormEvent, ReactNode } from 'react';
import layout from './agent-page.module.css';

/** The longest name subordinateName takes. */
const USERNAME_MAX_LENGTH = 64;

export interface UsernameSearchProps {
  /** The search landmark's name (aria-label); left off where the section's heading says it. */
  label?: string;
  /** The field's name; with `testIdPrefix` its test id. */
  name: string;
  fieldLabel: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  testIdPrefix: string;
  onSubmit: (event: FormEvent) => void;
  /** The buttons beside the field (the submit button among them). */
  children: ReactNode;
}

/**
 * A search by the username of a member of the agent's team (Account Details' picker, the team
 * scope of Team Betting and Team Overview): the field, and its actions wrapping under it.
 */
export function UsernameSearch({ label, name, fieldLabel, value, onChange, placeholder, testIdPrefix, onSubmit, children }: UsernameSearchProps) {
  return (
    <form className={layout.search} role="search" aria-label={label} onSubmit={onSubmit}>
      <div className={layout.searchField}>
        <TextField name={name} label={fieldLabel} value={value} onChange={onChange} maxLength={USERNAME_MAX_LENGTH} placeholder={placeholder} testIdPrefix={testIdPrefix} />
      </div>
      <div className={layout.searchActions}>{children}</div>
    </form>
  );
}

