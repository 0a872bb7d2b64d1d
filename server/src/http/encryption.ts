import { constants, createDecipheriv, privateDecrypt, webcrypto, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { badRequest } from './envelope';

// Encrypted calls (REFERENCE.md §2, deliberately modernised): the browser fetches the RSA public
// key (GET /wps/session/key/rsa), makes a fresh AES-256 key per request, sends
//   header  Encryption: base64(RSA-OAEP-SHA256(aesKey))
//   body    { "value": base64(iv[12] ‖ AES-256-GCM(json) ‖ tag[16]) }
// A route opts in with `config: { encrypted: true }`; its schema describes the decrypted body,
// because the hook below swaps the body before validation runs.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body arrives encrypted; it is decrypted before schema validation. */
    encrypted?: boolean;
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AES_KEY_BYTES = 32;

export interface EncryptedRequest {
  /** The `Encryption` header value. */
  encryption: string;
  body: { value: string };
}

/**
 * Encrypts `payload` exactly as the browser does, with WebCrypto (Node's implementation of the
 * same API). Used by tests and by tools that call encrypted routes.
 */
export async function encryptForServer(payload: unknown, publicKeyBase64: string): Promise<EncryptedRequest> {
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
export function registerEncryptedRoutes(app: FastifyInstance, loadKeys: () => Promise<KeyObject[]>): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.encrypted) return;
    const decrypt = async (request: FastifyRequest): Promise<void> => {
      const header = request.headers.encryption;
      const value = encryptedValueOf(request);
      // A plaintext body or a missing key is refused outright: never fall back to plaintext.
      if (typeof header !== 'string' || header.length === 0 || value === undefined) {
        throw badRequest('request_body_required');
      }
      request.body = decryptPayload(header, value, await loadKeys());
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
