// The server's side of encrypted calls, for tests: an RSA-OAEP key pair and the decryption of
// `{ value }` + `Encryption` as the real server does it.
import { base64ToBytes, bytesToBase64 } from '../api/encryption';

const { subtle } = globalThis.crypto;

export interface TestRsaKeyPair {
  /** base64 DER SPKI, as `/wps/session/key/rsa` serves it. */
  publicKey: string;
  privateKey: CryptoKey;
}

export async function generateTestRsaKeyPair(): Promise<TestRsaKeyPair> {
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
  return { publicKey: bytesToBase64(spki), privateKey: pair.privateKey };
}

/** The plaintext of an encrypted request: the body (`data`) with its timestamp and nonce. */
export interface SealedTestPayload {
  ts: number;
  nonce: string;
  data: unknown;
}

/** The plaintext of an encrypted request, or a rejection when it does not decrypt. */
export async function decryptTestRequest(value: string, encryptionHeader: string, privateKey: CryptoKey): Promise<SealedTestPayload> {
  const rawKey = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, base64ToBytes(encryptionHeader));
  const aesKey = await subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const message = base64ToBytes(value);
  const plaintext = await subtle.decrypt({ name: 'AES-GCM', iv: message.subarray(0, 12) }, aesKey, message.subarray(12));
  return JSON.parse(new TextDecoder().decode(plaintext)) as SealedTestPayload;
}
