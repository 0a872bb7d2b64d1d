import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/pool';
import { AppError } from '../http/envelope';

// Which brand a request belongs to: the `Merchant` header (merchant code), else the request's
// host name matched against merchant_domain, else the default merchant. Resolved from the
// database on every request, so an operator's change applies to the next request.

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

export async function resolveMerchant(db: Db, request: FastifyRequest): Promise<ResolvedMerchant> {
  // REFERENCE.md §4: exactly one Merchant header; a repeat answers function.not.available.
  if (headerCount(request, 'merchant') > 1) {
    throw new AppError(400, 'function.not.available', { detail: 'the Merchant header is repeated' });
  }
  const header = request.headers.merchant;
  const code = typeof header === 'string' ? header.trim() : '';
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
    [(request.hostname ?? '').toLowerCase()],
  );
  if (!byHostOrDefault.rows[0]) {
    // No default merchant configured and the host is unknown.
    throw new AppError(400, 'merchant.not.found', { detail: request.hostname });
  }
  return byHostOrDefault.rows[0];
}

/** Resolves the merchant for every route registered in `scope` (and its children). */
export function useMerchantResolution(scope: FastifyInstance, db: Db): void {
  scope.addHook('onRequest', async (request) => {
    request.merchant = await resolveMerchant(db, request);
  });
}

/** The merchant of a request in the merchant scope. */
export function merchantOf(request: FastifyRequest): ResolvedMerchant {
  if (!request.merchant) throw new Error(`No merchant resolved for ${request.method} ${request.url}`);
  return request.merchant;
}
