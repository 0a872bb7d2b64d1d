import { prizeWheelHistoryCall, prizeWheelRotateSeedCall, prizeWheelSpinCall, prizeWheelSpinInfoCall, prizeWheelTicketsCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { memberOf } from '../session';
import { claimHistory, rotateSeed, spin, spinInfo, ticketsOf } from './prize-wheel.service';

export interface PrizeWheelRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** Seals the members' active server seeds. */
  secretsKey: SecretsKey;
}

const tags = ['prize wheel'];

// Every route is a real account's (tickets are never a free-play guest's): no access config.
export async function prizeWheelRoutes(app: FastifyInstance, { db, clock = systemClock, secretsKey }: PrizeWheelRoutesOptions): Promise<void> {
  app.get<RouteOf<typeof prizeWheelTicketsCall>>('/wps/relay/getTickets', {
    schema: apiSchema({
      tags,
      summary: "The wheel, the member's tickets and the seed hash committed for the next spin",
      description: 'serverSeedHash is null until the first ticket arrives (the seed is made with it). Writes nothing.',
      call: prizeWheelTicketsCall,
    }),
  }, async (request) => ok(await ticketsOf(db, merchantOf(request).id, memberOf(request).id)));

  app.post<RouteOf<typeof prizeWheelSpinCall>>('/wps/relay/claimTickets', {
    schema: apiSchema({
      tags,
      summary: 'Spin one ticket: the segment drawn provably fair, a cash prize paid once (1× to wager)',
      description:
        '404 prize_wheel.ticket.not_found (not a ticket of yours), 409 prize_wheel.ticket.used (a ticket spins once; of two spins at once ' +
        'one is paid), 409 prize_wheel.ticket.cancelled, 409 prize_wheel.unavailable (the wheel is off), 400 on a client seed of another shape.',
      call: prizeWheelSpinCall,
    }),
  }, async (request) =>
    ok(await spin(db, secretsKey, { merchantId: merchantOf(request).id, memberId: memberOf(request).id, ticketId: request.body.ticketId, clientSeed: request.body.clientSeed, nowMs: clock() })),
  );

  app.get<RouteOf<typeof prizeWheelSpinInfoCall>>('/wps/relay/getPrizeWheelInfo', {
    schema: apiSchema({
      tags,
      summary: 'One of your spins with what verifies it (the server seed once rotated)',
      description: '404 prize_wheel.spin.not_found. serverSeed is null until the member rotates the seed.',
      call: prizeWheelSpinInfoCall,
    }),
  }, async (request) => ok(await spinInfo(db, merchantOf(request).id, memberOf(request).id, request.query.transactionId)));

  app.post<RouteOf<typeof prizeWheelRotateSeedCall>>('/wps/relay/rotatePrizeWheelSeed', {
    schema: apiSchema({
      tags,
      summary: 'Reveal your server seed and commit a new one',
      description: 'Every spin the revealed seed drew can then be verified; the next spin uses nonce 0 of the new one.',
      call: prizeWheelRotateSeedCall,
    }),
  }, async (request) => ok(await rotateSeed(db, secretsKey, merchantOf(request).id, memberOf(request).id, clock())));

  app.get<RouteOf<typeof prizeWheelHistoryCall>>('/wps/relay/getGetClaimHistory', {
    schema: apiSchema({ tags, summary: 'Your spins, newest first, paged', call: prizeWheelHistoryCall }),
  }, async (request) => ok(await claimHistory(db, merchantOf(request).id, memberOf(request).id, request.query.page ?? 1, request.query.size ?? 10)));
}
