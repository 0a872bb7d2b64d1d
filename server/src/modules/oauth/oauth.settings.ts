import { OAUTH_PROVIDERS, type OAuthProviderName } from '@platform/contract';
import type { Db } from '../../db/pool';

// Which social logins a merchant offers, from the 'oauth' row of merchant_setting:
//   { "google":   { "clientId": "…", "clientSecret": "…" },
//     "facebook": { "clientId": "…", "clientSecret": "…", "issuer": "https://www.facebook.com" } }
// A provider counts as configured only with both a client id and a client secret; anything else
// is hidden from the login form and refused. The issuer (its OpenID Connect discovery document
// lives at <issuer>/.well-known/openid-configuration) and scope have defaults per provider.
// This row is never sent to browsers (GET /wps/system/status reads other keys).

export type { OAuthProviderName };

export interface OAuthProviderConfig {
  provider: OAuthProviderName;
  /** Button text. */
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Create a member for a provider account not linked yet (else only linked accounts log in). */
  allowSignUp: boolean;
}

const DEFAULTS: Record<OAuthProviderName, Pick<OAuthProviderConfig, 'label' | 'issuer' | 'scope'>> = {
  google: { label: 'Google', issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  facebook: { label: 'Facebook', issuer: 'https://www.facebook.com', scope: 'openid email' },
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function isOAuthProvider(name: string): name is OAuthProviderName {
  return (OAUTH_PROVIDERS as readonly string[]).includes(name);
}

/** The configured providers of a stored 'oauth' document, in button order. */
export function oauthProvidersFrom(stored: unknown): OAuthProviderConfig[] {
  const document = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const configured: OAuthProviderConfig[] = [];
  for (const provider of OAUTH_PROVIDERS) {
    const entry = typeof document[provider] === 'object' && document[provider] !== null ? (document[provider] as Record<string, unknown>) : {};
    const clientId = text(entry.clientId);
    const clientSecret = text(entry.clientSecret);
    if (!clientId || !clientSecret) continue;
    configured.push({
      provider,
      label: text(entry.label) || DEFAULTS[provider].label,
      issuer: text(entry.issuer) || DEFAULTS[provider].issuer,
      clientId,
      clientSecret,
      scope: text(entry.scope) || DEFAULTS[provider].scope,
      allowSignUp: entry.allowSignUp !== false,
    });
  }
  return configured;
}

export async function readOAuthProviders(db: Db, merchantId: number): Promise<OAuthProviderConfig[]> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'oauth'", [merchantId]);
  return oauthProvidersFrom(result.rows[0]?.value);
}
