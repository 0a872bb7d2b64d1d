import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { claimProof, selectFirebaseSmsSetting } from './phone-proof.queries';
import { firebaseSmsSettingsFrom, type FirebaseSmsSettings } from './phone-proof.settings';

// The third-party (Firebase) SMS channel. With Firebase phone auth the browser has Google send the
// SMS; once the visitor typed the code, Firebase signs them in and the browser holds an ID token
// (a JWT Google signs) saying which phone number was proved. Sent as `firebaseIdToken` with
// `firebaseChannel: 'sms'`, it replaces the site's own SMS code at SMS login and at registration.
//
// The token is checked as Firebase documents for its Admin SDK (verifyIdToken), by the server's
// injected clock:
//   - RS256 only, signed by one of Google's securetoken keys (the JWKS below, read and cached by
//     jose: re-read after 10 minutes, or when a token names a key not seen yet, at most every 30 s);
//   - iss https://securetoken.google.com/<projectId> and aud <projectId> of this merchant's setting;
//   - exp in the future, iat and auth_time not in the future (60 s of clock skew either way), and
//     the phone sign-in (auth_time) at most maxAuthAgeSeconds old (600 s by default);
//   - sub (the Firebase uid) non-empty, at most 128 characters;
//   - firebase.sign_in_provider 'phone' and phone_number an E.164 number, which must be the number
//     the login or registration names (normalised as the site stores numbers: dialling code and
//     national number without trunk zeros);
//   - once: its identity (iss, sub, iat; or its jti) is claimed in phone_proof_used until it
//     expires, so a second use, here or on another replica, is refused.
// Google's key set being out of reach is no answer about the token: 503 server.busy.

/** Google's public keys for Firebase ID tokens. */
export const FIREBASE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

const CLOCK_SKEW_SECONDS = 60;
const MAX_UID_LENGTH = 128;
const E164 = /^\+[1-9][0-9]{6,14}$/;

export interface PhoneProofOptions {
  /**
   * Where the signing keys are read (default Google's FIREBASE_JWKS_URL). https, or http on a
   * loopback address (tests, an emulator).
   */
  jwksUrl?: string;
  /** A key set in hand instead of a URL (jose's createLocalJWKSet); jwksUrl is then not read. */
  keys?: JWTVerifyGetKey;
}

export type PhoneProofRefusal = 'firebase.token.invalid' | 'firebase.phone.mismatch';

/** A checked token, not used up yet (claim() does that). */
export interface PhoneProof {
  /** The proved number, E.164. */
  phoneNumber: string;
  /** The Firebase uid. */
  uid: string;
  /** Hex SHA-256 of the token's identity: what phone_proof_used keys it by. */
  proofHash: string;
  /** Until when the token could be taken (its exp plus the clock skew): the used row lives this long. */
  expiresAtMs: number;
}

export type PhoneProofCheck = { ok: true; proof: PhoneProof } | { ok: false; errorCode: PhoneProofRefusal; reason: string };

/** What a login or registration body asks for: the channel's token. */
export interface PhoneProofRequest {
  channel: unknown;
  idToken: unknown;
}

export interface PhoneProofGate {
  /** The merchant's channel, or undefined when it has none (absent or incomplete setting: off). */
  settingsOf(db: Db, merchantId: number): Promise<FirebaseSmsSettings | undefined>;
  /**
   * Checks a token against the merchant's channel and the number the caller names (null: none
   * named, a mismatch). Throws 503 server.busy only when Google's keys cannot be read.
   */
  check(settings: FirebaseSmsSettings, request: PhoneProofRequest, mobileE164: string | null, nowMs: number): Promise<PhoneProofCheck>;
  /** Uses a checked token up: false when it was used before (a replay). */
  claim(db: Db, merchantId: number, proof: PhoneProof, nowMs: number): Promise<boolean>;
}

/**
 * The channel fields of a login or registration body, or undefined when it names no channel
 * (the site's own SMS code is then checked, as without this module).
 */
export function phoneProofRequestOf(body: { firebaseChannel?: unknown; firebaseIdToken?: unknown }): PhoneProofRequest | undefined {
  if (body.firebaseChannel === undefined && body.firebaseIdToken === undefined) return undefined;
  return { channel: body.firebaseChannel, idToken: body.firebaseIdToken };
}

/** 400 function.not.enabled: a body named the channel where the merchant has none. */
export const phoneProofNotEnabled = (): AppError =>
  new AppError(400, 'function.not.enabled', { detail: 'the Firebase SMS channel (firebaseChannel) is not configured for this site' });

/** Google's key set could not be read: the fault is not the caller's. */
class KeySetUnavailable extends Error {
  constructor(cause: unknown) {
    super('the Firebase signing keys could not be read', { cause });
    this.name = 'KeySetUnavailable';
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** The key set URL, refused unless https (or http on a loopback address). */
export function jwksUrlOf(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`The Firebase key set URL is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new Error(`The Firebase key set URL must be https (http only on a loopback address), got "${raw}"`);
  }
  return url;
}

/** A getKey that tells a token naming no known key (its fault) from a key set out of reach (ours). */
function remoteKeys(url: URL): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(url, { timeoutDuration: 5000 });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new KeySetUnavailable(error);
    }
  };
}

const refuse = (errorCode: PhoneProofRefusal, reason: string): PhoneProofCheck => ({ ok: false, errorCode, reason });

/** What in a verified payload is wrong for a phone proof, or undefined. */
function claimProblem(payload: JWTPayload, settings: FirebaseSmsSettings, nowSeconds: number): string | undefined {
  // jose checked iss, aud (one of), exp and nbf; Firebase's own checks want aud exactly the project.
  if (payload.aud !== settings.projectId) return 'aud is not exactly the project id';
  if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > MAX_UID_LENGTH) return 'sub is empty or too long';
  if (typeof payload.exp !== 'number') return 'no exp';
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + CLOCK_SKEW_SECONDS) return 'iat is missing or in the future';
  const authTime = payload.auth_time;
  if (typeof authTime !== 'number' || !Number.isFinite(authTime) || authTime > nowSeconds + CLOCK_SKEW_SECONDS) return 'auth_time is missing or in the future';
  if (authTime > payload.iat + CLOCK_SKEW_SECONDS) return 'auth_time is after iat';
  if (nowSeconds - authTime > settings.maxAuthAgeSeconds) return 'the phone sign-in is too old (auth_time)';
  const firebase = payload.firebase;
  const provider = typeof firebase === 'object' && firebase !== null ? (firebase as Record<string, unknown>).sign_in_provider : undefined;
  if (provider !== 'phone') return `sign_in_provider is ${typeof provider === 'string' ? provider : 'missing'}, not phone`;
  if (typeof payload.phone_number !== 'string' || !E164.test(payload.phone_number)) return 'phone_number is missing or not E.164';
  return undefined;
}

/** The identity of a token: its jti, else (iss, sub, iat), which no two tokens share. */
function proofHashOf(payload: JWTPayload): string {
  const identity = typeof payload.jti === 'string' && payload.jti !== '' ? `jti\n${payload.iss}\n${payload.jti}` : `sub\n${payload.iss}\n${payload.sub}\n${payload.iat}`;
  return createHash('sha256').update(identity, 'utf8').digest('hex');
}

export function createPhoneProofGate(options: PhoneProofOptions = {}): PhoneProofGate {
  // Read once per process and shared by every merchant: Google signs every project's tokens with these keys.
  const keys = options.keys ?? remoteKeys(jwksUrlOf(options.jwksUrl ?? FIREBASE_JWKS_URL));

  return {
    async settingsOf(db, merchantId) {
      return firebaseSmsSettingsFrom(await selectFirebaseSmsSetting(db, merchantId));
    },

    async check(settings, request, mobileE164, nowMs) {
      if (request.channel !== 'sms') return refuse('firebase.token.invalid', 'firebaseChannel must be sms');
      const token = typeof request.idToken === 'string' ? request.idToken.trim() : '';
      if (token === '') return refuse('firebase.token.invalid', 'firebaseIdToken is missing');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          algorithms: ['RS256'],
          issuer: `https://securetoken.google.com/${settings.projectId}`,
          audience: settings.projectId,
          currentDate: new Date(nowMs),
          clockTolerance: CLOCK_SKEW_SECONDS,
          requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
        }));
      } catch (error) {
        if (error instanceof KeySetUnavailable) throw new AppError(503, 'server.busy', { detail: error.message });
        if (error instanceof errors.JOSEError) return refuse('firebase.token.invalid', `${error.code}: ${error.message}`);
        throw error;
      }
      const problem = claimProblem(payload, settings, Math.floor(nowMs / 1000));
      if (problem) return refuse('firebase.token.invalid', problem);
      const phoneNumber = payload.phone_number as string;
      if (mobileE164 === null || phoneNumber !== mobileE164) {
        return refuse('firebase.phone.mismatch', mobileE164 === null ? 'no mobile number was sent' : 'the token proves another number');
      }
      return {
        ok: true,
        proof: {
          phoneNumber,
          uid: payload.sub as string,
          proofHash: proofHashOf(payload),
          expiresAtMs: ((payload.exp as number) + CLOCK_SKEW_SECONDS) * 1000,
        },
      };
    },

    claim(db, merchantId, proof, nowMs) {
      return claimProof(db, merchantId, proof.proofHash, nowMs, proof.expiresAtMs);
    },
  };
}
