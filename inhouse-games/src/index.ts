// @platform/inhouse-games: the pure game math of the in-house games (vendor JL).
// No DOM and no Node APIs: the server (C2, node:crypto HMAC) and the browser pages (D, WebCrypto)
// run the same code. Bundled by the apps that use it, never a federation singleton.
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
// crash-chain.ts (the crash rounds' pre-committed seed chain and salt), games.ts (by game code), rational.ts (exact fractions),
// prize-wheel.ts (a prize wheel spin's segment, drawn by weight).
export {
  BLOCK_BYTES,
  ByteStream,
  OutcomeBlocksExhaustedError,
  WORDS_PER_BLOCK,
  blockMessage,
  blocksStream,
  hmacStream,
  outcomeBlocks,
  replayWithAsyncHmac,
  uniformIntFrom,
  utf8Bytes,
  webCryptoHmacSha256,
  type HmacSha256,
  type HmacSha256Async,
  type HmacSubtleCrypto,
  type RandomSource,
  type RoundSeeds,
} from './fairness';
export { Rational } from './rational';
export {
  compileSlotMachine,
  evaluateLine,
  isPlayableSlotBet,
  spinSlot,
  type CompiledSlotMachine,
  type FreeSpinFeature,
  type SlotLineWin,
  type SlotMachineDefinition,
  type SlotRoundResult,
  type SlotScatterResult,
  type SlotSpinScreen,
  type SlotSymbol,
  type SlotSymbolKind,
} from './slot-engine';
export { DRAGON_PEARL, FORTUNE_GEMS, LINES_20, LINES_25, SLOT_BET_STEPS } from './slot-games';
export { exactSlotRtp, expectedFreeSpins, screenExpectation, type SlotRtpReport, type SlotScreenExpectation } from './slot-rtp';
export {
  CRASH_GAME_CODE,
  CRASH_GROWTH_PER_MS,
  CRASH_HOUSE_EDGE,
  CRASH_MAX_MULTIPLIER,
  CRASH_MIN_BET,
  CRASH_MIN_CASHOUT,
  cashoutWins,
  crashPayout,
  crashPoint,
  crashPointFromWord,
  crashRtp,
  msUntilMultiplier,
  multiplierAt,
} from './crash';
export {
  CRASH_CHAIN_MAX_LENGTH,
  chainSeedVerifies,
  crashSaltText,
  walkChain,
  walkChainAsync,
  type CrashSaltBet,
  type Sha256Hex,
  type Sha256HexAsync,
} from './crash-chain';
export { MAX_TOTAL_WEIGHT, drawSegment, segmentAt, totalWeightOf, verifySpin, verifySpinAsync, type WeightedSegment } from './prize-wheel';
export {
  INHOUSE_GAME_CODES,
  SLOT_GAME_CODES,
  SLOT_MACHINES,
  isInhouseGameCode,
  isSlotGameCode,
  playRound,
  slotRtp,
  type CrashGameCode,
  type InhouseGameCode,
  type RoundOutcome,
  type SlotGameCode,
} from './games';
