import type { AgentContract, RealtimeTerms } from '@platform/shared/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import type { AgentCaller } from './agent-access';
import { downlineOf } from './agent-access';

// Real-time salary contracts (SPEC §1, §6 "contract requests"; REFERENCE.md §1.7
// MCSFE_processRealTimeSalaryContract): an agent offers a direct downline agent rates — profit
// and loss wage rates per lottery game, in 0.01 % of a bet share — never above its own under its
// own contract; the downline accepts or rejects. Either side may ask to end an active contract;
// the other side accepts (terminated) or rejects (it stays active). A top agent's contract comes
// from the merchant (upline_id NULL, made by an operator). One pending or active contract per
// downline (agent_contract_current).

interface ContractRow {
  id: string;
  uplineId: string | null;
  uplineUsername: string | null;
  downlineId: string;
  downlineUsername: string;
  terms: RealtimeTerms;
  state: AgentContract['state'];
  requestedBy: string | null;
  terminateRequestedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const CONTRACT_SELECT = `SELECT c.id, c.upline_id AS "uplineId", up.username AS "uplineUsername", c.downline_id AS "downlineId", down.username AS "downlineUsername",
    c.terms, c.state, c.requested_by AS "requestedBy", c.terminate_requested_by AS "terminateRequestedBy", c.created_at AS "createdAt", c.decided_at AS "decidedAt"
   FROM agent_contract c LEFT JOIN member up ON up.id = c.upline_id JOIN member down ON down.id = c.downline_id`;

/** Who must answer now: the side that did not ask (the contract while pending, else its termination). */
function awaiting(row: ContractRow, memberId: number): boolean {
  const asker = row.state === 'pending' ? row.requestedBy : row.state === 'active' ? row.terminateRequestedBy : null;
  if (asker === null) return false;
  const sides = [row.uplineId, row.downlineId].filter((id): id is string => id !== null).map(Number);
  return sides.includes(memberId) && Number(asker) !== memberId;
}

const contractOf = (row: ContractRow, memberId: number): AgentContract => ({
  contractId: Number(row.id),
  kind: 'realtime',
  uplineUsername: row.uplineUsername,
  downlineId: Number(row.downlineId),
  downlineUsername: row.downlineUsername,
  terms: row.terms,
  state: row.state,
  terminateRequested: row.state === 'active' && row.terminateRequestedBy !== null,
  createdTime: row.createdAt.getTime(),
  decidedTime: row.decidedAt?.getTime() ?? null,
  awaitingMe: awaiting(row, memberId),
});

/** The caller's own contract (as downline) and those with its direct downlines, pending or active. */
export async function realtimeContracts(db: Db, caller: AgentCaller): Promise<{ mine: AgentContract | null; downlines: AgentContract[] }> {
  const result = await db.query<ContractRow>(
    `${CONTRACT_SELECT} WHERE c.kind = 'realtime' AND c.merchant_id = $2 AND c.state IN ('pending', 'active') AND (c.downline_id = $1 OR c.upline_id = $1)
     ORDER BY c.created_at, c.id`,
    [caller.agentId, caller.merchantId],
  );
  const mine = result.rows.find((row) => Number(row.downlineId) === caller.agentId);
  return {
    mine: mine ? contractOf(mine, caller.agentId) : null,
    downlines: result.rows.filter((row) => Number(row.uplineId) === caller.agentId).map((row) => contractOf(row, caller.agentId)),
  };
}

type Rates = { profitRate: number; lossRate: number };
const rateOf = (terms: RealtimeTerms, game: string | undefined): Rates => (game !== undefined && terms.games?.[game]) || terms.default;

/** True when every rate of `child` is at most the same rate of `parent`, game by game. */
export function withinTerms(child: RealtimeTerms, parent: RealtimeTerms): boolean {
  const games = new Set([...Object.keys(child.games ?? {}), ...Object.keys(parent.games ?? {})]);
  const fits = (game: string | undefined) => {
    const own = rateOf(child, game);
    const cap = rateOf(parent, game);
    return own.profitRate <= cap.profitRate && own.lossRate <= cap.lossRate;
  };
  return fits(undefined) && [...games].every(fits);
}

async function contractById(db: Db, caller: AgentCaller, contractId: number): Promise<ContractRow> {
  const result = await db.query<ContractRow>(`${CONTRACT_SELECT} WHERE c.id = $1 AND c.merchant_id = $2 AND c.kind = 'realtime' AND (c.upline_id = $3 OR c.downline_id = $3)`, [
    contractId,
    caller.merchantId,
    caller.agentId,
  ]);
  if (!result.rowCount) throw new AppError(400, 'agent.contract.invalid', { detail: 'no such contract of yours' });
  return result.rows[0];
}

async function reread(db: Db, caller: AgentCaller, contractId: number): Promise<AgentContract> {
  return contractOf(await contractById(db, caller, contractId), caller.agentId);
}

export async function offerRealtimeContract(db: Db, caller: AgentCaller, downlineId: number, terms: RealtimeTerms, nowMs: number): Promise<AgentContract> {
  const downline = await downlineOf(db, caller, downlineId, { direct: true });
  if (![1, 2, 41, 42].includes(downline.memberType)) throw new AppError(400, 'agent.contract.invalid', { detail: 'a contract is made with a direct downline agent' });
  const own = await realtimeContracts(db, caller);
  if (!own.mine || own.mine.state !== 'active') throw new AppError(400, 'agent.contract.invalid', { detail: 'you have no active real-time salary contract yourself' });
  if (!withinTerms(terms, own.mine.terms)) throw new AppError(400, 'agent.contract.invalid', { detail: 'a rate above your own' });
  try {
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, requested_by, created_at)
       VALUES ($1, 'realtime', $2, $3, $4, 'pending', $2, $5) RETURNING id`,
      [caller.merchantId, caller.agentId, downlineId, JSON.stringify(terms), new Date(nowMs)],
    );
    return reread(db, caller, Number(inserted.rows[0].id));
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError(409, 'agent.contract.exists');
    throw error;
  }
}

/** Accept or reject what awaits the caller: a pending contract, or an asked termination. */
export async function answerRealtimeContract(db: Db, caller: AgentCaller, contractId: number, accept: boolean, nowMs: number): Promise<AgentContract> {
  const row = await contractById(db, caller, contractId);
  if (!awaiting(row, caller.agentId)) throw new AppError(400, 'agent.contract.invalid', { detail: 'nothing of this contract awaits your answer' });
  const now = new Date(nowMs);
  const changed =
    row.state === 'pending'
      ? await db.query("UPDATE agent_contract SET state = $2, decided_at = $3 WHERE id = $1 AND state = 'pending'", [contractId, accept ? 'active' : 'rejected', now])
      : accept
        ? await db.query("UPDATE agent_contract SET state = 'terminated', terminated_at = $2 WHERE id = $1 AND state = 'active' AND terminate_requested_by IS NOT NULL", [contractId, now])
        : await db.query("UPDATE agent_contract SET terminate_requested_by = NULL WHERE id = $1 AND state = 'active'", [contractId]);
  if (!changed.rowCount) throw new AppError(400, 'agent.contract.invalid', { detail: 'the contract changed meanwhile' });
  return reread(db, caller, contractId);
}

/** Ask to end an active contract (the other side answers). */
export async function askTermination(db: Db, caller: AgentCaller, contractId: number): Promise<AgentContract> {
  await contractById(db, caller, contractId);
  const changed = await db.query("UPDATE agent_contract SET terminate_requested_by = $2 WHERE id = $1 AND state = 'active' AND terminate_requested_by IS NULL", [
    contractId,
    caller.agentId,
  ]);
  if (!changed.rowCount) throw new AppError(400, 'agent.contract.invalid', { detail: 'only an active contract can be ended, once' });
  return reread(db, caller, contractId);
}

/** Whether the member is a side of a pending or active real-time salary contract (the consolidated flag). */
export async function hasRealtimeContract(db: Db, merchantId: number, memberId: number): Promise<boolean> {
  const result = await db.query(
    "SELECT 1 FROM agent_contract WHERE merchant_id = $1 AND (downline_id = $2 OR upline_id = $2) AND kind = 'realtime' AND state IN ('pending', 'active') LIMIT 1",
    [merchantId, memberId],
  );
  return (result.rowCount ?? 0) > 0;
}
