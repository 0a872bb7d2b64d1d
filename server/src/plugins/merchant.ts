import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConfigRevisionWatch } from '../db/config-revision';
import type { Db } from '../db/pool';
import { AppError } from '../http/envelope';

// Which brand a request belongs to: the `Merchant` header (merchant code), else the request's
// host name matched against merchant_domain, else the default merchant. Kept in memory for the
// current config revision (db/config-revision.ts: merchant and merchant_domain changes bump it
// and every replica hears of it at once), so a request resolves its merchant without a query;
// while the revision is unknown (listener down) each request reads it from the database.

export interface ResolvedMerchant {
  id: number;
  code: string;
  name: string;
  /**
   * config_revision read in the same query as the merchant (migration 008). Configuration cached
   * under this revision is still current; absent (a merchant built by hand) means never cached.
   */
  configRevision?: string;
}

const CONFIG_REVISION = '(SELECT revision::text FROM config_revision) AS "configRevision"';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route inside the merchant scope (see app.ts). */
    merchant: ResolvedMerchant | null;
  }
}

/** Number of times `name` appears in the raw request headers (Node joins repeats into one). */
function headerCount(request: FastifyRequest, name: string): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() === name) count++;
  }
  return count;
}

/** How a request names its merchant: a code from the Merchant header, else its host name. */
function merchantKeyOf(request: FastifyRequest): { code: string; host: string } {
  // Exactly one Merchant header; a repeat answers function.not.available.
  if (headerCount(request, 'merchant') > 1) {
    throw new AppError(400, 'function.not.available', { detail: 'the Merchant header is repeated' });
  }
  const header = request.headers.merchant;
  // hostname has no port; it can be empty for an HTTP/1.0 request without Host.
  return { code: typeof header === 'string' ? header.trim() : '', host: (request.hostname ?? '').toLowerCase() };
}

/** Reads the merchant (and the revision in the same query) from the database. */
async function loadMerchant(db: Db, { code, host }: { code: string; host: string }): Promise<ResolvedMerchant> {
  if (code) {
    const byCode = await db.query<ResolvedMerchant>(`SELECT id, code, name, ${CONFIG_REVISION} FROM merchant WHERE code = $1`, [code]);
    if (!byCode.rows[0]) throw new AppError(400, 'merchant.not.found', { detail: code });
    return byCode.rows[0];
  }
  const byHostOrDefault = await db.query<ResolvedMerchant>(
    `SELECT m.id, m.code, m.name, ${CONFIG_REVISION}
       FROM merchant m
      WHERE m.id = (SELECT merchant_id FROM merchant_domain WHERE domain = $1)
         OR m.is_default
      ORDER BY m.is_default
      LIMIT 1`,
    // hostname has no port; it can be empty for an HTTP/1.0 request without Host.
    [host],
  );
  if (!byHostOrDefault.rows[0]) {
    // No default merchant configured and the host is unknown.
    throw new AppError(400, 'merchant.not.found', { detail: host });
  }
  return byHostOrDefault.rows[0];
}

/** The merchant of a request, from the database (no cache). */
export async function resolveMerchant(db: Db, request: FastifyRequest): Promise<ResolvedMerchant> {
  return loadMerchant(db, merchantKeyOf(request));
}

export type MerchantResolver = (request: FastifyRequest) => Promise<ResolvedMerchant>;

/**
 * Host names come from the visitor: the cache is cleared rather than grown past this many keys
 * (a flood of made-up hosts costs a query each, never memory).
 */
const MAX_CACHED_KEYS = 1000;

/**
 * Resolves merchants from memory for the watch's current revision (an unknown code is
 * remembered too); without a watch, or while its revision is unknown, from the database.
 */
export function createMerchantResolver(db: Db, watch?: ConfigRevisionWatch): MerchantResolver {
  let cachedRevision: string | undefined;
  const cache = new Map<string, Promise<ResolvedMerchant>>();
  watch?.onChange(() => cache.clear());
  return async (request) => {
    const key = merchantKeyOf(request);
    const revision = watch?.revision;
    if (revision === undefined) return loadMerchant(db, key);
    if (revision !== cachedRevision || cache.size >= MAX_CACHED_KEYS) {
      cache.clear();
      cachedRevision = revision;
    }
    const cacheKey = key.code ? `code:${key.code}` : `host:${key.host}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      // Read under `revision`: the loaded row's own revision may be newer; the watch's is the key
      // every configuration read of this request uses, so a change after it is still re-read.
      entry = loadMerchant(db, key).then((merchant) => ({ ...merchant, configRevision: revision }));
      cache.set(cacheKey, entry);
      entry.catch((error: unknown) => {
        // A database failure is not remembered; an unknown merchant is (until the revision moves).
        if (!(error instanceof AppError) && cache.get(cacheKey) === entry) cache.delete(cacheKey);
      });
    }
    return entry;
  };
}

/** Resolves the merchant for every route registered in `scope` (and its children). */
export function useMerchantResolution(scope: FastifyInstance, resolve: MerchantResolver): void {
  scope.addHook('onRequest', async (request) => {
    request.merchant = await resolve(request);
  });
}

/** The merchant of a request in the merchant scope. */
export function merchantOf(request: FastifyRequest): ResolvedMerchant {
  if (!request.merchant) throw new Error(`No merchant resolved for ${request.method} ${request.url}`);
  return request.merchant;
}
