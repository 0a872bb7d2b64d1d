import { isAgentMemberType, type AgentContract, type ConsolidatedContractFlags, type DividendContract, type DividendTerms, type RealtimeTerms, type SalaryContract, type SalaryTerms } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { cascadeContracts, sendCascadeNotices, type CascadeNotice } from './contract-cascade';
import { withinDividendTiers, withinTerms, withinTiers, type ContractKind } from './contract-terms';
import { AppError } from '../../http/envelope';
import type { AgentCaller } from './agent-access';
import { downlineOf } from './agent-access';

export type { ContractKind } from './contract-terms';

// Contracts ("contract requests"; the legacy calls MCSFE_processRealTimeSalaryContract,
// MCSFE_processDailySalaryContract, MCSFE_processContractHourSalary): an agent offers a direct
// downline agent terms of one kind — real-time salary: profit and loss wage rates per lottery
// game; daily and hourly salary: rate tiers on team betting and active members; rates in 0.01 %
// dividend: a settlement cycle and rate tiers on the team's net loss and active members (the
// downline's cycle is the upline's) — never above its own under its own contract of the kind; the downline accepts or rejects. Either side may ask to end an active contract;
// the other side accepts (terminated) or rejects (it stays active). An offer is accepted only while
// the offering agent's own contract still covers it; a contract that ends or comes into force
// brings every contract of the kind below it under it (contract-cascade.ts: ended, or capped to
// the new terms, the agents told by platform message). A top agent's contract comes
// from the merchant (upline_id NULL, made by an operator). One pending or active contract per
// downline (agent_contract_current).

type AnyTerms = RealtimeTerms | SalaryTerms | DividendTerms;
type AnyContract = AgentContract | SalaryContract | DividendContract;

interface ContractRow {
  id: string;
  kind: ContractKind;
  uplineId: string | null;
  uplineUsername: string | null;
  downlineId: string;
  downlineUsername: string;
  terms: AnyTerms;
  state: AgentContract['state'];
  requestedBy: string | null;
  terminateRequestedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const CONTRACT_SELECT = `SELECT c.id, c.kind, c.upline_id AS "uplineId", up.username AS "uplineUsername", c.downline_id AS "downlineId", down.username AS "downlineUsername",
    c.terms, c.state, c.requested_by AS "requestedBy", c.terminate_requested_by AS "terminateRequestedBy", c.created_at AS "createdAt", c.decided_at AS "decidedAt"
   FROM agent_contract c LEFT JOIN member up ON up.id = c.upline_id JOIN member down ON down.id = c.downline_id`;

/** Who must answer now: the side that did not ask (the contract while pending, else its termination). */
function awaiting(row: ContractRow, memberId: number): boolean {
  const asker = row.state === 'pending' ? row.requestedBy : row.state === 'active' ? row.terminateRequestedBy : null;
  if (asker === null) return false;
  const sides = [row.uplineId, row.downlineId].filter((id): id is string => id !== null).map(Number);
  return sides.includes(memberId) && Number(asker) !== memberId;
}

const contractOf = (row: ContractRow, memberId: number): AnyContract => ({
  contractId: Number(row.id),
  kind: row.kind,
  uplineUsername: row.uplineUsername,
  downlineId: Number(row.downlineId),
  downlineUsername: row.downlineUsername,
  terms: row.terms,
  state: row.state,
  terminateRequested: row.state === 'active' && row.terminateRequestedBy !== null,
  createdTime: row.createdAt.getTime(),
  decidedTime: row.decidedAt?.getTime() ?? null,
  awaitingMe: awaiting(row, memberId),
}) as AnyContract;

/** The caller's own contract of the kind (as downline) and those with its direct downlines, pending or active. */
export async function contractsOf<C extends AnyContract = AgentContract>(db: Db, caller: AgentCaller, kind: ContractKind = 'realtime'): Promise<{ mine: C | null; downlines: C[] }> {
  const result = await db.query<ContractRow>(
    `${CONTRACT_SELECT} WHERE c.kind = $3 AND c.merchant_id = $2 AND c.state IN ('pending', 'active') AND (c.downline_id = $1 OR c.upline_id = $1)
     ORDER BY c.created_at, c.id`,
    [caller.agentId, caller.merchantId, kind],
  );
  const mine = result.rows.find((row) => Number(row.downlineId) === caller.agentId);
  return {
    mine: mine ? (contractOf(mine, caller.agentId) as C) : null,
    downlines: result.rows.filter((row) => Number(row.uplineId) === caller.agentId).map((row) => contractOf(row, caller.agentId) as C),
  };
}

export const realtimeContracts = (db: Db, caller: AgentCaller) => contractsOf<AgentContract>(db, caller, 'realtime');

function withinKind(kind: ContractKind, child: AnyTerms, parent: AnyTerms): boolean {
  if (kind === 'realtime') return withinTerms(child as RealtimeTerms, parent as RealtimeTerms);
  if (kind === 'dividend') return withinDividendTiers(child as DividendTerms, parent as DividendTerms);
  return withinTiers(child as SalaryTerms, parent as SalaryTerms);
}

async function contractById(db: Db, caller: AgentCaller, contractId: number, kind: ContractKind): Promise<ContractRow> {
  const result = await db.query<ContractRow>(`${CONTRACT_SELECT} WHERE c.id = $1 AND c.merchant_id = $2 AND c.kind = $4 AND (c.upline_id = $3 OR c.downline_id = $3)`, [
    contractId,
    caller.merchantId,
    caller.agentId,
    kind,
  ]);
  if (!result.rowCount) throw new AppError(400, 'agent.contract.invalid', { detail: 'no such contract of yours' });
  return result.rows[0];
}

async function reread<C extends AnyContract>(db: Db, caller: AgentCaller, contractId: number, kind: ContractKind): Promise<C> {
  return contractOf(await contractById(db, caller, contractId, kind), caller.agentId) as C;
}

export async function offerContract<C extends AnyContract = AgentContract>(db: Db, caller: AgentCaller, kind: ContractKind, downlineId: number, terms: AnyTerms, nowMs: number): Promise<C> {
  const downline = await downlineOf(db, caller, downlineId, { direct: true });
  if (!isAgentMemberType(downline.memberType)) throw new AppError(400, 'agent.contract.invalid', { detail: 'a contract is made with a direct downline agent' });
  const own = await contractsOf<AnyContract>(db, caller, kind);
  if (!own.mine || own.mine.state !== 'active') throw new AppError(400, 'agent.contract.invalid', { detail: 'you have no active contract of this kind yourself' });
  if (!withinKind(kind, terms, own.mine.terms)) throw new AppError(400, 'agent.contract.invalid', { detail: kind === 'dividend' ? 'a rate above your own, or another cycle' : 'a rate above your own' });
  try {
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, requested_by, created_at)
       VALUES ($1, $6, $2, $3, $4, 'pending', $2, $5) RETURNING id`,
      [caller.merchantId, caller.agentId, downlineId, JSON.stringify(terms), new Date(nowMs), kind],
    );
    return reread<C>(db, caller, Number(inserted.rows[0].id), kind);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError(409, 'agent.contract.exists');
    throw error;
  }
}

/**
 * Accept or reject what awaits the caller: a pending contract, or an asked termination. An offer
 * is accepted only while the offering agent's own contract of the kind still covers it; a contract
 * accepted or ended brings every contract below it under it (contract-cascade.ts), in the same
 * transaction, and the agents whose contracts it ended or capped are told.
 */
export async function answerContract<C extends AnyContract = AgentContract>(db: pg.Pool, caller: AgentCaller, kind: ContractKind, contractId: number, accept: boolean, nowMs: number): Promise<C> {
  const row = await contractById(db, caller, contractId, kind);
  if (!awaiting(row, caller.agentId)) throw new AppError(400, 'agent.contract.invalid', { detail: 'nothing of this contract awaits your answer' });
  const now = new Date(nowMs);
  const notices = await withTransaction(db, async (client): Promise<CascadeNotice[]> => {
    if (row.state === 'pending' && accept && row.uplineId !== null) {
      const upline = await client.query<{ terms: AnyTerms }>("SELECT terms FROM agent_contract WHERE kind = $1 AND downline_id = $2 AND state = 'active' FOR SHARE", [kind, row.uplineId]);
      if (!upline.rowCount || !withinKind(kind, row.terms, upline.rows[0].terms)) {
        throw new AppError(400, 'agent.contract.invalid', { detail: 'the offering agent’s own contract no longer covers these terms' });
      }
    }
    const changed =
      row.state === 'pending'
        ? await client.query("UPDATE agent_contract SET state = $2, decided_at = $3 WHERE id = $1 AND state = 'pending'", [contractId, accept ? 'active' : 'rejected', now])
        : accept
          ? await client.query("UPDATE agent_contract SET state = 'terminated', terminated_at = $2 WHERE id = $1 AND state = 'active' AND terminate_requested_by IS NOT NULL", [contractId, now])
          : await client.query("UPDATE agent_contract SET terminate_requested_by = NULL WHERE id = $1 AND state = 'active'", [contractId]);
    if (!changed.rowCount) throw new AppError(400, 'agent.contract.invalid', { detail: 'the contract changed meanwhile' });
    if (!accept) return [];
    return cascadeContracts(client, caller.merchantId, kind, Number(row.downlineId), row.state === 'pending' ? row.terms : null, nowMs);
  });
  await sendCascadeNotices(db, caller.merchantId, notices, nowMs);
  return reread<C>(db, caller, contractId, kind);
}

/** Ask to end an active contract (the other side answers). */
export async function askTermination<C extends AnyContract = AgentContract>(db: Db, caller: AgentCaller, kind: ContractKind, contractId: number): Promise<C> {
  await contractById(db, caller, contractId, kind);
  const changed = await db.query("UPDATE agent_contract SET terminate_requested_by = $2 WHERE id = $1 AND state = 'active' AND terminate_requested_by IS NULL", [
    contractId,
    caller.agentId,
  ]);
  if (!changed.rowCount) throw new AppError(400, 'agent.contract.invalid', { detail: 'only an active contract can be ended, once' });
  return reread<C>(db, caller, contractId, kind);
}

/**
 * The consolidated answer's contract flags: a *req* flag when the member is a side of a pending or
 * active contract of the kind, its info type's `LOTT.agent` when of an active one.
 */
export async function contractFlags(db: Db, merchantId: number, memberId: number): Promise<ConsolidatedContractFlags> {
  const result = await db.query<{ kind: ContractKind; active: boolean }>(
    `SELECT kind, bool_or(state = 'active') AS active FROM agent_contract
      WHERE merchant_id = $1 AND (downline_id = $2 OR upline_id = $2) AND state IN ('pending', 'active') GROUP BY kind`,
    [merchantId, memberId],
  );
  const active = new Map(result.rows.map((row) => [row.kind, row.active]));
  const info = (kind: ContractKind) => ({ LOTT: { agent: active.get(kind) === true } });
  return {
    realtimesalreqtype: active.has('realtime'),
    dailysalreqtype: active.has('daily'),
    contracthoursalreq: active.has('hourly'),
    divtypereq: active.has('dividend'),
    realtimesalinfotype: info('realtime'),
    dailysalinfotype: info('daily'),
    contracthoursalinfo: info('hourly'),
    divtypeinfo: info('dividend'),
  };
}

/**
 * The merchant's contract with a top agent (upline NULL), made by an operator: active at once,
 * replacing none (409 agent.contract.exists while one of the kind is pending or active). Only for
 * an agent without an agent upline: a downline agent's contracts come from its upline.
 */
export async function grantMerchantContract(db: pg.Pool, merchantId: number, username: string, kind: ContractKind, terms: AnyTerms, nowMs: number): Promise<AnyContract> {
  const member = await db.query<{ id: string; memberType: number; uplineType: number | null }>(
    `SELECT m.id, m.member_type AS "memberType", up.member_type AS "uplineType"
       FROM member m LEFT JOIN member up ON up.id = m.upline_id WHERE m.merchant_id = $1 AND lower(m.username) = lower($2)`,
    [merchantId, username],
  );
  const row = member.rows[0];
  if (!row) throw new AppError(404, 'agent.downline.unknown');
  if (!isAgentMemberType(row.memberType)) throw new AppError(400, 'agent.contract.invalid', { detail: 'the member is not an agent' });
  if (row.uplineType !== null && isAgentMemberType(row.uplineType)) {
    throw new AppError(400, 'agent.contract.invalid', { detail: 'a downline agent’s contracts come from its upline' });
  }
  try {
    // Contracts left below the agent from an earlier one of the kind come under the new terms.
    const { id, notices } = await withTransaction(db, async (client) => {
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at)
         VALUES ($1, $2, NULL, $3, $4, 'active', $5, $5) RETURNING id`,
        [merchantId, kind, row.id, JSON.stringify(terms), new Date(nowMs)],
      );
      return { id: Number(inserted.rows[0].id), notices: await cascadeContracts(client, merchantId, kind, Number(row.id), terms, nowMs) };
    });
    await sendCascadeNotices(db, merchantId, notices, nowMs);
    return reread(db, { merchantId, agentId: Number(row.id) }, id, kind);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError(409, 'agent.contract.exists');
    throw error;
  }
}

/**
 * The merchant's own contract of a kind with an agent that is in force or waiting (pending or
 * active; null: none, or no such member), as an operator's change records it.
 */
export async function merchantContractOf(db: Db, merchantId: number, username: string, kind: ContractKind): Promise<{ contractId: number; kind: ContractKind; state: string; terms: unknown } | null> {
  const result = await db.query<{ id: string; state: string; terms: unknown }>(
    `SELECT c.id, c.state, c.terms FROM agent_contract c JOIN member m ON m.id = c.downline_id
      WHERE c.merchant_id = $1 AND m.merchant_id = $1 AND lower(m.username) = lower($2) AND c.kind = $3 AND c.upline_id IS NULL
        AND c.state IN ('pending', 'active') ORDER BY c.id DESC LIMIT 1`,
    [merchantId, username, kind],
  );
  const row = result.rows[0];
  return row ? { contractId: Number(row.id), kind, state: row.state, terms: row.terms } : null;
}

/** A merchant's contract by id, as merchantContractOf records it (for the one an operator just ended). */
export async function merchantContractById(db: Db, merchantId: number, contractId: number): Promise<{ contractId: number; kind: ContractKind; state: string; terms: unknown } | null> {
  const result = await db.query<{ id: string; kind: ContractKind; state: string; terms: unknown }>(
    'SELECT id, kind, state, terms FROM agent_contract WHERE merchant_id = $1 AND id = $2 AND upline_id IS NULL',
    [merchantId, contractId],
  );
  const row = result.rows[0];
  return row ? { contractId: Number(row.id), kind: row.kind, state: row.state, terms: row.terms } : null;
}

/**
 * Ends the merchant's active contract of the kind with a top agent (an operator's decision; nobody
 * else answers it), and every contract of the kind below it (contract-cascade.ts).
 */
export async function endMerchantContract(db: pg.Pool, merchantId: number, username: string, kind: ContractKind, nowMs: number): Promise<void> {
  const notices = await withTransaction(db, async (client) => {
    const ended = await client.query<{ agentId: string }>(
      `UPDATE agent_contract c SET state = 'terminated', terminated_at = $4
         FROM member m WHERE m.id = c.downline_id AND m.merchant_id = $1 AND lower(m.username) = lower($2)
          AND c.merchant_id = $1 AND c.kind = $3 AND c.upline_id IS NULL AND c.state = 'active'
       RETURNING c.downline_id AS "agentId"`,
      [merchantId, username, kind, new Date(nowMs)],
    );
    if (!ended.rowCount) throw new AppError(404, 'not.found', { detail: 'no active contract of this kind from the merchant' });
    return cascadeContracts(client, merchantId, kind, Number(ended.rows[0].agentId), null, nowMs);
  });
  await sendCascadeNotices(db, merchantId, notices, nowMs);
}
