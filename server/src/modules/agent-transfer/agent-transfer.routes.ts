import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, agentDownlineTransferCall, uplineTransferSettingsCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { idempotencyKeyOf, minorToMajor, transferAmountMinor, walletBalances } from '../ledger';
import { authorizationHeader, memberOf } from '../session';
import { mayTransferToUpline, readUplineTransferSettings, transferToUpline } from './agent-transfer.service';

// The transfer to upline's calls. Closed like every wallet route (a live session of a real account);
// the transfer carries the payment password, so it is encrypted like the withdrawal.

export interface AgentTransferRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

const tags = ['wallet'];

const idempotencyHeaders = {
  ...authorizationHeader,
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description: 'Drawn once per transfer the member confirms (a UUID), repeated on retry: the same key moves money once; reused with another amount or remark it is refused (409 wallet.idempotency.conflict)',
  },
};

export async function agentTransferRoutes(app: FastifyInstance, { db, clock = systemClock }: AgentTransferRoutesOptions): Promise<void> {
  app.get('/wps/relay/getUplineTransferSettings', {
    schema: apiSchema({
      tags,
      summary: 'Whether the member may transfer to an upline, and the limits',
      headers: authorizationHeader,
      call: uplineTransferSettingsCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const [allowed, settings] = await Promise.all([mayTransferToUpline(db, member.merchantId, member.id), readUplineTransferSettings(db, member.merchantId)]);
    return ok({ allowed, minimumAmount: minorToMajor(settings.minimumAmountMinor), maximumAmount: minorToMajor(settings.maximumAmountMinor) });
  });

  app.post<RouteOf<typeof agentDownlineTransferCall>>('/wps/relay/agentDownlineTransfer', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: "Transfer from the agent's main wallet to their upline's",
      description: 'Encrypted; takes an Idempotency-Key header. The order of the checks and their codes: see the contract row.',
      headers: idempotencyHeaders,
      call: agentDownlineTransferCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    const amountMinor = transferAmountMinor(request.body.transferAmount);
    const result = await transferToUpline(db, {
      merchantId: member.merchantId,
      memberId: member.id,
      amountMinor,
      password: request.body.password,
      remark: request.body.remark,
      idempotencyKey,
      nowMs: clock(),
    });
    const { sumBalance } = await walletBalances(db, member.merchantId, member.id);
    return ok({ orderNo: result.orderNo, transferAmount: minorToMajor(result.amountMinor), sumBalance });
  });
}
