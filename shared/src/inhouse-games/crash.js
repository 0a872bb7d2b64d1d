"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CRASH_MIN_BET = exports.CRASH_GROWTH_PER_MS = exports.CRASH_MAX_MULTIPLIER = exports.CRASH_MIN_CASHOUT = exports.CRASH_HOUSE_EDGE = exports.CRASH_GAME_CODE = void 0;
exports.crashPointFromWord = crashPointFromWord;
exports.crashPoint = crashPoint;
exports.cashoutWins = cashoutWins;
exports.crashPayout = crashPayout;
exports.crashRtp = crashRtp;
exports.multiplierAt = multiplierAt;
exports.msUntilMultiplier = msUntilMultiplier;
const rational_1 = require("./rational");
exports.CRASH_GAME_CODE = 'JLC001';
/** 1 % house edge: the RTP of every cash-out target is 0.99 (to within 2^-32 × target). */
exports.CRASH_HOUSE_EDGE = 0.01;
/** The lowest cash-out multiplier (hundredths): 1.01×. */
exports.CRASH_MIN_CASHOUT = 101;
/** The highest crash point and cash-out target (hundredths): 1,000,000.00×. */
exports.CRASH_MAX_MULTIPLIER = 100_000_000;
/** Growth rate of the curve per millisecond. */
exports.CRASH_GROWTH_PER_MS = 0.00006;
/** Minimum crash bet in minor units (1.00). */
exports.CRASH_MIN_BET = 100;
/** floor(a / b) for non-negative safe integers whose product bounds stay below 2^53. */
function floorDivide(a, b) {
    let quotient = Math.floor(a / b);
    while (quotient * b > a)
        quotient -= 1;
    while ((quotient + 1) * b <= a)
        quotient += 1;
    return quotient;
}
/**
 * The crash point (hundredths) of a uniform word u in [0, 2^bits): floor(99 × 2^bits / (u + 1)),
 * clamped to [100, CRASH_MAX_MULTIPLIER]. The game uses bits = 32; smaller bit counts exist for
 * exhaustive tests.
 */
function crashPointFromWord(word, bits = 32) {
    const range = 2 ** bits;
    if (!Number.isInteger(word) || word < 0 || word >= range)
        throw new RangeError(`a ${bits}-bit word, not ${word}`);
    const crash = floorDivide(99 * range, word + 1);
    return Math.min(Math.max(crash, 100), exports.CRASH_MAX_MULTIPLIER);
}
/** The crash point (hundredths) of a round: reads one 32-bit word of its stream. */
function crashPoint(source) {
    return crashPointFromWord(source.nextUint32());
}
/** True when a cash-out at `multiplier` (hundredths) wins in a round that crashes at `crash`. */
function cashoutWins(multiplier, crash) {
    return Number.isInteger(multiplier) && multiplier >= exports.CRASH_MIN_CASHOUT && multiplier <= exports.CRASH_MAX_MULTIPLIER && multiplier <= crash;
}
/** What a winning cash-out pays in minor units: floor(bet × multiplier / 100). */
function crashPayout(betMinor, multiplier) {
    if (!Number.isSafeInteger(betMinor) || betMinor < 0 || !Number.isSafeInteger(multiplier) || multiplier < 0)
        throw new RangeError('bet and multiplier must be non-negative integers');
    const payout = (BigInt(betMinor) * BigInt(multiplier)) / 100n;
    if (payout > BigInt(Number.MAX_SAFE_INTEGER))
        throw new RangeError('the payout exceeds the safe integer range');
    return Number(payout);
}
/** The exact RTP of cashing out at `target` (hundredths, CRASH_MIN_CASHOUT … CRASH_MAX_MULTIPLIER). */
function crashRtp(target, bits = 32) {
    if (!Number.isInteger(target) || target < exports.CRASH_MIN_CASHOUT || target > exports.CRASH_MAX_MULTIPLIER)
        throw new RangeError(`a cash-out target in [${exports.CRASH_MIN_CASHOUT}, ${exports.CRASH_MAX_MULTIPLIER}], not ${target}`);
    const range = 2 ** bits;
    const winningWords = floorDivide(99 * range, target);
    return rational_1.Rational.of(BigInt(target) * BigInt(Math.min(winningWords, range)), 100n * BigInt(range));
}
/** The multiplier (hundredths) `elapsedMs` after the round's start: floor(100 × e^(0.00006 t)), capped. */
function multiplierAt(elapsedMs) {
    if (!(elapsedMs > 0))
        return 100;
    return Math.min(Math.floor(100 * Math.exp(exports.CRASH_GROWTH_PER_MS * elapsedMs)), exports.CRASH_MAX_MULTIPLIER);
}
/** The first whole millisecond at which the multiplier reaches `multiplier` (hundredths): the inverse of multiplierAt. */
function msUntilMultiplier(multiplier) {
    if (multiplier <= 100)
        return 0;
    const target = Math.min(multiplier, exports.CRASH_MAX_MULTIPLIER);
    let ms = Math.max(0, Math.ceil(Math.log(target / 100) / exports.CRASH_GROWTH_PER_MS));
    while (multiplierAt(ms) < target)
        ms += 1;
    while (ms > 0 && multiplierAt(ms - 1) >= target)
        ms -= 1;
    return ms;
}
//# sourceMappingURL=crash.js.map