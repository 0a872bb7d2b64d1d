// The agent programme (server module agent/, remote mfe-agent-center): the team tree,
// downlines, affiliate links, transfers to downlines, real-time salary contracts and wages
// (names and page fields follow the legacy agent centre's REST calls, relays and pages).
//
// Every call needs the session of an agent (isAgent 1, 2, 41, 42); a player's is refused
// (403 agent.only: "Non-agents cannot log in"). Whom a call reads or acts on is always
// derived from the session: a member outside the caller's own downline is answered as unknown
// (404 agent.downline.unknown), never revealed.
//
// Money: major units with at most two decimals on this wire.
//
// Failures (envelope errorCode):
//   agent.only                      403 the caller is not an agent
//   agent.downline.unknown          404 no such member in the caller's downline (direct, where the call says so)
//   agent.rebate.invalid            400 a rebate setting above the caller's own, or outside the merchant's range
//   agent.username.taken            409 the username is in use
//   agent.link.unknown              404 no such link of the caller
//   agent.contract.invalid          400 terms above the caller's own, a downline that is not a direct agent, or a contract that cannot take this action
//   agent.contract.exists           409 the downline has a contract of this kind already (pending or active)
//   agent.transfer.invalid          400 an amount that is not positive with at most two decimals
//   agent.insufficient.funds        409 the caller's balance does not cover the transfer
//   invalid.payment.pw              400 the payment password is wrong (its own lockout applies); not.exists.payment.password when none is set
import { defineCall, type QueryOf, type RequestOf, type ValueOf } from './define-call';
import { pagedListSchemaOf } from './envelope';

/** How long an affiliate link lives (the legacy page registerCenter's "Expiration"). */
export const AFFILIATE_LINK_EXPIRIES = ['never', '1d', '7d', '30d', '1y'] as const;
export type AffiliateLinkExpiry = (typeof AFFILIATE_LINK_EXPIRIES)[number];
export const DOWNLINE_ACCOUNT_TYPES = ['agent', 'player'] as const;
export const CONTRACT_STATES = ['pending', 'active', 'rejected', 'terminated'] as const;
/** Real-time salary rates are in units of 0.01 % of a bet share (万分之): 100 = 1 %. */
export const RATE_UNITS_PER_PERCENT = 100;
/** The default length of the real-time salary window (the salary is settled every 5 minutes). */
export const REALTIME_SALARY_INTERVAL_MS = 5 * 60_000;

const money = (description: string) => ({ type: 'number', description: `${description}; major units` }) as const;
const memberId = { type: 'integer', minimum: 1 } as const;
const epochMs = { type: 'integer', minimum: 0, maximum: 8640000000000000 } as const;
const page = { type: 'integer', minimum: 1, maximum: 100000, default: 1 } as const;
const size = { type: 'integer', minimum: 1, maximum: 100, default: 10 } as const;
const rebateSeries = { type: 'integer', minimum: 1000, maximum: 2000, description: 'the highest lottery prize series (奖金组) the member’s bets may use' } as const;
const usernameField = { type: 'string', pattern: '^[A-Za-z0-9_]{4,16}$' } as const;

export const agentRebateSettingsCall = /*#__PURE__*/ defineCall({
  name: 'agentRebateSettings',
  method: 'GET',
  path: '/wps/agent/globalRebateSettings',
  moduleId: 'AGEREGDOWN3',
  token: true,
  value: {
    type: 'object',
    required: ['ownSeries', 'minSeries', 'maxSeries'],
    additionalProperties: false,
    properties: {
      ownSeries: { type: 'integer', description: 'the caller’s own rebate setting: a downline’s may not be higher' },
      minSeries: { type: 'integer', description: 'the lowest setting the merchant allows' },
      maxSeries: { type: 'integer', description: 'the merchant’s highest (no rebate)' },
    },
  },
});

const downlineSchema = {
  type: 'object',
  required: [
    'memberId', 'username', 'accountType', 'uplineUsername', 'teamSize', 'rebateSeries', 'online', 'lastLoginTime', 'lastDepositTime',
    'balance', 'teamBalance', 'registrationTime', 'registrationMethod', 'status', 'remark',
  ],
  additionalProperties: false,
  properties: {
    memberId: { type: 'integer' },
    username: { type: 'string' },
    accountType: { type: 'string', enum: DOWNLINE_ACCOUNT_TYPES },
    uplineUsername: { type: 'string' },
    teamSize: { type: 'integer', description: 'members in the downline’s team, itself included' },
    rebateSeries: { type: ['integer', 'null'] },
    online: { type: 'boolean', description: 'a live session now' },
    lastLoginTime: { type: ['integer', 'null'] },
    lastDepositTime: { type: ['integer', 'null'] },
    balance: money('the downline’s own main wallet'),
    teamBalance: money('the main wallets of its whole team'),
    registrationTime: epochMs,
    registrationMethod: { type: 'string', enum: ['affiliate_link', 'referral', 'agent_creation', 'direct'] },
    status: { type: 'string', enum: ['active', 'blocked'] },
    remark: { type: 'string' },
  },
} as const;

export const agentDownlinesCall = /*#__PURE__*/ defineCall({
  name: 'agentDownlines',
  method: 'GET',
  path: '/wps/agent/downlines',
  moduleId: 'DOWNMAN',
  token: true,
  query: {
    type: 'object',
    properties: {
      accountType: { type: 'string', enum: DOWNLINE_ACCOUNT_TYPES, description: 'the tab: direct agents or direct players; both when absent' },
      username: { type: 'string', maxLength: 64, description: 'a direct downline whose name contains this' },
      page,
      size,
    },
  },
  value: pagedListSchemaOf(downlineSchema, { type: 'null' }),
});

export const agentCreateDownlineCall = /*#__PURE__*/ defineCall({
  name: 'agentCreateDownline',
  method: 'POST',
  path: '/wps/agent/downline',
  moduleId: 'AGEREGDOWN3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['accountType', 'username', 'password', 'rebateSeries'],
    additionalProperties: false,
    properties: {
      accountType: { type: 'string', enum: DOWNLINE_ACCOUNT_TYPES },
      username: usernameField,
      password: { type: 'string', minLength: 6, maxLength: 32, description: 'the downline changes it at its first login' },
      rebateSeries,
    },
  },
  value: { type: 'object', required: ['memberId', 'username'], additionalProperties: false, properties: { memberId: { type: 'integer' }, username: { type: 'string' } } },
});

const linkSchema = {
  type: 'object',
  required: ['affiUrlId', 'code', 'accountType', 'rebateSeries', 'channel', 'createdTime', 'expiryTime', 'registrations', 'status'],
  additionalProperties: false,
  properties: {
    affiUrlId: { type: 'integer' },
    code: { type: 'string', description: 'the invitation code; the link is the site’s /register?affiliateCode=<code>' },
    accountType: { type: 'string', enum: DOWNLINE_ACCOUNT_TYPES },
    rebateSeries: { type: 'integer' },
    channel: { type: 'string', description: 'the promotion channel the agent noted' },
    createdTime: epochMs,
    expiryTime: { type: ['integer', 'null'], description: 'null: never expires' },
    registrations: { type: 'integer', description: 'members registered through it' },
    status: { type: 'string', enum: ['normal', 'expired'] },
  },
} as const;

export const agentCreateLinkCall = /*#__PURE__*/ defineCall({
  name: 'agentCreateLink',
  method: 'POST',
  path: '/wps/agent/affiliateUrl',
  moduleId: 'CREATEAFF3',
  token: true,
  body: {
    type: 'object',
    required: ['accountType', 'rebateSeries', 'expiry'],
    additionalProperties: false,
    properties: {
      accountType: { type: 'string', enum: DOWNLINE_ACCOUNT_TYPES },
      rebateSeries,
      expiry: { type: 'string', enum: AFFILIATE_LINK_EXPIRIES },
      channel: { type: 'string', maxLength: 60 },
    },
  },
  value: linkSchema,
});

export const agentLinksCall = /*#__PURE__*/ defineCall({
  name: 'agentLinks',
  method: 'GET',
  path: '/wps/agent/affiliateUrls',
  moduleId: 'AFFMAN3',
  token: true,
  value: { type: 'array', items: linkSchema, description: 'the caller’s links, newest first' },
});

export const agentDeleteLinkCall = /*#__PURE__*/ defineCall({
  name: 'agentDeleteLink',
  method: 'DELETE',
  path: '/wps/agent/affiliateUrl',
  moduleId: 'AFFMAN3',
  token: true,
  query: { type: 'object', required: ['affiUrlId'], properties: { affiUrlId: { type: 'integer', minimum: 1 } } },
  value: { type: 'null' },
});

export const agentRegisteredAffiliatesCall = /*#__PURE__*/ defineCall({
  name: 'agentRegisteredAffiliates',
  method: 'GET',
  path: '/wps/agent/registeredAffiliates',
  moduleId: 'AFFMAN3',
  token: true,
  query: { type: 'object', properties: { page, size } },
  value: pagedListSchemaOf(
    {
      type: 'object',
      required: ['memberId', 'username', 'accountType', 'registrationTime', 'code'],
      additionalProperties: false,
      properties: {
        memberId: { type: 'integer' },
        username: { type: 'string' },
        accountType: { type: 'string', enum: DOWNLINE_ACCOUNT_TYPES },
        registrationTime: epochMs,
        code: { type: 'string', description: 'the link’s code' },
      },
    },
    { type: 'null' },
  ),
});

export const agentPromoteCall = /*#__PURE__*/ defineCall({
  name: 'agentPromote',
  method: 'PUT',
  path: '/wps/agent/promoteDownlineToAgent',
  moduleId: 'DOWNMAN',
  token: true,
  body: { type: 'object', required: ['memberId'], additionalProperties: false, properties: { memberId } },
  value: { type: 'null' },
});

export const agentDownlineRemarkCall = /*#__PURE__*/ defineCall({
  name: 'agentDownlineRemark',
  method: 'PUT',
  path: '/wps/agent/downlineRemark',
  moduleId: 'DOWNMAN',
  token: true,
  body: { type: 'object', required: ['memberId', 'remark'], additionalProperties: false, properties: { memberId, remark: { type: 'string', maxLength: 200 } } },
  value: { type: 'null' },
});

export const agentDownlineStatusCall = /*#__PURE__*/ defineCall({
  name: 'agentDownlineStatus',
  method: 'PUT',
  path: '/wps/agent/downlineStatus',
  moduleId: 'DOWNMAN',
  token: true,
  body: { type: 'object', required: ['memberId', 'status'], additionalProperties: false, properties: { memberId, status: { type: 'string', enum: ['active', 'blocked'] } } },
  value: { type: 'null' },
});

export const agentTransferDownlineCall = /*#__PURE__*/ defineCall({
  name: 'agentTransferDownline',
  method: 'PUT',
  path: '/wps/agent/transferDownline',
  moduleId: 'DOWNMAN',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['memberId', 'transferAmount', 'password'],
    additionalProperties: false,
    properties: {
      memberId: { ...memberId, description: 'a member of the caller’s downline (any depth)' },
      transferAmount: { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000 },
      password: { type: 'string', description: 'the caller’s payment password' },
      remark: { type: 'string', maxLength: 200 },
    },
  },
  value: { type: 'object', required: ['transferAmount', 'balance'], additionalProperties: false, properties: { transferAmount: money('moved'), balance: money('the caller’s balance after') } },
});

const ratesSchema = {
  type: 'object',
  required: ['profitRate', 'lossRate'],
  additionalProperties: false,
  properties: {
    profitRate: { type: 'integer', minimum: 0, maximum: 10000, description: '0.01 % units of the bet share, paid on a round the house won' },
    lossRate: { type: 'integer', minimum: 0, maximum: 10000, description: '0.01 % units of the bet share, paid on a round the house lost' },
  },
} as const;

const realtimeTermsSchema = {
  type: 'object',
  required: ['default'],
  additionalProperties: false,
  properties: {
    default: { ...ratesSchema, description: 'every lottery game not listed in games' },
    games: { type: 'object', additionalProperties: ratesSchema, propertyNames: { pattern: '^[A-Z0-9]{2,16}$' } },
  },
} as const;

/** A contract between an agent and a direct downline agent (realtime here; the other kinds replace kind and terms). */
export const agentContractSchema = {
  type: 'object',
  required: ['contractId', 'kind', 'uplineUsername', 'downlineId', 'downlineUsername', 'terms', 'state', 'terminateRequested', 'createdTime', 'decidedTime', 'awaitingMe'],
  additionalProperties: false,
  properties: {
    contractId: { type: 'integer' },
    kind: { type: 'string', enum: ['realtime'] },
    uplineUsername: { type: ['string', 'null'], description: 'null: the merchant' },
    downlineId: { type: 'integer' },
    downlineUsername: { type: 'string' },
    terms: realtimeTermsSchema,
    state: { type: 'string', enum: CONTRACT_STATES },
    terminateRequested: { type: 'boolean' },
    createdTime: epochMs,
    decidedTime: { type: ['integer', 'null'] },
    awaitingMe: { type: 'boolean', description: 'the caller is the side that must accept or reject (the contract, or its termination)' },
  },
} as const;

export const agentRealtimeContractsCall = /*#__PURE__*/ defineCall({
  name: 'agentRealtimeContracts',
  method: 'GET',
  path: '/wps/relay/MCSFE_getRealTimeSalaryContracts',
  moduleId: 'RTSALARY3',
  token: true,
  value: {
    type: 'object',
    required: ['mine', 'downlines'],
    additionalProperties: false,
    properties: {
      mine: { anyOf: [agentContractSchema, { type: 'null' }], description: 'the caller’s own contract (as the downline): pending or active' },
      downlines: { type: 'array', items: agentContractSchema, description: 'the caller’s contracts with its direct downline agents, pending or active' },
    },
  },
});

export const agentRealtimeContractActionCall = /*#__PURE__*/ defineCall({
  name: 'agentRealtimeContractAction',
  method: 'POST',
  path: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  moduleId: 'RTSALARY3',
  token: true,
  body: {
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: {
      action: { type: 'string', enum: ['create', 'accept', 'reject', 'terminate'], description: 'create: offer terms to a direct downline agent; accept / reject: answer what awaits the caller; terminate: ask to end an active contract (the other side accepts)' },
      downlineId: { ...memberId, description: 'create: the direct downline agent' },
      contractId: { type: 'integer', minimum: 1, description: 'accept, reject, terminate' },
      terms: { ...realtimeTermsSchema, description: 'create: the downline’s rates, none above the caller’s own' },
    },
  },
  value: agentContractSchema,
});

export const agentRealtimeWagesCall = /*#__PURE__*/ defineCall({
  name: 'agentRealtimeWages',
  method: 'GET',
  path: '/wps/relay/agentRealtimeSalary',
  moduleId: 'RTSALARY3',
  token: true,
  query: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: { startDate: epochMs, endDate: epochMs, page, size },
  },
  value: pagedListSchemaOf(
    {
      type: 'object',
      required: ['time', 'gameCode', 'numero', 'sourceUsername', 'betAmount', 'winOrLose', 'rate', 'amount'],
      additionalProperties: false,
      properties: {
        time: epochMs,
        gameCode: { type: 'string', description: 'the lottery variety' },
        numero: { type: 'string' },
        sourceUsername: { type: 'string', description: 'the member whose bets earned it' },
        betAmount: money('the member’s stake in the round (single betting)'),
        winOrLose: { type: 'string', enum: ['house_won', 'house_lost'], description: 'house_won: the profit wage; house_lost: the loss wage' },
        rate: { type: 'integer', description: 'the salary ratio earned (0.01 % units): own rate less the rate of the agent below on the path' },
        amount: money('the salary amount'),
      },
    },
    { type: 'object', required: ['amount', 'betAmount'], additionalProperties: false, properties: { amount: money('salary of the period'), betAmount: money('bet shares of the period') } },
  ),
});

export type AgentDownline = ValueOf<typeof agentDownlinesCall>['list'][number];
export type AgentLink = ValueOf<typeof agentLinksCall>[number];
export type AgentCreateDownline = RequestOf<typeof agentCreateDownlineCall>;
export type AgentContract = ValueOf<typeof agentRealtimeContractActionCall>;
export type RealtimeTerms = AgentContract['terms'];
export type AgentRealtimeWage = ValueOf<typeof agentRealtimeWagesCall>['list'][number];
export type AgentDownlinesQuery = QueryOf<typeof agentDownlinesCall>;

// Daily and hourly salary (the legacy agent-centre pages agentDailyWages2, agentHourSalary): a
// contract's terms are rate tiers on the team's betting (valid turnover of the agent and its whole
// downline in the period) and its active members (members of the team with turnover in the period
// of at least the merchant's minimum); the highest tier the team reaches gives the rate. An agent
// earns its team betting × its rate, less what its direct downline agents' own contracts of the
// kind earn on their teams (differential, never below 0). Periods: the merchant's local day
// (daily, paid after it ends) or hour (hourly), in the merchant's agent time zone (GMT+8 unless
// merchant_setting 'agentSalary' says otherwise). Contract actions as for real-time salary.
export const SALARY_KINDS = ['daily', 'hourly'] as const;
export type SalaryKind = (typeof SALARY_KINDS)[number];

/** The value of a "contracts of a kind" call: the caller's own (as the downline) and those with its direct downline agents. */
const contractListOf = <const Contract>(contract: Contract) =>
  ({
    type: 'object',
    required: ['mine', 'downlines'],
    additionalProperties: false,
    properties: { mine: { anyOf: [contract, { type: 'null' }] }, downlines: { type: 'array', items: contract } },
  }) as const;

/** The body of a contract action call of a kind with these terms (create / accept / reject / terminate). */
const contractActionBodyOf = <const Terms>(terms: Terms) =>
  ({
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: {
      action: { type: 'string', enum: ['create', 'accept', 'reject', 'terminate'] },
      downlineId: memberId,
      contractId: { type: 'integer', minimum: 1 },
      terms,
    },
  }) as const;

/** A tier's threshold of money (major units), its active members and its rate: what salary and dividend tiers share. */
const tierThreshold = (description: string) => ({ type: 'number', minimum: 0, maximum: 1_000_000_000, description: `${description}; major units` }) as const;
const tierActive = { type: 'integer', minimum: 0, maximum: 1_000_000, description: 'active members of the team at least this' } as const;
const tierRate = (description: string) => ({ type: 'integer', minimum: 0, maximum: 10000, description: `0.01 % units of ${description}` }) as const;

const salaryTierSchema = {
  type: 'object',
  required: ['bet', 'active', 'rate'],
  additionalProperties: false,
  properties: { bet: tierThreshold('team betting of the period at least this'), active: tierActive, rate: tierRate('the team betting') },
} as const;

const salaryTermsSchema = {
  type: 'object',
  required: ['tiers'],
  additionalProperties: false,
  properties: { tiers: { type: 'array', minItems: 1, maxItems: 20, items: salaryTierSchema } },
} as const;

const salaryContractSchema = {
  ...agentContractSchema,
  properties: { ...agentContractSchema.properties, kind: { type: 'string', enum: SALARY_KINDS }, terms: salaryTermsSchema },
} as const;

function salaryContractsCall<const Kind extends SalaryKind>(kind: Kind, moduleId: 'DAILYSALCONT3' | 'HOURSAL3') {
  return {
    name: kind === 'daily' ? 'agentDailySalaryContracts' : 'agentHourlySalaryContracts',
    method: 'GET',
    path: `/wps/relay/MCSFE_get${kind === 'daily' ? 'DailySalary' : 'HourSalary'}Contracts`,
    moduleId,
    token: true,
    value: contractListOf(salaryContractSchema),
  } as const;
}

function salaryActionCall<const Name extends string, const Path extends string>(name: Name, path: Path, moduleId: 'DAILYSALCONT3' | 'HOURSAL3') {
  return {
    name,
    method: 'POST',
    path,
    moduleId,
    token: true,
    body: contractActionBodyOf(salaryTermsSchema),
    value: salaryContractSchema,
  } as const;
}

function salaryRecordsCall<const Name extends string, const Path extends string>(name: Name, path: Path, moduleId: 'DAILYSALCONT3' | 'HOURSAL3') {
  return {
    name,
    method: 'GET',
    path,
    moduleId,
    token: true,
    query: { type: 'object', required: ['startDate', 'endDate'], properties: { startDate: epochMs, endDate: epochMs, page, size } },
    value: pagedListSchemaOf(
      {
        type: 'object',
        required: ['periodStart', 'periodEnd', 'teamBetting', 'activeMembers', 'rate', 'grossAmount', 'downlineAmount', 'amount'],
        additionalProperties: false,
        properties: {
          periodStart: epochMs,
          periodEnd: epochMs,
          teamBetting: money('the team’s betting of the period'),
          activeMembers: { type: 'integer' },
          rate: { type: 'integer', description: 'the tier reached (0.01 % units)' },
          grossAmount: money('team betting × rate'),
          downlineAmount: money('what the direct downline agents’ contracts earned'),
          amount: money('paid to the agent: gross less the downlines’'),
        },
      },
      { type: 'object', required: ['amount'], additionalProperties: false, properties: { amount: money('paid in the listed periods') } },
    ),
  } as const;
}

export const agentDailySalaryContractsCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ salaryContractsCall('daily', 'DAILYSALCONT3'));
export const agentHourlySalaryContractsCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ salaryContractsCall('hourly', 'HOURSAL3'));
export const agentDailySalaryContractActionCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ salaryActionCall('agentDailySalaryContractAction', '/wps/relay/MCSFE_processDailySalaryContract', 'DAILYSALCONT3'));
export const agentHourlySalaryContractActionCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ salaryActionCall('agentHourlySalaryContractAction', '/wps/relay/MCSFE_processContractHourSalary', 'HOURSAL3'));
export const agentDailySalaryRecordsCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ salaryRecordsCall('agentDailySalaryRecords', '/wps/relay/agentDailySalary', 'DAILYSALCONT3'));
export const agentHourlySalaryRecordsCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ salaryRecordsCall('agentHourlySalaryRecords', '/wps/relay/agentHourSalary', 'HOURSAL3'));

export type SalaryContract = ValueOf<typeof agentDailySalaryContractActionCall>;
export type SalaryTerms = SalaryContract['terms'];
export type SalaryRecord = ValueOf<typeof agentDailySalaryRecordsCall>['list'][number];

// Team overview (the legacy page agentTeamOverview, relay ODSFE2_getTeamOverviewSum):
// the agent's team now (size, direct downlines, online, balances) and its activity over a period
// (at most 62 days), in total and per day of the merchant's agent time zone (GMT+8 unless
// merchant_setting 'agentSalary' says otherwise) for the chart. The team is the agent's whole
// downline (the agent itself not included).
const overviewFigures = {
  logins: { type: 'integer', description: 'logins (sessions opened)' },
  registrations: { type: 'integer' },
  firstDeposits: { type: 'integer', description: 'members whose first deposit fell in the period' },
  firstBets: { type: 'integer', description: 'members whose first bet fell in the period' },
  deposits: money('deposits credited'),
  depositCount: { type: 'integer' },
  withdrawals: money('withdrawals paid'),
  bets: money('valid bets settled'),
  betCount: { type: 'integer' },
  wins: money('prizes and wins paid'),
  promotions: money('bonuses credited'),
} as const;
const overviewFigureKeys = Object.keys(overviewFigures) as (keyof typeof overviewFigures)[];

export const agentTeamOverviewCall = /*#__PURE__*/ defineCall({
  name: 'agentTeamOverview',
  method: 'GET',
  path: '/wps/relay/ODSFE2_getTeamOverviewSum',
  moduleId: 'DOWNMAN',
  token: true,
  query: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      startDate: epochMs,
      endDate: { ...epochMs, description: 'at most 62 days after startDate (lottery.period.invalid)' },
      subordinateName: { type: 'string', maxLength: 64, description: 'a member of the caller’s downline: its team instead of the caller’s (agent.downline.unknown otherwise)' },
    },
  },
  value: {
    type: 'object',
    required: ['teamSize', 'directCount', 'onlineUsers', 'totalBalance', 'totals', 'days', 'utcOffsetMinutes'],
    additionalProperties: false,
    properties: {
      teamSize: { type: 'integer', description: 'members of the whole downline' },
      directCount: { type: 'integer', description: 'direct downlines' },
      onlineUsers: { type: 'integer' },
      totalBalance: money('the main wallets of the whole downline'),
      utcOffsetMinutes: { type: 'integer', description: 'the time zone of the days' },
      totals: { type: 'object', required: overviewFigureKeys, additionalProperties: false, properties: overviewFigures },
      days: {
        type: 'array',
        description: 'one entry per day of the period, oldest first',
        items: { type: 'object', required: ['date', ...overviewFigureKeys], additionalProperties: false, properties: { date: { type: 'string', description: 'YYYY-MM-DD' }, ...overviewFigures } },
      },
    },
  },
});
export type AgentTeamOverview = ValueOf<typeof agentTeamOverviewCall>;

// Red envelopes (lucky bags; the legacy page agentRedRain): an agent sends an amount
// from its main wallet to its direct downlines — all of them, or those it picks — with its payment
// password, in one movement: 'share' splits it equally (the odd cents to the first receivers),
// 'fighting' splits it at random (every receiver at least 0.01). Encrypted; takes an
// Idempotency-Key (the same key sends once).
export const RED_ENVELOPE_TYPES = ['share', 'fighting'] as const;
export const RED_ENVELOPE_MAX_RECEIVERS = 500;

export const agentRedEnvelopeCall = /*#__PURE__*/ defineCall({
  name: 'agentRedEnvelope',
  method: 'POST',
  path: '/wps/relay/agentSendRedEnvelope',
  moduleId: 'DOWNMAN',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['type', 'totalAmount', 'password'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: RED_ENVELOPE_TYPES, description: 'share: equal parts; fighting: random parts' },
      totalAmount: { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000, description: 'major units, two decimals at most' },
      memberIds: { type: 'array', maxItems: RED_ENVELOPE_MAX_RECEIVERS, uniqueItems: true, items: memberId, description: 'direct downlines; every direct downline when absent' },
      password: { type: 'string', description: 'the caller’s payment password' },
      remark: { type: 'string', maxLength: 100 },
    },
  },
  value: {
    type: 'object',
    required: ['totalAmount', 'balance', 'receivers'],
    additionalProperties: false,
    properties: {
      totalAmount: money('sent'),
      balance: money('the caller’s balance after'),
      receivers: {
        type: 'array',
        items: { type: 'object', required: ['memberId', 'username', 'amount'], additionalProperties: false, properties: { memberId: { type: 'integer' }, username: { type: 'string' }, amount: money('received') } },
      },
    },
  },
});
export type AgentRedEnvelope = ValueOf<typeof agentRedEnvelopeCall>;

// Dividend (the legacy page agentDividendRecord2, module SIGNCONDIV3): a contract between an
// agent and a direct downline agent with a settlement cycle (Daily, Weekly from Monday,
// Semimonthly 1st–15th and 16th–end, Monthly, in the merchant's agent time zone) and rate tiers on
// the team's net loss of the period (stakes less wins, rebates and promotions of the whole
// subtree, itself included) and its active members. A period the team won (net loss below 0) pays
// nothing and its loss is carried forward: the next period's base is its net loss plus the carried
// amount, until a positive base clears it. Gross = base × the highest tier's rate; paid = gross
// less the gross of its direct downline agents' dividend contracts (never below 0). A downline's
// contract has the upline's cycle. Exactly once per (merchant, cycle, period).
export const DIVIDEND_CYCLES = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type DividendCycle = (typeof DIVIDEND_CYCLES)[number];

const dividendTierSchema = {
  type: 'object',
  required: ['loss', 'active', 'rate'],
  additionalProperties: false,
  properties: { loss: tierThreshold('the team’s net loss of the period (after carry-forward) at least this'), active: tierActive, rate: tierRate('the net loss') },
} as const;

const dividendTermsSchema = {
  type: 'object',
  required: ['cycle', 'tiers'],
  additionalProperties: false,
  properties: {
    cycle: { type: 'string', enum: DIVIDEND_CYCLES, description: 'the settlement cycle; a downline’s is its upline’s' },
    tiers: { type: 'array', minItems: 1, maxItems: 20, items: dividendTierSchema },
  },
} as const;

const dividendContractSchema = {
  ...agentContractSchema,
  properties: { ...agentContractSchema.properties, kind: { type: 'string', enum: ['dividend'] }, terms: dividendTermsSchema },
} as const;

export const agentDividendContractsCall = /*#__PURE__*/ defineCall({
  name: 'agentDividendContracts',
  method: 'GET',
  path: '/wps/relay/MCSFE_getDividendContracts',
  moduleId: 'SIGNCONDIV3',
  token: true,
  value: contractListOf(dividendContractSchema),
});

export const agentDividendContractActionCall = /*#__PURE__*/ defineCall({
  name: 'agentDividendContractAction',
  method: 'POST',
  path: '/wps/relay/MCSFE_processContractDividend',
  moduleId: 'SIGNCONDIV3',
  token: true,
  body: contractActionBodyOf(dividendTermsSchema),
  value: dividendContractSchema,
});

export const agentDividendRecordsCall = /*#__PURE__*/ defineCall({
  name: 'agentDividendRecords',
  method: 'GET',
  path: '/wps/relay/agentDividendRecords',
  moduleId: 'SIGNCONDIV3',
  token: true,
  query: { type: 'object', required: ['startDate', 'endDate'], properties: { startDate: epochMs, endDate: epochMs, page, size } },
  value: pagedListSchemaOf(
    {
      type: 'object',
      required: [
        'cycle', 'periodStart', 'periodEnd', 'validBet', 'wins', 'rebates', 'promotions', 'netLoss', 'carriedIn', 'base', 'activeMembers',
        'rate', 'grossAmount', 'downlineAmount', 'amount', 'carriedOut', 'status',
      ],
      additionalProperties: false,
      properties: {
        cycle: { type: 'string', enum: DIVIDEND_CYCLES },
        periodStart: epochMs,
        periodEnd: epochMs,
        validBet: money('the team’s valid bets of the period (Period Valid Bet)'),
        wins: money('prizes and wins paid to the team'),
        rebates: money('betting and agent rebates paid to the team (Player rebate)'),
        promotions: money('bonuses paid to the team (Promotion bonus)'),
        netLoss: money('the team’s net loss: validBet − wins − rebates − promotions (below 0: the team won; Period P&L)'),
        carriedIn: money('the loss carried from earlier periods (0 or below; Carried Forward P&L)'),
        base: money('netLoss + carriedIn: what the rate applies to when above 0'),
        activeMembers: { type: 'integer' },
        rate: { type: 'integer', description: 'the tier reached (0.01 % units)' },
        grossAmount: money('base × rate (Team dividend amount)'),
        downlineAmount: money('the gross of the direct downline agents’ dividends (Downline dividends to pay)'),
        amount: money('paid to the agent (Net amount received)'),
        carriedOut: money('carried to the next period (0 or below)'),
        status: { type: 'string', enum: ['disbursed', 'nothing_due'], description: 'disbursed: paid through the ledger when the period was settled' },
      },
    },
    { type: 'object', required: ['amount'], additionalProperties: false, properties: { amount: money('paid in the listed periods') } },
  ),
});

export type DividendContract = ValueOf<typeof agentDividendContractActionCall>;
export type DividendTerms = DividendContract['terms'];
export type DividendRecord = ValueOf<typeof agentDividendRecordsCall>['list'][number];
