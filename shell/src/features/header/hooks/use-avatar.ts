import { api, useBusState } from '@platform/shared';
import { playerAvatarCall } from '@platform/shared/contract';
import { useEffect, useState } from 'react';
import { resolveImageUrl, useSiteSettings } from '../../settings/use-site-settings';

/** The member's avatar address (`MCSFE_getPlayerAvatar`), null until known or when it failed. */
export function useAvatar(): string | null {
  const { token } = useBusState('session');
  const imageBaseUrl = useSiteSettings().site?.imageBaseUrl;
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    setUrl(null);
    if (!token) return undefined;
    let live = true;
    api
      .call(playerAvatarCall)
      .then((avatar) => live && setUrl(avatar?.avatarUrl ? resolveImageUrl(avatar.avatarUrl, imageBaseUrl) : null))
      // The call is quiet: the built-in avatar shows instead.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token, imageBaseUrl]);

  return url;
}
