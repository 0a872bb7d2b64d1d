import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operatorSql } from './database';
import { WORKER_MERCHANT_ID } from './merchant';

// A real OpenID Connect provider (the `oidc-provider` package) on localhost, standing in for
// Google: the browser signs in on its own pages (its development login and consent screens), and
// the site completes a standard authorization-code flow against it.

export interface LocalOidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

export async function startOidcProvider(siteUrl: string, clientId = 'lucky-star-e2e', clientSecret = 'e2e-secret'): Promise<LocalOidcProvider> {
  const { default: OidcProvider } = await import('oidc-provider');
  const server: Server = await new Promise((resolve) => {
    const listening = createServer();
    listening.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${siteUrl}/wps/session/oauth/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_context: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@mail.example`, email_verified: true, name: `Player ${id}` }),
    }),
    pkce: { required: () => true },
    cookies: { keys: ['e2e-oidc-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Points this worker's merchant's Google login at `issuer` (null: not configured, button hidden). */
export async function configureGoogleLogin(provider: { issuer: string; clientId?: string; clientSecret?: string } | null): Promise<void> {
  const google = provider
    ? { issuer: provider.issuer, clientId: provider.clientId ?? 'lucky-star-e2e', clientSecret: provider.clientSecret ?? 'e2e-secret', label: 'Google' }
    : { clientId: '', clientSecret: '' };
  await operatorSql(
    `INSERT INTO merchant_setting (merchant_id, key, value)
     SELECT id, 'oauth', jsonb_build_object('google', $1::jsonb, 'facebook', '{"clientId": "", "clientSecret": ""}'::jsonb)
       FROM merchant WHERE id = ${WORKER_MERCHANT_ID}
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(google)],
  );
}
