import { api, useCall } from '@platform/shared';
import { playerAvatarCall } from '@platform/contract';
import { resolveImageUrl, useSiteSettings } from '../../settings/use-site-settings';

/**
 * The member's avatar address (`MCSFE_getPlayerAvatar`), null until known or when it failed (the
 * call is quiet: the built-in avatar shows instead), and for a visitor.
 */
export function useAvatar(): string | null {
  const imageBaseUrl = useSiteSettings().site?.imageBaseUrl;
  const avatar = useCall((signal) => api.call(playerAvatarCall, { signal }), [], { requiresSession: true });
  const latest = avatar.status === 'success' ? avatar.data : avatar.status === 'loading' ? avatar.staleData : undefined;
  return latest?.avatarUrl ? resolveImageUrl(latest.avatarUrl, imageBaseUrl) : null;
}
