// The lobby's game calls: the catalogue (server module games/, contract/src/games.ts) and
// the launch (game-provider/, contract/src/game-launch.ts). Answers are read into the
// lobby's shapes (game-model.ts) here, so that components never see the wire.
import { api, bus, type AmountMinor } from '@platform/shared';
import {
  addFavouriteGameCall,
  favouriteGameIdsCall,
  favouriteGamesCall,
  gameListCall,
  hotGamesCall,
  jackpotCall,
  launchGameCall,
  launchTrialCall,
  rankListCall,
  recentGamesCall,
  removeFavouriteGameCall,
  roomListCall,
  vassGameTypeCall,
  type GameWin,
} from '@platform/contract';
import { lobbyGamesOf, minorOfMajor, type LobbyGame } from './game-model';

/** A game list starts at page 1 with 42 games a page. */
export const GAME_PAGE_SIZE = 42;
/** The web client's clientType. */
const CLIENT_TYPE = 3;

/** A phone is sent to the mobile build of a game (html5), a desktop to html5-desktop. */
export function launchPlatform(): 'html5' | 'html5-desktop' {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches ? 'html5' : 'html5-desktop';
}

const language = (): string => bus.get('language');

export interface GameListFilters {
  gameType: string;
  vassalage: string;
  gameName: string;
  gameClassify: string;
  /** Games whose minimum bet is at most this (major units as text); '' for any. */
  minBet: string;
  /** Games with at least this many lines; '' for any. */
  minLineNum: string;
}

export interface GamePage {
  games: LobbyGame[];
  totalPages: number;
  hasMore: boolean;
}

export async function loadGameList(filters: GameListFilters, pageNo: number, signal?: AbortSignal): Promise<GamePage> {
  const params = {
    clientType: CLIENT_TYPE,
    platform: 'html5-desktop',
    gameType: filters.gameType,
    vassalage: filters.vassalage,
    ...(filters.gameName.trim() ? { gameName: filters.gameName.trim() } : {}),
    ...(filters.gameClassify ? { gameClassify: filters.gameClassify } : {}),
    ...(filters.minBet ? { minBet: Number(filters.minBet) } : {}),
    ...(filters.minLineNum ? { minLineNum: Number(filters.minLineNum) } : {}),
    language: language(),
    pageNo,
    pageSize: GAME_PAGE_SIZE,
  };
  const value = await api.call(gameListCall, { params, signal });
  return { games: lobbyGamesOf(value.games), totalPages: value.totalPages, hasMore: value.hasMore };
}

/** The hot list: isPlatform 2, platforms flash and html5-desktop. */
export async function loadHotGames(signal?: AbortSignal): Promise<LobbyGame[]> {
  const params = { isPlatform: 2, platform: 'flash,html5-desktop', language: language() };
  const value = await api.call(hotGamesCall, { params, signal });
  return lobbyGamesOf(value.list);
}

export async function loadFavouriteIds(signal?: AbortSignal): Promise<string[]> {
  const value = await api.call(favouriteGameIdsCall, { signal });
  return (Array.isArray(value) ? value : []).map(String);
}

export async function loadFavouriteGames(pageNo: number, signal?: AbortSignal): Promise<GamePage> {
  const params = { clientType: CLIENT_TYPE, platform: 'flash', language: language(), pageNo, pageSize: GAME_PAGE_SIZE };
  const value = await api.call(favouriteGamesCall, { params, signal });
  return { games: lobbyGamesOf(value.content), totalPages: value.totalPages, hasMore: value.hasMore };
}

export async function loadRecentGames(signal?: AbortSignal): Promise<LobbyGame[]> {
  const value = await api.call(recentGamesCall, { params: { clientType: CLIENT_TYPE, language: language(), pageNo: 1 }, signal });
  return lobbyGamesOf(value.list);
}

export async function setFavourite(game: LobbyGame, favourite: boolean): Promise<void> {
  const data = { nodeId: game.nodeId, ...(game.vassalage ? { vendor: game.vassalage } : {}) };
  if (favourite) await api.call(addFavouriteGameCall, { data });
  else await api.call(removeFavouriteGameCall, { data });
}

/** The classifications of a category's (or one vendor's) games: the list's type filter. */
export async function loadClassifications(gameType: string, vassalage: string, signal?: AbortSignal): Promise<string[]> {
  const value = await api.call(vassGameTypeCall, { params: { gameType, vassalage, language: language() }, signal });
  return [...new Set(value.list.flatMap((entry) => entry.gameClassify))].sort();
}

export interface Win {
  username: string;
  gameName: string;
  winMinor: AmountMinor | null;
  multiple: number | null;
  time: number;
}

const winOf = (win: GameWin): Win => ({
  username: win.username,
  gameName: win.gameName,
  winMinor: minorOfMajor(win.winAmount),
  multiple: win.multiple,
  time: win.time,
});

export async function loadWinners(signal?: AbortSignal): Promise<Win[]> {
  const value = await api.call(rankListCall, { params: { language: language(), size: 10 }, signal });
  return value.list.map(winOf);
}

export interface Jackpot {
  todayTotalWonMinor: AmountMinor | null;
  biggestWin: Win | null;
  biggestMultiple: Win | null;
}

export async function loadJackpot(signal?: AbortSignal): Promise<Jackpot> {
  const value = await api.call(jackpotCall, { params: { language: language() }, signal });
  return {
    todayTotalWonMinor: minorOfMajor(value.todayTotalWon),
    biggestWin: value.biggestWin ? winOf(value.biggestWin) : null,
    biggestMultiple: value.biggestMultiple ? winOf(value.biggestMultiple) : null,
  };
}

export interface Room {
  roomId: string;
  name: string;
  minBetMinor: AmountMinor | null;
  maxBetMinor: AmountMinor | null;
}

export async function loadRooms(game: LobbyGame, signal?: AbortSignal): Promise<Room[]> {
  const params = { vassalage: game.vassalage, ...(/^[1-9][0-9]{0,9}$/.test(game.nodeId) ? { gameId: Number(game.nodeId) } : {}), language: language() };
  const value = await api.call(roomListCall, { params, signal });
  return value.list.map((room) => ({
    roomId: String(room.roomId),
    name: room.name,
    minBetMinor: minorOfMajor(room.minBet),
    maxBetMinor: minorOfMajor(room.maxBet),
  }));
}

export interface LaunchTarget {
  vassalage: string;
  nodeId?: string;
  gameId?: string;
  roomId?: string;
}

const NODE_ID = /^[0-9]{1,10}$/;

/** The URL of a real-money game (the launch request). */
export async function launchGame(target: LaunchTarget): Promise<string> {
  const session = bus.get('session');
  const data = {
    ...(target.roomId ? { roomId: target.roomId } : target.gameId ? { gameId: target.gameId } : {}),
    ...(target.nodeId && NODE_ID.test(target.nodeId) ? { nodeId: target.nodeId } : {}),
    accountType: 1,
    confirmTrans: 0,
    vassalage: target.vassalage,
    launchMode: 'GLS',
    platform: launchPlatform(),
    clientType: CLIENT_TYPE,
    ...(session.member?.account ? { username: session.member.account } : {}),
    language: language(),
  };
  const value = await api.call(launchGameCall, { data });
  return value.game_url;
}

/** The URL of a game played with play money, without an account. */
export async function launchTrial(game: LobbyGame): Promise<string> {
  const data = {
    ...(NODE_ID.test(game.nodeId) ? { nodeId: game.nodeId } : {}),
    ...(game.gameCode ? { gameId: game.gameCode } : {}),
    vassalage: game.vassalage,
    platform: launchPlatform(),
    language: language(),
  };
  const value = await api.call(launchTrialCall, { data });
  return value.game_url;
}
