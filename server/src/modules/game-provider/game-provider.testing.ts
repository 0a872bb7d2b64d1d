import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../testing/test-app';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createProviderClient, type ProviderClient, type ProviderTransport } from './provider-client';
import { providerSecret } from './provider-secret';
import { signProviderBody } from './signature';

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

export async function providerClientFor(context: TestContext, vassalage = 'JL'): Promise<ProviderClient> {
  return createProviderClient({ vassalage, secret: await vendorSecret(context, vassalage), transport: injectTransport(context.app) });
}

/** A provider call with the body and signature given as they are (for the signature tests). */
export function rawProviderCall(app: FastifyInstance, vassalage: string, action: string, body: string, signature?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/provider/v1/${vassalage}/${action}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-signature': signature }) },
  });
}

export const signedProviderCall = (app: FastifyInstance, secret: string, vassalage: string, action: string, payload: unknown) => {
  const body = JSON.stringify(payload);
  return rawProviderCall(app, vassalage, action, body, signProviderBody(secret, body));
};
