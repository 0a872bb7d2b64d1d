// Encrypted calls (REFERENCE.md, "Deliberate difference"): the JSON payload is sealed with a fresh
// AES-256-GCM key and IV per request; the AES key travels wrapped with the server's RSA-OAEP
// (SHA-256) public key.
//   body:    { "value": base64(iv[12] ‖ ciphertext ‖ tag[16]) }
//   header:  Encryption: base64(RSA-OAEP(raw AES key[32]))

import type { RsaKey } from '../contract';

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

export async function encryptPayload(payload: unknown, rsaPublicKey: CryptoKey): Promise<EncryptedRequest> {
  const crypto = subtle();
  const aesKey = await crypto.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(AES_IV_BYTES));
  const plaintext = new TextEncoder().encode(JSON.stringify(payload ?? {}));
  const sealed = new Uint8Array(await crypto.encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext));
  const rawKey = await crypto.exportKey('raw', aesKey);
  const wrappedKey = new Uint8Array(await crypto.encrypt({ name: 'RSA-OAEP' }, rsaPublicKey, rawKey));

  const message = new Uint8Array(iv.length + sealed.length);
  message.set(iv, 0);
  message.set(sealed, iv.length);
  return { body: { value: bytesToBase64(message) }, encryptionHeader: bytesToBase64(wrappedKey) };
}

/**
 * The server's public key, fetched once and kept; `invalidate` forgets it (after the server says
 * it could not decrypt, it has probably rotated its key).
 */
export function createRsaKeyCache(fetchKey: () => Promise<RsaKey>) {
  let pending: Promise<CryptoKey> | null = null;
  return {
    get(): Promise<CryptoKey> {
      if (!pending) {
        const attempt = fetchKey().then((key) => importRsaPublicKey(key.publicKey));
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
