import { useEffect, useState } from 'react';
import { listOAuthProviders, type OAuthProvider } from '../api/oauth-api';

/** The social logins to offer; none while loading, when none are configured or the call fails. */
export function useOAuthProviders(): OAuthProvider[] {
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  useEffect(() => {
    let live = true;
    listOAuthProviders()
      .then((list) => live && setProviders(list))
      .catch(() => live && setProviders([]));
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
