// The in-house (JL) game server (server module inhouse/): the calls the JL game pages
// (games-jl, /jl/play/<gameCode>) make. They live under /jl/v1, not /wps: the page is a game of
// its own, opened by the launch URL, and its only credential is the game session token that URL
// carries (`session`), which the game server checks with the seamless-wallet API's authenticate
// exactly as an outside vendor would. No Authorization header, no member session.
//
// Money: major units with at most two decimals on this wire (as everywhere the browser sees);
// every bet and win is moved by the provider API into the ledger (the header balance follows by
// the balance push).
//
// Provably fair: a slot outcome is a function of HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`)
// (more blocks `${clientSeed}:${nonce}:${k}` when needed, @platform/inhouse-games). The SHA-256 of
// the active server seed is shown before play; the player may set the client seed; rotation
// reveals the server seed, after which every round played with it shows it (the verification
// page recomputes them). A crash round publishes its seed hash when betting opens and reveals the
// seed at the crash, nonce 0. Since migration 046 (scheme 'chain', inhouse-games/src/
// crash-chain.ts) its seed is seed[chainIndex] of a hash chain whose end (`chainEnd`) is published
// before the chain's first round, and its client seed is its salt, SHA-256 of the round's bets at
// betting close; older rounds (scheme 'seed') used the public `crashClientSeed`.
//
// Failures (envelope errorCode):
//   inhouse.session.expired      401 the game session is unknown or over: reopen from the lobby
//   inhouse.game.unknown         404 no such in-house game
//   inhouse.bet.invalid          400 not a bet step of the game (or below its minimum), or outside the merchant's range (the session's minBet..maxBet)
//   inhouse.insufficient.funds   409 the balance does not cover the bet (the nonce is used up)
//   inhouse.vendor.maintenance   503 the vendor is under maintenance (no new bets)
//   inhouse.provider.unavailable 503 the wallet could not be reached; a round already bet is settled later
//   inhouse.client_seed.invalid  400 1-64 printable characters, no spaces or ':'
//   inhouse.round.not_found      404 not a round of this player
//   inhouse.crash.betting_closed 409 no round takes bets now (wait for the next one)
//   inhouse.crash.bet_exists     409 one bet per player per round
//   inhouse.crash.no_bet         409 no bet of yours rides on the running round
//   inhouse.crash.crashed        409 too late: the round crashed first (the bet is lost)
//   inhouse.crash.too_early      409 the multiplier is still 1.00x: nothing to cash out yet
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, type ValueOf } from './define-call';

/** The game session token of the launch URL (`?session=`). */
const session = { type: 'string', pattern: '^[A-Za-z0-9_-]{20,128}$', description: 'the game session token of the launch URL' } as const;
const gameCode = { type: 'string', pattern: '^[A-Z0-9]{3,16}$', description: 'e.g. JLS001' } as const;
const money = { type: 'number', description: 'major units, two decimals at most' } as const;
/** What the JL pages send as a stake: major units, two decimals at most, positive. */
const stake = { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000, description: 'major units, two decimals at most (more decimals: inhouse.bet.invalid)' } as const;
/** Client seeds a player may choose: printable ASCII, no spaces, no ':' (it separates the seed from the nonce). */
export const CLIENT_SEED_PATTERN = '^[!-9;-~]{1,64}$';
/** The public client seed of every crash round (the nonce is 0; the server seed is the round's own). */
export const CRASH_CLIENT_SEED = 'JLC001';

const fairnessSchema = {
  type: 'object',
  required: ['serverSeedHash', 'clientSeed', 'nonce'],
  properties: {
    serverSeedHash: { type: 'string', description: 'SHA-256 (hex) of the active server seed' },
    clientSeed: { type: 'string' },
    nonce: { type: 'integer', description: 'the nonce the next round will use' },
  },
} as const;

const paylineSchema = { type: 'array', items: { type: 'integer' }, description: 'row index (0 top) on each reel, left to right' } as const;
const paysSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['count', 'multiplier'],
    properties: { count: { type: 'integer' }, multiplier: { type: 'number', description: 'the win is this × the total bet' } },
  },
} as const;

const symbolSchema = {
  type: 'object',
  required: ['id', 'name', 'kind', 'pays'],
  properties: {
    id: { type: 'string', description: 'symbol id as it appears in grids' },
    name: { type: 'string', description: 'English name (pages translate by id)' },
    kind: { type: 'string', enum: ['regular', 'wild', 'scatter'] },
    pays: { ...paysSchema, description: 'line pays by symbols from the left (the scatter: pays anywhere by count)' },
  },
} as const;

/** A game's configuration, for the page (lines, bet steps, paytable) and the verification page. */
const gameConfigSchema = {
  type: 'object',
  required: ['gameCode', 'name', 'kind', 'minBet', 'maxBet', 'betSteps'],
  properties: {
    gameCode,
    name: { type: 'string', description: 'English name' },
    kind: { type: 'string', enum: ['slot', 'crash'] },
    minBet: money,
    maxBet: money,
    betSteps: { type: 'array', items: money, description: 'slot: the total bets a spin may take, the certified steps inside the merchant’s range (crash: empty, any amount from minBet to maxBet)' },
    reels: { type: 'integer', description: 'slot: number of reels' },
    rows: { type: 'integer', description: 'slot: visible rows' },
    lines: { type: 'array', items: paylineSchema, description: 'slot: paylines (line n of the page is index n-1)' },
    symbols: { type: 'array', items: symbolSchema, description: 'slot: the paytable' },
    freeSpins: {
      type: 'object',
      description: 'slot: scatters anywhere that award free spins',
      required: ['trigger', 'awarded', 'retrigger', 'maxPerFeature', 'multiplier', 'expandingWild'],
      properties: {
        trigger: { type: 'integer', description: 'scatters needed' },
        awarded: { type: 'integer' },
        retrigger: { type: 'integer', description: 'added by a trigger during free spins' },
        maxPerFeature: { type: 'integer' },
        multiplier: { type: 'number', description: 'free-spin wins are multiplied by this' },
        expandingWild: { type: 'boolean', description: 'wilds expand to their whole reel during free spins' },
      },
    },
    rtp: { type: 'number', description: 'theoretical return to player, exact (e.g. 0.9612)' },
    bettingMs: { type: 'integer', description: 'crash: length of the betting phase' },
    growthPerMs: { type: 'number', description: 'crash: the multiplier after t ms running is floor(100·e^(growthPerMs·t))/100' },
    crashClientSeed: { type: 'string', description: 'crash: the public client seed of every round (nonce 0)' },
  },
} as const;

export const jlSessionCall = /*#__PURE__*/ defineCall({
  name: 'jlSession',
  method: 'GET',
  path: '/jl/v1/session',
  moduleId: 'GAME3',
  quiet: true,
  query: {
    type: 'object',
    required: ['session', 'game'],
    additionalProperties: false,
    properties: { session, game: gameCode },
  },
  value: {
    type: 'object',
    required: ['balance', 'currency', 'trial', 'fairness', 'game'],
    properties: {
      balance: money,
      currency: { type: 'string', description: 'ISO 4217, e.g. BDT' },
      trial: { type: 'boolean', description: 'play money (a trial launch): nothing reaches the ledger' },
      fairness: fairnessSchema,
      game: gameConfigSchema,
    },
  },
});
export type JlSession = ValueOf<typeof jlSessionCall>;
export type JlGameConfig = JlSession['game'];

const cellsSchema = { type: 'array', items: { type: 'array', items: { type: 'integer' } }, description: '[reel, row] pairs' } as const;

const lineWinSchema = {
  type: 'object',
  required: ['line', 'symbol', 'count', 'positions', 'win'],
  properties: {
    line: { type: 'integer', description: 'index into game.lines (line number - 1)' },
    symbol: { type: 'string', description: 'the paying symbol (the wild for a line of wilds)' },
    count: { type: 'integer', description: 'symbols from the left that pay' },
    positions: cellsSchema,
    win: money,
  },
} as const;

/** One screen: the base spin or one free spin. */
const screenSchema = {
  type: 'object',
  required: ['stops', 'grid', 'expandedReels', 'lineWins', 'scatter', 'multiplier', 'freeSpinsAwarded', 'win'],
  properties: {
    stops: { type: 'array', items: { type: 'integer' }, description: 'stop position of each reel strip' },
    grid: { type: 'array', description: 'grid[reel][row], symbol ids', items: { type: 'array', items: { type: 'string' } } },
    expandedReels: { type: 'array', items: { type: 'integer' }, description: 'reels turned wild (expanding wild in free spins)' },
    lineWins: { type: 'array', items: lineWinSchema },
    scatter: { type: 'object', required: ['count', 'positions', 'win'], properties: { count: { type: 'integer' }, positions: cellsSchema, win: money } },
    multiplier: { type: 'integer', description: '1, or the free-spin multiplier' },
    freeSpinsAwarded: { type: 'integer', description: 'free spins this screen awarded (trigger or retrigger)' },
    win: { ...money, description: 'this screen: lines + scatter, multiplier included' },
  },
} as const;

/** One spin's result: the base spin, then the free spins it triggered, in the order played. */
export const slotOutcomeSchema = {
  type: 'object',
  required: ['base', 'freeSpins', 'baseWin', 'freeSpinsWin', 'totalWin'],
  properties: {
    base: screenSchema,
    freeSpins: { type: 'array', items: screenSchema },
    baseWin: money,
    freeSpinsWin: money,
    totalWin: money,
  },
} as const;
export type SlotOutcome = FromSchema<typeof slotOutcomeSchema>;

export const jlSpinCall = /*#__PURE__*/ defineCall({
  name: 'jlSpin',
  method: 'POST',
  path: '/jl/v1/slots/:gameCode/spin',
  moduleId: 'GAME3',
  quiet: true,
  params: { type: 'object', required: ['gameCode'], properties: { gameCode } },
  body: {
    type: 'object',
    required: ['session', 'bet'],
    additionalProperties: false,
    properties: { session, bet: stake },
  },
  value: {
    type: 'object',
    required: ['roundId', 'gameCode', 'bet', 'win', 'balance', 'nonce', 'serverSeedHash', 'clientSeed', 'outcome'],
    properties: {
      roundId: { type: 'string' },
      gameCode,
      bet: money,
      win: money,
      balance: { ...money, description: 'after the spin (bet taken, win paid)' },
      nonce: { type: 'integer', description: 'the nonce this round used' },
      serverSeedHash: { type: 'string' },
      clientSeed: { type: 'string' },
      outcome: slotOutcomeSchema,
    },
  },
});
export type JlSpin = ValueOf<typeof jlSpinCall>;

export const jlClientSeedCall = /*#__PURE__*/ defineCall({
  name: 'jlClientSeed',
  method: 'POST',
  path: '/jl/v1/fairness/client-seed',
  moduleId: 'GAME3',
  quiet: true,
  body: {
    type: 'object',
    required: ['session', 'clientSeed'],
    additionalProperties: false,
    properties: { session, clientSeed: { type: 'string', pattern: CLIENT_SEED_PATTERN, description: '1-64 printable characters, no spaces or ":"' } },
  },
  value: fairnessSchema,
});

export const jlRotateCall = /*#__PURE__*/ defineCall({
  name: 'jlRotate',
  method: 'POST',
  path: '/jl/v1/fairness/rotate',
  moduleId: 'GAME3',
  quiet: true,
  body: { type: 'object', required: ['session'], additionalProperties: false, properties: { session } },
  value: {
    type: 'object',
    required: ['revealed', 'fairness'],
    properties: {
      revealed: {
        type: 'object',
        description: 'the seed pair just retired: every round it played can now be verified',
        required: ['serverSeed', 'serverSeedHash', 'clientSeed', 'nonces'],
        properties: {
          serverSeed: { type: 'string', description: 'hex; its SHA-256 is serverSeedHash' },
          serverSeedHash: { type: 'string' },
          clientSeed: { type: 'string', description: 'the client seed in force at rotation' },
          nonces: { type: 'integer', description: 'rounds played with it (nonces 0 … nonces-1)' },
        },
      },
      fairness: fairnessSchema,
    },
  },
});
export type JlRotate = ValueOf<typeof jlRotateCall>;

const roundSchema = {
  type: 'object',
  required: ['roundId', 'gameCode', 'bet', 'win', 'state', 'createdAt', 'nonce', 'clientSeed', 'serverSeedHash', 'serverSeed', 'outcome'],
  properties: {
    roundId: { type: 'string' },
    gameCode,
    bet: money,
    win: money,
    state: { type: 'string', enum: ['pending', 'settled', 'refused'], description: 'pending: the win is being paid' },
    createdAt: { type: 'integer', description: 'epoch ms' },
    nonce: { type: 'integer' },
    clientSeed: { type: 'string', description: 'the client seed the round was played with' },
    serverSeedHash: { type: 'string' },
    serverSeed: { type: ['string', 'null'], description: 'null until the seed is rotated (revealed)' },
    outcome: { anyOf: [slotOutcomeSchema, { type: 'null' }], description: 'null for a refused round' },
  },
} as const;

export const jlRoundCall = /*#__PURE__*/ defineCall({
  name: 'jlRound',
  method: 'GET',
  path: '/jl/v1/rounds/:roundId',
  moduleId: 'GAME3',
  quiet: true,
  params: { type: 'object', required: ['roundId'], properties: { roundId: { type: 'string', pattern: '^[0-9]{1,18}$' } } },
  query: { type: 'object', required: ['session'], additionalProperties: false, properties: { session } },
  value: roundSchema,
});
export type JlRound = ValueOf<typeof jlRoundCall>;

export const jlRoundsCall = /*#__PURE__*/ defineCall({
  name: 'jlRounds',
  method: 'GET',
  path: '/jl/v1/rounds',
  moduleId: 'GAME3',
  quiet: true,
  query: {
    type: 'object',
    required: ['session'],
    additionalProperties: false,
    properties: {
      session,
      game: gameCode,
      before: { type: 'string', pattern: '^[0-9]{1,18}$', description: 'rounds older than this roundId (the next page)' },
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    },
  },
  value: {
    type: 'object',
    required: ['list', 'hasMore'],
    properties: { list: { type: 'array', items: roundSchema, description: 'newest first' }, hasMore: { type: 'boolean' } },
  },
});
export type JlRounds = ValueOf<typeof jlRoundsCall>;

// ── Crash (JLC001) ──────────────────────────────────────────────────────────────────────────

/**
 * `GET /jl/v1/crash/stream?session=` is a text/event-stream (not an envelope; a failure before it
 * opens is an ordinary error envelope). Events (data is JSON):
 *   state    on open and after a reconnection of the server's listener: CrashState
 *   betting  a new round takes bets: { roundId, serverSeedHash, bettingEndsAt, serverTime }
 *   running  it started: { roundId, startedAt, serverTime }
 *   tick     { roundId, multiplier, elapsedMs } several times a second while running
 *   bet      someone bet: CrashPlayerBet
 *   cashout  someone cashed out: CrashPlayerBet (status cashed)
 *   crashed  { roundId, crashPoint, serverSeed, serverSeedHash, clientSeed, nonce, scheme, chainEnd,
 *            chainIndex }: losers lose
 *   balance  your balance after your own bet or win settled: { balance }
 * `mine: true` marks the subscriber's own bet. Times are epoch ms of the server (serverTime lets
 * the page correct its clock).
 */
export const jlCrashStreamCall = /*#__PURE__*/ defineCall({
  name: 'jlCrashStream',
  method: 'GET',
  path: '/jl/v1/crash/stream',
  moduleId: 'GAME3',
  quiet: true,
  query: { type: 'object', required: ['session'], additionalProperties: false, properties: { session } },
  value: { type: 'object', description: 'never sent: the answer is a text/event-stream' },
});

export const CRASH_EVENTS = ['state', 'betting', 'running', 'tick', 'bet', 'cashout', 'crashed', 'balance'] as const;
export type CrashEventName = (typeof CRASH_EVENTS)[number];

export interface CrashPlayerBet {
  roundId: string;
  /** Masked (e.g. "ab***9"). */
  player: string;
  bet: number;
  status: 'open' | 'cashed' | 'lost';
  /** The multiplier cashed out at (status cashed). */
  multiplier: number | null;
  win: number | null;
  mine: boolean;
}

export interface CrashHistoryEntry {
  roundId: string;
  crashPoint: number;
  serverSeed: string;
  serverSeedHash: string;
  /** 'chain': the round's salt (SHA-256 of its bets at betting close); 'seed': crashClientSeed. */
  clientSeed: string;
  nonce: number;
  /** How the seed was made: 'chain' (a pre-committed hash chain) or 'seed' (rounds before it). */
  scheme: 'seed' | 'chain';
  /** 'chain': the chain's published end, which hashing serverSeed chainIndex times gives. */
  chainEnd: string | null;
  chainIndex: number | null;
}

export interface CrashState {
  serverTime: number;
  round: {
    roundId: string;
    phase: 'betting' | 'running' | 'crashed';
    serverSeedHash: string;
    bettingEndsAt: number;
    startedAt: number | null;
    /** While running: the multiplier now. */
    multiplier: number | null;
  } | null;
  /** The seed chain in use: its end, published before its first round (null until one is made). */
  chain: { chainEnd: string; length: number } | null;
  bets: CrashPlayerBet[];
  /** The last crashed rounds, newest first, with their seeds (verifiable). */
  history: CrashHistoryEntry[];
  config: JlGameConfig;
}

export const jlCrashBetCall = /*#__PURE__*/ defineCall({
  name: 'jlCrashBet',
  method: 'POST',
  path: '/jl/v1/crash/bet',
  moduleId: 'GAME3',
  quiet: true,
  body: {
    type: 'object',
    required: ['session', 'amount'],
    additionalProperties: false,
    properties: {
      session,
      amount: stake,
      autoCashout: { type: 'number', minimum: 1.01, maximum: 1_000_000, description: 'cash out by itself at this multiplier (two decimals at most)' },
    },
  },
  value: {
    type: 'object',
    required: ['roundId', 'bet', 'autoCashout', 'balance'],
    properties: { roundId: { type: 'string' }, bet: money, autoCashout: { type: ['number', 'null'] }, balance: money },
  },
});
export type JlCrashBet = ValueOf<typeof jlCrashBetCall>;

export const jlCrashCashoutCall = /*#__PURE__*/ defineCall({
  name: 'jlCrashCashout',
  method: 'POST',
  path: '/jl/v1/crash/cashout',
  moduleId: 'GAME3',
  quiet: true,
  body: { type: 'object', required: ['session'], additionalProperties: false, properties: { session } },
  value: {
    type: 'object',
    required: ['roundId', 'multiplier', 'win', 'balance'],
    properties: { roundId: { type: 'string' }, multiplier: { type: 'number' }, win: money, balance: money },
  },
});
export type JlCrashCashout = ValueOf<typeof jlCrashCashoutCall>;
