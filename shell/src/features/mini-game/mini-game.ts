import { api, bus, GUEST_ACCOUNT_TYPE, type GameLane, type LaunchGameTarget, type SessionState } from '@platform/shared';
import { gameListCall } from '@platform/contract';

/**
 * The app shell's mini-game widget opens the in-house instant game: the crash
 * game JLC001 of the in-house vendor JL, category INHOUSE.
 */
export const MINI_GAME = { vassalage: 'JL', gameType: 'INHOUSE', gameCode: 'JLC001' } as const;

/** This tab's player closed the widget: it stays away until the tab closes. */
export const MINI_GAME_CLOSED_KEY = 'miniGameClosed';

/** Whether the merchant offers the in-house vendor in its in-house lane (visitors see the widget then). */
export function offersMiniGame(lanes: readonly GameLane[]): boolean {
  return lanes.some((lane) => lane.gameCategory === MINI_GAME.gameType && lane.vendors.some((vendor) => vendor.vassalage === MINI_GAME.vassalage));
}

/** Whether the session is a real account (the game list and a launch need one). */
export const isRealSession = (session: SessionState): boolean => Boolean(session.token) && session.isAgent !== GUEST_ACCOUNT_TYPE;

/** The launch target of the mini-game for a real account, or null when the merchant does not list it. */
export async function findMiniGame(signal?: AbortSignal): Promise<LaunchGameTarget | null> {
  const value = await api.call(
    { ...gameListCall, quiet: true },
    { params: { gameType: MINI_GAME.gameType, vassalage: MINI_GAME.vassalage, pageSize: 42 }, signal },
  );
  const game = value.games.find((candidate) => candidate.gameCode === MINI_GAME.gameCode);
  return game ? { gameType: MINI_GAME.gameType, vassalage: MINI_GAME.vassalage, gameCode: game.gameCode, nodeId: game.nodeId } : null;
}

/** Opens the mini-game: the login popup for a visitor, else the launch command (the lobby's launcher opens it in /game). */
export function openMiniGame(session: SessionState, target: LaunchGameTarget | null): void {
  if (!session.token) {
    bus.dispatch({ type: 'openLogin', tab: 'login' });
    return;
  }
  if (target) bus.dispatch({ type: 'launchGame', game: target });
}

