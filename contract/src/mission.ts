// Missions and their leaderboards (server module mission/; member centre page missionLeaderboard):
// time-boxed missions whose milestones a member reaches by settled activity inside the mission's
// window (valid stakes, credited deposits, winnings, days signed in, distinct games played), each
// milestone's reward claimed once (money with a wagering requirement, or prize-wheel tickets), and
// a leaderboard by the mission's metric whose prizes the house pays once when the mission has
// ended. Amounts are major units (the wallet's), times epoch milliseconds.
//
// Failures (envelope errorCode):
//   mission.not.found              404 no such mission for this member (another merchant's, paused, another device's)
//   mission.milestone.not.found    404 the milestone is not one of the mission's
//   no_mission_claim               409 the milestone is not reached yet (value: the milestone as it stands)
//   mission.already.claimed        409 this milestone was claimed already
//   mission.claim.closed           409 the mission has not started, or its claim window (MISSION_CLAIM_GRACE_HOURS after the end) is over
//   mission.leaderboard.automatic  409 leaderboard prizes are paid by the house at the end, nothing to claim
import { defineCall, type ValueOf } from './define-call';

/** What a milestone counts inside the mission's window. */
export const MISSION_MILESTONE_KINDS = ['stake', 'deposits', 'wins', 'sign_ins', 'variety'] as const;
export type MissionMilestoneKind = (typeof MISSION_MILESTONE_KINDS)[number];

/** Kinds counted in money (major units on the wire); the others count days or games. */
export const MISSION_MONEY_KINDS: readonly MissionMilestoneKind[] = ['stake', 'deposits', 'wins'];

/** What a leaderboard ranks by (the money kinds). */
export const MISSION_LEADERBOARD_METRICS = ['stake', 'deposits', 'wins'] as const;
export type MissionLeaderboardMetric = (typeof MISSION_LEADERBOARD_METRICS)[number];

/** Which clients a mission is for (the request's `Device` header: web, or a phone's app or H5). */
export const MISSION_DEVICES = ['all', 'web', 'mobile'] as const;
export type MissionDevice = (typeof MISSION_DEVICES)[number];

/**
 * Where a mission stands: `upcoming` before its start, `ongoing` inside its window, `claiming`
 * after its end while reached milestones may still be claimed, `ended` after that.
 */
export const MISSION_STATUSES = ['upcoming', 'ongoing', 'claiming', 'ended'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

/** Hours after a mission's end during which its reached milestones may still be claimed. */
export const MISSION_CLAIM_GRACE_HOURS = 72;

/** Where a milestone stands for the member. */
export const MISSION_MILESTONE_STATES = ['progress', 'claimable', 'claimed', 'expired'] as const;
export type MissionMilestoneState = (typeof MISSION_MILESTONE_STATES)[number];

const amount = { type: 'number', minimum: 0 } as const;
const time = { type: 'integer' } as const;
const missionId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const milestoneId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const rewardSchema = {
  type: 'object',
  required: ['kind', 'amount', 'tickets', 'wageringMultiplier'],
  properties: {
    kind: { type: 'string', enum: ['money', 'tickets'] },
    amount: { type: ['number', 'null'], minimum: 0, description: 'money: paid into the wallet' },
    tickets: { type: ['integer', 'null'], minimum: 1, description: 'tickets: prize-wheel spins' },
    wageringMultiplier: { type: 'number', minimum: 0, description: 'money: times the reward to wager before withdrawing' },
  },
} as const;

export const missionMilestoneSchema = {
  type: 'object',
  required: ['milestoneId', 'kind', 'target', 'progress', 'state', 'reward', 'claimedAt'],
  properties: {
    milestoneId: { type: 'integer' },
    kind: { type: 'string', enum: MISSION_MILESTONE_KINDS },
    target: { ...amount, description: 'money kinds: major units; sign_ins: days; variety: games' },
    progress: { ...amount, description: 'as target, capped at nothing: what the member has counted so far in the window' },
    state: { type: 'string', enum: MISSION_MILESTONE_STATES },
    reward: rewardSchema,
    claimedAt: { type: ['integer', 'null'] },
  },
} as const;

export const missionSummarySchema = {
  type: 'object',
  required: [
    'missionId', 'title', 'description', 'startTime', 'endTime', 'claimEndTime', 'status', 'device', 'metric',
    'milestoneCount', 'claimedCount', 'claimableCount', 'open',
  ],
  properties: {
    missionId: { type: 'integer' },
    title: { type: 'string' },
    description: { type: 'string' },
    startTime: time,
    endTime: time,
    claimEndTime: { ...time, description: 'endTime + MISSION_CLAIM_GRACE_HOURS' },
    status: { type: 'string', enum: MISSION_STATUSES },
    device: { type: 'string', enum: MISSION_DEVICES },
    metric: { type: ['string', 'null'], enum: [...MISSION_LEADERBOARD_METRICS, null], description: 'the leaderboard\'s metric; null: no leaderboard' },
    milestoneCount: { type: 'integer', minimum: 0 },
    claimedCount: { type: 'integer', minimum: 0 },
    claimableCount: { type: 'integer', minimum: 0 },
    open: { type: 'boolean', description: 'the member can still progress in it or claim from it' },
  },
} as const;

/** The member's missions (the menu badge counts `openCount`). */
export const missionSummaryDetailsCall = /*#__PURE__*/ defineCall({
  name: 'missionSummaryDetails',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionSummaryDetails',
  moduleId: 'PROMO3',
  token: true,
  quiet: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: ['open', 'all'], default: 'all', description: 'open: only the missions the member can still progress in or claim from' },
      page: { type: 'integer', minimum: 1, maximum: 1000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
    },
  },
  value: {
    type: 'object',
    required: ['list', 'totalPages', 'total', 'openCount'],
    properties: {
      list: { type: 'array', items: missionSummarySchema },
      totalPages: { type: 'integer', minimum: 0 },
      total: { type: 'integer', minimum: 0, description: 'missions listed for this member (status all: ended ones too, for a while)' },
      openCount: { type: 'integer', minimum: 0, description: 'missions the member can still progress in or claim from' },
    },
  },
});

/** A mission's milestones as the member stands in them. */
export const missionMilestonesCall = /*#__PURE__*/ defineCall({
  name: 'missionMilestones',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionMilestones',
  moduleId: 'PROMO3',
  token: true,
  query: { type: 'object', required: ['missionId'], additionalProperties: false, properties: { missionId } },
  value: {
    type: 'object',
    required: ['mission', 'list'],
    properties: { mission: missionSummarySchema, list: { type: 'array', items: missionMilestoneSchema } },
  },
});

const leaderboardRow = {
  type: 'object',
  required: ['rank', 'username', 'score', 'prize'],
  properties: {
    rank: { type: 'integer', minimum: 1 },
    username: { type: 'string', description: 'masked, except the caller\'s own' },
    score: amount,
    prize: { type: ['number', 'null'], minimum: 0 },
  },
} as const;

/** A mission's leaderboard: the top ranks, the prizes per rank and the caller's own place. */
export const missionLeaderboardCall = /*#__PURE__*/ defineCall({
  name: 'missionLeaderboard',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionLeaderboard',
  moduleId: 'PROMO3',
  token: true,
  query: { type: 'object', required: ['missionId'], additionalProperties: false, properties: { missionId } },
  value: {
    type: 'object',
    required: ['missionId', 'metric', 'endTime', 'paid', 'list', 'prizes', 'me'],
    properties: {
      missionId: { type: 'integer' },
      metric: { type: 'string', enum: MISSION_LEADERBOARD_METRICS },
      endTime: time,
      paid: { type: 'boolean', description: 'the prizes have been paid (once, after the end)' },
      list: { type: 'array', items: leaderboardRow, description: 'the top ranks; ties go to who reached the score first' },
      prizes: { type: 'array', items: { type: 'object', required: ['rank', 'amount'], properties: { rank: { type: 'integer', minimum: 1 }, amount } } },
      me: {
        type: 'object',
        required: ['rank', 'score', 'prize'],
        properties: { rank: { type: ['integer', 'null'], minimum: 1, description: 'null: nothing counted yet' }, score: amount, prize: { type: ['number', 'null'], minimum: 0 } },
      },
    },
  },
});

/** A mission's rules in the caller's language, for its device. */
export const missionRulesCall = /*#__PURE__*/ defineCall({
  name: 'missionRules',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMissionRules',
  moduleId: 'PROMO3',
  token: true,
  query: {
    type: 'object',
    required: ['missionId'],
    additionalProperties: false,
    properties: { missionId, device: { type: 'string', maxLength: 32, description: 'ignored: the request\'s Device header decides' } },
  },
  value: {
    type: 'object',
    required: ['mission', 'rules', 'claimGraceHours'],
    properties: {
      mission: missionSummarySchema,
      rules: { type: 'string', description: 'the operator\'s rules text in the caller\'s language' },
      claimGraceHours: { type: 'integer', minimum: 0 },
    },
  },
});

/** Claims a reached milestone's reward: paid once, whatever the number of requests. */
export const claimMissionRewardsCall = /*#__PURE__*/ defineCall({
  name: 'claimMissionRewards',
  method: 'POST',
  path: '/wps/relay/MCSFE_claimMissionRewards',
  moduleId: 'PROMO3',
  token: true,
  body: {
    type: 'object',
    required: ['missionId', 'milestoneId'],
    additionalProperties: false,
    properties: {
      missionId,
      milestoneId,
      claimLeaderboard: { type: 'boolean', description: 'true is refused: the leaderboard\'s prizes are paid by the house after the end' },
    },
  },
  value: {
    type: 'object',
    required: ['paid', 'tickets', 'balance', 'milestone'],
    properties: {
      paid: { ...amount, description: 'money this claim paid' },
      tickets: { type: 'integer', minimum: 0, description: 'prize-wheel tickets this claim gave' },
      balance: amount,
      milestone: missionMilestoneSchema,
    },
  },
});

export type MissionSummary = ValueOf<typeof missionSummaryDetailsCall>['list'][number];
export type MissionSummaryDetails = ValueOf<typeof missionSummaryDetailsCall>;
export type MissionMilestones = ValueOf<typeof missionMilestonesCall>;
export type MissionMilestone = MissionMilestones['list'][number];
export type MissionLeaderboard = ValueOf<typeof missionLeaderboardCall>;
export type MissionRules = ValueOf<typeof missionRulesCall>;
export type MissionClaimed = ValueOf<typeof claimMissionRewardsCall>;
