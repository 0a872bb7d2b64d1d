import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../http/envelope';

// The part of the password policy no merchant rule changes (registration, change, reset): none of
// the common or breached passwords on the offline list bundled with zxcvbn-ts (about 49,000 of
// them: '123456', 'password1', 'qwerty123', ...). The lengths (at least 8, at least 64 allowed)
// are floors under the merchant's rule (system module, register-rules.ts); the merchant's
// pattern applies as it is (member registration-rules.ts).

let common: ReadonlySet<string> | undefined;

/** The list, read once (about 80 ms) on first use; its entries are lower-case. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

/** Whether a password is on the common-password list, compared without regard to case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** 400 password.too.common naming `field` when the password is on the list. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new AppError(400, 'password.too.common', {}, { field });
}
