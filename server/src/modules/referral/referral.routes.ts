import {
  achievementCall,
  claimAchievementCall,
  depositRebateClaimReportCall,
  earningsEstimateCall,
  invitationClaimReportCall,
  inviteListCall,
  myIncomeOverviewCall,
  rebateRecordCall,
  recentRewardsCall,
  referralDetailsCall,
  referralListCall,
  referralMyIncomeCall,
  referralRankingCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { deviceIdOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import * as pages from './referral.pages';
import { claimAchievement } from './referral.service';
import { requestOrigin } from '../../http/origin';

export interface ReferralRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

const tags = ['referral'];

// The member's invite-a-friend page (member centre referral): every route needs the member's
// session, and reads only the caller's own friends, income and records.
export async function referralRoutes(app: FastifyInstance, { db, clock = systemClock }: ReferralRoutesOptions): Promise<void> {
  const caller = (request: FastifyRequest): pages.ReferralCaller => ({
    merchantId: merchantOf(request).id,
    memberId: request.authenticated!.member.id,
    nowMs: clock(),
    deviceId: deviceIdOf(request),
    origin: requestOrigin(request),
  });

  app.get<RouteOf<typeof referralDetailsCall>>(referralDetailsCall.path, {
    schema: apiSchema({ tags, summary: "The member's invitation code and share link, its friends' counts and the programme's rules", call: referralDetailsCall }),
  }, async (request) => ok(await pages.referralDetails(db, caller(request))));

  app.get<RouteOf<typeof myIncomeOverviewCall>>(myIncomeOverviewCall.path, {
    schema: apiSchema({ tags, summary: 'What the member earned from friends today, yesterday (bounds given in epoch ms) and in all', call: myIncomeOverviewCall }),
  }, async (request) => ok(await pages.incomeOverview(db, caller(request), request.query)));

  app.get<RouteOf<typeof referralMyIncomeCall>>(referralMyIncomeCall.path, {
    schema: apiSchema({ tags, summary: 'What the member earned from friends in all, by source', call: referralMyIncomeCall }),
  }, async (request) => ok(await pages.myIncome(db, caller(request))));

  app.get<RouteOf<typeof earningsEstimateCall>>(earningsEstimateCall.path, {
    schema: apiSchema({ tags, summary: 'Invitation rewards and achievement bonuses for so many qualified friends', call: earningsEstimateCall }),
  }, async (request) => ok(await pages.earningsEstimate(db, merchantOf(request).id)));

  app.get<RouteOf<typeof referralRankingCall>>(referralRankingCall.path, {
    schema: apiSchema({ tags, summary: "The merchant's ten members who earned most from friends (names masked)", call: referralRankingCall }),
  }, async (request) => ok(await pages.ranking(db, merchantOf(request).id)));

  app.get<RouteOf<typeof recentRewardsCall>>(recentRewardsCall.path, {
    schema: apiSchema({ tags, summary: "The merchant's newest referral rewards (names masked)", call: recentRewardsCall }),
  }, async (request) => ok(await pages.recentRewards(db, merchantOf(request).id)));

  app.get<RouteOf<typeof referralListCall>>(referralListCall.path, {
    schema: apiSchema({ tags, summary: "The member's friends and how far each is, newest first", call: referralListCall }),
  }, async (request) => ok(await pages.referralList(db, caller(request), request.query)));

  app.get<RouteOf<typeof inviteListCall>>(inviteListCall.path, {
    schema: apiSchema({ tags, summary: 'The friends the member invited (a state, an invitation period), newest first', call: inviteListCall }),
  }, async (request) => ok(await pages.inviteList(db, caller(request), request.query)));

  app.get<RouteOf<typeof invitationClaimReportCall>>(invitationClaimReportCall.path, {
    schema: apiSchema({ tags, summary: 'Invitation rewards paid to the member, one per qualified friend', call: invitationClaimReportCall }),
  }, async (request) => ok(await pages.invitationReport(db, caller(request), request.query)));

  app.get<RouteOf<typeof depositRebateClaimReportCall>>(depositRebateClaimReportCall.path, {
    schema: apiSchema({ tags, summary: "Rebates on friends' deposits, per day, friend and level", call: depositRebateClaimReportCall }),
  }, async (request) => ok(await pages.depositRebateReport(db, caller(request), request.query)));

  app.get<RouteOf<typeof rebateRecordCall>>(rebateRecordCall.path, {
    schema: apiSchema({ tags, summary: "Rebates on friends' settled stakes, per day, friend, category and level", call: rebateRecordCall }),
  }, async (request) => ok(await pages.betRebateRecord(db, caller(request), request.query)));

  app.get<RouteOf<typeof achievementCall>>(achievementCall.path, {
    schema: apiSchema({ tags, summary: "The achievements (N qualified friends → bonus), the member's progress and claims", call: achievementCall }),
  }, async (request) => ok(await pages.achievements(db, caller(request))));

  app.post<RouteOf<typeof claimAchievementCall>>(claimAchievementCall.path, {
    schema: apiSchema({
      tags,
      summary: "Claim an achievement's bonus: paid once",
      description: '404 referral.achievement.unknown, 409 referral.achievement.not.reached, 409 referral.achievement.claimed, 409 referral.disabled.',
      call: claimAchievementCall,
    }),
  }, async (request) => ok(await claimAchievement(db, caller(request), request.body.configId)));
}
