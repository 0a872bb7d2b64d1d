import type { LoginResult } from '@platform/shared';

/** How the player got their token: decides the forced password change (not after an SMS login). */
export type LoginMethod = 'username' | 'sms' | 'freeplay' | 'oauth' | 'reset';

/** A successful login, handed by a form to whoever hosts it (popup or page). */
export interface LoginOutcome {
  result: LoginResult;
  method: LoginMethod;
  /** The account name typed (the mobile number for SMS login). */
  username: string;
  /** The password typed, kept in memory for the forced change; absent for SMS, free play, OAuth. */
  password?: string;
}
