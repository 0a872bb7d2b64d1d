import {
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  providerAuthenticateCall,
  providerBalanceCall,
  providerBetCall,
  providerEndRoundCall,
  providerRollbackCall,
  providerWinCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { ProviderConfig } from './provider-config';
import { ensureProviderSecrets } from './provider-secret';
import { providerTimestampFresh, verifyProviderSignature, type SignedRequest } from './signature';
import * as wallet from './wallet-api.service';

// The seamless-wallet API's routes: POST /provider/v1/:vassalage/<action>. Open (no member
// session: the vendor's server calls) and available during the site's maintenance and to any
// country (a vendor settling rounds is not a visitor); every request must carry the signature of
// its method, path, timestamp (within ±5 minutes of the server's clock) and raw body with the
// vendor's secret (signature.ts), checked before the body is validated or anything is read.

export interface ProviderRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  secretsKey: SecretsKey;
  /** The vendors' configuration cache (shared with the launch); one of its own when absent. */
  config?: ProviderConfig;
}

const signatureHeader = {
  [PROVIDER_SIGNATURE_HEADER.toLowerCase()]: {
    type: 'string',
    maxLength: 256,
    description: "hex HMAC-SHA256 with the vendor's secret of \"<METHOD>\\n<path>\\n<X-Timestamp>\\n<raw body>\"",
  },
  [PROVIDER_TIMESTAMP_HEADER.toLowerCase()]: { type: 'string', maxLength: 32, description: 'epoch milliseconds when the call was signed; refused beyond ±5 minutes of the server clock' },
};

/** The raw body of each request of this scope, as received (the signature covers these bytes). */
const rawBodies = new WeakMap<FastifyRequest, string>();

export async function providerRoutes(app: FastifyInstance, options: ProviderRoutesOptions): Promise<void> {
  const { db, secretsKey } = options;
  const clock = options.clock ?? systemClock;
  const config = options.config ?? new ProviderConfig(db, secretsKey, clock);

  // Secrets of rows seeded or configured without one are made at start, not by a request: while
  // the app is built, before its config-revision watch reads the revision (app.ts starts it last),
  // so the first answers are already cached under the revision this write moved to. A database
  // that is down at start must not keep the server from starting (its health check says so): the
  // secrets are made once it answers, tried again every 10 s.
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const ensureSecrets = async (): Promise<void> => {
    retry = undefined;
    try {
      await ensureProviderSecrets(db, secretsKey);
    } catch (error) {
      if (closed) return;
      app.log.warn({ err: error }, 'game provider secrets not made yet (database unavailable); trying again in 10 s');
      retry = setTimeout(() => void ensureSecrets(), 10_000);
      retry.unref();
    }
  };
  await ensureSecrets();
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
  });

  // This scope only: keep the body text beside the parsed JSON (same parser, same safety rules).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    const merchant = merchantOf(request);
    const vassalage = (request.params as { vassalage?: unknown }).vassalage;
    const provider = typeof vassalage === 'string' ? await config.vendor(merchant, vassalage) : undefined;
    if (!provider || !provider.enabled) throw new AppError(404, 'provider.vendor.unknown');
    const timestamp = request.headers[PROVIDER_TIMESTAMP_HEADER.toLowerCase()];
    // A stale (or future) call is refused whatever its signature: a captured call replays nothing later.
    if (!providerTimestampFresh(timestamp, clock())) throw new AppError(401, 'provider.signature.invalid');
    const signed: SignedRequest = { method: request.method, path: request.url, timestamp, body: rawBodies.get(request) ?? '' };
    const signature = request.headers[PROVIDER_SIGNATURE_HEADER.toLowerCase()];
    if (provider.secret && verifyProviderSignature(provider.secret, signed, signature)) return;
    // Not with the secret in memory: the one stored now decides (a rotation this process has not
    // heard of yet must not refuse the vendor's first calls with its new secret).
    const stored = await config.freshSecret(merchant.id, provider.vassalage);
    if (!stored || stored === provider.secret || !verifyProviderSignature(stored, signed, signature)) {
      throw new AppError(401, 'provider.signature.invalid');
    }
  });

  const callOf = (request: FastifyRequest<{ Params: { vassalage: string } }>): wallet.ProviderCall => {
    const merchant = merchantOf(request);
    return { pool: db, merchant, merchantId: merchant.id, vassalage: request.params.vassalage, nowMs: clock(), config };
  };
  const routeConfig = { auth: 'public', availability: 'always' } as const;
  const tags = ['game provider'];
  const description = (text: string) =>
    `${text} Signed: header ${PROVIDER_TIMESTAMP_HEADER} = epoch ms (within ±5 min of the server clock), ${PROVIDER_SIGNATURE_HEADER} = hex HMAC-SHA256(vendor secret, "POST\\n<path>\\n<timestamp>\\n<raw body>"), else 401 provider.signature.invalid; unknown vendor 404 provider.vendor.unknown. Amounts in minor units.`;

  app.post<RouteOf<typeof providerAuthenticateCall>>(providerAuthenticateCall.path, {
    config: routeConfig,
    schema: apiSchema({ tags, summary: 'Authenticate a game session', description: description('The player of a live session token, their balance and currency.'), headers: signatureHeader, call: providerAuthenticateCall }),
  }, async (request) => ok(await wallet.authenticate(callOf(request), request.body.sessionToken)));

  app.post<RouteOf<typeof providerBalanceCall>>(providerBalanceCall.path, {
    config: routeConfig,
    schema: apiSchema({ tags, summary: "A session's balance", description: description('401 provider.session.expired after the session ends.'), headers: signatureHeader, call: providerBalanceCall }),
  }, async (request) => ok(await wallet.balance(callOf(request), request.body.sessionToken)));

  app.post<RouteOf<typeof providerBetCall>>(providerBetCall.path, {
    config: routeConfig,
    schema: apiSchema({
      tags,
      summary: 'Debit a bet',
      description: description(
        'Idempotent by transactionId (a repeat answers the original result; other fields: 409 provider.transaction.mismatch; rolled back: 409 provider.transaction.rolled_back). 401 provider.session.expired, 409 provider.insufficient.funds, 503 provider.vendor.maintenance.',
      ),
      headers: signatureHeader,
      call: providerBetCall,
    }),
  }, async (request) => ok(await wallet.bet(callOf(request), request.body)));

  app.post<RouteOf<typeof providerWinCall>>(providerWinCall.path, {
    config: routeConfig,
    schema: apiSchema({
      tags,
      summary: 'Credit a win',
      description: description('No session needed; the round must be the player’s (404 provider.round.not_found) and open (409 provider.round.closed). Amount 0 allowed. Idempotent by transactionId.'),
      headers: signatureHeader,
      call: providerWinCall,
    }),
  }, async (request) => ok(await wallet.win(callOf(request), request.body)));

  app.post<RouteOf<typeof providerRollbackCall>>(providerRollbackCall.path, {
    config: routeConfig,
    schema: apiSchema({
      tags,
      summary: 'Roll back a bet',
      description: description('Gives a bet back once, by ids alone (no session). An id never seen is remembered: the bet is refused should it arrive later. Idempotent by transactionId.'),
      headers: signatureHeader,
      call: providerRollbackCall,
    }),
  }, async (request) => ok(await wallet.rollback(callOf(request), request.body)));

  app.post<RouteOf<typeof providerEndRoundCall>>(providerEndRoundCall.path, {
    config: routeConfig,
    schema: apiSchema({ tags, summary: 'End a round', description: description('The round is settled (no more bets or wins).'), headers: signatureHeader, call: providerEndRoundCall }),
  }, async (request) => ok(await wallet.endRound(callOf(request), request.body)));
}
