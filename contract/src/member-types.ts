// Member types: the member's `type`, which the front end also keeps as
// `isAgent`. Agents may use the agent centre; a guest (free play) is not a real account and may
// not deposit, withdraw or chat.

export const PLAIN_MEMBER_TYPE = 0;
/** A free-play (trial) account. */
export const GUEST_MEMBER_TYPE = 4;
export const AGENT_MEMBER_TYPES = [1, 2, 41, 42] as const;

export type AgentMemberType = (typeof AGENT_MEMBER_TYPES)[number];
export type MemberType = typeof PLAIN_MEMBER_TYPE | typeof GUEST_MEMBER_TYPE | AgentMemberType;

export function isAgentMemberType(memberType: number | null | undefined): memberType is AgentMemberType {
  return typeof memberType === 'number' && (AGENT_MEMBER_TYPES as readonly number[]).includes(memberType);
}
