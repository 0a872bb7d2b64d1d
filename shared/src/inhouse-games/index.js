"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.slotRtp = exports.playRound = exports.isSlotGameCode = exports.isInhouseGameCode = exports.SLOT_MACHINES = exports.SLOT_GAME_CODES = exports.INHOUSE_GAME_CODES = exports.multiplierAt = exports.msUntilMultiplier = exports.crashRtp = exports.crashPointFromWord = exports.crashPoint = exports.crashPayout = exports.cashoutWins = exports.CRASH_MIN_CASHOUT = exports.CRASH_MIN_BET = exports.CRASH_MAX_MULTIPLIER = exports.CRASH_HOUSE_EDGE = exports.CRASH_GROWTH_PER_MS = exports.CRASH_GAME_CODE = exports.screenExpectation = exports.expectedFreeSpins = exports.exactSlotRtp = exports.SLOT_BET_STEPS = exports.LINES_25 = exports.LINES_20 = exports.FORTUNE_GEMS = exports.DRAGON_PEARL = exports.spinSlot = exports.isPlayableSlotBet = exports.evaluateLine = exports.compileSlotMachine = exports.Rational = exports.webCryptoHmacSha256 = exports.utf8Bytes = exports.uniformIntFrom = exports.replayWithAsyncHmac = exports.outcomeBlocks = exports.hmacStream = exports.blocksStream = exports.blockMessage = exports.WORDS_PER_BLOCK = exports.OutcomeBlocksExhaustedError = exports.ByteStream = exports.BLOCK_BYTES = void 0;
// @platform/shared/inhouse-games: the pure game math of the in-house games (vendor JL) — issue 10.
// No DOM and no Node APIs: the server (C2, node:crypto HMAC) and the browser pages (D, WebCrypto)
// run the same code. Not part of @platform/shared's main index, so only its users bundle it.
//
// How to use it:
//   Server (play a round):
//     const hmac = (key, msg) => createHmac('sha256', key).update(msg).digest();
//     const source = hmacStream(hmac, { serverSeed, clientSeed, nonce });
//     const outcome = spinSlot(SLOT_MACHINES.JLS001, source, betMinor);   // or crashPoint(source)
//   Browser (verify a past round, same code path over precomputed WebCrypto blocks):
//     const outcome = await replayWithAsyncHmac(webCryptoHmacSha256(crypto.subtle), seeds,
//       (source) => playRound(gameCode, source, { bet }));
//
// Files: fairness.ts (byte stream, uniform integers), slot-engine.ts (rules, spin), slot-games.ts
// (the machines as data), slot-rtp.ts (exact RTP), crash.ts (crash point, curve, RTP),
// games.ts (by game code), rational.ts (exact fractions).
var fairness_1 = require("./fairness");
Object.defineProperty(exports, "BLOCK_BYTES", { enumerable: true, get: function () { return fairness_1.BLOCK_BYTES; } });
Object.defineProperty(exports, "ByteStream", { enumerable: true, get: function () { return fairness_1.ByteStream; } });
Object.defineProperty(exports, "OutcomeBlocksExhaustedError", { enumerable: true, get: function () { return fairness_1.OutcomeBlocksExhaustedError; } });
Object.defineProperty(exports, "WORDS_PER_BLOCK", { enumerable: true, get: function () { return fairness_1.WORDS_PER_BLOCK; } });
Object.defineProperty(exports, "blockMessage", { enumerable: true, get: function () { return fairness_1.blockMessage; } });
Object.defineProperty(exports, "blocksStream", { enumerable: true, get: function () { return fairness_1.blocksStream; } });
Object.defineProperty(exports, "hmacStream", { enumerable: true, get: function () { return fairness_1.hmacStream; } });
Object.defineProperty(exports, "outcomeBlocks", { enumerable: true, get: function () { return fairness_1.outcomeBlocks; } });
Object.defineProperty(exports, "replayWithAsyncHmac", { enumerable: true, get: function () { return fairness_1.replayWithAsyncHmac; } });
Object.defineProperty(exports, "uniformIntFrom", { enumerable: true, get: function () { return fairness_1.uniformIntFrom; } });
Object.defineProperty(exports, "utf8Bytes", { enumerable: true, get: function () { return fairness_1.utf8Bytes; } });
Object.defineProperty(exports, "webCryptoHmacSha256", { enumerable: true, get: function () { return fairness_1.webCryptoHmacSha256; } });
var rational_1 = require("./rational");
Object.defineProperty(exports, "Rational", { enumerable: true, get: function () { return rational_1.Rational; } });
var slot_engine_1 = require("./slot-engine");
Object.defineProperty(exports, "compileSlotMachine", { enumerable: true, get: function () { return slot_engine_1.compileSlotMachine; } });
Object.defineProperty(exports, "evaluateLine", { enumerable: true, get: function () { return slot_engine_1.evaluateLine; } });
Object.defineProperty(exports, "isPlayableSlotBet", { enumerable: true, get: function () { return slot_engine_1.isPlayableSlotBet; } });
Object.defineProperty(exports, "spinSlot", { enumerable: true, get: function () { return slot_engine_1.spinSlot; } });
var slot_games_1 = require("./slot-games");
Object.defineProperty(exports, "DRAGON_PEARL", { enumerable: true, get: function () { return slot_games_1.DRAGON_PEARL; } });
Object.defineProperty(exports, "FORTUNE_GEMS", { enumerable: true, get: function () { return slot_games_1.FORTUNE_GEMS; } });
Object.defineProperty(exports, "LINES_20", { enumerable: true, get: function () { return slot_games_1.LINES_20; } });
Object.defineProperty(exports, "LINES_25", { enumerable: true, get: function () { return slot_games_1.LINES_25; } });
Object.defineProperty(exports, "SLOT_BET_STEPS", { enumerable: true, get: function () { return slot_games_1.SLOT_BET_STEPS; } });
var slot_rtp_1 = require("./slot-rtp");
Object.defineProperty(exports, "exactSlotRtp", { enumerable: true, get: function () { return slot_rtp_1.exactSlotRtp; } });
Object.defineProperty(exports, "expectedFreeSpins", { enumerable: true, get: function () { return slot_rtp_1.expectedFreeSpins; } });
Object.defineProperty(exports, "screenExpectation", { enumerable: true, get: function () { return slot_rtp_1.screenExpectation; } });
var crash_1 = require("./crash");
Object.defineProperty(exports, "CRASH_GAME_CODE", { enumerable: true, get: function () { return crash_1.CRASH_GAME_CODE; } });
Object.defineProperty(exports, "CRASH_GROWTH_PER_MS", { enumerable: true, get: function () { return crash_1.CRASH_GROWTH_PER_MS; } });
Object.defineProperty(exports, "CRASH_HOUSE_EDGE", { enumerable: true, get: function () { return crash_1.CRASH_HOUSE_EDGE; } });
Object.defineProperty(exports, "CRASH_MAX_MULTIPLIER", { enumerable: true, get: function () { return crash_1.CRASH_MAX_MULTIPLIER; } });
Object.defineProperty(exports, "CRASH_MIN_BET", { enumerable: true, get: function () { return crash_1.CRASH_MIN_BET; } });
Object.defineProperty(exports, "CRASH_MIN_CASHOUT", { enumerable: true, get: function () { return crash_1.CRASH_MIN_CASHOUT; } });
Object.defineProperty(exports, "cashoutWins", { enumerable: true, get: function () { return crash_1.cashoutWins; } });
Object.defineProperty(exports, "crashPayout", { enumerable: true, get: function () { return crash_1.crashPayout; } });
Object.defineProperty(exports, "crashPoint", { enumerable: true, get: function () { return crash_1.crashPoint; } });
Object.defineProperty(exports, "crashPointFromWord", { enumerable: true, get: function () { return crash_1.crashPointFromWord; } });
Object.defineProperty(exports, "crashRtp", { enumerable: true, get: function () { return crash_1.crashRtp; } });
Object.defineProperty(exports, "msUntilMultiplier", { enumerable: true, get: function () { return crash_1.msUntilMultiplier; } });
Object.defineProperty(exports, "multiplierAt", { enumerable: true, get: function () { return crash_1.multiplierAt; } });
var games_1 = require("./games");
Object.defineProperty(exports, "INHOUSE_GAME_CODES", { enumerable: true, get: function () { return games_1.INHOUSE_GAME_CODES; } });
Object.defineProperty(exports, "SLOT_GAME_CODES", { enumerable: true, get: function () { return games_1.SLOT_GAME_CODES; } });
Object.defineProperty(exports, "SLOT_MACHINES", { enumerable: true, get: function () { return games_1.SLOT_MACHINES; } });
Object.defineProperty(exports, "isInhouseGameCode", { enumerable: true, get: function () { return games_1.isInhouseGameCode; } });
Object.defineProperty(exports, "isSlotGameCode", { enumerable: true, get: function () { return games_1.isSlotGameCode; } });
Object.defineProperty(exports, "playRound", { enumerable: true, get: function () { return games_1.playRound; } });
Object.defineProperty(exports, "slotRtp", { enumerable: true, get: function () { return games_1.slotRtp; } });
//# sourceMappingURL=index.js.map