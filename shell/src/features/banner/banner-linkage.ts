import { bus, type Banner, type LaunchGameTarget, isWebUrl } from '@platform/shared';

/** A banner the player can click: any linkage other than NONE with a value to follow. */
export function hasLinkage(banner: Banner): boolean {
  return banner.linkageType !== 'NONE' && !!banner.linkageValue;
}

/**
 * A GAME linkage value names the game to launch: either JSON
 * (`{"gameType":"RNG","vassalage":"JL","gameCode":"fortune"}`) or `gameType:vassalage[:gameCode]`.
 */
export function parseGameLinkage(value: string): LaunchGameTarget | null {
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as Partial<LaunchGameTarget>;
      if (typeof parsed.gameType !== 'string' || typeof parsed.vassalage !== 'string') return null;
      return {
        gameType: parsed.gameType,
        vassalage: parsed.vassalage,
        ...(typeof parsed.gameCode === 'string' ? { gameCode: parsed.gameCode } : {}),
        ...(typeof parsed.nodeId === 'string' ? { nodeId: parsed.nodeId } : {}),
      };
    } catch {
      return null;
    }
  }
  const [gameType, vassalage, gameCode] = text.split(':').map((part) => part.trim());
  if (!gameType || !vassalage) return null;
  return gameCode ? { gameType, vassalage, gameCode } : { gameType, vassalage };
}

/**
 * A promotion's page: the one link form of a promotion, /promotions/:id (the route named
 * promotions takes an id), for the banners' PROMOTION linkage and the promo bar, as the
 * registration page's promotion slider links it too.
 */
export const promotionPath = (id: number | string): string => `/promotions/${encodeURIComponent(String(id))}`;

/** Follows a banner's linkage: a promotion, a route of this site, an outside page or a game. */
export function openBannerLinkage(banner: Banner, navigate: (to: string) => void): void {
  if (!hasLinkage(banner)) return;
  const value = banner.linkageValue as string;
  switch (banner.linkageType) {
    case 'PROMOTION':
      navigate(promotionPath(value));
      return;
    case 'ROUTE':
      // Only paths of this site: an absolute address here would be an open redirect.
      if (value.startsWith('/') && !value.startsWith('//')) navigate(value);
      return;
    case 'URL':
      if (isWebUrl(value)) window.open(value, '_blank', 'noopener,noreferrer');
      return;
    case 'GAME': {
      const game = parseGameLinkage(value);
      if (game) bus.dispatch({ type: 'launchGame', game });
      return;
    }
    default:
      return;
  }
}
