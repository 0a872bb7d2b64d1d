import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { isAgentAccount, type SessionState } from '@platform/shared';
import { MEMBER_CENTER_PAGES, type MemberCenterPage } from '@platform/shared/contract';

/** What every member-centre page receives from the overlay. */
export interface MemberCenterPageProps {
  /** Opens another page of the member centre (a link from one page to another). */
  openPage: (page: MemberCenterPage) => void;
}

/**
 * A page's module: the page component, and the promise of its own translation sets (each feature
 * has its own namespace, fetched per language: `features/<feature>/translations.ts`).
 */
export interface MemberCenterPageModule {
  default: ComponentType<MemberCenterPageProps>;
  translationsLoaded: Promise<void>;
}

/** A page fetched when first opened, shown once its strings in the language in use are there. */
export function definePage(load: () => Promise<MemberCenterPageModule>): LazyExoticComponent<ComponentType<MemberCenterPageProps>> {
  return lazy(async () => {
    const module = await load();
    await module.translationsLoaded;
    return module;
  });
}

/**
 * The pages that exist, by menu key (SPEC §2). The menu lists only these: the pages of later
 * issues appear when they are added here. One line a page; each is its own chunk.
 */
export const PAGES: Partial<Record<MemberCenterPage, LazyExoticComponent<ComponentType<MemberCenterPageProps>>>> = {
  messageV2: definePage(() => import(/* webpackChunkName: "page-messages" */ '../messages')),
  transferFund: definePage(() => import(/* webpackChunkName: "page-transfer-fund" */ '../transfer-fund')),
  transactionHistory: definePage(() => import(/* webpackChunkName: "page-transaction-history" */ '../transaction-history')),
  securityCenter: definePage(() => import(/* webpackChunkName: "page-security-center" */ '../security-center')),
  depositv2: definePage(() => import(/* webpackChunkName: "page-deposit" */ '../deposit')),
  withdraw: definePage(() => import(/* webpackChunkName: "page-withdraw" */ '../withdraw')),
  transferUpline: definePage(() => import(/* webpackChunkName: "page-transfer-upline" */ '../transfer-upline')),
  personalProfit: definePage(() => import(/* webpackChunkName: "page-personal-profit" */ '../personal-profit')),
  personalHistoryCopy: definePage(() => import(/* webpackChunkName: "page-bet-history" */ '../bet-history')),
  bonusDetails: definePage(() => import(/* webpackChunkName: "page-bonus-details" */ '../bonus-details')),
};

/**
 * Pages only some members see, by menu key: whether the session (the bus's) may see it. A page
 * not listed here is every member's. The server enforces the same rule on its calls.
 */
export const PAGE_VISIBILITY: Partial<Record<MemberCenterPage, (session: SessionState) => boolean>> = {
  // SPEC §6: agents (isAgent 1, 2, 41, 42) transfer to their upline; only those that have one.
  transferUpline: (session) => isAgentAccount(session.isAgent) && session.member?.toUpline === '1',
};

/** The menu: the pages that exist and that this session may see, in the order of SPEC §2. */
export const visiblePages = (session: SessionState): MemberCenterPage[] =>
  MEMBER_CENTER_PAGES.filter((key) => PAGES[key] !== undefined && (PAGE_VISIBILITY[key]?.(session) ?? true));
