import type { AgentContract } from '@platform/contract';

// What every agent contract (real-time, daily, hourly salary) has in common: the two sides, the
// state, a termination asked for, and whether the agent is the side that must answer.

/** The fields of a contract the shared card, actions and offer need, whatever its kind and terms. */
export type ContractBase = Pick<
  AgentContract,
  'contractId' | 'uplineUsername' | 'downlineId' | 'downlineUsername' | 'state' | 'terminateRequested' | 'createdTime' | 'awaitingMe'
>;

/** The agent's contracts of one kind: its own with its upline, and those with its direct downline agents. */
export interface ContractsOf<C extends ContractBase> {
  /** The agent's own contract with its upline (pending or active); null: none. */
  mine: C | null;
  /** Its contracts with direct downline agents, pending or active. */
  downlines: C[];
}

/** What the agent may do to a contract: answer what awaits it, or ask to end an active one. */
export type ContractAction = 'accept' | 'reject' | 'terminate';

/** The actions a contract offers the agent: answer what awaits it, or ask to end an active one. */
export function actionsOf(contract: ContractBase): ContractAction[] {
  if (contract.awaitingMe) return ['accept', 'reject'];
  if (contract.state === 'active' && !contract.terminateRequested) return ['terminate'];
  return [];
}
