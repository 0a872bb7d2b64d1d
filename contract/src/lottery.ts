// The lottery (server module lottery/, remote mfe-lottery, member-centre records): the legacy
// platform's LGW lottery gateway, in this product's envelope. Play types, prices,
// slips and draws are @platform/lottery-rules; this file is the wire.
//
// Rounds ("numeros"): each game draws on a fixed schedule; a round takes bets until closeTime,
// draws at drawTime, and is provably fair: its serverSeedHash (SHA-256 of the seed) is public
// before betting opens, its serverSeed once drawn, and its numbers are
// drawRound(kind, gameCode, numero, serverSeed, salesHash) for anybody to recompute; salesHash
// (SHA-256 of the round's bets, fixed when sales close) makes the seed alone not enough to know
// the numbers while bets can still be placed (lottery-rules/src/draw.ts).
//
// Money: major units with at most two decimals on this wire. A bet is paid in full when placed (a
// chase: every round of it), refunded when cancelled before close, when its chase stops on a win,
// or when its round is voided; a win and the rebate are paid at settlement.
//
// Failures (envelope errorCode):
//   lottery.game.unknown          404 no such enabled game for this merchant
//   lottery.round.unknown         404 currentNumero is not a round of the game
//   lottery.round.closed          409 betting on that round has closed (bet on the next one)
//   lottery.slip.invalid          400 the slip cannot be read, or a line is not a valid bet of its play (detail says which)
//   lottery.series.invalid        400 a line's series is outside the game's min_series … max_bet_series
//   lottery.amount.mismatch       409 betCartAmountSum is not what the slip costs (the page's total is stale)
//   lottery.chase.invalid         400 chase beyond the rounds on sale, or chase with several lines of other games
//   lottery.insufficient.funds    409 the balance does not cover the order (nothing was placed)
//   lottery.bet.not_found         404 not a bet of the caller
//   lottery.bet.not_cancellable   409 the bet's round has closed, or it is settled
//   wallet.idempotency.conflict     409 the Idempotency-Key was used for another order
import { defineCall, type QueryOf, type RequestOf, type ValueOf } from './define-call';
import { pagedListSchemaOf } from './envelope';

export const LOTTERY_KINDS = ['SSC', '11X5', 'PK10', 'LHC', 'VN', 'K3', 'PC28', '3D', 'P5', 'VN18'] as const;
/**
 * The games every merchant starts with (server migration 088, lottery_insert_default_games), in
 * lobby order, and their lobby groups: pages name them by code (game_<code>, group_label_<code>),
 * so each translation set must hold every one. The southern and central Vietnamese games (kind
 * VN18: VNMN5, the house's five-minute draw, then one game per province, XSMN… and XSMT…) are in
 * the groups VNS and VNC, not in a group named after their kind.
 */
export const LOTTERY_DEFAULT_GAME_CODES = [
  'SSC1', 'SSC5', 'GD11X5', 'PK10', 'LHC5', 'VNMB', 'VN5', 'JSK3', 'PC28', 'F3D', 'FC3D', 'FPL5', 'PL5',
  'VNMN5',
  'XSMNHCM', 'XSMNDT', 'XSMNCM', 'XSMNBTR', 'XSMNVT', 'XSMNBL', 'XSMNDN', 'XSMNCT', 'XSMNST', 'XSMNTN', 'XSMNAG',
  'XSMNBTH', 'XSMNVL', 'XSMNBD', 'XSMNTV', 'XSMNLA', 'XSMNBP', 'XSMNHG', 'XSMNTG', 'XSMNKG', 'XSMNDL',
  'XSMTTTH', 'XSMTPY', 'XSMTDLK', 'XSMTQNA', 'XSMTDNG', 'XSMTKH', 'XSMTBDI', 'XSMTQT', 'XSMTQB', 'XSMTGL', 'XSMTNT',
  'XSMTQNG', 'XSMTDNO', 'XSMTKT'
] as const;
export const LOTTERY_DEFAULT_GROUP_CODES = ['SSC', '11X5', 'PK10', 'LHC', 'VN', 'K3', 'PC28', '3D', 'P5', 'VNS', 'VNC'] as const;
/** Prize modes: Lott lists the official-play games, SEA the Vietnam lottery. */
export const LOTTERY_PRIZE_MODES = ['Lott', 'SEA'] as const;
export type LotteryPrizeMode = (typeof LOTTERY_PRIZE_MODES)[number];
/** Popular games a lobby asks for. */
export const LOTTERY_POPULAR_COUNT = 20;
/** Vietnamese games with an open round a lobby asks for. */
export const LOTTERY_VN_OPENED_COUNT = 100;
/** The most further rounds one chase may follow. */
export const LOTTERY_MAX_CHASE = 120;
export const LOTTERY_ROUND_STATES = ['open', 'drawn', 'settled', 'void'] as const;
export const LOTTERY_BET_STATES = ['open', 'won', 'lost', 'push', 'cancelled', 'stopped', 'void'] as const;
export type LotteryBetState = (typeof LOTTERY_BET_STATES)[number];

const gameCode = { type: 'string', pattern: '^[A-Z0-9]{2,16}$', description: 'e.g. SSC1' } as const;
const numero = { type: 'string', pattern: '^[0-9]{8}(-[0-9]{2,4})?$', description: 'e.g. 20261127-0421, or 20261127 for a daily draw' } as const;
const epochMs = { type: 'integer', minimum: 0, maximum: 8640000000000000 } as const;
const money = (description: string) => ({ type: 'number', description: `${description}; major units` }) as const;

const gameSchema = {
  type: 'object',
  required: ['gameId', 'gameCode', 'gameName', 'kind', 'gameGroupCode', 'prizeMode', 'intervalSeconds', 'closeSeconds', 'minSeries', 'maxSeries', 'maxBetSeries', 'defaultSeries'],
  additionalProperties: false,
  properties: {
    gameId: { type: 'integer' },
    gameCode,
    gameName: { type: 'string', description: 'English name (pages translate by gameCode: game_<gameCode>)' },
    kind: { type: 'string', enum: LOTTERY_KINDS },
    gameGroupCode: { type: 'string' },
    prizeMode: { type: 'string', enum: LOTTERY_PRIZE_MODES },
    intervalSeconds: { type: 'integer', description: 'time between draws' },
    closeSeconds: { type: 'integer', description: 'betting closes this long before each draw' },
    minSeries: { type: 'integer' },
    maxSeries: { type: 'integer', description: 'the series whose rebate is 0; rebate = (maxSeries − series) / 2000 of turnover' },
    maxBetSeries: { type: 'integer', description: 'the highest series a bet may use' },
    defaultSeries: { type: 'integer' },
    maxPrize: money('the most one bet may win, 0 for no cap: a bet one of whose winning tickets would pay more is refused (lottery.prize.over_cap), several winning tickets together are paid at most this'),
  },
} as const;

const gameGroupSchema = {
  type: 'object',
  required: ['gameGroupCode', 'labelName', 'gameMenus'],
  additionalProperties: false,
  properties: {
    gameGroupCode: { type: 'string' },
    labelName: { type: 'string', description: 'English label (pages translate by gameGroupCode: group_label_<code>)' },
    gameMenus: { type: 'array', items: gameSchema },
  },
} as const;

const roundSchema = {
  type: 'object',
  required: ['gameCode', 'numero', 'openTime', 'closeTime', 'drawTime', 'serverSeedHash', 'state'],
  additionalProperties: false,
  properties: {
    gameCode,
    numero,
    openTime: { ...epochMs, description: 'betting opens' },
    closeTime: { ...epochMs, description: 'betting closes' },
    drawTime: { ...epochMs, description: 'the draw' },
    serverSeedHash: { type: 'string', description: 'SHA-256 (hex) of the round’s server seed, published before betting opens' },
    state: { type: 'string', enum: LOTTERY_ROUND_STATES },
  },
} as const;

const drawSchema = {
  type: 'object',
  required: ['gameCode', 'numero', 'drawTime', 'state', 'numbers', 'serverSeedHash', 'serverSeed', 'salesHash'],
  additionalProperties: false,
  properties: {
    gameCode,
    numero,
    drawTime: epochMs,
    state: { type: 'string', enum: LOTTERY_ROUND_STATES },
    numbers: { type: 'array', items: { type: 'string' }, description: 'formatted as formatDraw shows them (VN: 27 prizes, VN18: 18, ĐB first); empty for a void round' },
    serverSeedHash: { type: 'string' },
    serverSeed: { type: ['string', 'null'], description: 'revealed with the draw; null for a void round' },
    salesHash: {
      type: ['string', 'null'],
      description: 'SHA-256 (hex) of the round’s bets as they stood when sales closed, part of the draw’s key; null for a void round and for rounds drawn before sales hashes',
    },
    voidReason: { type: 'string' },
  },
} as const;

const openedValue = {
  type: 'object',
  required: ['serverTime', 'current', 'previous'],
  additionalProperties: false,
  properties: {
    serverTime: { ...epochMs, description: 'the server’s clock, for the countdown' },
    current: { anyOf: [roundSchema, { type: 'null' }], description: 'the round taking bets now (null between a close and the next opening, or when the game is off)' },
    previous: { anyOf: [drawSchema, { type: 'null' }], description: 'the latest round past its draw time (drawn or still drawing)' },
  },
} as const;

const gamesQuery = {
  type: 'object',
  properties: {
    prizeMode: { type: 'string', enum: LOTTERY_PRIZE_MODES, description: 'Lott when absent' },
    device: { type: 'string', maxLength: 10 },
    language: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  },
} as const;

export const lotteryGamesCall = /*#__PURE__*/ defineCall({
  name: 'lotteryGames',
  method: 'GET',
  path: '/lgw/games',
  moduleId: 'GAME3',
  query: gamesQuery,
  value: { type: 'array', items: gameSchema },
});

export const lotteryGameMenusCall = /*#__PURE__*/ defineCall({
  name: 'lotteryGameMenus',
  method: 'GET',
  path: '/lgw/games/game_menus',
  moduleId: 'GAME3',
  query: gamesQuery,
  value: { type: 'array', items: gameGroupSchema },
});

export const lotteryRecentGamesCall = /*#__PURE__*/ defineCall({
  name: 'lotteryRecentGames',
  method: 'GET',
  path: '/lgw/games/game_menus/recent',
  moduleId: 'GAME3',
  token: true,
  quiet: true,
  query: gamesQuery,
  value: { type: 'array', items: gameSchema, description: 'games the member bet on, most recent first (at most 8)' },
});

export const lotteryPopularGamesCall = /*#__PURE__*/ defineCall({
  name: 'lotteryPopularGames',
  method: 'GET',
  path: '/lgw/games/popular',
  moduleId: 'GAME3',
  query: {
    type: 'object',
    properties: { ...gamesQuery.properties, count: { type: 'integer', minimum: 1, maximum: 100, default: LOTTERY_POPULAR_COUNT } },
  },
  value: { type: 'array', items: gameSchema, description: 'by bets over the last 7 days, then the merchant’s order' },
});

const gameCodeQuery = { type: 'object', required: ['gameCode'], properties: { gameCode } } as const;

export const lotteryOpenedNumeroCall = /*#__PURE__*/ defineCall({
  name: 'lotteryOpenedNumero',
  method: 'GET',
  path: '/lgw/games/opened/numero',
  moduleId: 'GAME3',
  query: gameCodeQuery,
  value: openedValue,
});

/** The lottery lobby's spelling of the same call. */
export const lottoOpenedNumeroCall = /*#__PURE__*/ defineCall({
  name: 'lottoOpenedNumero',
  method: 'GET',
  path: '/lotto/lgw/games/opened/numero',
  moduleId: 'GAME3',
  query: gameCodeQuery,
  value: openedValue,
});

export const lotteryDrawsCall = /*#__PURE__*/ defineCall({
  name: 'lotteryDraws',
  method: 'GET',
  path: '/lgw/draw',
  moduleId: 'GAME3',
  query: {
    type: 'object',
    required: ['gameCode'],
    properties: {
      gameCode,
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    },
  },
  value: pagedListSchemaOf(drawSchema, { type: 'null' }),
});

export const lotteryLatestDrawCall = /*#__PURE__*/ defineCall({
  name: 'lotteryLatestDraw',
  method: 'GET',
  path: '/lgw/draw/code/:gameCode',
  moduleId: 'GAME3',
  params: gameCodeQuery,
  value: { anyOf: [drawSchema, { type: 'null' }], description: 'the latest drawn (or void) round; null before the first' },
});

export const lotteryNearNumerosCall = /*#__PURE__*/ defineCall({
  name: 'lotteryNearNumeros',
  method: 'GET',
  path: '/lgw/numeros/near',
  moduleId: 'GAME3',
  query: {
    type: 'object',
    required: ['gameCode'],
    properties: { gameCode, count: { type: 'integer', minimum: 1, maximum: LOTTERY_MAX_CHASE + 1, default: 10 } },
  },
  value: { type: 'array', items: roundSchema, description: 'the round on sale and the ones after it, in draw order (what a chase can follow)' },
});

export const lotteryVnGameMenuCall = /*#__PURE__*/ defineCall({
  name: 'lotteryVnGameMenu',
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  moduleId: 'GAME3',
  query: gamesQuery,
  value: { type: 'array', items: gameGroupSchema },
});

export const lotteryVnRecentGamesCall = /*#__PURE__*/ defineCall({
  name: 'lotteryVnRecentGames',
  method: 'GET',
  path: '/lgw/vn/games/game_menu/recent',
  moduleId: 'GAME3',
  token: true,
  quiet: true,
  query: gamesQuery,
  value: { type: 'array', items: gameSchema },
});

export const lotteryVnOpenedCall = /*#__PURE__*/ defineCall({
  name: 'lotteryVnOpened',
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  moduleId: 'GAME3',
  query: { type: 'object', properties: { count: { type: 'integer', minimum: 1, maximum: 200, default: LOTTERY_VN_OPENED_COUNT } } },
  value: {
    type: 'array',
    items: {
      type: 'object',
      required: ['game', 'current'],
      additionalProperties: false,
      properties: { game: gameSchema, current: roundSchema },
    },
    description: 'Vietnamese games with a round on sale, soonest close first',
  },
});

export const lotteryBetCall = /*#__PURE__*/ defineCall({
  name: 'lotteryBet',
  method: 'POST',
  path: '/lgw/orders/betting',
  moduleId: 'GAME3',
  token: true,
  body: {
    type: 'object',
    required: ['gameCode', 'currentNumero', 'bettingSlipString', 'betCartAmountSum'],
    additionalProperties: false,
    properties: {
      gameCode,
      gameId: { type: 'integer', description: 'accepted for old clients; gameCode decides' },
      currentNumero: { ...numero, description: 'the round on sale the page shows; refused with lottery.round.closed once it has closed' },
      bettingSlipString: { type: 'string', minLength: 1, maxLength: 20000, description: 'slip lines (formatSlip) joined by "|"' },
      betCartAmountSum: { type: 'string', pattern: '^[0-9]{1,12}(\\.[0-9]{1,4})?$', description: 'what the page says the order costs (all chase rounds included), e.g. "20.0000"' },
      chase: { type: 'integer', minimum: 0, maximum: LOTTERY_MAX_CHASE, default: 0, description: 'further rounds to follow after currentNumero with the same slip (0: no chase)' },
      winningStop: { type: 'boolean', default: false, description: 'a chase stops once one of its bets wins: later rounds are refunded' },
      chaseMultiples: {
        type: 'array',
        items: { type: 'integer' },
        minItems: 1,
        maxItems: LOTTERY_MAX_CHASE + 1,
        description:
          'the chase plan: chase + 1 factors, one per round from currentNumero on; round i bets each line at its multiple × chaseMultiples[i] ' +
          '(each factor ≥ 1, each resulting multiple within the slip’s maximum and its prize within the game’s maxPrize, lottery.chase.invalid otherwise). ' +
          'Absent: every round at the lines’ own multiples. betCartAmountSum is then the sum of every round at its factor',
      },
      abandoning: { type: 'boolean' },
      quickChase: { type: 'boolean' },
      prizeModeId: { type: 'integer' },
      device: { type: 'string', maxLength: 10 },
      orderType: { type: 'integer' },
    },
  },
  value: {
    type: 'object',
    required: ['orderNo', 'amount', 'bets'],
    additionalProperties: false,
    properties: {
      orderNo: { type: 'string' },
      amount: money('what the order cost (every round)'),
      bets: {
        type: 'array',
        items: {
          type: 'object',
          required: ['orderDetailId', 'numero', 'amount'],
          additionalProperties: false,
          properties: { orderDetailId: { type: 'integer' }, numero, amount: money('this line in this round') },
        },
      },
    },
  },
});

const betRecordSchema = {
  type: 'object',
  required: [
    'orderDetailId', 'orderNo', 'gameCode', 'gameName', 'kind', 'numero', 'playId', 'playCode', 'betContent', 'betTimeInTimestamp', 'betAmount',
    'multiple', 'moneyMode', 'series', 'tickets', 'status', 'winAmount', 'rebateAmount', 'winningNumber', 'chase', 'chaseIndex', 'cancellable',
  ],
  additionalProperties: false,
  properties: {
    orderDetailId: { type: 'integer' },
    orderNo: { type: 'string' },
    gameCode,
    gameName: { type: 'string', description: 'English (pages translate by gameCode)' },
    kind: { type: 'string', enum: LOTTERY_KINDS },
    numero,
    playId: { type: 'integer' },
    playCode: { type: 'string', description: 'pages translate play_<playCode>' },
    betContent: { type: 'string', description: 'the slip rows, rows joined by "_", values by ","' },
    betTimeInTimestamp: epochMs,
    betAmount: money('the stake'),
    multiple: { type: 'integer' },
    moneyMode: { type: 'integer', enum: [1, 2, 3] },
    series: { type: 'integer' },
    tickets: { type: 'integer' },
    status: { type: 'string', enum: LOTTERY_BET_STATES },
    winAmount: money('the prize paid (0 unless won)'),
    rebateAmount: money('the rebate paid at settlement'),
    winningNumber: { type: 'array', items: { type: 'string' }, description: 'the round’s numbers once drawn; empty before' },
    chase: { type: 'boolean' },
    chaseIndex: { type: 'integer', description: '0 for the first round of an order' },
    cancellable: { type: 'boolean', description: 'open and its round not yet closed' },
    username: { type: 'string', description: 'whose bet: given on an agent’s team betting records (subordinateType TEAM or a subordinateName)' },
  },
} as const;

export const lotteryTodayOrdersCall = /*#__PURE__*/ defineCall({
  name: 'lotteryTodayOrders',
  method: 'GET',
  path: '/lgw/orders/today',
  moduleId: 'GAME3',
  token: true,
  query: {
    type: 'object',
    properties: {
      gameCode,
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    },
  },
  value: pagedListSchemaOf(betRecordSchema, { type: 'null' }),
});

export const lotteryCancelBetCall = /*#__PURE__*/ defineCall({
  name: 'lotteryCancelBet',
  method: 'PUT',
  path: '/lgw/orders/suborders/cancel',
  moduleId: 'GAME3',
  token: true,
  body: {
    type: 'object',
    required: ['orderDetailId'],
    additionalProperties: false,
    properties: { orderDetailId: { type: 'integer', minimum: 1 }, lottoArea: { type: 'string', maxLength: 10 } },
  },
  value: {
    type: 'object',
    required: ['orderDetailId', 'refunded'],
    additionalProperties: false,
    properties: { orderDetailId: { type: 'integer' }, refunded: money('returned to the main wallet') },
  },
});

/**
 * Cancels what is left of a chase in one step: every open bet of the caller's order whose round
 * is still on sale (not closed), each refunded once, in one transaction. An order with nothing
 * left to cancel (every round closed, settled, stopped on a win or cancelled already, or a second
 * call) is refused with lottery.bet.not_cancellable and changes nothing; another member's order is
 * lottery.bet.not_found.
 */
export const lotteryCancelChaseCall = /*#__PURE__*/ defineCall({
  name: 'lotteryCancelChase',
  method: 'POST',
  path: '/lgw/orders/chase/cancel',
  moduleId: 'GAME3',
  token: true,
  body: {
    type: 'object',
    required: ['orderNo'],
    additionalProperties: false,
    properties: { orderNo: { type: 'string', pattern: '^L[0-9A-Z]{6,40}$' }, lottoArea: { type: 'string', maxLength: 10 } },
  },
  value: {
    type: 'object',
    required: ['orderNo', 'refunded', 'bets'],
    additionalProperties: false,
    properties: {
      orderNo: { type: 'string' },
      refunded: money('returned to the main wallet, all the cancelled bets together'),
      bets: {
        type: 'array',
        description: 'the bets cancelled, in round order',
        items: {
          type: 'object',
          required: ['orderDetailId', 'numero', 'amount'],
          additionalProperties: false,
          properties: { orderDetailId: { type: 'integer' }, numero, amount: money('this bet’s stake, refunded') },
        },
      },
    },
  },
});

/** The member's lottery bet records (personalHistoryCopy › lottHistory / chaseHistory / vlottHistory). */
export const LOTTERY_RECORDS_MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;
const recordAmounts = {
  betAmount: money('stakes of the listed bets'),
  winAmount: money('prizes of the listed bets'),
  rebateAmount: money('rebates of the listed bets'),
} as const;

export const lotteryMemberBetsCall = /*#__PURE__*/ defineCall({
  name: 'lotteryMemberBets',
  method: 'GET',
  path: '/wps/relay/ODSFE2_lottMemBet',
  moduleId: 'GAME3',
  token: true,
  query: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      startDate: { ...epochMs, description: 'epoch ms, first millisecond of the period' },
      endDate: { ...epochMs, description: 'epoch ms, last millisecond; at most 31 days after startDate (lottery.period.invalid)' },
      lottoArea: { type: 'string', enum: ['LOTT', 'VN'], default: 'LOTT', description: 'VN: the Vietnam lottery (vlottHistory); LOTT: every other game' },
      chase: { type: 'boolean', description: 'true: bets of chase orders only (chaseHistory)' },
      gameCode,
      status: { type: 'string', enum: LOTTERY_BET_STATES },
      numero,
      subordinateType: {
        type: 'string',
        enum: ['SELF', 'TEAM'],
        default: 'SELF',
        description: 'SELF: the caller’s own bets; TEAM (agents, team betting): the bets of the caller’s whole downline, or of subordinateName’s team when given',
      },
      subordinateName: { type: 'string', maxLength: 64, description: 'TEAM: a member of the caller’s downline whose team’s bets to list (agent.downline.unknown otherwise)' },
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    },
  },
  value: pagedListSchemaOf(betRecordSchema, { type: 'object', required: ['betAmount', 'winAmount', 'rebateAmount'], additionalProperties: false, properties: recordAmounts }),
});

export const lotteryOrderDetailCall = /*#__PURE__*/ defineCall({
  name: 'lotteryOrderDetail',
  method: 'GET',
  path: '/wps/relay/ODSFE2_lottBetRecordsDetail',
  moduleId: 'GAME3',
  token: true,
  query: { type: 'object', required: ['orderNo'], properties: { orderNo: { type: 'string', pattern: '^L[0-9A-Z]{6,40}$' } } },
  value: {
    type: 'object',
    required: ['orderNo', 'gameCode', 'chase', 'winningStop', 'stopped', 'amount', 'bets'],
    additionalProperties: false,
    properties: {
      orderNo: { type: 'string' },
      gameCode,
      chase: { type: 'boolean' },
      winningStop: { type: 'boolean' },
      stopped: { type: 'boolean', description: 'the chase stopped on a win' },
      amount: money('what the order cost'),
      bets: { type: 'array', items: betRecordSchema, description: 'in round order' },
    },
  },
});

/** bonusDetails: each game's plays with the prize of one ticket at the member's series, and the rebate. */
export const lotteryBonusCall = /*#__PURE__*/ defineCall({
  name: 'lotteryBonus',
  method: 'GET',
  path: '/wps/relay/lottoGameBonus',
  moduleId: 'GAME3',
  token: true,
  query: { type: 'object', properties: { gameCode } },
  value: {
    type: 'array',
    items: {
      type: 'object',
      required: ['gameGroupCode', 'gameCode', 'gameName', 'kind', 'prizeModeId', 'prizeModeName', 'minSeries', 'maxSeries', 'maxBetSeries', 'playMenuGroups'],
      additionalProperties: false,
      properties: {
        gameGroupCode: { type: 'string' },
        gameCode,
        gameName: { type: 'string' },
        kind: { type: 'string', enum: LOTTERY_KINDS },
        prizeModeId: { type: 'integer' },
        prizeModeName: { type: 'string', enum: LOTTERY_PRIZE_MODES },
        minSeries: { type: 'integer' },
        maxSeries: { type: 'integer' },
        maxBetSeries: { type: 'integer' },
        playMenuGroups: {
          type: 'array',
          items: {
            type: 'object',
            required: ['group', 'playMenus'],
            additionalProperties: false,
            properties: {
              group: { type: 'string' },
              playMenus: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['playId', 'playCode', 'odds', 'rebateValue', 'prizeType'],
                  additionalProperties: false,
                  properties: {
                    playId: { type: 'integer' },
                    playCode: { type: 'string' },
                    odds: money('the prize of one winning ticket at maxBetSeries, 元 mode, multiple 1'),
                    rebateValue: { type: 'number', description: 'percent of turnover returned at minSeries: (maxSeries − minSeries) / 20' },
                    prizeType: { type: 'string', enum: ['ticket', 'hit'], description: 'hit: paid per occurrence (VN lô)' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type LotteryGame = ValueOf<typeof lotteryGamesCall>[number];
export type LotteryGameGroup = ValueOf<typeof lotteryGameMenusCall>[number];
export type LotteryOpened = ValueOf<typeof lotteryOpenedNumeroCall>;
export type LotteryRound = ValueOf<typeof lotteryNearNumerosCall>[number];
export type LotteryDraw = ValueOf<typeof lotteryDrawsCall>['list'][number];
export type LotteryBetRequest = RequestOf<typeof lotteryBetCall>;
export type LotteryBetResult = ValueOf<typeof lotteryBetCall>;
export type LotteryCancelChaseResult = ValueOf<typeof lotteryCancelChaseCall>;
export type LotteryBetRecord = ValueOf<typeof lotteryMemberBetsCall>['list'][number];
export type LotteryMemberBetsQuery = QueryOf<typeof lotteryMemberBetsCall>;
export type LotteryOrderDetail = ValueOf<typeof lotteryOrderDetailCall>;
export type LotteryBonusGame = ValueOf<typeof lotteryBonusCall>[number];

/**
 * Server-sent events of draws (public, no session): a text/event-stream sending an event `draw`
 * whose data is a LotteryDraw (JSON) each time a round of the game is drawn, settled or voided,
 * and a comment every 25 s to keep the connection open. A page that reconnects reads the latest
 * draw with lotteryOpenedNumeroCall. Opened with EventSource, never through api.call.
 */
export const lotteryDrawEventsCall = /*#__PURE__*/ defineCall({
  name: 'lotteryDrawEvents',
  method: 'GET',
  path: '/lgw/draw/events',
  moduleId: 'GAME3',
  quiet: true,
  query: gameCodeQuery,
  value: drawSchema,
});
export const LOTTERY_DRAW_EVENTS_PATH = lotteryDrawEventsCall.path;
export const LOTTERY_DRAW_EVENT = 'draw';
