import { randomInt } from 'node:crypto';
import type pg from 'pg';
import type { AgentRedEnvelope } from '@platform/contract';
import { AppError } from '../../http/envelope';
import { ensureMemberAccounts, IdempotencyConflictError, InsufficientFundsError, memberBalanceMinor, minorToMajor, postTransaction } from '../ledger';
import { verifyPaymentPassword } from '../withdrawal';
import type { AgentCaller } from './agent-access';
import { agentAmountMinor } from './transfer.service';

// Red envelopes (lucky bags, legacy page agentRedRain): an agent sends money to its direct
// downlines in ONE ledger movement (kind red_envelope, key red_envelope:<agent>:<client key>): the
// agent's main wallet −total, each receiver +its part. 'share' gives every receiver total / n (the
// odd cents to the first receivers, by id); 'fighting' gives each at least one cent and splits the
// rest at random (node:crypto), so the parts always add up to the total exactly. The ledger keeps
// the agent at or above zero; the key sends once.

export const RED_ENVELOPE_KIND = 'red_envelope';

/** Parts of `totalMinor` for `count` receivers (each ≥ 1 minor unit). */
export function splitEnvelope(type: 'share' | 'fighting', totalMinor: number, count: number, random: (below: number) => number = randomInt): number[] {
  if (count <= 0 || totalMinor < count) throw new AppError(400, 'agent.transfer.invalid', { detail: 'at least 0.01 for every receiver' });
  if (type === 'share') {
    const base = Math.floor(totalMinor / count);
    const extra = totalMinor - base * count;
    return Array.from({ length: count }, (_, index) => base + (index < extra ? 1 : 0));
  }
  // Fighting: cut the rest (total − count) at count − 1 random points.
  const rest = totalMinor - count;
  const cuts = Array.from({ length: count - 1 }, () => random(rest + 1)).sort((a, b) => a - b);
  const bounds = [0, ...cuts, rest];
  return Array.from({ length: count }, (_, index) => 1 + bounds[index + 1] - bounds[index]);
}

export async function sendRedEnvelope(
  pool: pg.Pool,
  caller: AgentCaller,
  input: { type: 'share' | 'fighting'; totalAmount: number; memberIds?: number[]; password: string; remark?: string; idempotencyKey: string; nowMs: number },
): Promise<AgentRedEnvelope> {
  const totalMinor = agentAmountMinor(input.totalAmount);
  const receivers = await pool.query<{ id: number; username: string }>(
    `SELECT m.id::int AS id, m.username FROM member m
      WHERE m.upline_id = $1 AND m.merchant_id = $2 AND m.status = 'active' AND m.member_type <> 4 AND ($3::bigint[] IS NULL OR m.id = ANY($3::bigint[]))
      ORDER BY m.id`,
    [caller.agentId, caller.merchantId, input.memberIds ?? null],
  );
  if (input.memberIds && receivers.rowCount !== input.memberIds.length) throw new AppError(404, 'agent.downline.unknown');
  if (!receivers.rowCount) throw new AppError(404, 'agent.downline.unknown', { detail: 'no direct downline to send to' });
  await verifyPaymentPassword(pool, caller.merchantId, caller.agentId, input.password, input.nowMs);
  const key = `${RED_ENVELOPE_KIND}:${caller.agentId}:${input.idempotencyKey}`;
  // The same key again: the first envelope (a fighting split is drawn once), whatever this asks.
  const sent = await pool.query<{ memberId: number; username: string; amountMinor: string }>(
    `SELECT a.member_id::int AS "memberId", m.username, p.amount_minor AS "amountMinor"
       FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id JOIN member m ON m.id = a.member_id
      WHERE t.merchant_id = $1 AND t.idempotency_key = $2 AND p.amount_minor > 0 ORDER BY a.member_id`,
    [caller.merchantId, key],
  );
  if (sent.rowCount) {
    const total = sent.rows.reduce((sum, row) => sum + Number(row.amountMinor), 0);
    return {
      totalAmount: minorToMajor(total),
      balance: minorToMajor(await memberBalanceMinor(pool, caller.merchantId, caller.agentId)),
      receivers: sent.rows.map((row) => ({ memberId: row.memberId, username: row.username, amount: minorToMajor(Number(row.amountMinor)) })),
    };
  }
  const parts = splitEnvelope(input.type, totalMinor, receivers.rows.length);
  const wallets = await ensureMemberAccounts(pool, caller.merchantId, [caller.agentId, ...receivers.rows.map((row) => row.id)], 'REAL', input.nowMs);
  const remark = (input.remark ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  try {
    await postTransaction(pool, {
      merchantId: caller.merchantId,
      idempotencyKey: key,
      kind: RED_ENVELOPE_KIND,
      unit: 'REAL',
      postings: [{ accountId: wallets.get(caller.agentId)!, amountMinor: -totalMinor }, ...receivers.rows.map((row, index) => ({ accountId: wallets.get(row.id)!, amountMinor: parts[index] }))],
      nowMs: input.nowMs,
      remark: remark || (input.type === 'share' ? 'red envelope' : 'lucky red envelope'),
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError(409, 'agent.insufficient.funds');
    // Two requests with one key at once: the first sent it, the second's draw differs.
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'wallet.idempotency.conflict');
    throw error;
  }
  return {
    totalAmount: minorToMajor(totalMinor),
    balance: minorToMajor(await memberBalanceMinor(pool, caller.merchantId, caller.agentId)),
    receivers: receivers.rows.map((row, index) => ({ memberId: row.id, username: row.username, amount: minorToMajor(parts[index]) })),
  };
}
