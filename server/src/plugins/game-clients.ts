// Game providers' own front ends served by this server (apps.json kind "game"; built by
// scripts/build.mjs into dist/games/<folder>): a vendor's game client, not a federated remote.
// Each is a single-page app whose pages all answer the same index.html, with its files under
// <mountPath>/assets/. Its API (/jl/v1 for JL) is a module's routes under the same prefix.
// tools/checks/apps.test.ts keeps this list equal to apps.json's game apps.

export interface GameClient {
  /** URL prefix, e.g. '/jl' (apps.json mountPath). */
  mountPath: string;
  /** Folder under the static root (dist/): games/jl. */
  folder: string;
  /** The page paths (without query) that answer index.html. */
  pages: RegExp;
}

export const GAME_CLIENTS: readonly GameClient[] = [
  // The in-house provider JL: /jl/play/<gameCode> (the launch URL's page) and /jl/verify.
  { mountPath: '/jl', folder: 'games/jl', pages: /^\/jl\/(play\/[A-Za-z0-9_]{1,40}|verify)\/?$/ },
];

/** The game client a page path belongs to, if any. */
export function gameClientOfPath(urlPath: string): GameClient | undefined {
  return GAME_CLIENTS.find((client) => urlPath === client.mountPath || urlPath.startsWith(`${client.mountPath}/`));
}
