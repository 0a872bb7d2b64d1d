import * as argon2 from 'argon2';
import { defaultHashGateLimits, HashGate } from './hash-gate';

// Password hashing: argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). About
// 30-50 ms per hash, so callers refuse locked-out attempts before they get here, and every hash
// and verification goes through one gate (hash-gate.ts): a few at a time, verifications first,
// and 503 server.busy past a bounded queue.

/** The process's one gate in front of argon2. */
export const passwordHashGate = new HashGate(defaultHashGateLimits());

export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** A PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) with a fresh random salt. */
export function hashPassword(password: string): Promise<string> {
  return passwordHashGate.run('hash', () => argon2.hash(password, PASSWORD_HASH_OPTIONS));
}

/**
 * True when `password` matches; false for a mismatch and for a hash that cannot be read. A full
 * gate throws 503 server.busy: that is no answer about the password.
 */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordHashGate.run('verify', async () => {
    try {
      return await argon2.verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** True when a stored hash was made with weaker (older) parameters and should be replaced. */
export function passwordNeedsRehash(passwordHash: string): boolean {
  try {
    return argon2.needsRehash(passwordHash, PASSWORD_HASH_OPTIONS);
  } catch {
    return true;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification and answers false: used when the account does not
 * exist, so the answer time does not reveal which account names are taken.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  // Made once per process, outside the gate: a refusal must not be remembered as the decoy.
  decoyHash ??= argon2.hash('decoy password that matches nobody', PASSWORD_HASH_OPTIONS);
  await verifyPassword(await decoyHash, password);
  return false;
}
