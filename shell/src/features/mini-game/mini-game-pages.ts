// Where the mini-game widget shows: kept apart from its code so the page frame imports only this.
/** The lobby pages, where the lobby's launcher answers the launch command: home and the games routes. */
const LOBBY_PATHS = new Set(['/', '/index', '/index.html', '/home']);

/** Whether the widget belongs on this page (a lobby page: its launcher opens the game). */
export function showsMiniGameOn(pathname: string, gameRoutes: readonly string[]): boolean {
  return LOBBY_PATHS.has(pathname) || gameRoutes.some((route) => pathname === `/${route}`);
}
