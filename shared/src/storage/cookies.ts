import type { Codec, CodecValue } from './codecs';
import { text } from './codecs';
import { REMEMBER_MAX_AGE_MS, STORAGE_KEYS } from './storage-keys';

type CookieTable = typeof STORAGE_KEYS.cookie;
type CookieKey = keyof CookieTable;

export interface CookieOptions {
  /** Lifetime in milliseconds; without it the cookie ends with the browser session. */
  maxAgeMs?: number;
}

/** The `document.cookie` assignment for one cookie. `Max-Age` is in seconds on the wire. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.maxAgeMs !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeMs / 1000))}`);
  if (globalThis.location?.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie ? document.cookie.split('; ') : []) {
    const separator = pair.indexOf('=');
    const rawName = separator < 0 ? pair : pair.slice(0, separator);
    try {
      if (decodeURIComponent(rawName) === name) return decodeURIComponent(pair.slice(separator + 1));
    } catch {
      // A cookie someone else encoded differently: not ours.
    }
  }
  return null;
}

function writeCookie(name: string, value: string, options: CookieOptions): void {
  if (typeof document !== 'undefined') document.cookie = serializeCookie(name, value, options);
}

function read<T>(name: string, codec: Codec<T>): T | null {
  const raw = readCookie(name);
  return raw === null ? null : codec.parse(raw);
}

const passwordCookie = (username: string) => `${STORAGE_KEYS.passwordCookiePrefix}${username}`;

export const cookieStore = {
  get<K extends CookieKey>(key: K): CodecValue<CookieTable[K]> | null {
    return read(key, STORAGE_KEYS.cookie[key] as Codec<CodecValue<CookieTable[K]>>);
  },
  set<K extends CookieKey>(key: K, value: CodecValue<CookieTable[K]>, options: CookieOptions = {}): void {
    writeCookie(key, (STORAGE_KEYS.cookie[key] as Codec<CodecValue<CookieTable[K]>>).serialize(value), options);
  },
  remove(key: CookieKey): void {
    writeCookie(key, '', { maxAgeMs: 0 });
  },
  getPassword(username: string): string | null {
    return read(passwordCookie(username), text);
  },
  setPassword(username: string, password: string, options: CookieOptions = {}): void {
    writeCookie(passwordCookie(username), password, options);
  },
  removePassword(username: string): void {
    writeCookie(passwordCookie(username), '', { maxAgeMs: 0 });
  },
};

export interface RememberedLogin {
  username: string;
  password: string | null;
}

/**
 * The login form's "remember me" (SPEC §4): on, the username and its password are kept for one
 * day; off, they are deleted.
 */
export function rememberLogin(username: string, password: string, remember: boolean): void {
  if (remember) {
    const options = { maxAgeMs: REMEMBER_MAX_AGE_MS };
    cookieStore.set('lastUser', username, options);
    cookieStore.setPassword(username, password, options);
    cookieStore.set('remember', true, options);
  } else {
    cookieStore.removePassword(username);
    const lastUser = cookieStore.get('lastUser');
    if (lastUser && lastUser !== username) cookieStore.removePassword(lastUser);
    cookieStore.remove('lastUser');
    cookieStore.remove('remember');
  }
}

/** What the login form pre-fills, or null when nothing is remembered. */
export function getRememberedLogin(): RememberedLogin | null {
  const username = cookieStore.get('lastUser');
  if (!username || cookieStore.get('remember') !== true) return null;
  return { username, password: cookieStore.getPassword(username) };
}

/** The SMS tab's "remember me": the number, for one day, or deleted. */
export function rememberSmsLogin(memory: { mobileNum: string; countryDialingCode: string } | null): void {
  if (memory) cookieStore.set('smsLogin', memory, { maxAgeMs: REMEMBER_MAX_AGE_MS });
  else cookieStore.remove('smsLogin');
}
