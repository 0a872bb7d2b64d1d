import { api } from '@platform/shared';
import { agentDownlinesCall } from '@platform/contract';

export interface DirectAgent {
  memberId: number;
  username: string;
}

/** Most direct agents the offer's picker lists (the contract's largest page). */
const DIRECT_AGENTS_PAGE_SIZE = 100;

/** The agent's direct downline agents: who may be offered a contract. */
export async function loadDirectAgents(signal: AbortSignal): Promise<DirectAgent[]> {
  const value = await api.call(agentDownlinesCall, { params: { accountType: 'agent', page: 1, size: DIRECT_AGENTS_PAGE_SIZE }, signal });
  return value.list.map((row) => ({ memberId: row.memberId, username: row.username }));
}
