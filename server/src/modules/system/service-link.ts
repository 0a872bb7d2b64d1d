import { randomInt } from 'node:crypto';
import CryptoJS from 'crypto-js';

// Customer-service links travel "encrypted" the way the front end of this platform family
// expects: CryptoJS AES with a passphrase, the 8-character passphrase appended.
// It only keeps the links out of plain sight in the page source; it is not a secret.

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const SERVICE_PATH_KEY_LENGTH = 8;

function randomKey(): string {
  let key = '';
  for (let i = 0; i < SERVICE_PATH_KEY_LENGTH; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

/** A fresh key per call, so the same link never encrypts to the same text twice. */
export function encryptServicePath(url: string): string {
  const key = randomKey();
  return CryptoJS.AES.encrypt(url, key).toString() + key;
}

/** The inverse (what the browser does): the last 8 characters are the key. */
export function decryptServicePath(path: string): string {
  const key = path.slice(-SERVICE_PATH_KEY_LENGTH);
  return CryptoJS.AES.decrypt(path.slice(0, -SERVICE_PATH_KEY_LENGTH), key).toString(CryptoJS.enc.Utf8);
}
