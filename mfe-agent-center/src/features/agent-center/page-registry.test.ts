import type { SessionState } from '@platform/shared';
import { AGENT_CENTER_PAGES, type ModuleName } from '@platform/contract';
import { makeMember } from '@platform/shared/testing';
import { derivedFlagsOf } from './contract-flags';
import { AGENT_CENTRE, type ContractFlags } from './page-registry';

const { components: PAGES, visiblePages } = AGENT_CENTRE;

// The agent centre's menu keeps its fixed order; Daily Wages, Hourly Salary and Real-time
// Salary each join it only when the agent's consolidated contract flags say the agent has that contract.

const session: SessionState = { token: 't', isAgent: 1, member: makeMember({ type: 1, isAgent: 1 }) };
const flags = (realtime: boolean, { daily = false, hourly = false, dividend = false } = {}): ContractFlags => ({
  dailysalreqtype: daily,
  divtypereq: dividend,
  contracthoursalreq: hourly,
  realtimesalreqtype: realtime,
});

/** Every whitelabel switch on (the seed's merchant). */
const allOn = () => true;

const EVERY_AGENT = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentRedRain',
];

test('every page of the menu is built, each its own chunk', () => {
  expect(Object.keys(PAGES).sort()).toEqual([...AGENT_CENTER_PAGES].sort());
  expect(Object.keys(PAGES).sort()).toEqual([
    'agentAnnouncement',
    'agentDailyWages2',
    'agentDividendRecord2',
    'agentDownlineTransactionDetailsCopy',
    'agentHourSalary',
    'agentRealtimeSalary',
    'agentRedRain',
    'agentRevenueReport',
    'agentTeamOverview',
    'downlineManagmentView',
    'palStatementsAgentCopy',
    'personalHistoryCopy',
    'registerCenter',
  ]);
});

test('Bonus / Dividend shows only with divtypereq, in its place after Red Envelope', () => {
  expect(visiblePages({ session, contracts: flags(false, { dividend: true }), isOn: allOn })).toEqual([...EVERY_AGENT, 'agentDividendRecord2']);
  expect(visiblePages({ session, contracts: flags(true, { dividend: true, daily: true }), isOn: allOn })).toEqual([
    ...EVERY_AGENT,
    'agentDividendRecord2',
    'agentDailyWages2',
    'agentRealtimeSalary',
  ]);
});

test('every agent’s menu is in the agent centre’s order; Real-time Salary is added, last, only with the consolidated flag', () => {
  expect(visiblePages({ session, contracts: null, isOn: allOn })).toEqual(EVERY_AGENT);
  expect(visiblePages({ session, contracts: flags(false), isOn: allOn })).toEqual(EVERY_AGENT);
  expect(visiblePages({ session, contracts: flags(true), isOn: allOn })).toEqual([...EVERY_AGENT, 'agentRealtimeSalary']);
  // Menu order is the page keys' order.
  const shown = visiblePages({ session, contracts: flags(true), isOn: allOn });
  expect(shown).toEqual(AGENT_CENTER_PAGES.filter((key) => shown.includes(key)));
});

test('Daily Wages shows only with dailysalreqtype, Hourly Salary only with contracthoursalreq, each in its place in the menu', () => {
  expect(visiblePages({ session, contracts: flags(false, { daily: true }), isOn: allOn })).toEqual([...EVERY_AGENT, 'agentDailyWages2']);
  expect(visiblePages({ session, contracts: flags(false, { hourly: true }), isOn: allOn })).toEqual([...EVERY_AGENT, 'agentHourSalary']);
  expect(visiblePages({ session, contracts: flags(true, { daily: true, hourly: true }), isOn: allOn })).toEqual([
    ...EVERY_AGENT,
    'agentDailyWages2',
    'agentHourSalary',
    'agentRealtimeSalary',
  ]);
  // The flags not yet loaded: no contract page.
  expect(visiblePages({ session, contracts: null, isOn: allOn })).not.toContain('agentDailyWages2');
  expect(visiblePages({ session, contracts: null, isOn: allOn })).not.toContain('agentHourSalary');
});

test('a page whose whitelabel switches are all off leaves the menu; Register Centre stays while one of its three is on', () => {
  const off = (...names: ModuleName[]) => (name: ModuleName) => !names.includes(name);
  const contracts = flags(true, { daily: true, hourly: true, dividend: true });
  const all = visiblePages({ session, contracts, isOn: allOn });
  expect(visiblePages({ session, contracts, isOn: off('agentTeamBetting', 'agentRedEnvelope', 'dividendPages') })).toEqual(
    all.filter((key) => !['personalHistoryCopy', 'agentRedRain', 'agentDividendRecord2'].includes(key)),
  );
  expect(visiblePages({ session, contracts, isOn: off('agentRegisterDownline', 'agentCreateLink') })).toContain('registerCenter');
  expect(visiblePages({ session, contracts, isOn: off('agentRegisterDownline', 'agentCreateLink', 'agentLinks') })).not.toContain('registerCenter');
  // Announcements, Team Overview, Account Details and Real-time Salary have no switch.
  expect(visiblePages({ session, contracts, isOn: () => false })).toEqual(['agentAnnouncement', 'agentTeamOverview', 'agentDownlineTransactionDetailsCopy', 'agentRealtimeSalary']);
});

test('the derived flags: each salary kind, salary for any of them, enableCt for any contract', () => {
  expect(derivedFlagsOf(null)).toEqual({ dailySalary: false, hourSalary: false, agentRealtimeSalary: false, dividend: false, salary: false, enableCt: false });
  expect(derivedFlagsOf(flags(false, { hourly: true }))).toMatchObject({ hourSalary: true, salary: true, enableCt: true, dailySalary: false });
  expect(derivedFlagsOf(flags(false, { dividend: true }))).toMatchObject({ dividend: true, salary: false, enableCt: true });
  expect(derivedFlagsOf(flags(true))).toMatchObject({ agentRealtimeSalary: true, salary: true, enableCt: true });
});
