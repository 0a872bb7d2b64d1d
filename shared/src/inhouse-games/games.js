"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.INHOUSE_GAME_CODES = exports.SLOT_GAME_CODES = exports.SLOT_MACHINES = void 0;
exports.isSlotGameCode = isSlotGameCode;
exports.isInhouseGameCode = isInhouseGameCode;
exports.playRound = playRound;
exports.slotRtp = slotRtp;
// The in-house games by gameCode (games-design.md: JLS001, JLS002 slots; JLC001 crash) and one
// entry point that computes any round's outcome from its stream (the server when it plays, the
// verification page when it recomputes).
const crash_1 = require("./crash");
const slot_engine_1 = require("./slot-engine");
const slot_games_1 = require("./slot-games");
const slot_rtp_1 = require("./slot-rtp");
/** The slot machines, compiled (checked once when the module loads). */
exports.SLOT_MACHINES = {
    JLS001: (0, slot_engine_1.compileSlotMachine)(slot_games_1.FORTUNE_GEMS),
    JLS002: (0, slot_engine_1.compileSlotMachine)(slot_games_1.DRAGON_PEARL),
};
exports.SLOT_GAME_CODES = Object.keys(exports.SLOT_MACHINES);
exports.INHOUSE_GAME_CODES = [...exports.SLOT_GAME_CODES, crash_1.CRASH_GAME_CODE];
function isSlotGameCode(code) {
    return Object.prototype.hasOwnProperty.call(exports.SLOT_MACHINES, code);
}
function isInhouseGameCode(code) {
    return isSlotGameCode(code) || code === crash_1.CRASH_GAME_CODE;
}
/**
 * The outcome of a round of `gameCode` from its stream. A slot needs its total bet (minor units):
 * the symbols do not depend on it, the wins do.
 */
function playRound(gameCode, source, options = {}) {
    if (gameCode === crash_1.CRASH_GAME_CODE)
        return { kind: 'crash', gameCode, crashPoint: (0, crash_1.crashPoint)(source) };
    if (!isSlotGameCode(gameCode))
        throw new RangeError(`unknown in-house game ${String(gameCode)}`);
    const machine = exports.SLOT_MACHINES[gameCode];
    const bet = options.bet ?? machine.definition.betSteps[0];
    return { kind: 'slot', gameCode, result: (0, slot_engine_1.spinSlot)(machine, source, bet) };
}
const rtpCache = new Map();
/** The exact RTP report of a slot (computed on first use, ~0.2 s, then kept). */
function slotRtp(gameCode) {
    let report = rtpCache.get(gameCode);
    if (!report) {
        report = (0, slot_rtp_1.exactSlotRtp)(exports.SLOT_MACHINES[gameCode]);
        rtpCache.set(gameCode, report);
    }
    return report;
}
//# sourceMappingURL=games.js.map