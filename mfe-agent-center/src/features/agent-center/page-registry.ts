import type { SessionState } from '@platform/shared';
import { AGENT_CENTER_PAGES, AGENT_PAGE_SWITCHES, type AgentCenterPage, type ModuleName } from '@platform/contract';
import { defineCentrePages, type CentrePageProps } from '@platform/ui-blocks';
import { derivedFlagsOf, type ContractFlags } from './contract-flags';

export type { ContractFlags };

/** What every agent-centre page receives from the overlay. */
export type AgentCenterPageProps = CentrePageProps<AgentCenterPage>;

/**
 * What decides which pages a menu lists: the session (the bus's), the agent's contract flags (null
 * until loaded) and the merchant's whitelabel switches (the system status's).
 */
export interface MenuContext {
  session: SessionState;
  contracts: ContractFlags | null;
  isOn: (name: ModuleName) => boolean;
}

/**
 * The pages that exist, by menu key, and the menu: these pages, in the contract's order
 * (AGENT_CENTER_PAGES), while one of their whitelabel switches is on (AGENT_PAGE_SWITCHES; a page
 * without any always), and the contract pages only for an agent with that contract. The server
 * enforces the same rule on its calls. One line a page; each is its own chunk.
 */
export const AGENT_CENTRE = defineCentrePages<AgentCenterPage, MenuContext>({
  order: AGENT_CENTER_PAGES,
  switches: AGENT_PAGE_SWITCHES,
  isOn: (context, name) => context.isOn(name),
  pages: {
    agentAnnouncement: { load: () => import(/* webpackChunkName: "page-announcements" */ '../announcements') },
    personalHistoryCopy: { load: () => import(/* webpackChunkName: "page-team-betting" */ '../team-betting') },
    palStatementsAgentCopy: { load: () => import(/* webpackChunkName: "page-team-profit-loss" */ '../team-profit-loss') },
    agentRevenueReport: { load: () => import(/* webpackChunkName: "page-my-income" */ '../my-income') },
    // A contract page only when the consolidated answer says the agent has that
    // contract (the server sets each flag when the agent is a side of a pending or active contract
    // of the kind).
    agentDividendRecord2: { load: () => import(/* webpackChunkName: "page-dividend" */ '../dividend'), visible: ({ contracts }) => derivedFlagsOf(contracts).dividend },
    agentTeamOverview: { load: () => import(/* webpackChunkName: "page-team-overview" */ '../team-overview') },
    agentDownlineTransactionDetailsCopy: { load: () => import(/* webpackChunkName: "page-account-details" */ '../account-details') },
    agentRedRain: { load: () => import(/* webpackChunkName: "page-red-envelope" */ '../red-envelope') },
    registerCenter: { load: () => import(/* webpackChunkName: "page-register-center" */ '../register-center') },
    downlineManagmentView: { load: () => import(/* webpackChunkName: "page-downline-management" */ '../downline-management') },
    agentDailyWages2: { load: () => import(/* webpackChunkName: "page-daily-salary" */ '../daily-salary'), visible: ({ contracts }) => derivedFlagsOf(contracts).dailySalary },
    agentHourSalary: { load: () => import(/* webpackChunkName: "page-hourly-salary" */ '../hourly-salary'), visible: ({ contracts }) => derivedFlagsOf(contracts).hourSalary },
    agentRealtimeSalary: {
      load: () => import(/* webpackChunkName: "page-realtime-salary" */ '../realtime-salary'),
      visible: ({ contracts }) => derivedFlagsOf(contracts).agentRealtimeSalary,
    },
  },
});
