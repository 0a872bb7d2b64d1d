import {
  JACKPOT_PERIOD_DAYS,
  RANK_LIST_DAYS,
  RECENT_GAMES_MAX,
  type FavouriteGamesValue,
  type GameCategory,
  type GameEntity,
  type GameListValue,
  type GameWin,
  type JackpotValue,
  type RankListValue,
  type RecentGamesValue,
  type RoomListValue,
  type VassGameTypeValue,
} from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { minorToMajor } from '../ledger';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './catalogue.queries';
import type { GameRow } from './catalogue.queries';
import * as winners from './winners.queries';

// The game catalogue: lists, hot games, classifications, favourites, recent games,
// rooms, the winners board and the jackpot. Every read is the merchant's own; a member's
// favourites and recent games are the member's own. Names are given in the caller's language when
// the operator gave one (display_names), else in English.

const DAY_MS = 86_400_000;

/** The name in `language` when there is one, else `fallback`. */
export function nameIn(displayNames: Record<string, unknown> | null | undefined, fallback: string, language: string): string {
  const localised = displayNames?.[language];
  return typeof localised === 'string' && localised.trim() !== '' ? localised : fallback;
}

/** A game row as the wire's game entity. */
export function gameEntityOf(row: GameRow, language: string, isFavourite: boolean): GameEntity {
  return {
    nodeId: String(row.id),
    gameId: row.id,
    gameType: row.game_category as GameCategory,
    isGame: 'GAME',
    code: row.game_code,
    gameCode: row.game_code,
    vassalage: row.vassalage,
    vendor: nameIn(row.vendor_display_names, row.vendor_name, language),
    provider: row.provider,
    accountTypeName: row.account_type_name,
    gameName: nameIn(row.display_names, row.name, language),
    iconUrl: row.icon_url,
    minBet: minorToMajor(Number(row.min_bet_minor)),
    lineNum: row.line_num,
    isHot: row.is_hot,
    isNew: row.is_new,
    trial: row.trial_enabled,
    gameClassify: row.game_classify,
    isFavourite,
  };
}

const pagesOf = (total: number, pageSize: number): number => Math.ceil(total / pageSize);

export interface GameListRequest {
  merchantId: number;
  memberId: number | null;
  language: string;
  gameCategory?: string;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  /** Major units: games whose minimum bet is at most this. */
  minBet?: number;
  minLineNum?: number;
  platforms?: string[];
  pageNo: number;
  pageSize: number;
}

const blankToNull = (text: string | undefined): string | null => (text === undefined || text.trim() === '' ? null : text.trim());

/** GCSGAME_gameList: one page of the catalogue, filtered. */
export async function listGames(db: Db, request: GameListRequest): Promise<GameListValue> {
  const namePart = blankToNull(request.gameName);
  const { rows, total } = await queries.selectGames(
    db,
    {
      merchantId: request.merchantId,
      gameCategory: blankToNull(request.gameCategory),
      vassalage: blankToNull(request.vassalage)?.toUpperCase() ?? null,
      gameClassify: blankToNull(request.gameClassify)?.toUpperCase() ?? null,
      namePattern: namePart === null ? null : queries.likeContaining(namePart),
      language: request.language,
      maxMinBetMinor: request.minBet === undefined ? null : Math.round(request.minBet * 100),
      minLineNum: request.minLineNum ?? null,
      platforms: request.platforms ?? null,
      hotOnly: false,
    },
    request.memberId,
    request.pageSize,
    (request.pageNo - 1) * request.pageSize,
  );
  const totalPages = pagesOf(total, request.pageSize);
  return {
    games: rows.map((row) => gameEntityOf(row, request.language, row.is_favourite)),
    totalPages,
    totalCount: total,
    hasMore: request.pageNo < totalPages,
    pageNo: request.pageNo,
    pageSize: request.pageSize,
  };
}

/** The most hot games listed at once. */
const HOT_GAMES_MAX = 100;

/** GCSGAME_hotGamesV2: the hot games, each game once. */
export async function hotGames(
  db: Db,
  request: { merchantId: number; memberId: number | null; language: string; vassalage?: string; platforms?: string[] },
): Promise<GameEntity[]> {
  const { rows } = await queries.selectGames(
    db,
    {
      merchantId: request.merchantId,
      gameCategory: null,
      vassalage: blankToNull(request.vassalage)?.toUpperCase() ?? null,
      gameClassify: null,
      namePattern: null,
      language: request.language,
      maxMinBetMinor: null,
      minLineNum: null,
      platforms: request.platforms ?? null,
      hotOnly: true,
    },
    request.memberId,
    HOT_GAMES_MAX,
    0,
  );
  return rows.map((row) => gameEntityOf(row, request.language, row.is_favourite));
}

/** GCSGAME_getVassGameType: the classifications of each vendor row's games. */
export async function vendorClassifications(
  db: Db,
  merchantId: number,
  language: string,
  gameCategory?: string,
  vassalage?: string,
): Promise<VassGameTypeValue> {
  const rows = await queries.selectVendorClassifies(db, merchantId, blankToNull(gameCategory), blankToNull(vassalage)?.toUpperCase() ?? null);
  return {
    list: rows.map((row) => ({
      vassalage: row.vassalage,
      gameType: row.game_category as GameCategory,
      vendorName: nameIn(row.vendor_display_names, row.vendor_name, language),
      gameClassify: row.classifies,
    })),
  };
}

export interface FavouriteTarget {
  nodeId: string;
  /** The game's vassalage, checked when given. */
  vendor?: string;
  /** The game's category, checked when given. */
  gameType?: string;
}

const MAX_INT = 2_147_483_647;

/** The id a nodeId names, or undefined when it cannot name a game. */
const idOf = (nodeId: string): number | undefined => {
  const id = Number(nodeId);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_INT ? id : undefined;
};

/** Adds the game to the member's favourites (again: nothing changes). 404 game.not_found for no such enabled game. */
export async function addFavourite(db: Db, merchantId: number, memberId: number, target: FavouriteTarget, nowMs: number) {
  const id = idOf(target.nodeId);
  const game = id === undefined ? undefined : await queries.selectEnabledGame(db, merchantId, id);
  if (
    !game ||
    (target.vendor !== undefined && target.vendor.toUpperCase() !== game.vassalage) ||
    (target.gameType !== undefined && target.gameType !== game.game_category)
  ) {
    throw new AppError(404, 'game.not_found');
  }
  await queries.insertFavourite(db, memberId, game.id, nowMs);
  return { nodeId: String(game.id), isFavourite: true };
}

/** Removes the game (any of its rows) from the member's favourites; a game that was none is fine. */
export async function removeFavourite(db: Db, merchantId: number, memberId: number, target: FavouriteTarget) {
  const id = idOf(target.nodeId);
  if (id !== undefined) await queries.deleteFavourite(db, merchantId, memberId, id);
  return { nodeId: target.nodeId, isFavourite: false };
}

/** MCSFE_getFavoriteGames: nodeIds of the member's favourite games. */
export async function favouriteIds(db: Db, merchantId: number, memberId: number): Promise<string[]> {
  return (await queries.selectFavouriteIds(db, merchantId, memberId)).map(String);
}

/** MCSFE_getFavoriteGamesList: a page of the member's favourite games. */
export async function favouriteGames(
  db: Db,
  request: { merchantId: number; memberId: number; language: string; gameCategory?: string; pageNo: number; pageSize: number },
): Promise<FavouriteGamesValue> {
  const { rows, total } = await queries.selectFavouriteGames(
    db,
    request.merchantId,
    request.memberId,
    blankToNull(request.gameCategory),
    request.pageSize,
    (request.pageNo - 1) * request.pageSize,
  );
  const totalPages = pagesOf(total, request.pageSize);
  return {
    content: rows.map((row) => gameEntityOf(row, request.language, true)),
    totalPages,
    totalElements: total,
    hasMore: request.pageNo < totalPages,
  };
}

/** GCS_recentGame: a page of the member's last RECENT_GAMES_MAX games, most recent first. */
export async function recentGames(
  db: Db,
  request: { merchantId: number; memberId: number; language: string; pageNo: number; pageSize: number },
): Promise<RecentGamesValue> {
  const rows = await queries.selectRecentGames(db, request.merchantId, request.memberId, RECENT_GAMES_MAX);
  const start = (request.pageNo - 1) * request.pageSize;
  return {
    list: rows.slice(start, start + request.pageSize).map((row) => ({
      ...gameEntityOf(row, request.language, row.is_favourite),
      lastPlayedAt: row.at.getTime(),
    })),
    totalPages: pagesOf(rows.length, request.pageSize),
  };
}

/** GLS2_roomList: rooms of PVP games. */
export async function rooms(
  db: Db,
  request: { merchantId: number; language: string; vassalage?: string; gameId?: number },
): Promise<RoomListValue> {
  const rows = await queries.selectRooms(db, request.merchantId, blankToNull(request.vassalage)?.toUpperCase() ?? null, request.gameId ?? null);
  return {
    list: rows.map((row) => ({
      roomId: row.id,
      roomCode: row.room_code,
      name: row.name,
      minBet: minorToMajor(Number(row.min_bet_minor)),
      maxBet: row.max_bet_minor === null ? null : minorToMajor(Number(row.max_bet_minor)),
      gameId: row.game_id,
      nodeId: String(row.game_id),
      gameCode: row.game_code,
      gameName: nameIn(row.display_names, row.game_name, request.language),
      vassalage: row.vassalage,
    })),
  };
}

/**
 * A username shown to other players: the first two and last two characters around *** (one and
 * one for 3–4 characters, the first alone for shorter names). ab***yz never reveals a name of
 * five characters or more in full.
 */
export function maskUsername(username: string): string {
  const characters = [...username];
  if (characters.length >= 5) return `${characters.slice(0, 2).join('')}***${characters.slice(-2).join('')}`;
  if (characters.length >= 3) return `${characters[0]}***${characters[characters.length - 1]}`;
  return `${characters[0] ?? ''}***`;
}

function winOf(row: winners.WinRow, language: string): GameWin {
  const bet = Number(row.bet_minor);
  const win = Number(row.win_minor);
  return {
    username: maskUsername(row.username),
    gameName: nameIn(row.display_names, row.catalogue_name ?? row.game_name, language),
    gameCode: row.game_code,
    vassalage: row.vassalage,
    gameType: row.game_category,
    betAmount: minorToMajor(bet),
    winAmount: minorToMajor(win),
    multiple: bet > 0 ? Math.round((win / bet) * 100) / 100 : null,
    time: row.at.getTime(),
  };
}

/** How long the winners board and the jackpot figures are kept before game_round is read again. */
export const WINNERS_CACHE_MS = 30_000;
/** The most wins the board lists (the contract's size maximum). */
const RANK_LIST_MAX = 50;

/** When the merchant's day holding `nowMs` began: its time zone is the withdrawal settings' (as profit and loss). */
async function merchantDayStartMs(db: Db, merchantId: number, nowMs: number): Promise<number> {
  const { timeZoneOffsetMinutes } = await readWithdrawSettings(db, merchantId);
  const offsetMs = timeZoneOffsetMinutes * 60_000;
  return Math.floor((nowMs + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
}

interface JackpotRows {
  biggest: winners.WinRow | undefined;
  multiple: winners.WinRow | undefined;
  todayMinor: number;
  dayStart: number;
}

/**
 * The winners board (GCSGAME_getRankList) and the jackpot (VIS_getJackpot): open calls on the home
 * page, each a scan of a week or a month of the merchant's game rounds. The rows are read at most
 * once per WINNERS_CACHE_MS per merchant (a failed read is not kept); each answer localises and
 * cuts them.
 */
export class WinnersBoard {
  private readonly boards = new Map<number, { expiresAt: number; rows: Promise<winners.WinRow[]> }>();
  private readonly jackpots = new Map<number, { expiresAt: number; rows: Promise<JackpotRows> }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly ttlMs = WINNERS_CACHE_MS,
  ) {}

  private cached<T>(cache: Map<number, { expiresAt: number; rows: Promise<T> }>, merchantId: number, read: (nowMs: number) => Promise<T>): Promise<T> {
    const nowMs = this.now();
    const entry = cache.get(merchantId);
    if (entry && entry.expiresAt > nowMs) return entry.rows;
    const rows = read(nowMs);
    cache.set(merchantId, { expiresAt: nowMs + this.ttlMs, rows });
    rows.catch(() => {
      if (cache.get(merchantId)?.rows === rows) cache.delete(merchantId);
    });
    return rows;
  }

  /** The biggest wins of the last RANK_LIST_DAYS days, biggest first. */
  async rankList(merchantId: number, language: string, size: number): Promise<RankListValue> {
    const rows = await this.cached(this.boards, merchantId, (nowMs) =>
      winners.selectBiggestWins(this.db, merchantId, nowMs - RANK_LIST_DAYS * DAY_MS, RANK_LIST_MAX),
    );
    return { list: rows.slice(0, size).map((row) => winOf(row, language)), days: RANK_LIST_DAYS };
  }

  /** The biggest win and multiple of the last JACKPOT_PERIOD_DAYS days, and today's total won. */
  async jackpot(merchantId: number, language: string): Promise<JackpotValue> {
    const figures = await this.cached(this.jackpots, merchantId, async (nowMs) => {
      const since = nowMs - JACKPOT_PERIOD_DAYS * DAY_MS;
      const dayStart = await merchantDayStartMs(this.db, merchantId, nowMs);
      const [biggest, multiple, todayMinor] = await Promise.all([
        winners.selectBiggestWins(this.db, merchantId, since, 1),
        winners.selectBiggestMultiple(this.db, merchantId, since),
        winners.selectTotalWon(this.db, merchantId, dayStart),
      ]);
      return { biggest: biggest[0], multiple, todayMinor, dayStart };
    });
    return {
      biggestWin: figures.biggest ? winOf(figures.biggest, language) : null,
      biggestMultiple: figures.multiple ? winOf(figures.multiple, language) : null,
      todayTotalWon: minorToMajor(figures.todayMinor),
      periodDays: JACKPOT_PERIOD_DAYS,
      dayStart: figures.dayStart,
    };
  }
}

// --- For the game-provider module (launch, provider API): design page "A exports" ---------------

/** An enabled game of an enabled vendor row, as the launch and the provider API need it. */
export interface LaunchableGame {
  id: number;
  /** The id as text: nodeId on the wire. */
  nodeId: string;
  merchantId: number;
  gameVendorId: number;
  vassalage: string;
  gameCategory: string;
  vendorName: string;
  provider: string;
  accountTypeName: string | null;
  gameCode: string;
  /** English name; displayNames per language code. */
  name: string;
  displayNames: Record<string, unknown>;
  gameClassify: string | null;
  minBetMinor: number;
  lineNum: number | null;
  isHot: boolean;
  trialEnabled: boolean;
  iconUrl: string | null;
  platforms: string[];
}

export interface GameSelector {
  /** The game's id (nodeId on the wire), as a number or text. */
  nodeId?: number | string;
  /** The launch's gameId: the id as text, or a game code (of `vassalage` when given). */
  gameId?: number | string;
  gameCode?: string;
  vassalage?: string;
  /** The category of the row wanted when a code is offered in two (RNG first otherwise). */
  gameCategory?: string;
  /** A room of a PVP game (its id or code): that room's game. */
  roomId?: number | string;
}

const launchableOf = (row: GameRow): LaunchableGame => ({
  id: row.id,
  nodeId: String(row.id),
  merchantId: row.merchant_id,
  gameVendorId: row.game_vendor_id,
  vassalage: row.vassalage,
  gameCategory: row.game_category,
  vendorName: row.vendor_name,
  provider: row.provider,
  accountTypeName: row.account_type_name,
  gameCode: row.game_code,
  name: row.name,
  displayNames: row.display_names,
  gameClassify: row.game_classify,
  minBetMinor: Number(row.min_bet_minor),
  lineNum: row.line_num,
  isHot: row.is_hot,
  trialEnabled: row.trial_enabled,
  iconUrl: row.icon_url,
  platforms: row.platforms,
});

const ID_TEXT = /^[1-9][0-9]{0,9}$/;
/** A positive int4 id from a number or its text, else undefined. */
const asId = (value: number | string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const text = String(value);
  return ID_TEXT.test(text) ? idOf(text) : undefined;
};

/**
 * The game a launch names, or undefined when there is no such enabled game of an enabled vendor
 * row of the merchant: by nodeId (the game id), else by room (id or code), else gameId as a game
 * code (of `vassalage` when given; the RNG row first when the code is in two categories, unless
 * gameCategory names one), else gameId as an id. `vassalage` and `gameCategory`, when given,
 * must match in every case.
 */
export async function findLaunchableGame(db: Db, merchantId: number, selector: GameSelector): Promise<LaunchableGame | undefined> {
  const vassalage = blankToNull(selector.vassalage)?.toUpperCase() ?? undefined;
  const gameCategory = blankToNull(selector.gameCategory) ?? undefined;
  const lookup = async (parts: queries.LaunchSelector) => {
    const row = await queries.selectLaunchableGame(db, merchantId, { ...parts, vassalage, gameCategory });
    return row && launchableOf(row);
  };
  if (selector.nodeId !== undefined) {
    const id = asId(selector.nodeId);
    return id === undefined ? undefined : lookup({ gameId: id });
  }
  if (selector.roomId !== undefined) {
    const roomId = asId(selector.roomId);
    const roomCode = String(selector.roomId);
    return roomId !== undefined ? lookup({ roomId }) : /^[A-Za-z0-9_.-]{1,64}$/.test(roomCode) ? lookup({ roomCode }) : undefined;
  }
  const code = selector.gameCode ?? (selector.gameId === undefined ? undefined : String(selector.gameId));
  if (code !== undefined && code !== '') {
    const byCode = await lookup({ gameCode: code });
    if (byCode) return byCode;
  }
  const id = asId(selector.gameId);
  return id === undefined ? undefined : lookup({ gameId: id });
}

/** The member launched the game (its id) at nowMs: it heads their recent games. */
export async function recordRecentGame(db: Db, memberId: number, gameId: number, nowMs: number): Promise<void> {
  await queries.upsertRecentGame(db, memberId, gameId, nowMs);
}
