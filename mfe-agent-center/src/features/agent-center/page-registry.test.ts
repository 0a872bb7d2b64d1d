import { AGENT_CENTER_PAGES, type SessionState } from '@platform/shared';
import { makeMember } from '@platform/shared/testing';
import { PAGES, TITLE_ONLY_PAGES, visiblePages, type ContractFlags } from './page-registry';

// The agent centre's menu keeps the order of SPEC §2; Real-time Salary joins it only when the
// agent's consolidated contract flags say the agent has that contract.

const session: SessionState = { token: 't', isAgent: 1, member: makeMember({ type: 1, isAgent: 1 }) };
const flags = (realtime: boolean): ContractFlags => ({ dailysalreqtype: false, divtypereq: false, contracthoursalreq: false, realtimesalreqtype: realtime });

const EVERY_AGENT = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
];

test('the built pages are their own chunks; the others keep their menu entry with a title only', () => {
  expect(Object.keys(PAGES).sort()).toEqual(['agentRealtimeSalary', 'downlineManagmentView', 'registerCenter']);
  for (const key of TITLE_ONLY_PAGES) expect(PAGES[key]).toBeUndefined();
});

test('every agent’s menu is the SPEC §2 order; Real-time Salary is added, last, only with the consolidated flag', () => {
  expect(visiblePages({ session, contracts: null })).toEqual(EVERY_AGENT);
  expect(visiblePages({ session, contracts: flags(false) })).toEqual(EVERY_AGENT);
  expect(visiblePages({ session, contracts: flags(true) })).toEqual([...EVERY_AGENT, 'agentRealtimeSalary']);
  // Menu order is the page keys' order.
  const shown = visiblePages({ session, contracts: flags(true) });
  expect(shown).toEqual(AGENT_CENTER_PAGES.filter((key) => shown.includes(key)));
});
