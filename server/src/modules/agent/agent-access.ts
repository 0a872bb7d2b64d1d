import { isAgentMemberType, MODULE_IDS } from '@platform/contract';
import { isModuleEnabled } from '../merchant';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { memberOf } from '../session';

// Who an agent call acts for, and on whom it may act. The caller is always the session's member,
// refused unless an agent (non-agents have no agent centre); a member it names is looked up in
// the caller's own subtree (member_tree, migration 040) and answered as unknown otherwise, so a
// call can neither read nor act outside the caller's downline whatever its parameters say.

export interface AgentCaller {
  merchantId: number;
  agentId: number;
}

/** The session's member, who must be an agent of a real account (the route's default access). */
export function agentOf(request: FastifyRequest): AgentCaller {
  const member = memberOf(request);
  if (!isAgentMemberType(member.memberType)) throw new AppError(403, 'agent.only');
  return { merchantId: member.merchantId, agentId: member.id };
}

export interface DownlineRef {
  id: number;
  username: string;
  memberType: number;
  depth: number;
  uplineId: number | null;
}

/**
 * A member of the agent's downline (depth ≥ 1; `direct`: depth 1 only), or 404
 * agent.downline.unknown: also for a member of another merchant, of another team, or the agent.
 */
export async function downlineOf(db: Db, caller: AgentCaller, memberId: number, { direct = false }: { direct?: boolean } = {}): Promise<DownlineRef> {
  const result = await db.query<DownlineRef>(
    `SELECT m.id::int AS id, m.username, m.member_type AS "memberType", t.depth, m.upline_id::int AS "uplineId"
       FROM member_tree t JOIN member m ON m.id = t.descendant_id
      WHERE t.ancestor_id = $1 AND t.descendant_id = $2 AND m.merchant_id = $3 AND t.depth ${direct ? '= 1' : '>= 1'}`,
    [caller.agentId, memberId, caller.merchantId],
  );
  if (!result.rowCount) throw new AppError(404, 'agent.downline.unknown');
  return result.rows[0];
}

/**
 * The id of the member of the caller's downline (any depth) with this username (case-insensitive):
 * what the records routes ask when an agent names a subordinate. 403 agent.only for a non-agent,
 * 404 agent.downline.unknown for anybody outside the caller's downline.
 */
export async function subordinateIdOf(db: Db, caller: { merchantId: number; memberId: number; memberType: number }, username: string): Promise<number> {
  if (!isAgentMemberType(caller.memberType)) throw new AppError(403, 'agent.only');
  const result = await db.query<{ id: number }>(
    `SELECT m.id::int AS id FROM member_tree t JOIN member m ON m.id = t.descendant_id
      WHERE t.ancestor_id = $1 AND t.depth >= 1 AND m.merchant_id = $2 AND lower(m.username) = lower($3)`,
    [caller.memberId, caller.merchantId, username],
  );
  if (!result.rowCount) throw new AppError(404, 'agent.downline.unknown');
  return result.rows[0].id;
}

/**
 * The head of the team an agent's team report reads: the caller itself (its downline, from depth
 * 1) or, when it names one, a member of its downline (that member's team, itself included).
 */
export async function teamHeadOf(
  db: Db,
  caller: { merchantId: number; memberId: number; memberType: number },
  subordinateName: string | undefined,
): Promise<{ memberId: number; minDepth: 0 | 1 }> {
  if (!isAgentMemberType(caller.memberType)) throw new AppError(403, 'agent.only');
  if (subordinateName === undefined) return { memberId: caller.memberId, minDepth: 1 };
  return { memberId: await subordinateIdOf(db, caller, subordinateName), minDepth: 0 };
}

/**
 * Team betting's team (the lottery records' subordinateType TEAM): as teamHeadOf, while the
 * merchant's Team Betting switch (TEAMBETTING3) is on; 400 function.not.available otherwise.
 */
export async function teamBettingHeadOf(
  db: Db,
  caller: { merchantId: number; memberId: number; memberType: number },
  subordinateName: string | undefined,
): Promise<{ memberId: number; minDepth: 0 | 1 }> {
  const head = await teamHeadOf(db, caller, subordinateName);
  if (!(await isModuleEnabled(db, caller.merchantId, MODULE_IDS.agentTeamBetting))) {
    throw new AppError(400, 'function.not.available', { detail: `${MODULE_IDS.agentTeamBetting} is off` });
  }
  return head;
}
