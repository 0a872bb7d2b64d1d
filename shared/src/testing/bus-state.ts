import { bus } from '../bus/event-bus';
import type { BusCommand, BusCommandType } from '../bus/bus-types';
import type { SystemStatus } from '../types/wire';
import { makeMember, makeStatus } from './fixtures';

/** Puts a system status on the bus, as the shell's start-up does. */
export function setStatus(status: SystemStatus = makeStatus()): SystemStatus {
  bus.set('settings', { status });
  return status;
}

/** Publishes a logged-in session, as a completed login does (isAgent: 0 player, 4 guest, 1/2/41/42 agents). */
export function logIn({ token = 'token-1', isAgent = 0, account = 'player01' }: { token?: string; isAgent?: number; account?: string } = {}): void {
  bus.set('session', { token, isAgent, member: makeMember({ account, type: isAgent, isAgent }) });
}

/** Every command sent on the bus while the returned list is alive. */
export function recordCommands<T extends BusCommandType>(...types: T[]): { commands: BusCommand[]; stop: () => void } {
  const commands: BusCommand[] = [];
  const subscriptions = types.map((type) => bus.on(type).subscribe((command) => commands.push(command)));
  return { commands, stop: () => subscriptions.forEach((subscription) => subscription.unsubscribe()) };
}
