import type { LaunchableGame } from '../../games';

// A vendor adapter: what connecting a game vendor takes. A vendor is added by writing one (its
// launch, and how its wallet calls map onto the seamless-wallet API) and naming it in
// game_provider.adapter; a vendor row without one answers game.vendor.not_connected.

export interface LaunchSession {
  /** The session token (the vendor authenticates the player with it through the provider API). */
  token: string;
  trial: boolean;
  expiresAtMs: number;
}

export interface LaunchOptions {
  /** BN, CN, EN, ID, TH, TY, VI. */
  language: string;
  platform: string | undefined;
}

export interface VendorAdapter {
  /** The game_provider.adapter value naming it. */
  readonly name: string;
  /** The URL the /game frame opens for this session. */
  launchUrl(session: LaunchSession, game: LaunchableGame, options: LaunchOptions): string;
  /**
   * How the vendor's money calls reach the ledger. 'seamless': the vendor calls
   * /provider/v1/<vassalage>/{authenticate,balance,bet,win,rollback,endRound} itself (no balance is
   * kept at the vendor), each call signed over its method, path, timestamp and body (signature.ts).
   * A vendor with its own wallet protocol would map it here, signing what it forwards the same way.
   */
  readonly wallet: 'seamless';
}
