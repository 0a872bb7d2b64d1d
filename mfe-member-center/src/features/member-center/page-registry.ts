import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MemberCenterPage } from '@platform/shared';

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
};
