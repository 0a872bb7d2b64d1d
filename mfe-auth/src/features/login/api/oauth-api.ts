import { api, type LoginResult } from '@platform/shared';
import { oauthExchangeCall, oauthProvidersCall, type OAuthProviderList } from '@platform/contract';

/** A social login the merchant configured (Google, Facebook); start it at startUrl?returnTo=<site path>. */
export type OAuthProvider = OAuthProviderList['list'][number];

/** `GET /wps/session/oauth/providers`: none unless the merchant configured them. */
export async function listOAuthProviders(signal?: AbortSignal): Promise<OAuthProvider[]> {
  const value = await api.call(oauthProvidersCall, { signal });
  return Array.isArray(value?.list) ? value.list : [];
}

/** The address that starts a provider's login and comes back to `returnTo` (a path of this site). */
export function startAddress(provider: OAuthProvider, returnTo: string): string {
  const separator = provider.startUrl.includes('?') ? '&' : '?';
  return `${provider.startUrl}${separator}returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * `POST /wps/session/oauth/exchange`: the one-time code the provider round trip brought back
 * (?oauthCode=) for the login answer, or login_verify_required for a member with a second factor.
 */
export function exchangeOAuthCode(code: string): Promise<LoginResult> {
  return api.call(oauthExchangeCall, { data: { code } });
}
