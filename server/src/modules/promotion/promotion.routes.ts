import { claimPromoCodeCall, depositPromotionsCall, promotionApplyCall, promotionClaimCall, promotionDetailCall, promotionJoinCall, promotionListCall } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { callerLanguageOf, clientIpOf, deviceIdOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { applyForPromotion } from './promotion.applications';
import { claimPromoCode, claimPromotion, joinPromotion, listPromotions, promotionDetail, type PayingContext } from './promotion.service';
import { depositPromotions } from './promotion.deposit-choice';

export interface PromotionRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** A tickets reward makes the member's prize-wheel seed with it. */
  secretsKey: SecretsKey;
}

/** Three images of 5 MB as base64 data URLs, with the comment and the JSON around them. */
const APPLICATION_BODY_LIMIT = 21_200_000;

const tags = ['promotion'];

// The list and a promotion's page are open to visitors ('optional': a live session shows where its
// member stands); joining and claiming need the member's session.
export async function promotionRoutes(app: FastifyInstance, { db, clock = systemClock, secretsKey }: PromotionRoutesOptions): Promise<void> {
  const caller = (request: FastifyRequest) => ({
    merchantId: merchantOf(request).id,
    memberId: request.authenticated?.member.id ?? null,
    deviceId: deviceIdOf(request),
    clientIp: clientIpOf(request),
    language: callerLanguageOf(request),
  });
  const claimContext = (request: FastifyRequest): PayingContext => ({
    merchantId: merchantOf(request).id,
    memberId: request.authenticated!.member.id,
    deviceId: deviceIdOf(request),
    clientIp: clientIpOf(request),
    language: callerLanguageOf(request),
    nowMs: clock(),
    secretsKey,
  });

  app.get<RouteOf<typeof promotionListCall>>('/wps/promotions', {
    config: { auth: 'optional' },
    schema: apiSchema({ tags, summary: "The merchant's promotions, as the caller stands in each", call: promotionListCall }),
  }, async (request) => ok({ list: await listPromotions(db, caller(request), clock()) }));

  app.get<RouteOf<typeof promotionDetailCall>>('/wps/promotions/detail', {
    config: { auth: 'optional' },
    schema: apiSchema({ tags, summary: 'A promotion with its terms (404 promotion.not.found)', call: promotionDetailCall }),
  }, async (request) => ok(await promotionDetail(db, caller(request), Number(request.query.promotionId), clock())));

  app.post<RouteOf<typeof promotionJoinCall>>('/wps/promotions/join', {
    schema: apiSchema({
      tags,
      summary: 'Join a deposit promotion: the next qualifying deposit earns its bonus',
      description: '409 promotion.not.joinable unless the promotion is open to the member to join (value: its state). Joining again answers the same.',
      call: promotionJoinCall,
    }),
  }, async (request) => ok(await joinPromotion(db, claimContext(request), request.body.promotionId)));

  app.post<RouteOf<typeof promotionClaimCall>>('/wps/promotions/claim', {
    schema: apiSchema({
      tags,
      summary: "Claim a promotion's bonus (paid once; adds its wagering requirement)",
      description:
        '409 promotion.already.claimed, 409 promotion.not.claimable (value: the state), 400 prom_claim_req_field (value.data: the ' +
        'fields to complete first, e.g. required.mobile_no_verified), 409 promotion.linked.account (a once-per-person promotion ' +
        'already received by an account sharing a mobile number, bank card, device or address).',
      call: promotionClaimCall,
    }),
  }, async (request) => ok(await claimPromotion(db, claimContext(request), request.body.promotionId)));

  app.get<RouteOf<typeof depositPromotionsCall>>('/wps/relay/getDepositPromotionsV3', {
    schema: apiSchema({ tags, summary: 'The deposit promotions the member may choose on the deposit page now (join or joined)', call: depositPromotionsCall }),
  }, async (request) => ok({ list: await depositPromotions(db, claimContext(request)) }));

  app.post<RouteOf<typeof promotionApplyCall>>('/wps/promotions/apply', {
    bodyLimit: APPLICATION_BODY_LIMIT,
    schema: apiSchema({
      tags,
      summary: 'Apply for an application promotion: a comment (at most 140 characters) and up to 3 png or jpg images of 5 MB',
      description:
        'The promotion then waits for an operator (state applying), who approves it (the reward is paid: issued) or rejects it with a ' +
        'reason (rejected). 409 promotion.not.applicable (value: the state), 400 promotion.application.empty, ' +
        'promotion.application.comment.too.long, promotion.image.invalid, promotion.image.too.large, prom_claim_req_field.',
      call: promotionApplyCall,
    }),
  }, async (request) => ok(await applyForPromotion(db, claimContext(request), request.body)));

  app.post<RouteOf<typeof claimPromoCodeCall>>('/wps/relay/MCSFE_claimPromoCode', {
    schema: apiSchema({ tags, summary: 'Claim the promotion a promo code names (404 promotion.code.invalid; then as a claim)', call: claimPromoCodeCall }),
  }, async (request) => ok(await claimPromoCode(db, claimContext(request), request.body.promoCode)));
}
