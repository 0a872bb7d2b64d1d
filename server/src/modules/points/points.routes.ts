import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  convertPointCall,
  pointBalanceCall,
  pointConfigCall,
  pointRewardCall,
  redeemPointListCall,
  redeemPointRewardCall,
} from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { callerLanguageOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { idempotencyKeyOf } from '../ledger';
import { authorizationHeader, memberOf } from '../session';
import { verifyPaymentPassword } from '../withdrawal';
import { catalogue, convertPoints, pointBalance, pointConfig, redeemHistory, redeemItem } from './points.service';

export interface PointsRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** The prize wheel seals a member's seed with it when an item gives tickets. */
  secretsKey: SecretsKey;
}

const tags = ['points'];

const idempotencyHeaders = {
  ...authorizationHeader,
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description: 'Drawn once per redeem or conversion the member confirms (a UUID), repeated on retry: the same key spends once; reused for another request it is refused (409 wallet.idempotency.conflict)',
  },
};

// The member's points and the point mall. The catalogue and the rules are open (a visitor sees
// them; the catalogue says how often a signed-in member redeemed each item); the rest is a real
// account's. Spending is encrypted and asks for the payment password (the withdrawal module's
// check, throttled like every other use of it) before anything is read or written.
export async function pointsRoutes(app: FastifyInstance, { db, clock = systemClock, secretsKey }: PointsRoutesOptions): Promise<void> {
  app.get<RouteOf<typeof pointBalanceCall>>(pointBalanceCall.path, {
    schema: apiSchema({ tags, summary: "The member's points", headers: authorizationHeader, call: pointBalanceCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await pointBalance(db, member.merchantId, member.id));
  });

  app.get<RouteOf<typeof pointRewardCall>>(pointRewardCall.path, {
    config: { auth: 'optional' },
    schema: apiSchema({ tags, summary: 'The point mall: enabled items in order (redeemed: the signed-in member’s count, else null)', call: pointRewardCall }),
  }, async (request) => {
    const member = request.authenticated?.member;
    return ok(await catalogue(db, merchantOf(request).id, member && member.memberType !== 4 ? member.id : null, callerLanguageOf(request)));
  });

  app.get<RouteOf<typeof pointConfigCall>>(pointConfigCall.path, {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'How points are earned, and their conversion to money', call: pointConfigCall }),
  }, async (request) => ok(await pointConfig(db, merchantOf(request).id)));

  app.get<RouteOf<typeof redeemPointListCall>>(redeemPointListCall.path, {
    schema: apiSchema({ tags, summary: "The member's redeems, newest first, with delivery", headers: authorizationHeader, call: redeemPointListCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await redeemHistory(db, { merchantId: member.merchantId, memberId: member.id, page: request.query.page ?? 1, size: request.query.size ?? 10, language: callerLanguageOf(request) }));
  });

  app.post<RouteOf<typeof redeemPointRewardCall>>(redeemPointRewardCall.path, {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Redeem a point mall item (payment password): the points, the stock and the reward in one transaction',
      description:
        'Encrypted; Idempotency-Key. The payment password first (not.exists.payment.password, invalid.payment.pw, 429), then 404 point.item.not.found, ' +
        '409 point.item.unavailable, point.item.sold.out, point.limit.reached, point.insufficient; the same key again answers the first redeem (replayed).',
      headers: idempotencyHeaders,
      call: redeemPointRewardCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    await verifyPaymentPassword(db, member.merchantId, member.id, request.body.paymentPassword, clock());
    return ok(await redeemItem(db, secretsKey, { merchantId: member.merchantId, memberId: member.id, itemId: request.body.itemId, idempotencyKey, nowMs: clock(), language: callerLanguageOf(request) }));
  });

  app.post<RouteOf<typeof convertPointCall>>(convertPointCall.path, {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Convert points to main-wallet money at the merchant’s rate (payment password)',
      description:
        'Encrypted; Idempotency-Key. The payment password first, then 409 point.convert.disabled, 400 point.convert.too.small, ' +
        '400 point.convert.not.multiple, 409 point.insufficient; the same key again answers the first conversion (replayed).',
      headers: idempotencyHeaders,
      call: convertPointCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    await verifyPaymentPassword(db, member.merchantId, member.id, request.body.paymentPassword, clock());
    return ok(await convertPoints(db, { merchantId: member.merchantId, memberId: member.id, points: request.body.point, idempotencyKey, nowMs: clock() }));
  });
}
