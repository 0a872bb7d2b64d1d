import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { derivedFlagsOf, type ContractFlags } from './contract-flags';

export type { ContractFlags };
import type { SessionState } from '@platform/shared';
import { AGENT_CENTER_PAGES, type AgentCenterPage } from '@platform/shared/contract';
import { AGENT_PAGE_SWITCHES, type ModuleName } from '@platform/shared/contract';

/** What every agent-centre page receives from the overlay. */
export interface AgentCenterPageProps {
  /** Opens another page of the agent centre (a link from one page to another). */
  openPage: (page: AgentCenterPage) => void;
}

/**
 * A page's module: the page component, and the promise of its own translation sets (each feature
 * has its own namespace, fetched per language: `features/<feature>/translations.ts`).
 */
export interface AgentCenterPageModule {
  default: ComponentType<AgentCenterPageProps>;
  translationsLoaded: Promise<void>;
}

/** A page fetched when first opened, shown once its strings in the language in use are there. */
export function definePage(load: () => Promise<AgentCenterPageModule>): LazyExoticComponent<ComponentType<AgentCenterPageProps>> {
  return lazy(async () => {
    const module = await load();
    await module.translationsLoaded;
    return module;
  });
}

/**
 * The pages that exist, by menu key (SPEC §2). One line a page; each is its own chunk. The pages
 * of later issues are added here when they come.
 */
export const PAGES: Partial<Record<AgentCenterPage, LazyExoticComponent<ComponentType<AgentCenterPageProps>>>> = {
  agentAnnouncement: definePage(() => import(/* webpackChunkName: "page-announcements" */ '../announcements')),
  personalHistoryCopy: definePage(() => import(/* webpackChunkName: "page-team-betting" */ '../team-betting')),
  palStatementsAgentCopy: definePage(() => import(/* webpackChunkName: "page-team-profit-loss" */ '../team-profit-loss')),
  agentRevenueReport: definePage(() => import(/* webpackChunkName: "page-my-income" */ '../my-income')),
  agentDividendRecord2: definePage(() => import(/* webpackChunkName: "page-dividend" */ '../dividend')),
  agentTeamOverview: definePage(() => import(/* webpackChunkName: "page-team-overview" */ '../team-overview')),
  agentDownlineTransactionDetailsCopy: definePage(() => import(/* webpackChunkName: "page-account-details" */ '../account-details')),
  agentRedRain: definePage(() => import(/* webpackChunkName: "page-red-envelope" */ '../red-envelope')),
  registerCenter: definePage(() => import(/* webpackChunkName: "page-register-center" */ '../register-center')),
  downlineManagmentView: definePage(() => import(/* webpackChunkName: "page-downline-management" */ '../downline-management')),
  agentDailyWages2: definePage(() => import(/* webpackChunkName: "page-daily-salary" */ '../daily-salary')),
  agentHourSalary: definePage(() => import(/* webpackChunkName: "page-hourly-salary" */ '../hourly-salary')),
  agentRealtimeSalary: definePage(() => import(/* webpackChunkName: "page-realtime-salary" */ '../realtime-salary')),
};


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
 * Pages only some agents see, by menu key. A page not listed here is every agent's. The server
 * enforces the same rule on its calls.
 */
export const PAGE_VISIBILITY: Partial<Record<AgentCenterPage, (context: MenuContext) => boolean>> = {
  // SPEC §2, §6: a contract page only when the consolidated answer says the agent has that contract
  // (the server sets each flag when the agent is a side of a pending or active contract of the kind).
  agentDividendRecord2: ({ contracts }) => derivedFlagsOf(contracts).dividend,
  agentDailyWages2: ({ contracts }) => derivedFlagsOf(contracts).dailySalary,
  agentHourSalary: ({ contracts }) => derivedFlagsOf(contracts).hourSalary,
  agentRealtimeSalary: ({ contracts }) => derivedFlagsOf(contracts).agentRealtimeSalary,
};

/** A page's whitelabel switches (REFERENCE.md §1.7): listed while one of them is on; a page without any always. */
const switchedOn = (key: AgentCenterPage, { isOn }: MenuContext): boolean => {
  const switches: readonly ModuleName[] | undefined = (AGENT_PAGE_SWITCHES as Partial<Record<AgentCenterPage, readonly ModuleName[]>>)[key];
  return switches === undefined || switches.some(isOn);
};

/** The menu: the pages that exist and that this agent may see, in the order of SPEC §2. */
export const visiblePages = (context: MenuContext): AgentCenterPage[] =>
  AGENT_CENTER_PAGES.filter((key) => PAGES[key] !== undefined && switchedOn(key, context) && (PAGE_VISIBILITY[key]?.(context) ?? true));
