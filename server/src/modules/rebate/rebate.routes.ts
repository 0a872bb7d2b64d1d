import { customerRebateSettingCall, globalRebateSettingsCall, rebateDayCall, rebateDisburseCall } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { customerRebateSetting, disburseRebate, globalRebateSettings, rebateDay, type RebateCaller } from './rebate.service';

export interface RebateRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

const tags = ['rebate'];

// The member's betting rebate (member centre manualRebate, bonusDetails): every route needs the
// member's session.
export async function rebateRoutes(app: FastifyInstance, { db, clock = systemClock }: RebateRoutesOptions): Promise<void> {
  const caller = (request: FastifyRequest): RebateCaller => ({
    merchantId: merchantOf(request).id,
    memberId: request.authenticated!.member.id,
    nowMs: clock(),
  });

  app.get<RouteOf<typeof rebateDayCall>>(rebateDayCall.path, {
    schema: apiSchema({
      tags,
      summary: 'What remains of a closed day’s rebate, per product category',
      description: '400 rebate.date.invalid (not a date, or beyond the claim window), 409 rebate.day.not.closed (today or later).',
      call: rebateDayCall,
    }),
  }, async (request) => ok(await rebateDay(db, caller(request), request.query.balanceDate)));

  app.post<RouteOf<typeof rebateDisburseCall>>(rebateDisburseCall.path, {
    schema: apiSchema({
      tags,
      summary: 'Claim what remains of a closed day’s rebate (one category, or all): paid once',
      description:
        '409 rebate.amount.mismatch (the amount sent is not what remains), 409 rebate.nothing.to.claim, 409 rebate.mode.auto ' +
        '(the merchant pays it by itself), 409 rebate.day.not.closed, 400 rebate.date.invalid.',
      call: rebateDisburseCall,
    }),
  }, async (request) => ok(await disburseRebate(db, caller(request), request.body)));

  app.get<RouteOf<typeof globalRebateSettingsCall>>(globalRebateSettingsCall.path, {
    schema: apiSchema({ tags, summary: "The merchant's rebate rates by product type and VIP level, and how it pays them", call: globalRebateSettingsCall }),
  }, async (request) => ok(await globalRebateSettings(db, merchantOf(request).id)));

  app.get<RouteOf<typeof customerRebateSettingCall>>(customerRebateSettingCall.path, {
    schema: apiSchema({ tags, summary: "The caller's rebate rate of each product type (its VIP level's) and the closed days it may claim", call: customerRebateSettingCall }),
  }, async (request) => ok(await customerRebateSetting(db, merchantOf(request).id, request.authenticated!.member.id, clock())));
}
