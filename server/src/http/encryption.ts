import { constants, createDecipheriv, privateDecrypt, webcrypto, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Clock } from '../config';
import { badRequest } from './envelope';

// Encrypted calls (the legacy scheme, deliberately modernised): the browser fetches the RSA public
// key (GET /wps/session/key/rsa, which also tells the server's time), makes a fresh AES-256 key
// per request, sends
//   header  Encryption: base64(RSA-OAEP-SHA256(aesKey))
//   body    { "value": base64(iv[12] ‖ AES-256-GCM(json) ‖ tag[16]) }
// where json = { "ts": <epoch ms by the server's clock>, "nonce": <random, base64url>, "data": <body> }.
// A route opts in with `config: { encrypted: true }`; its schema describes `data`, because the
// hook below swaps the body before validation runs.
//
// Replay: the timestamp and nonce sit inside the authenticated ciphertext, so nobody without the
// AES key can change them. A payload whose ts is more than FRESHNESS_WINDOW_MS from the server's
// clock is refused, and so is a nonce already seen (kept in PostgreSQL until its payload would be
// stale anyway, so every replica refuses a copy another one accepted): 400 request.replay.err.
// A payload without ts and nonce (a page loaded before this rule) is refused the same way:
// replay protection that a sender can opt out of protects nothing.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body arrives encrypted; it is decrypted before schema validation. */
    encrypted?: boolean;
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AES_KEY_BYTES = 32;

/** How far a payload's timestamp may be from the server's clock, either way. */
export const FRESHNESS_WINDOW_MS = 5 * 60_000;
/** 128 random bits in base64url are 22 characters; accept up to 64 of that alphabet. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The plaintext inside an encrypted body. */
export interface SealedPayload {
  /** Epoch ms by the server's clock (the client corrects its own by the key's serverTime). */
  ts: number;
  /** Random per request, base64url. */
  nonce: string;
  /** The request body proper. */
  data: unknown;
}

/** What the decrypting hook needs besides the keys. */
export interface ReplayGuard {
  clock: Clock;
  /**
   * Records a nonce as seen until `expiresAtMs`. False when it was already recorded and has not
   * expired: the payload is a replay. Must be atomic across replicas.
   */
  claimNonce(nonce: string, nowMs: number, expiresAtMs: number): Promise<boolean>;
}

export interface EncryptedRequest {
  /** The `Encryption` header value. */
  encryption: string;
  body: { value: string };
}

/** The random nonce of one payload: 128 bits, base64url. */
export function newNonce(): string {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('base64url');
}

/** The server's public key with the time it was fetched at, as GET /wps/session/key/rsa answers. */
export interface ServerKey {
  publicKey: string;
  /** The server's clock (epoch ms) when the key was fetched: the payload's ts. */
  serverTime: number;
}

/**
 * Encrypts `data` exactly as the browser does, with WebCrypto (Node's implementation of the
 * same API), stamped with the key's serverTime and a fresh nonce (`seal` replaces either, to
 * test the refusals). Used by tests and by tools that call encrypted routes.
 */
export async function encryptForServer(data: unknown, key: ServerKey, seal: Partial<Omit<SealedPayload, 'data'>> = {}): Promise<EncryptedRequest> {
  const payload: SealedPayload = { ts: seal.ts ?? key.serverTime, nonce: seal.nonce ?? newNonce(), data };
  return encryptRawForServer(payload, key.publicKey);
}

/** Encrypts any JSON as it stands, without the timestamp and nonce (tests of the refusals). */
export async function encryptRawForServer(payload: unknown, publicKeyBase64: string): Promise<EncryptedRequest> {
  const { subtle } = webcrypto;
  const rsaKey = await subtle.importKey(
    'spki',
    Buffer.from(publicKeyBase64, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(IV_BYTES));
  // WebCrypto's AES-GCM output is ciphertext followed by the 16-byte tag.
  const sealed = await subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, new TextEncoder().encode(JSON.stringify(payload)));
  const wrappedKey = await subtle.encrypt({ name: 'RSA-OAEP' }, rsaKey, await subtle.exportKey('raw', aesKey));
  return {
    encryption: Buffer.from(wrappedKey).toString('base64'),
    body: { value: Buffer.concat([iv, new Uint8Array(sealed)]).toString('base64') },
  };
}

function unwrapAesKey(wrapped: Buffer, privateKeys: KeyObject[]): Buffer | undefined {
  for (const key of privateKeys) {
    try {
      const aesKey = privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
      if (aesKey.length === AES_KEY_BYTES) return aesKey;
    } catch {
      // Not wrapped with this key: try the next one.
    }
  }
  return undefined;
}

/** Decrypts an encrypted call's body; throws 400 request.decrypt.err on any failure. */
export function decryptPayload(encryptionHeader: string, value: string, privateKeys: KeyObject[]): unknown {
  const aesKey = unwrapAesKey(Buffer.from(encryptionHeader, 'base64'), privateKeys);
  if (!aesKey) throw badRequest('request.decrypt.err');
  const packed = Buffer.from(value, 'base64');
  if (packed.length < IV_BYTES + TAG_BYTES) throw badRequest('request.decrypt.err');
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, packed.subarray(0, IV_BYTES));
    decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
    const plaintext = Buffer.concat([decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)), decipher.final()]);
    return JSON.parse(plaintext.toString('utf8'));
  } catch {
    // GCM tag mismatch (tampered or wrong key) or a payload that is not JSON.
    throw badRequest('request.decrypt.err');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The request body inside a decrypted payload, once its timestamp is within the window and its
 * nonce was never seen (recorded now); throws 400 request.replay.err otherwise.
 */
export async function admitFresh(plaintext: unknown, guard: ReplayGuard): Promise<unknown> {
  if (!isRecord(plaintext) || !Number.isSafeInteger(plaintext.ts) || typeof plaintext.nonce !== 'string' || !('data' in plaintext)) {
    throw badRequest('request.replay.err', 'the payload carries no timestamp and nonce');
  }
  const ts = plaintext.ts as number;
  if (!NONCE_PATTERN.test(plaintext.nonce)) throw badRequest('request.replay.err', 'the nonce is malformed');
  const nowMs = guard.clock();
  if (Math.abs(nowMs - ts) > FRESHNESS_WINDOW_MS) {
    throw badRequest('request.replay.err', `the payload is ${Math.round((nowMs - ts) / 1000)} s from the server's clock`);
  }
  // Kept until the payload would be refused as stale anyway.
  if (!(await guard.claimNonce(plaintext.nonce, nowMs, ts + FRESHNESS_WINDOW_MS))) {
    throw badRequest('request.replay.err', 'the nonce was already used');
  }
  return plaintext.data;
}

function encryptedValueOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>).value;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * Adds the decrypting preValidation hook to every route declared with `config.encrypted`.
 * Must be called before those routes are declared (it is an onRoute hook).
 */
export function registerEncryptedRoutes(app: FastifyInstance, loadKeys: () => Promise<KeyObject[]>, guard: ReplayGuard): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.encrypted) return;
    const decrypt = async (request: FastifyRequest): Promise<void> => {
      const header = request.headers.encryption;
      const value = encryptedValueOf(request);
      // A plaintext body or a missing key is refused outright: never fall back to plaintext.
      if (typeof header !== 'string' || header.length === 0 || value === undefined) {
        throw badRequest('request_body_required');
      }
      request.body = await admitFresh(decryptPayload(header, value, await loadKeys()), guard);
    };
    // Document the header in the route's schema (and so in OpenAPI). Not required there: a
    // missing header is answered by `decrypt` with request_body_required.
    const schema = (route.schema ??= {});
    const headers = (schema.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
    headers.properties = {
      ...headers.properties,
      encryption: { type: 'string', description: 'base64 of the RSA-OAEP-wrapped AES-256 key of this request' },
    };
    schema.headers = headers;
    const existing = route.preValidation;
    route.preValidation = existing ? [decrypt, ...(Array.isArray(existing) ? existing : [existing])] : [decrypt];
  });
}
