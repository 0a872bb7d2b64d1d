import { PROFIT_DEFAULT_PAGE_SIZE, memberProfitCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { authorizationHeader, memberOf } from '../session';
import { memberProfit } from './profit.service';

export interface ProfitRoutesOptions {
  db: pg.Pool;
}

// The member's profit and loss (legacy page personalProfit). Closed like the records: a live
// session of a real account; the rows are always the session's member's own.
export async function profitRoutes(app: FastifyInstance, { db }: ProfitRoutesOptions): Promise<void> {
  app.get<RouteOf<typeof memberProfitCall>>('/wps/relay/ODSFE2_MemPNLDet', {
    schema: apiSchema({
      tags: ['wallet'],
      summary: "The member's profit and loss per day",
      description:
        "One row per day of the merchant's calendar with money counted (newest first) in [startDate, endDate] (at most 31 days); footer: the whole period's totals. The kinds counted: server/src/modules/profit/profit.service.ts.",
      headers: authorizationHeader,
      call: memberProfitCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const { startDate, endDate, gameCategory, page = 1, size = PROFIT_DEFAULT_PAGE_SIZE } = request.query;
    return ok(await memberProfit(db, { merchantId: member.merchantId, memberId: member.id, startDate, endDate, gameCategory, page, size }));
  });
}
