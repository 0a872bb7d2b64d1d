import type { ResolvedMerchant } from '../plugins/merchant';

/**
 * Merchant configuration kept in memory, valid for one config revision (migration 008). Every
 * request reads the current revision with its merchant, so a value cached under an older revision
 * is never served after an operator's change has committed: read-your-writes, on every replica.
 *
 * Only configuration belongs here (settings, switches, rules, links, rule lists); anything that
 * depends on the clock or the visitor is computed per request from the cached rows.
 */
export class ConfigCache {
  private readonly entries = new Map<string, { revision: string; value: Promise<unknown> }>();

  get<T>(merchant: ResolvedMerchant, key: string, load: () => Promise<T>): Promise<T> {
    const revision = merchant.configRevision;
    if (revision === undefined) return load();
    const cacheKey = `${merchant.id}:${key}`;
    const hit = this.entries.get(cacheKey);
    if (hit && hit.revision === revision) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(cacheKey, { revision, value });
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(cacheKey)?.value === value) this.entries.delete(cacheKey);
    });
    return value;
  }

  /** Number of cached values (tests). */
  get size(): number {
    return this.entries.size;
  }
}
