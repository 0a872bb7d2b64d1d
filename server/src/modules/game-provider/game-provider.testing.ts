import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../testing/test-app';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createProviderClient, type ProviderClient, type ProviderTransport } from './provider-client';
import { providerSecret } from './provider-secret';
import { insertSession } from './provider.queries';
import { signProviderRequest } from './signature';
import { tokenHashOf } from './wallet-api.service';

// Helpers for the game-provider tests and other modules' (the in-house game server): a launch over
// HTTP, the session token of its URL, and a vendor's signed calls through app.inject.

export function launch(app: FastifyInstance, token: string | null, body: Record<string, unknown>, url = '/wps/game/launchGame'): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? { authorization: token } : {}), language: 'EN', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** The session token a launch URL carries. */
export function sessionTokenOf(gameUrl: string): string {
  const token = new URL(gameUrl, 'http://site.test').searchParams.get('session');
  if (!token) throw new Error(`no session in ${gameUrl}`);
  return token;
}

/** app.inject as the provider client's transport (the whole HTTP pipeline). */
export const injectTransport =
  (app: FastifyInstance): ProviderTransport =>
  async ({ path, body, headers }) => {
    const response = await app.inject({ method: 'POST', url: path, payload: body, headers });
    return { statusCode: response.statusCode, body: JSON.parse(response.body) as unknown };
  };

export async function vendorSecret(context: TestContext, vassalage = 'JL'): Promise<string> {
  const secret = await providerSecret(context.pool, secretsKeyFromEnv(), context.merchantId, vassalage);
  if (!secret) throw new Error(`no provider ${vassalage}`);
  return secret;
}

/** A vendor's client; `clock`: the app's (the signed timestamp must be within 5 minutes of it). */
export async function providerClientFor(context: TestContext, vassalage = 'JL', clock: () => number = Date.now): Promise<ProviderClient> {
  return createProviderClient({ vassalage, secret: await vendorSecret(context, vassalage), transport: injectTransport(context.app), clock });
}

/** The path of a provider action. */
export const providerPath = (vassalage: string, action: string): string => `/provider/v1/${vassalage}/${action}`;

/** The signature of a POST to `path` with `body` at `timestamp`. */
export const providerSignature = (secret: string, path: string, body: string, timestamp: number | string): string =>
  signProviderRequest(secret, { method: 'POST', path, timestamp: String(timestamp), body });

/**
 * A provider call with the body, signature and timestamp given as they are (for the signature
 * tests); `url` defaults to the action's path.
 */
export function rawProviderCall(
  app: FastifyInstance,
  vassalage: string,
  action: string,
  body: string,
  signature?: string,
  timestamp?: number | string,
  url = providerPath(vassalage, action),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-signature': signature }),
      ...(timestamp === undefined ? {} : { 'x-timestamp': String(timestamp) }),
    },
  });
}

/** A call signed as a vendor signs it, at `nowMs` (the app's clock). */
export const signedProviderCall = (app: FastifyInstance, secret: string, vassalage: string, action: string, payload: unknown, nowMs = Date.now()) => {
  const body = JSON.stringify(payload);
  return rawProviderCall(app, vassalage, action, body, providerSignature(secret, providerPath(vassalage, action), body, nowMs), nowMs);
};

/**
 * An outside vendor's game session for `memberId`, written as a launch writes it: no adapter
 * launches an outside vendor's games yet, so its wallet calls are tested on a session made here.
 */
export async function outsideVendorSession(
  context: TestContext,
  session: { memberId: number; vassalage: string; gameId: number; token: string; nowMs: number },
): Promise<void> {
  await insertSession(context.pool, {
    merchantId: context.merchantId, memberId: session.memberId, vassalage: session.vassalage, gameId: session.gameId, tokenHash: tokenHashOf(session.token),
    playBalanceMinor: null, language: 'EN', nowMs: session.nowMs, expiresAtMs: session.nowMs + 60 * 60_000, memberSessionId: null,
  });
}
