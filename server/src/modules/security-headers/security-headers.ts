import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import { isBackOfficePath } from '../../plugins/back-office-path';
import { gameClientOfPath } from '../../plugins/game-clients';
import { resolveMerchant, type MerchantResolver, type ResolvedMerchant } from '../../plugins/merchant';
import { overrideOrigins, remoteOrigins } from '../remotes';
import { getContentSources } from '../system';
import { backOfficePagePolicy, documentPolicy, gamePagePolicy, NO_SOURCES, originsOf, RESOURCE_POLICY, SCRIPT_POLICY, type DocumentSources } from './content-security-policy';

// The security headers of every answer: the pages, the remotes' files, the
// server's images and the API alike.
//   - helmet's: X-Content-Type-Options nosniff, Referrer-Policy, X-Frame-Options SAMEORIGIN,
//     Cross-Origin-Opener-Policy and -Resource-Policy, Origin-Agent-Cluster and the rest;
//   - Content-Security-Policy by what the answer is (content-security-policy.ts): a page gets the
//     policy of its merchant (a game provider's own page under /jl the game page policy), a script
//     the worker policy, anything else nothing-at-all;
//   - Strict-Transport-Security only on an answer that goes out over TLS: directly, or through the
//     trusted proxy's X-Forwarded-Proto (request.protocol, with TRUST_PROXY). Sent over plain
//     HTTP it would be ignored at best, and would pin a development host to HTTPS at worst.

/**
 * Where a gateway asks for the headers of a page it serves from elsewhere (docker-compose: the
 * shell's index.html comes from its own static container, which knows no merchant and no allowed
 * origins). The answer is 204 with the page's policy in PAGE_POLICY_HEADER; the gateway copies it
 * onto the page as Content-Security-Policy (deploy/nginx/gateway.conf, nginx auth_request).
 */
export const PAGE_HEADERS_PATH = '/page-headers';
/** Not Content-Security-Policy itself: that header of this answer is the answer's own (RESOURCE_POLICY). */
export const PAGE_POLICY_HEADER = 'X-Page-Content-Security-Policy';

/** One year, subdomains included: helmet's default, and what preload lists ask for. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  db: Db;
  /** REMOTE_OVERRIDES: development servers whose remotes the pages may load. */
  overrides: Record<string, string>;
  /** Resolves a page's merchant as the API does (plugins/merchant.ts); defaults to a query per page. */
  resolveMerchant?: MerchantResolver;
}

/**
 * The headers of an answer sent before routing (Fastify's frameworkErrors: a URL that does not
 * decode), which no hook sees: what helmet and the hook below give any API answer. A test keeps
 * the two equal.
 */
export function headersBeforeRouting(request: FastifyRequest): Record<string, string> {
  return {
    'Content-Security-Policy': RESOURCE_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
    ...(request.protocol === 'https' ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

function contentTypeOf(reply: FastifyReply): string {
  const header = reply.getHeader('content-type');
  return (Array.isArray(header) ? header[0] : String(header ?? '')).toLowerCase();
}

/** What helmet answers with (the options the site uses), minus the policy set per answer. */
const HELMET_OPTIONS = {
  global: true,
  // The strict policy by default; onSend below replaces it for pages and scripts.
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  // Per request, below: only over TLS.
  strictTransportSecurity: false,
  // Other sites learn the origin a player came from, never the path or query (reset tokens).
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

/** The headers @fastify/helmet puts on an answer, asked once of a throwaway instance. */
export async function staticHelmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, HELMET_OPTIONS);
    probe.get('/', async () => '');
    const response = await probe.inject({ method: 'GET', url: '/' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'content-security-policy'].includes(name)) continue;
      headers[name] = String(value);
    }
    return headers;
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, { db, overrides, resolveMerchant: resolve }: SecurityHeadersOptions): Promise<void> {
  // helmet's headers are the same for every answer (the policy is set below, per answer):
  // computed once here, set by one hook. @fastify/helmet itself rebuilds helmet on every request,
  // which halved the throughput of the cached reads every page load makes.
  const helmetHeaders = await staticHelmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(helmetHeaders);
    done();
  });

  const devOrigins = originsOf(overrideOrigins(overrides));
  const cache = new ConfigCache();
  const sourcesOf = async (merchant: ResolvedMerchant): Promise<DocumentSources> =>
    cache.get(merchant, 'documentSources', async () => {
      const [remotes, content] = await Promise.all([remoteOrigins(db, merchant, overrides), getContentSources(db, merchant)]);
      return {
        remoteOrigins: remotes,
        imageOrigins: content.imageUrls,
        frameOrigins: content.gameUrls,
        devOrigins,
        analytics: content.analyticsTag,
        firebaseAuthDomain: content.firebaseAuthDomain,
        mirrorOrigins: content.mirrorUrls,
      };
    });

  const pageSources = async (request: FastifyRequest): Promise<DocumentSources> => {
    let merchant = request.merchant;
    if (!merchant) {
      try {
        // Pages are served outside the merchant scope: resolve it as the API would.
        merchant = resolve ? await resolve(request) : await resolveMerchant(db, request);
      } catch {
        // An unknown merchant gets the site's own origin only (its API calls fail anyway).
        return { ...NO_SOURCES, remoteOrigins: devOrigins, devOrigins };
      }
    }
    return sourcesOf(merchant);
  };

  // Outside the merchant scope and the OpenAPI document: a gateway's sub-request, not an API call.
  app.get(PAGE_HEADERS_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header(PAGE_POLICY_HEADER, documentPolicy(await pageSources(request), { secure: request.protocol === 'https' }));
    reply.header('Cache-Control', 'no-store');
    return reply.code(204).send();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const type = contentTypeOf(reply);
    if (type.startsWith('text/html') && isBackOfficePath(request.url.split('?')[0])) {
      // The operator back office (on the operator listener only): its own origin, never framed.
      reply.header('Content-Security-Policy', backOfficePagePolicy({ secure: request.protocol === 'https' }));
    } else if (type.startsWith('text/html') && gameClientOfPath(request.url.split('?')[0])) {
      // A game provider's own page (/jl/play/…): this origin only, framed by the site only.
      reply.header('Content-Security-Policy', gamePagePolicy({ secure: request.protocol === 'https' }));
    } else if (type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', documentPolicy(await pageSources(request), { secure: request.protocol === 'https' }));
    } else if (type.includes('javascript')) {
      reply.header('Content-Security-Policy', SCRIPT_POLICY);
    } else {
      reply.header('Content-Security-Policy', RESOURCE_POLICY);
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}
