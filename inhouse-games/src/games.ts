// The in-house games by gameCode (games-design.md: JLS001, JLS002 slots; JLC001 crash) and one
// entry point that computes any round's outcome from its stream (the server when it plays, the
// verification page when it recomputes).
import { CRASH_GAME_CODE, crashPoint } from './crash';
import type { RandomSource } from './fairness';
import { compileSlotMachine, spinSlot, type CompiledSlotMachine, type SlotRoundResult } from './slot-engine';
import { DRAGON_PEARL, FORTUNE_GEMS } from './slot-games';
import { exactSlotRtp, type SlotRtpReport } from './slot-rtp';

/** The slot machines, compiled (checked once when the module loads). */
export const SLOT_MACHINES = {
  JLS001: compileSlotMachine(FORTUNE_GEMS),
  JLS002: compileSlotMachine(DRAGON_PEARL),
} as const satisfies Record<string, CompiledSlotMachine>;

export type SlotGameCode = keyof typeof SLOT_MACHINES;
export type CrashGameCode = typeof CRASH_GAME_CODE;
export type InhouseGameCode = SlotGameCode | CrashGameCode;

export const SLOT_GAME_CODES = Object.keys(SLOT_MACHINES) as SlotGameCode[];
export const INHOUSE_GAME_CODES: readonly InhouseGameCode[] = [...SLOT_GAME_CODES, CRASH_GAME_CODE];

export function isSlotGameCode(code: string): code is SlotGameCode {
  return Object.prototype.hasOwnProperty.call(SLOT_MACHINES, code);
}

export function isInhouseGameCode(code: string): code is InhouseGameCode {
  return isSlotGameCode(code) || code === CRASH_GAME_CODE;
}

/** The outcome of one round. A crash round's outcome is its crash point (hundredths). */
export type RoundOutcome = { readonly kind: 'slot'; readonly gameCode: SlotGameCode; readonly result: SlotRoundResult } | { readonly kind: 'crash'; readonly gameCode: CrashGameCode; readonly crashPoint: number };

/**
 * The outcome of a round of `gameCode` from its stream. A slot needs its total bet (minor units;
 * default: its minimum bet): the symbols do not depend on it, the wins do. The crash point does
 * not depend on any bet.
 */
export function playRound(gameCode: InhouseGameCode, source: RandomSource, options: { bet?: number } = {}): RoundOutcome {
  if (gameCode === CRASH_GAME_CODE) return { kind: 'crash', gameCode, crashPoint: crashPoint(source) };
  if (!isSlotGameCode(gameCode)) throw new RangeError(`unknown in-house game ${String(gameCode)}`);
  const machine = SLOT_MACHINES[gameCode];
  const bet = options.bet ?? machine.definition.betSteps[0];
  return { kind: 'slot', gameCode, result: spinSlot(machine, source, bet) };
}

const rtpCache = new Map<SlotGameCode, SlotRtpReport>();

/** The exact RTP report of a slot (computed on first use, ~0.2 s, then kept). */
export function slotRtp(gameCode: SlotGameCode): SlotRtpReport {
  let report = rtpCache.get(gameCode);
  if (!report) {
    report = exactSlotRtp(SLOT_MACHINES[gameCode]);
    rtpCache.set(gameCode, report);
  }
  return report;
}
