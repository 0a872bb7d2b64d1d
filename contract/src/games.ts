// Game calls: the vendor lanes of the lobby (server module games/).
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, type QueryOf, type ValueOf } from './define-call';
import { GAME_CATEGORY_CODES, type GameCategoryCode } from './game-categories';

const nullableStr = { type: ['string', 'null'] } as const;

export const vendorCardSchema = {
  type: 'object',
  required: ['vassalage', 'vendorName', 'provider', 'isHot', 'gameCategory', 'gameClassify', 'iconUrl', 'colorIconUrl', 'accountTypeName'],
  properties: {
    vassalage: { type: 'string', description: 'Vendor code' },
    vendorName: { type: 'string' },
    provider: { type: 'string', description: 'Company behind the vendor; several vendors may share one' },
    isHot: { type: 'boolean' },
    gameCategory: { type: 'string', enum: GAME_CATEGORY_CODES },
    gameClassify: nullableStr,
    iconUrl: nullableStr,
    colorIconUrl: nullableStr,
    accountTypeName: nullableStr,
    playable: {
      type: 'boolean',
      description: 'false: no game provider is connected for the vendor, so nothing of it can be played (the lobby offers no card for it); the site\'s own lottery is always playable',
    },
  },
} as const;

export const gameVendorValueSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['lanes'],
      properties: {
        lanes: {
          type: 'array',
          description: 'One lane per category with at least one vendor, in navigation order',
          items: {
            type: 'object',
            required: ['gameCategory', 'vendors'],
            properties: { gameCategory: { type: 'string', enum: GAME_CATEGORY_CODES }, vendors: { type: 'array', items: vendorCardSchema } },
          },
        },
      },
    },
  },
} as const;

export const gameVendorsCall = /*#__PURE__*/ defineCall({
  name: 'gameVendors',
  method: 'GET',
  path: '/wps/relay/GCSGAME_newGameVendor',
  moduleId: 'GAME3',
  cached: true,
  query: {
    type: 'object',
    required: ['platform'],
    properties: {
      platform: {
        type: 'string',
        pattern: '^(html5-desktop|html5|flash)(,(html5-desktop|html5|flash))*$',
        description: 'Client platform(s), comma separated: html5-desktop, html5, flash',
      },
      language: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'two-letter language code for vendor names, e.g. EN, VI' },
    },
  },
  value: gameVendorValueSchema,
});

/** A vendor's game category: one of the contract's GAME_CATEGORIES. */
export type GameCategory = GameCategoryCode;

export type GameVendorValue = ValueOf<typeof gameVendorsCall>;
export type GameLane = GameVendorValue['data']['lanes'][number];
export type VendorCard = FromSchema<typeof vendorCardSchema>;

// ---------------------------------------------------------------------------------------------
// The game catalogue (server module games/, migration 029): game lists, hot games,
// classifications, favourites, recent games, the winners board, the jackpot figures and PVP rooms.
// A game belongs to one vendor row (vassalage + category); its `nodeId` is the game's id as text.
// Money is major units with at most two decimals.

/** Rows per game list page when the request names none (the lobby's filter), and the most allowed. */
export const GAME_LIST_DEFAULT_PAGE_SIZE = 42;
export const GAME_LIST_MAX_PAGE_SIZE = 100;
/** The most recent games kept and listed per member. */
export const RECENT_GAMES_MAX = 20;
/** The winners board's window and default length. */
export const RANK_LIST_DAYS = 7;
export const RANK_LIST_DEFAULT_SIZE = 20;
/** The jackpot's window for the biggest win and biggest multiple. */
export const JACKPOT_PERIOD_DAYS = 30;

const platformQuery = {
  type: 'string',
  pattern: '^(html5-desktop|html5|flash)(,(html5-desktop|html5|flash))*$',
  description: 'Client platform(s), comma separated: html5-desktop, html5, flash',
} as const;
const languageQuery = {
  type: 'string',
  pattern: '^[A-Za-z]{2}$',
  description: "two-letter language code of game names (EN, BN, CN, ID, TH, TY, VI); the Language header's when absent",
} as const;
const clientTypeQuery = { type: 'integer', minimum: 0, maximum: 99, description: 'client type (3: web); accepted, not used' } as const;
const ignoredText = (description: string) => ({ type: 'string', maxLength: 64, description }) as const;
const vassalageQuery = { type: 'string', pattern: '^([A-Za-z0-9_]{1,40})?$', description: 'vendor code (JL, PG, ...); empty: every vendor' } as const;
const gameTypeQuery = {
  type: 'string',
  pattern: '^(LOTT|ELOTT|LIVE|SPORTS|FISH|RNG|PVP|ESPORTS|COCKFIGHT|INHOUSE)?$',
  description: 'game category (RNG, INHOUSE, ...); empty: every category',
} as const;
const nodeIdSchema = { type: 'string', pattern: '^[1-9][0-9]{0,9}$', description: "the game's id (nodeId of the game entity)" } as const;
const pageNoQuery = { type: 'integer', minimum: 1, maximum: 100000, default: 1 } as const;

/** A game as every list shows it (the game entity). */
export const gameEntitySchema = {
  type: 'object',
  required: [
    'nodeId', 'gameId', 'gameType', 'isGame', 'code', 'gameCode', 'vassalage', 'vendor', 'provider', 'accountTypeName',
    'gameName', 'iconUrl', 'minBet', 'lineNum', 'isHot', 'isNew', 'trial', 'gameClassify', 'isFavourite',
  ],
  additionalProperties: false,
  properties: {
    nodeId: { type: 'string', description: "the game's id as text: what launch and favourites name" },
    gameId: { type: 'integer', description: 'the same id as a number (launch gameId)' },
    gameType: { type: 'string', enum: GAME_CATEGORY_CODES, description: "the category of the game's vendor row" },
    isGame: { type: 'string', enum: ['GAME'], description: "GAME: launches itself (a vendor entry would be VASSALAGE: a popup list)" },
    code: { type: 'string', description: "the vendor's game code (same as gameCode)" },
    gameCode: { type: 'string' },
    vassalage: { type: 'string', description: 'vendor code' },
    vendor: { type: 'string', description: "the vendor's name in the requested language" },
    provider: { type: 'string', description: 'the company behind the vendor' },
    accountTypeName: nullableStr,
    gameName: { type: 'string', description: 'in the requested language when the operator gave one, else English' },
    iconUrl: nullableStr,
    minBet: { type: 'number', description: 'smallest stake, major units' },
    lineNum: { type: ['integer', 'null'], description: 'paylines of a slot' },
    isHot: { type: 'boolean' },
    isNew: { type: 'boolean' },
    trial: { type: 'boolean', description: 'playable with play money without logging in (POST /wps/game/launchTrial)' },
    gameClassify: { type: ['string', 'null'], description: 'SLOT, CRASH, ...' },
    isFavourite: { type: 'boolean', description: "the caller's favourite (false for an anonymous caller)" },
  },
} as const;

export const gameListCall = /*#__PURE__*/ defineCall({
  name: 'gameList',
  method: 'GET',
  path: '/wps/relay/GCSGAME_gameList',
  moduleId: 'GAME3',
  token: true,
  query: {
    type: 'object',
    properties: {
      clientType: clientTypeQuery,
      platform: platformQuery,
      channel: ignoredText('accepted, not used'),
      merchant: ignoredText('accepted, not used: the merchant is the one the request resolves to'),
      gameType: gameTypeQuery,
      vassalage: vassalageQuery,
      gameClassify: { type: 'string', pattern: '^([A-Za-z_]{1,40})?$', description: 'classification (SLOT, CRASH, ...); empty: all' },
      gameName: { type: 'string', maxLength: 100, description: 'keeps games whose name (English or in the language) contains it, ignoring case' },
      minBet: {
        type: 'number',
        minimum: 0,
        maximum: 1000000000,
        description: "keeps games whose minimum bet is at most this (major units): the games playable at this stake",
      },
      minLineNum: { type: 'integer', minimum: 0, maximum: 100000, description: 'keeps games with at least this many paylines' },
      language: languageQuery,
      pageNo: pageNoQuery,
      pageSize: { type: 'integer', minimum: 1, maximum: GAME_LIST_MAX_PAGE_SIZE, default: GAME_LIST_DEFAULT_PAGE_SIZE },
    },
  },
  value: {
    type: 'object',
    required: ['games', 'totalPages', 'totalCount', 'hasMore', 'pageNo', 'pageSize'],
    additionalProperties: false,
    properties: {
      games: {
        type: 'array',
        items: gameEntitySchema,
        description: 'enabled games of enabled vendors, in the vendors’ then the games’ display order; a game offered in two categories once when no gameType is given',
      },
      totalPages: { type: 'integer', description: '0 when nothing matches' },
      totalCount: { type: 'integer' },
      hasMore: { type: 'boolean', description: 'a page after this one exists' },
      pageNo: { type: 'integer' },
      pageSize: { type: 'integer' },
    },
  },
});

export const hotGamesCall = /*#__PURE__*/ defineCall({
  name: 'hotGames',
  method: 'GET',
  path: '/wps/relay/GCSGAME_hotGamesV2',
  moduleId: 'GAME3',
  query: {
    type: 'object',
    properties: {
      merchantCode: ignoredText('accepted, not used: the merchant is the one the request resolves to'),
      isPlatform: { type: 'integer', minimum: 0, maximum: 9, description: '2 (platform hot list); accepted, not used' },
      vassalage: vassalageQuery,
      platform: platformQuery,
      language: languageQuery,
    },
  },
  value: {
    type: 'object',
    required: ['list'],
    additionalProperties: false,
    properties: {
      list: {
        type: 'array',
        items: gameEntitySchema,
        description: 'the hot games (isHot) of enabled vendors, each game once; isFavourite for a logged-in caller (optional token)',
      },
    },
  },
});

export const vassGameTypeCall = /*#__PURE__*/ defineCall({
  name: 'vassGameType',
  method: 'GET',
  path: '/wps/relay/GCSGAME_getVassGameType',
  moduleId: 'GAME3',
  token: true,
  query: {
    type: 'object',
    properties: { gameType: gameTypeQuery, vassalage: vassalageQuery, language: languageQuery },
  },
  value: {
    type: 'object',
    required: ['list'],
    additionalProperties: false,
    properties: {
      list: {
        type: 'array',
        description: 'one entry per enabled vendor row with at least one enabled game, in display order',
        items: {
          type: 'object',
          required: ['vassalage', 'gameType', 'vendorName', 'gameClassify'],
          additionalProperties: false,
          properties: {
            vassalage: { type: 'string' },
            gameType: { type: 'string', enum: GAME_CATEGORY_CODES },
            vendorName: { type: 'string' },
            gameClassify: { type: 'array', items: { type: 'string' }, description: "the classifications of the vendor's games, sorted" },
          },
        },
      },
    },
  },
});

export const favouriteGameIdsCall = /*#__PURE__*/ defineCall({
  name: 'favouriteGameIds',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGames',
  moduleId: 'GAME3',
  token: true,
  value: {
    type: 'array',
    items: { type: 'string' },
    description:
      "nodeIds of the caller's favourite games (a game offered in two categories: both rows' nodeIds), newest favourite first",
  },
});

export const favouriteGamesCall = /*#__PURE__*/ defineCall({
  name: 'favouriteGames',
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGamesList',
  moduleId: 'GAME3',
  token: true,
  query: {
    type: 'object',
    properties: {
      clientType: clientTypeQuery,
      platform: { ...platformQuery, description: 'accepted, not used: a favourite is listed on every platform' },
      gameType: gameTypeQuery,
      language: languageQuery,
      pageNo: pageNoQuery,
      pageSize: { type: 'integer', minimum: 1, maximum: GAME_LIST_MAX_PAGE_SIZE, default: GAME_LIST_DEFAULT_PAGE_SIZE },
    },
  },
  value: {
    type: 'object',
    required: ['content', 'totalPages', 'totalElements', 'hasMore'],
    additionalProperties: false,
    properties: {
      content: {
        type: 'array',
        items: gameEntitySchema,
        description: 'favourite games still enabled, newest favourite first; the row of gameType when given, each game once otherwise',
      },
      totalPages: { type: 'integer' },
      totalElements: { type: 'integer' },
      hasMore: { type: 'boolean' },
    },
  },
});

const favouriteBody = {
  type: 'object',
  required: ['nodeId'],
  additionalProperties: false,
  properties: {
    nodeId: nodeIdSchema,
    vendor: { type: 'string', pattern: '^[A-Za-z0-9_]{1,40}$', description: "the game's vassalage; when sent it must match (game.not.found otherwise)" },
    gameType: {
      type: 'string',
      pattern: '^(LOTT|ELOTT|LIVE|SPORTS|FISH|RNG|PVP|ESPORTS|COCKFIGHT|INHOUSE)$',
      description: "the game's category; when sent it must match (game.not.found otherwise)",
    },
  },
} as const;
const favouriteValue = {
  type: 'object',
  required: ['nodeId', 'isFavourite'],
  additionalProperties: false,
  properties: { nodeId: { type: 'string' }, isFavourite: { type: 'boolean' } },
} as const;

export const addFavouriteGameCall = /*#__PURE__*/ defineCall({
  name: 'addFavouriteGame',
  method: 'POST',
  path: '/wps/relay/MCSFE_addFavoriteGame',
  moduleId: 'GAME3',
  token: true,
  body: favouriteBody,
  value: favouriteValue,
});

export const removeFavouriteGameCall = /*#__PURE__*/ defineCall({
  name: 'removeFavouriteGame',
  method: 'POST',
  path: '/wps/relay/MCSFE_removeFavoriteGame',
  moduleId: 'GAME3',
  token: true,
  body: favouriteBody,
  value: favouriteValue,
});

export const recentGamesCall = /*#__PURE__*/ defineCall({
  name: 'recentGames',
  method: 'GET',
  path: '/wps/relay/GCS_recentGame',
  moduleId: 'GAME3',
  token: true,
  query: {
    type: 'object',
    properties: {
      clientType: clientTypeQuery,
      platform: { ...platformQuery, description: 'accepted, not used' },
      language: languageQuery,
      pageNo: pageNoQuery,
      pageSize: { type: 'integer', minimum: 1, maximum: RECENT_GAMES_MAX, default: RECENT_GAMES_MAX },
    },
  },
  value: {
    type: 'object',
    required: ['list', 'totalPages'],
    additionalProperties: false,
    properties: {
      list: {
        type: 'array',
        description: `the games the caller launched, most recent first, each game once, at most ${RECENT_GAMES_MAX}`,
        items: {
          ...gameEntitySchema,
          required: [...gameEntitySchema.required, 'lastPlayedAt'],
          properties: { ...gameEntitySchema.properties, lastPlayedAt: { type: 'integer', description: 'epoch ms of the last launch' } },
        },
      },
      totalPages: { type: 'integer' },
    },
  },
});

/** One win of the winners board or the jackpot: the player's name masked (ab***yz). */
export const gameWinSchema = {
  type: 'object',
  required: ['username', 'gameName', 'gameCode', 'vassalage', 'gameType', 'betAmount', 'winAmount', 'multiple', 'time'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', description: 'masked: the first and last characters and ***' },
    gameName: { type: 'string' },
    gameCode: { type: 'string' },
    vassalage: { type: 'string' },
    gameType: { type: 'string', description: "the round's category" },
    betAmount: { type: 'number', description: 'major units' },
    winAmount: { type: 'number', description: 'major units' },
    multiple: { type: ['number', 'null'], description: 'win / bet, two decimals; null when the bet was 0 (a free round)' },
    time: { type: 'integer', description: 'epoch ms the round ended (or started, while open)' },
  },
} as const;

export const rankListCall = /*#__PURE__*/ defineCall({
  name: 'rankList',
  method: 'GET',
  path: '/wps/relay/GCSGAME_getRankList',
  moduleId: 'GAME3',
  query: {
    type: 'object',
    properties: {
      language: languageQuery,
      size: { type: 'integer', minimum: 1, maximum: 50, default: RANK_LIST_DEFAULT_SIZE },
    },
  },
  value: {
    type: 'object',
    required: ['list', 'days'],
    additionalProperties: false,
    properties: {
      list: {
        type: 'array',
        items: gameWinSchema,
        description: `winners board: the biggest real-money wins of the last ${RANK_LIST_DAYS} days (game rounds not rolled back), biggest first`,
      },
      days: { type: 'integer', description: 'the window in days' },
    },
  },
});

export const jackpotCall = /*#__PURE__*/ defineCall({
  name: 'jackpot',
  method: 'GET',
  // The legacy client makes VIS_getJackpot a quiet call; its fields are ours (none were specified).
  path: '/wps/relay/VIS_getJackpot',
  moduleId: 'GAME3',
  quiet: true,
  query: { type: 'object', properties: { language: languageQuery } },
  value: {
    type: 'object',
    required: ['biggestWin', 'biggestMultiple', 'todayTotalWon', 'periodDays', 'dayStart'],
    additionalProperties: false,
    properties: {
      biggestWin: {
        anyOf: [gameWinSchema, { type: 'null' }],
        description: `the largest single win of the last ${JACKPOT_PERIOD_DAYS} days (null: none)`,
      },
      biggestMultiple: {
        anyOf: [gameWinSchema, { type: 'null' }],
        description: `the win with the largest multiple of its bet in the last ${JACKPOT_PERIOD_DAYS} days (null: none)`,
      },
      todayTotalWon: { type: 'number', description: "everything won in real-money rounds since the start of the merchant's day, major units" },
      periodDays: { type: 'integer' },
      dayStart: { type: 'integer', description: "epoch ms of the start of the merchant's day" },
    },
  },
});

export const roomListCall = /*#__PURE__*/ defineCall({
  name: 'roomList',
  method: 'GET',
  path: '/wps/relay/GLS2_roomList',
  moduleId: 'GAME3',
  token: true,
  query: {
    type: 'object',
    properties: {
      vassalage: vassalageQuery,
      gameId: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'rooms of this game only' },
      language: languageQuery,
    },
  },
  value: {
    type: 'object',
    required: ['list'],
    additionalProperties: false,
    properties: {
      list: {
        type: 'array',
        description: 'enabled rooms of enabled games of enabled PVP vendor rows, in display order',
        items: {
          type: 'object',
          required: ['roomId', 'roomCode', 'name', 'minBet', 'maxBet', 'gameId', 'nodeId', 'gameCode', 'gameName', 'vassalage'],
          additionalProperties: false,
          properties: {
            roomId: { type: 'integer', description: 'launch roomId' },
            roomCode: { type: 'string' },
            name: { type: 'string' },
            minBet: { type: 'number', description: 'major units' },
            maxBet: { type: ['number', 'null'], description: 'major units; null: no limit' },
            gameId: { type: 'integer' },
            nodeId: { type: 'string' },
            gameCode: { type: 'string' },
            gameName: { type: 'string' },
            vassalage: { type: 'string' },
          },
        },
      },
    },
  },
});

export type GameEntity = FromSchema<typeof gameEntitySchema>;
export type GameWin = FromSchema<typeof gameWinSchema>;
export type GameListQuery = QueryOf<typeof gameListCall>;
export type GameListValue = ValueOf<typeof gameListCall>;
export type HotGamesValue = ValueOf<typeof hotGamesCall>;
export type VassGameTypeValue = ValueOf<typeof vassGameTypeCall>;
export type FavouriteGamesValue = ValueOf<typeof favouriteGamesCall>;
export type FavouriteGameValue = ValueOf<typeof addFavouriteGameCall>;
export type RecentGamesValue = ValueOf<typeof recentGamesCall>;
export type RecentGame = RecentGamesValue['list'][number];
export type RankListValue = ValueOf<typeof rankListCall>;
export type JackpotValue = ValueOf<typeof jackpotCall>;
export type RoomListValue = ValueOf<typeof roomListCall>;
export type GameRoom = RoomListValue['list'][number];
