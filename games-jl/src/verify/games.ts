// The in-house games the verification page recomputes: the shared engine's machines
// (@platform/inhouse-games: the same definitions the server plays).
import { crashPoint, SLOT_MACHINES, type RandomSource, type SlotMachineDefinition } from '@platform/inhouse-games';

export const SLOT_DEFINITIONS: readonly SlotMachineDefinition[] = Object.values(SLOT_MACHINES).map((machine) => machine.definition);

/** The crash point of a round (the engine counts hundredths; the page shows 2.37×). */
export function crashPointFrom(source: RandomSource): number {
  return crashPoint(source) / 100;
}
