import { createHash } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../http/envelope';
import { ensureMemberAccount, IdempotencyConflictError, InsufficientFundsError, memberBalanceMinor, minorToMajor, postTransaction, transferAmountMinor } from '../ledger';
import { verifyPaymentPassword } from '../withdrawal';
import type { AgentCaller } from './agent-access';
import { downlineOf } from './agent-access';

// Transfer to a downline (legacy "Transfer to downline", L PUT /wps/agent/transferDownline):
// an agent sends money from its main wallet to a member of its own downline (any depth), with its
// payment password, in one ledger movement (kind downline_transfer, key
// downline_transfer:<agent>:<client key>), so both members' records show it. The ledger keeps the
// agent at or above zero whatever the concurrency; the key makes a retry move money once.

export const DOWNLINE_TRANSFER_KIND = 'downline_transfer';

/**
 * A wire amount an agent sends (major units, positive, at most two decimals) in minor units: the
 * ledger's transferAmountMinor, refused as agent.transfer.invalid (the agent calls' code).
 */
export function agentAmountMinor(amount: number): number {
  try {
    return transferAmountMinor(amount);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(400, 'agent.transfer.invalid');
    throw error;
  }
}

export interface DownlineTransferInput {
  memberId: number;
  amountMajor: number;
  password: string;
  remark?: string;
  idempotencyKey: string;
  nowMs: number;
}

export async function transferToDownline(pool: pg.Pool, caller: AgentCaller, input: DownlineTransferInput): Promise<{ transferAmount: number; balance: number }> {
  const amountMinor = agentAmountMinor(input.amountMajor);
  const downline = await downlineOf(pool, caller, input.memberId);
  await verifyPaymentPassword(pool, caller.merchantId, caller.agentId, input.password, input.nowMs);
  const from = await ensureMemberAccount(pool, caller.merchantId, caller.agentId, 'REAL', input.nowMs);
  const to = await ensureMemberAccount(pool, caller.merchantId, downline.id, 'REAL', input.nowMs);
  const key = `${DOWNLINE_TRANSFER_KIND}:${caller.agentId}:${input.idempotencyKey}`;
  const remark = (input.remark ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  try {
    await postTransaction(pool, {
      merchantId: caller.merchantId,
      idempotencyKey: key,
      kind: DOWNLINE_TRANSFER_KIND,
      unit: 'REAL',
      postings: [
        { accountId: from, amountMinor: -amountMinor },
        { accountId: to, amountMinor },
      ],
      nowMs: input.nowMs,
      orderNo: `D${createHash('sha256').update(`${caller.merchantId}:${key}`).digest('hex').slice(0, 16).toUpperCase()}`,
      remark: remark ? `${downline.username}: ${remark}` : downline.username,
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError(409, 'agent.insufficient.funds');
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'wallet.idempotency.conflict');
    throw error;
  }
  return { transferAmount: minorToMajor(amountMinor), balance: minorToMajor(await memberBalanceMinor(pool, caller.merchantId, caller.agentId)) };
}
