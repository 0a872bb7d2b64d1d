import { claimMissionRewardsCall, missionLeaderboardCall, missionMilestonesCall, missionRulesCall, missionSummaryDetailsCall } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { callerLanguageOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { deviceOf } from './mission.rules';
import { claimMissionReward, missionLeaderboard, missionMilestones, missionRules, missionSummaryDetails, type MissionCaller } from './mission.service';

export interface MissionRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** A tickets reward makes the member's prize-wheel seed with it. */
  secretsKey: SecretsKey;
}

const tags = ['mission'];

// The member's missions (member centre missionLeaderboard): every route needs the member's
// session. The client kind comes from the request's Device header, not from a query field: a
// mission for phones is not claimed from the web by naming another device.
export async function missionRoutes(app: FastifyInstance, { db, clock = systemClock, secretsKey }: MissionRoutesOptions): Promise<void> {
  const caller = (request: FastifyRequest): MissionCaller => ({
    merchantId: merchantOf(request).id,
    memberId: request.authenticated!.member.id,
    nowMs: clock(),
    language: callerLanguageOf(request),
    device: deviceOf(typeof request.headers.device === 'string' ? request.headers.device : undefined),
  });

  app.get<RouteOf<typeof missionSummaryDetailsCall>>(missionSummaryDetailsCall.path, {
    schema: apiSchema({ tags, summary: "The member's missions (running first) and how many it can still progress in or claim from", call: missionSummaryDetailsCall }),
  }, async (request) => ok(await missionSummaryDetails(db, caller(request), request.query)));

  app.get<RouteOf<typeof missionMilestonesCall>>(missionMilestonesCall.path, {
    schema: apiSchema({ tags, summary: "A mission's milestones: target, the member's progress, state and reward (404 mission.not.found)", call: missionMilestonesCall }),
  }, async (request) => ok(await missionMilestones(db, caller(request), request.query.missionId)));

  app.get<RouteOf<typeof missionLeaderboardCall>>(missionLeaderboardCall.path, {
    schema: apiSchema({ tags, summary: "A mission's leaderboard: top ranks (ties to who reached the score first), prizes, the member's place", call: missionLeaderboardCall }),
  }, async (request) => ok(await missionLeaderboard(db, caller(request), request.query.missionId)));

  app.get<RouteOf<typeof missionRulesCall>>(missionRulesCall.path, {
    schema: apiSchema({ tags, summary: "A mission's rules in the caller's language", call: missionRulesCall }),
  }, async (request) => ok(await missionRules(db, caller(request), request.query.missionId)));

  app.post<RouteOf<typeof claimMissionRewardsCall>>(claimMissionRewardsCall.path, {
    schema: apiSchema({
      tags,
      summary: "Claim a reached milestone's reward: paid once",
      description:
        '409 no_mission_claim (not reached; value: the milestone), 409 mission.already.claimed, 409 mission.claim.closed (not started, or the claim ' +
        'window after the end is over), 409 mission.leaderboard.automatic (claimLeaderboard: prizes are paid at the end), 404 mission.not.found, ' +
        '404 mission.milestone.not.found.',
      call: claimMissionRewardsCall,
    }),
  }, async (request) => ok(await claimMissionReward(db, { ...caller(request), secretsKey }, request.body)));
}
