// Encrypted calls (deliberately unlike the legacy API's): the JSON payload is sealed with a fresh
// AES-256-GCM key and IV per request; the AES key travels wrapped with the server's RSA-OAEP
// (SHA-256) public key.
//   body:    { "value": base64(iv[12] ‖ ciphertext ‖ tag[16]) }
//   header:  Encryption: base64(RSA-OAEP(raw AES key[32]))
// The plaintext is { ts, nonce, data }: the time by the server's clock (the key's serverTime
// corrects this device's clock), 128 random bits, and the body. The server refuses a ts more than
// 5 minutes off and a nonce it has seen (request.replay.err), so a captured body cannot be sent
// again.

import type { RsaKey } from '@platform/contract';

export const AES_IV_BYTES = 12;
const RSA_PARAMS: RsaHashedImportParams = { name: 'RSA-OAEP', hash: 'SHA-256' };

export interface EncryptedRequest {
  body: { value: string };
  /** Value of the `Encryption` header. */
  encryptionHeader: string;
}

function subtle(): SubtleCrypto {
  const subtleCrypto = globalThis.crypto?.subtle;
  if (!subtleCrypto) throw new Error('WebCrypto is not available (a secure context is required)');
  return subtleCrypto;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Imports the server's public key (base64 DER SubjectPublicKeyInfo). */
export function importRsaPublicKey(publicKeyBase64: string): Promise<CryptoKey> {
  return subtle().importKey('spki', base64ToBytes(publicKeyBase64), RSA_PARAMS, false, ['encrypt']);
}

/** 128 random bits, base64url: the nonce of one payload. */
export function newNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface EncryptOptions {
  /** The time to stamp, epoch ms by the server's clock; this device's clock when absent. */
  serverNowMs?: number;
}

/** Seals `payload` for the server, stamped with the time and a fresh nonce (see the top). */
export async function encryptPayload(payload: unknown, rsaPublicKey: CryptoKey, options: EncryptOptions = {}): Promise<EncryptedRequest> {
  const crypto = subtle();
  const aesKey = await crypto.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(AES_IV_BYTES));
  const sealedPayload = { ts: Math.round(options.serverNowMs ?? Date.now()), nonce: newNonce(), data: payload ?? {} };
  const plaintext = new TextEncoder().encode(JSON.stringify(sealedPayload));
  const sealed = new Uint8Array(await crypto.encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext));
  const rawKey = await crypto.exportKey('raw', aesKey);
  const wrappedKey = new Uint8Array(await crypto.encrypt({ name: 'RSA-OAEP' }, rsaPublicKey, rawKey));

  const message = new Uint8Array(iv.length + sealed.length);
  message.set(iv, 0);
  message.set(sealed, iv.length);
  return { body: { value: bytesToBase64(message) }, encryptionHeader: bytesToBase64(wrappedKey) };
}

/** The server's key, and how far the server's clock is ahead of this device's. */
export interface ServerKey {
  publicKey: CryptoKey;
  /** Add to Date.now() for the server's time. */
  clockOffsetMs: number;
}

/**
 * The server's public key and clock offset, fetched once and kept; `invalidate` forgets them
 * (after the server says it could not decrypt, it has probably rotated its key; after it says a
 * payload was stale, this device's clock has probably moved).
 */
export function createRsaKeyCache(fetchKey: () => Promise<RsaKey>, now: () => number = Date.now) {
  let pending: Promise<ServerKey> | null = null;
  return {
    get(): Promise<ServerKey> {
      if (!pending) {
        const attempt = fetchKey().then(async (key) => {
          // Measured on arrival: the answer's time in flight is far inside the server's window.
          const clockOffsetMs = Number.isFinite(key.serverTime) ? key.serverTime - now() : 0;
          return { publicKey: await importRsaPublicKey(key.publicKey), clockOffsetMs };
        });
        pending = attempt;
        // A failed fetch is not kept: the next encrypted call tries again.
        attempt.catch(() => {
          if (pending === attempt) pending = null;
        });
      }
      return pending;
    },
    invalidate(): void {
      pending = null;
    },
  };
}
