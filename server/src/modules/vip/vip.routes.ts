import {
  claimMemberClubBenefitCall,
  memberClubBenefitCall,
  playerRankNearbyLevelsCall,
  playerRankProgressCall,
  playerRankRuleCall,
  rankSalaryClaimHistoryCall,
  rankSalaryRewardDetailCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { callerLanguageOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import {
  claimBenefit,
  memberClubBenefit,
  playerRankNearbyLevels,
  playerRankProgress,
  playerRankRule,
  rankSalaryClaimHistory,
  rankSalaryRewardDetail,
  type RebateRatesOf,
  type VipCaller,
} from './vip.service';

export interface VipRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** The merchant's betting-rebate rates per VIP level (app.ts: the rebate module's); none without it. */
  rebateRates?: RebateRatesOf;
}

const tags = ['vip'];
const noRates: RebateRatesOf = async () => [];

// The member's VIP rank (member centre benefits, benefitsRecords, playerRank, memberRules): every
// route needs the member's session.
export async function vipRoutes(app: FastifyInstance, { db, clock = systemClock, rebateRates = noRates }: VipRoutesOptions): Promise<void> {
  const caller = (request: FastifyRequest): VipCaller => ({
    merchantId: merchantOf(request).id,
    memberId: request.authenticated!.member.id,
    language: callerLanguageOf(request),
    nowMs: clock(),
  });

  app.get<RouteOf<typeof playerRankProgressCall>>(playerRankProgressCall.path, {
    schema: apiSchema({ tags, summary: "The caller's VIP level, this month's figures against the next level and against keeping this one", call: playerRankProgressCall }),
  }, async (request) => ok(await playerRankProgress(db, caller(request), rebateRates)));

  app.get<RouteOf<typeof playerRankNearbyLevelsCall>>(playerRankNearbyLevelsCall.path, {
    schema: apiSchema({ tags, summary: "The VIP levels below and above the caller's", call: playerRankNearbyLevelsCall }),
  }, async (request) => ok(await playerRankNearbyLevels(db, caller(request), rebateRates)));

  app.get<RouteOf<typeof memberClubBenefitCall>>(memberClubBenefitCall.path, {
    schema: apiSchema({ tags, summary: "The caller's VIP benefits and whether each is claimable", call: memberClubBenefitCall }),
  }, async (request) => ok(await memberClubBenefit(db, caller(request), rebateRates)));

  app.get<RouteOf<typeof rankSalaryRewardDetailCall>>(rankSalaryRewardDetailCall.path, {
    schema: apiSchema({ tags, summary: "This month's salary of the caller's VIP level", call: rankSalaryRewardDetailCall }),
  }, async (request) => ok(await rankSalaryRewardDetail(db, caller(request))));

  app.post<RouteOf<typeof claimMemberClubBenefitCall>>(claimMemberClubBenefitCall.path, {
    schema: apiSchema({
      tags,
      summary: "Claim a reached level's upgrade bonus, or this month's salary of the caller's level: paid once",
      description: '409 vip.benefit.not.owed (never reached, not the current level, nothing set), 409 vip.benefit.claimed, 404 vip.level.unknown.',
      call: claimMemberClubBenefitCall,
    }),
  }, async (request) => ok(await claimBenefit(db, caller(request), request.body)));

  app.get<RouteOf<typeof rankSalaryClaimHistoryCall>>(rankSalaryClaimHistoryCall.path, {
    schema: apiSchema({ tags, summary: "The caller's VIP claims, newest first", call: rankSalaryClaimHistoryCall }),
  }, async (request) => ok(await rankSalaryClaimHistory(db, caller(request), request.query)));

  app.get<RouteOf<typeof playerRankRuleCall>>(playerRankRuleCall.path, {
    schema: apiSchema({ tags, summary: "The merchant's VIP levels: requirements and benefits", call: playerRankRuleCall }),
  }, async (request) => ok(await playerRankRule(db, merchantOf(request).id, callerLanguageOf(request), rebateRates)));
}
