// The in-house games the verification page recomputes: the shared engine's machines (helper C1,
// shared/src/inhouse-games: the same definitions the server plays).
import { crashPoint } from '../../../shared/src/inhouse-games/crash';
import type { RandomSource } from '../../../shared/src/inhouse-games/fairness';
import { SLOT_MACHINES } from '../../../shared/src/inhouse-games/games';
import type { SlotMachineDefinition } from '../../../shared/src/inhouse-games/slot-engine';

export const SLOT_DEFINITIONS: readonly SlotMachineDefinition[] = Object.values(SLOT_MACHINES).map((machine) => machine.definition);

/** The crash point of a round (the engine counts hundredths; the page shows 2.37×). */
export function crashPointFrom(source: RandomSource): number {
  return crashPoint(source) / 100;
}
