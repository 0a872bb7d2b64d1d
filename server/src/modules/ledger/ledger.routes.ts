import { balanceCall } from '@platform/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { authorizationHeader, memberOf } from '../session';
import { memberBalanceMinor, minorToMajor } from './ledger.service';

export interface LedgerRoutesOptions {
  db: Db;
}

export async function ledgerRoutes(app: FastifyInstance, { db }: LedgerRoutesOptions): Promise<void> {
  app.get('/wps/v2/wallets/balance', {
    config: { auth: 'member' },
    schema: apiSchema({
      tags: ['wallet'],
      summary: "The member's balance",
      description: 'Main wallet, in major units with two decimals (play money for free-play guests).',
      headers: authorizationHeader,
      call: balanceCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok({ sumBalance: minorToMajor(await memberBalanceMinor(db, member.merchantId, member.id)) });
  });
}
