// What can go wrong on the way through the merchant's Firebase SMS channel, in the terms the forms
// show: the Firebase JS SDK's error codes (FirebaseError.code, 'auth/…') sorted into a few reasons.
// Read by the code alone, so the main bundle never needs the SDK's FirebaseError class.

export type PhoneProofReason =
  /** The code typed is not the one sent (auth/invalid-verification-code). */
  | 'code_invalid'
  /** The code or its sign-in session expired: a new code is needed. */
  | 'code_expired'
  /** No code was sent through Firebase in this form yet. */
  | 'code_not_sent'
  /** Firebase's abuse limits (auth/too-many-requests, the project's SMS quota). */
  | 'too_many_requests'
  /** Firebase refused the number (auth/invalid-phone-number). */
  | 'phone_invalid'
  /** Google could not be reached, or the SDK's chunk did not load. */
  | 'network'
  /** Anything else (the reCAPTCHA check failed, a misconfigured project…). */
  | 'failed';

/** A failure of the Firebase SMS channel; `cause` holds the SDK's error when there was one. */
export class PhoneProofError extends Error {
  constructor(
    readonly reason: PhoneProofReason,
    options?: { cause?: unknown },
  ) {
    super(`firebase phone proof: ${reason}`, options);
    this.name = 'PhoneProofError';
  }
}

const REASONS: Readonly<Record<string, PhoneProofReason>> = {
  'auth/invalid-verification-code': 'code_invalid',
  'auth/missing-verification-code': 'code_invalid',
  'auth/code-expired': 'code_expired',
  'auth/session-expired': 'code_expired',
  'auth/invalid-verification-id': 'code_expired',
  'auth/missing-verification-id': 'code_expired',
  'auth/too-many-requests': 'too_many_requests',
  'auth/quota-exceeded': 'too_many_requests',
  'auth/invalid-phone-number': 'phone_invalid',
  'auth/missing-phone-number': 'phone_invalid',
  'auth/network-request-failed': 'network',
  'auth/timeout': 'network',
};

/** The PhoneProofError of whatever the SDK (or its loading) threw. */
export function phoneProofErrorOf(error: unknown): PhoneProofError {
  if (error instanceof PhoneProofError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return new PhoneProofError((typeof code === 'string' && REASONS[code]) || 'failed', { cause: error });
}

export const isPhoneProofError = (error: unknown): error is PhoneProofError => error instanceof PhoneProofError;
