import { useCall } from '@platform/shared';
import { listOAuthProviders, type OAuthProvider } from '../api/oauth-api';

const NO_PROVIDERS: OAuthProvider[] = [];

/** The social logins to offer; none while loading, when none are configured or the call fails. */
export function useOAuthProviders(): OAuthProvider[] {
  const providers = useCall((signal) => listOAuthProviders(signal), []);
  if (providers.status === 'success') return providers.data;
  return providers.status === 'loading' ? (providers.staleData ?? NO_PROVIDERS) : NO_PROVIDERS;
}
