// The page keys of the member centre and agent centre menus, in menu order, one source of truth.
// Contract data: each app bundles its own copy (from '@platform/contract'), so a centre
// released with a new page lists it under a shell built before it; the runtime singleton carries
// the types only (tools/dependency-check/contract-imports.mjs).

export const MEMBER_CENTER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  // VIP ranks: benefits to claim, their records, the rank's progress, the levels and rules.
  'benefits',
  'benefitsRecords',
  'playerRank',
  'memberRules',
  // Ask support (a question to customer service, with its answer) and feedback to the site: the
  // menu's last entry, listed while the merchant's FEEDBACK3 switch is on.
  'feedback',
] as const;
export type MemberCenterPage = (typeof MEMBER_CENTER_PAGES)[number];

export const AGENT_CENTER_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  // Red envelopes to direct downlines (module AGENTRANSMULTDOWN3).
  'agentRedRain',
  'agentDividendRecord2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentCenterPage = (typeof AGENT_CENTER_PAGES)[number];
