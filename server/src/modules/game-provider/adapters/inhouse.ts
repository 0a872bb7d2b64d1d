import type { VendorAdapter } from './adapter';

// The in-house vendor (JL): its game pages are served by this site under /jl/play (games-jl), and
// its game server (modules/inhouse) calls the provider API over HTTP exactly as an outside vendor
// would (signed calls, inhouse/provider-client.ts), authenticating the player with the session
// token the URL carries; the token stops working when the site session that launched it ends.

export const inhouseAdapter: VendorAdapter = {
  name: 'inhouse',
  wallet: 'seamless',
  launchUrl(session, game, options) {
    const query = new URLSearchParams({ session: session.token, lang: options.language });
    if (session.trial) query.set('trial', '1');
    return `/jl/play/${encodeURIComponent(game.gameCode)}?${query.toString()}`;
  },
};
