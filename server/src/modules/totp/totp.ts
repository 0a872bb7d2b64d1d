import { Secret, TOTP } from 'otpauth';

// Authenticator-app codes (RFC 6238 TOTP) with the parameters every authenticator app supports:
// HMAC-SHA-1, 6 digits, 30-second steps. A code is accepted one step early or late (clock drift
// of a phone), and never for a step at or before the last one accepted (no replay).

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps accepted either side of now. */
const WINDOW = 1;

/** A new 160-bit secret, as base32 (what the member types or scans). */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** otpauth://totp/… URI for the QR code (issuer = brand, label = account name). */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totpOf(secretBase32, issuer, label).toString();
}

/**
 * The time step `code` is valid for at `nowMs`, or null. `lastUsedStep` (the step of the last
 * accepted code) rejects a replay of that code or any older one.
 */
export function acceptedTotpStep(secretBase32: string, code: string, nowMs: number, lastUsedStep: number | null): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD_SECONDS, timestamp: nowMs }) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
