import type { CodecValue } from './codecs';
import { SESSION_KEYS_KEPT_ON_LOGOUT, STORAGE_KEYS } from './storage-keys';

type CodecTable = Record<string, { parse(raw: string): unknown; serialize(value: never): string }>;

export interface TypedStore<Table extends CodecTable> {
  /** The stored value, or null when absent, unreadable or storage is unavailable. */
  get<K extends keyof Table & string>(key: K): CodecValue<Table[K]> | null;
  /** null or undefined removes the key. */
  set<K extends keyof Table & string>(key: K, value: CodecValue<Table[K]> | null | undefined): void;
  remove(key: keyof Table & string): void;
}

/**
 * A typed view of one Web Storage area. Storage can be missing or refuse writes (private mode,
 * quota, a sandboxed frame): the site then behaves as if nothing was stored.
 */
export function createTypedStore<Table extends CodecTable>(area: () => Storage | undefined, table: Table): TypedStore<Table> {
  const storage = (): Storage | undefined => {
    try {
      return area();
    } catch {
      return undefined;
    }
  };
  return {
    get(key) {
      let raw: string | null | undefined;
      try {
        raw = storage()?.getItem(key);
      } catch {
        return null;
      }
      return raw == null ? null : (table[key].parse(raw) as CodecValue<Table[typeof key]> | null);
    },
    set(key, value) {
      try {
        if (value === null || value === undefined) storage()?.removeItem(key);
        else storage()?.setItem(key, table[key].serialize(value as never));
      } catch {
        // Quota or privacy settings: the value lives for this page only, through the bus.
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

export const sessionStore = createTypedStore(() => globalThis.sessionStorage, STORAGE_KEYS.session);
export const localStore = createTypedStore(() => globalThis.localStorage, STORAGE_KEYS.local);

/**
 * Ends the tab's session in storage (logout): everything in sessionStorage goes, except the
 * merchant values the brand wrote at boot, which the next request still needs.
 */
export function clearSession(): void {
  const kept = SESSION_KEYS_KEPT_ON_LOGOUT.map((key) => [key, sessionStore.get(key)] as const);
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    return;
  }
  for (const [key, value] of kept) sessionStore.set(key, value);
}

/** The merchant code sent in the `Merchant` header: localStorage first, then this tab's session. */
export function getMerchantCode(): string | null {
  return localStore.get('merchantCode') ?? sessionStore.get('merchantCode');
}

/** What the old brand bundle did at boot: one merchant code in all three places. */
export function setMerchantCode(merchantCode: string): void {
  sessionStore.set('merchant', merchantCode);
  sessionStore.set('merchantCode', merchantCode);
  localStore.set('merchantCode', merchantCode);
}

/** Favourite lottery games of one player, kept in this browser. */
export function getLotteryFavourites(username: string): (string | number)[] {
  return localStore.get('LOTTFAV')?.[username] ?? [];
}

export function setLotteryFavourites(username: string, gameIds: (string | number)[]): void {
  localStore.set('LOTTFAV', { ...localStore.get('LOTTFAV'), [username]: gameIds });
}
