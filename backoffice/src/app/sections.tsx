// The back office's sections: where each is, what it is called, and the operator API route a role
// must be allowed to call to see it (the server's table, operator-roles.ts, answered with the
// session as `permissions`). A section a role cannot use is not shown; its calls would be refused
// by the server anyway (403 operator.role.forbidden).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface Section {
  path: string;
  /** Translation key of its name. */
  label: string;
  /** The route whose permission opens the section. */
  requires: string;
  Page: LazyExoticComponent<ComponentType>;
}

export const SECTIONS: readonly Section[] = [
  { path: 'dashboard', label: 'nav.dashboard', requires: 'GET /dashboard', Page: lazy(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/dashboard-page')) },
  { path: 'players', label: 'nav.players', requires: 'GET /members', Page: lazy(() => import(/* webpackChunkName: "players" */ '../features/players/players-page')) },
  { path: 'deposits', label: 'nav.deposits', requires: 'GET /deposits', Page: lazy(() => import(/* webpackChunkName: "cashier" */ '../features/cashier/deposits-page')) },
  { path: 'withdrawals', label: 'nav.withdrawals', requires: 'GET /withdrawals', Page: lazy(() => import(/* webpackChunkName: "cashier" */ '../features/cashier/withdrawals-page')) },
  { path: 'adjustments', label: 'adjustments.nav', requires: 'GET /adjustments', Page: lazy(() => import(/* webpackChunkName: "cashier" */ '../features/cashier/adjustments-page')) },
  { path: 'c2c', label: 'c2c.nav', requires: 'GET /c2c', Page: lazy(() => import(/* webpackChunkName: "cashier" */ '../features/cashier/c2c-page')) },
  { path: 'content', label: 'content.nav', requires: 'GET /content/banners', Page: lazy(() => import(/* webpackChunkName: "content" */ '../features/content/content-page')) },
  { path: 'games', label: 'games.nav', requires: 'GET /lottery/games', Page: lazy(() => import(/* webpackChunkName: "games" */ '../features/games/games-page')) },
  { path: 'audit', label: 'nav.audit', requires: 'GET /audit', Page: lazy(() => import(/* webpackChunkName: "audit" */ '../features/audit/audit-page')) },
  { path: 'promotions', label: 'promotions.nav', requires: 'GET /promotions', Page: lazy(() => import(/* webpackChunkName: "promotions" */ '../features/promotions/promotions-page')) },
  { path: 'risk', label: 'risk.nav', requires: 'GET /risk/large-wins', Page: lazy(() => import(/* webpackChunkName: "risk" */ '../features/risk/risk-page')) },
  { path: 'brand', label: 'brand.nav', requires: 'GET /brand', Page: lazy(() => import(/* webpackChunkName: "brand" */ '../features/brand/brand-page')) },
  { path: 'releases', label: 'releases.nav', requires: 'GET /remotes/releases', Page: lazy(() => import(/* webpackChunkName: "releases" */ '../features/releases/releases-page')) },
  // Customer service: every role with a tab of it reads the chat (content staff also the questions).
  { path: 'support', label: 'support.nav', requires: 'GET /chat/conversations', Page: lazy(() => import(/* webpackChunkName: "support" */ '../features/support/support-page')) },
  { path: 'agents', label: 'agents.nav', requires: 'GET /agents/tree', Page: lazy(() => import(/* webpackChunkName: "agents" */ '../features/agents/agents-page')) },
];

export const sectionsFor = (permissions: readonly string[]): Section[] => SECTIONS.filter((section) => permissions.includes(section.requires));
