// Agent reports, announcements and the affiliate application (the legacy agent-centre pages
// palStatementsAgentCopy, agentRevenueReport, agentAnnouncement; a player may apply to become an
// agent). Report calls need an agent's session (403 agent.only) and read only the caller's
// own subtree (404 agent.downline.unknown for a name outside it). Periods are epoch-ms bounds of at
// most 62 days (lottery.period.invalid otherwise); days are the merchant's agent time zone's.
// Money: major units with at most two decimals.
//
// Failures (envelope errorCode), besides the agent ones of agent.ts:
//   agent.application.exists   409 the caller has an application awaiting an answer
//   agent.application.invalid  400 the caller is an agent already (or not a real account)
import { defineCall, type ValueOf } from './define-call';

const money = (description: string) => ({ type: 'number', description: `${description}; major units` }) as const;
const epochMs = { type: 'integer', minimum: 0, maximum: 8640000000000000 } as const;
const page = { type: 'integer', minimum: 1, maximum: 100000, default: 1 } as const;
const size = { type: 'integer', minimum: 1, maximum: 100, default: 10 } as const;
const period = {
  startDate: epochMs,
  endDate: { ...epochMs, description: 'at most 62 days after startDate (lottery.period.invalid)' },
} as const;
/** The longest period a report covers. */
export const AGENT_REPORT_MAX_RANGE_MS = 62 * 86_400_000;

// User loss / team P&L (palStatementsAgentCopy, AGETEAMPNL3): a team's money of the period by kind.
// profitLoss is the team's result: wins + rebates + salaries + promotions − bets (below 0: the
// team lost, the house won; "Team net loss"; above 0: "Team net win").
const pnlFigures = {
  deposits: money('deposits credited'),
  withdrawals: money('withdrawals paid'),
  bets: money('valid bets (lottery bets settled won or lost, game rounds)'),
  wins: money('prizes and wins paid'),
  rebates: money('betting rebates and agent rebates paid'),
  salaries: money('dividends and daily, hourly and real-time salaries paid'),
  promotions: money('bonuses credited'),
  profitLoss: money('wins + rebates + salaries + promotions − bets'),
} as const;
const pnlFigureKeys = Object.keys(pnlFigures) as (keyof typeof pnlFigures)[];

const pnlRowSchema = {
  type: 'object',
  required: ['memberId', 'username', 'accountType', 'teamSize', ...pnlFigureKeys],
  additionalProperties: false,
  properties: {
    memberId: { type: 'integer' },
    username: { type: 'string' },
    accountType: { type: 'string', enum: ['agent', 'player'] },
    teamSize: { type: 'integer', description: 'members of its team, itself included' },
    ...pnlFigures,
  },
} as const;

export const agentTeamProfitLossCall = /*#__PURE__*/ defineCall({
  name: 'agentTeamProfitLoss',
  method: 'GET',
  path: '/wps/report/teamProfitLoss',
  moduleId: 'AGETEAMPNL3',
  token: true,
  query: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      ...period,
      subordinateName: { type: 'string', maxLength: 64, description: 'a member of the caller’s downline: its team instead of the caller’s (the next level down)' },
      page,
      size,
    },
  },
  value: {
    type: 'object',
    required: ['team', 'list', 'totalPages', 'utcOffsetMinutes'],
    additionalProperties: false,
    properties: {
      utcOffsetMinutes: { type: 'integer', description: 'the agent time zone the period’s days are meant in' },
      team: { ...pnlRowSchema, description: 'the whole team (the caller’s, or subordinateName’s), its head included' },
      list: { type: 'array', items: pnlRowSchema, description: 'one row per direct downline of the team’s head: its own team’s figures' },
      totalPages: { type: 'integer' },
    },
  },
});
export type AgentTeamProfitLoss = ValueOf<typeof agentTeamProfitLossCall>;
export type AgentProfitLossRow = AgentTeamProfitLoss['team'];

// My income (agentRevenueReport, AGEREV3; L GET /wps/report/income): what the ledger credited the
// caller itself in the period, by kind, in total and per day.
const incomeFigures = {
  lotteryRebate: money('the rebate of its own lottery bets (Rebate of Lotto Gameplay)'),
  agentRebate: money('agent rebate on its downline’s lottery turnover (Lottery Agent Rebate)'),
  dividend: money('dividends'),
  dailySalary: money('daily salary'),
  hourlySalary: money('hourly salary'),
  realtimeSalary: money('real-time salary'),
  total: money('all of the above (Total Income)'),
} as const;
const incomeFigureKeys = Object.keys(incomeFigures) as (keyof typeof incomeFigures)[];

export const agentIncomeCall = /*#__PURE__*/ defineCall({
  name: 'agentIncome',
  method: 'GET',
  path: '/wps/report/income',
  moduleId: 'AGEREV3',
  token: true,
  query: { type: 'object', required: ['startDate', 'endDate'], properties: period },
  value: {
    type: 'object',
    required: ['totals', 'days', 'utcOffsetMinutes'],
    additionalProperties: false,
    properties: {
      utcOffsetMinutes: { type: 'integer' },
      totals: { type: 'object', required: incomeFigureKeys, additionalProperties: false, properties: incomeFigures },
      days: {
        type: 'array',
        description: 'each day of the period with income, newest first',
        items: { type: 'object', required: ['date', ...incomeFigureKeys], additionalProperties: false, properties: { date: { type: 'string', description: 'YYYY-MM-DD' }, ...incomeFigures } },
      },
    },
  },
});
export type AgentIncome = ValueOf<typeof agentIncomeCall>;

// Agent announcements (agentAnnouncement, AGENTANNOUNCE3; L GET /wps/agent/announcements): the
// merchant's announcements for agents (type AG; never in the public lists), newest first.
export const agentAnnouncementsCall = /*#__PURE__*/ defineCall({
  name: 'agentAnnouncements',
  method: 'GET',
  path: '/wps/agent/announcements',
  moduleId: 'AGENTANNOUNCE3',
  token: true,
  query: { type: 'object', properties: { page, size } },
  value: {
    type: 'object',
    required: ['list', 'totalPages'],
    additionalProperties: false,
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'title', 'content', 'createTime'],
          additionalProperties: false,
          properties: { id: { type: 'integer' }, title: { type: 'string' }, content: { type: 'string', description: 'sanitized HTML' }, createTime: epochMs },
        },
      },
      totalPages: { type: 'integer' },
    },
  },
});
export type AgentAnnouncement = ValueOf<typeof agentAnnouncementsCall>['list'][number];

// The affiliate application: a player asks to become an agent; an operator approves
// (the player becomes an agent, isAgent 1) or rejects it. One application awaiting an answer at a
// time; the player sees its latest.
export const AFFILIATE_APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
/** The longest contact and message an application takes (forms check them before sending). */
export const AFFILIATE_CONTACT_MAX_LENGTH = 100;
export const AFFILIATE_MESSAGE_MAX_LENGTH = 500;

const applicationSchema = {
  type: 'object',
  required: ['applicationId', 'contact', 'message', 'state', 'createdTime', 'decidedTime', 'answer'],
  additionalProperties: false,
  properties: {
    applicationId: { type: 'integer' },
    contact: { type: 'string' },
    message: { type: 'string' },
    state: { type: 'string', enum: AFFILIATE_APPLICATION_STATES },
    createdTime: epochMs,
    decidedTime: { type: ['integer', 'null'] },
    answer: { type: 'string', description: 'the operator’s note with the decision ("" when none)' },
  },
} as const;

export const affiliateApplyCall = /*#__PURE__*/ defineCall({
  name: 'affiliateApply',
  method: 'POST',
  path: '/wps/agent/application',
  moduleId: 'MEMBER3',
  token: true,
  body: {
    type: 'object',
    required: ['contact', 'message'],
    additionalProperties: false,
    properties: {
      contact: { type: 'string', minLength: 1, maxLength: AFFILIATE_CONTACT_MAX_LENGTH, description: 'how the operator reaches the applicant (phone, messenger, e-mail)' },
      message: { type: 'string', maxLength: AFFILIATE_MESSAGE_MAX_LENGTH, description: 'how the applicant will bring players' },
    },
  },
  value: applicationSchema,
});

export const affiliateApplicationCall = /*#__PURE__*/ defineCall({
  name: 'affiliateApplication',
  method: 'GET',
  path: '/wps/agent/application',
  moduleId: 'MEMBER3',
  token: true,
  value: { anyOf: [applicationSchema, { type: 'null' }], description: 'the caller’s latest application; null when none' },
});
export type AffiliateApplication = ValueOf<typeof affiliateApplyCall>;
