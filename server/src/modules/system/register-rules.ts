import type { RegisterFieldRule } from '@platform/contract';

// Floors under the merchant's password rule (ASVS 5.0 V6.2): at least 8 characters are required
// and at least 64 are allowed, whatever the stored row says. The merchant's pattern is kept as it
// is; the seed's default is '*' (any character, spaces included). Applied where the rules are
// read, so the form's rule text, registration, change and reset all see the same bounds.

export const PASSWORD_LENGTH_FLOOR = { minLength: 8, maxLength: 64 } as const;

/** The fields a new password is typed into (paymentPassword is a PIN with its own rule). */
const PASSWORD_FIELDS = ['password', 'confirmPassword'] as const;

/** A password rule with its bounds raised to the floors. */
export function withPasswordFloor(rule: RegisterFieldRule): RegisterFieldRule {
  return {
    ...rule,
    minLength: Math.max(rule.minLength, PASSWORD_LENGTH_FLOOR.minLength),
    maxLength: Math.max(rule.maxLength, PASSWORD_LENGTH_FLOOR.maxLength),
  };
}

/** The merchant's rules with the password floors applied. */
export function withPasswordFloors(rules: Record<string, RegisterFieldRule>): Record<string, RegisterFieldRule> {
  const floored = { ...rules };
  for (const field of PASSWORD_FIELDS) {
    if (floored[field]) floored[field] = withPasswordFloor(floored[field]);
  }
  return floored;
}
