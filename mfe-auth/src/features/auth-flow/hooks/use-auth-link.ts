import { AUTH_LINK_PARAMS, useLocation, useNavigate } from '@platform/shared';
import { useCallback, useMemo } from 'react';

export interface AuthLink {
  resetToken: string | null;
  /** Back from a social login: its one-time code, or its error code. */
  oauthCode: string | null;
  oauthError: string | null;
  /** Takes the link's parameters out of the address once used (a reload must not replay them). */
  clear: () => void;
}

/** The auth step the current address asks to finish, if any. */
export function useAuthLink(): AuthLink {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const clear = useCallback(() => {
    const rest = new URLSearchParams(location.search);
    for (const name of Object.values(AUTH_LINK_PARAMS)) rest.delete(name);
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return {
    resetToken: query.get(AUTH_LINK_PARAMS.resetToken),
    oauthCode: query.get(AUTH_LINK_PARAMS.oauthCode),
    oauthError: query.get(AUTH_LINK_PARAMS.oauthError),
    clear,
  };
}
