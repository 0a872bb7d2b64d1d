import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { isWebUrl } from './web-url';

// Loaded on demand (support-link.ts): crypto-js is not part of a first load.

/** The last characters of an encrypted service path are its key (a service-link entry's). */
export const SERVICE_PATH_KEY_LENGTH = 8;

/**
 * The URL behind a customer-service entry's path: `CryptoJS.AES.encrypt(url, key)` output followed
 * by the 8-character key. Null when it does not decrypt or is not an http(s) URL, so a tampered
 * entry can never become a `javascript:` link.
 */
export function decryptServicePath(path: string | null | undefined): string | null {
  if (!path || path.length <= SERVICE_PATH_KEY_LENGTH) return null;
  const key = path.slice(-SERVICE_PATH_KEY_LENGTH);
  const ciphertext = path.slice(0, -SERVICE_PATH_KEY_LENGTH);
  let url: string;
  try {
    url = AES.decrypt(ciphertext, key).toString(Utf8).trim();
  } catch {
    return null;
  }
  return isWebUrl(url) ? url : null;
}
