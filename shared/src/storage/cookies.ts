import type { Codec, CodecValue } from './codecs';
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
};

/** Names of the cookies in this page's `document.cookie`, as stored (encoded). */
function cookieNames(): string[] {
  if (typeof document === 'undefined' || !document.cookie) return [];
  return document.cookie.split('; ').map((pair) => {
    const separator = pair.indexOf('=');
    return separator < 0 ? pair : pair.slice(0, separator);
  });
}

/**
 * Deletes every remembered-password cookie an earlier version of the site left behind
 * (`pwd_<username>`, readable by any script of the page). Passwords are never written any more;
 * this runs on every page load (the shell's start-up) and whenever the login form reads or writes
 * its memory, so a player's old cookie goes on their first visit.
 */
export function forgetRememberedPasswords(): void {
  for (const rawName of cookieNames()) {
    let name = rawName;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      // Compared as it stands.
    }
    // Deleted under the very name it is stored as (Path=/, as every cookie of the site).
    if (name.startsWith(STORAGE_KEYS.passwordCookiePrefix)) document.cookie = `${rawName}=; Path=/; SameSite=Lax; Max-Age=0`;
  }
}

/** What the login form remembers: the account name only. */
export interface RememberedLogin {
  username: string;
}

/**
 * The login form's "remember me": on, the username is kept for one day; off,
 * it is deleted. The password is never stored by the site: the form's autocomplete attributes and
 * the Credential Management API leave it to the browser's password manager.
 */
export function rememberLogin(username: string, remember: boolean): void;
/**
 * @deprecated The 2.0 form, kept for remotes built against it: the password is ignored (never
 * stored), exactly as in the two-argument form.
 */
export function rememberLogin(username: string, password: string, remember: boolean): void;
export function rememberLogin(username: string, ...rest: [boolean] | [string, boolean]): void {
  const remember = rest.length === 1 ? rest[0] : rest[1];
  forgetRememberedPasswords();
  if (remember) {
    const options = { maxAgeMs: REMEMBER_MAX_AGE_MS };
    cookieStore.set('lastUser', username, options);
    cookieStore.set('remember', true, options);
  } else {
    cookieStore.remove('lastUser');
    cookieStore.remove('remember');
  }
}

/** What the login form pre-fills (the username), or null when nothing is remembered. */
export function getRememberedLogin(): RememberedLogin | null {
  forgetRememberedPasswords();
  const username = cookieStore.get('lastUser');
  if (!username || cookieStore.get('remember') !== true) return null;
  return { username };
}

/** The SMS tab's "remember me": the number, for one day, or deleted. */
export function rememberSmsLogin(memory: { mobileNum: string; countryDialingCode: string } | null): void {
  if (memory) cookieStore.set('smsLogin', memory, { maxAgeMs: REMEMBER_MAX_AGE_MS });
  else cookieStore.remove('smsLogin');
}
