// The in-house games' definitions (helper C1's engine) the verification page recomputes.
// TODO(C1): replace with the shared engine's game definitions once they are committed.
import type { RandomSource } from '../../../shared/src/inhouse-games/fairness';
import type { SlotMachineDefinition } from '../../../shared/src/inhouse-games/slot-engine';

export const SLOT_DEFINITIONS: readonly SlotMachineDefinition[] = [];

export function crashPointFrom(_source: RandomSource): number {
  throw new Error('game.unknown');
}
