// The back office's sections: where each is, what it is called, and the operator API route a role
// must be allowed to call to see it (the server's table, operator-roles.ts, answered with the
// session as `permissions`). A section a role cannot use is not shown; its calls would be refused
// by the server anyway (403 operator.role.forbidden).
// Every section but Releases is a container of its own (sections.json), loaded at run time in the
// release the brand serves (section-loader.tsx). Releases is the host's: whatever a section's
// release does, an admin can still roll it back from the browser.
import { lazy, type ComponentType } from 'react';
import { SectionPage } from './section-loader';

export interface Section {
  path: string;
  /** Translation key of its name. */
  label: string;
  /** The route whose permission opens the section. */
  requires: string;
  Page: ComponentType;
}

/** Every page the table loads from a section container (kit/section-boundary.test.ts checks them). */
export const SECTION_PAGES: { section: string; page: string }[] = [];

/** A page of a section container: `section` as in sections.json, `page` as its module names it. */
const federated = (section: string, page: string): ComponentType => {
  SECTION_PAGES.push({ section, page });
  const Page = () => <SectionPage section={section} page={page} />;
  Page.displayName = `SectionPage(${section}/${page})`;
  return Page;
};

export const SECTIONS: readonly Section[] = [
  { path: 'dashboard', label: 'nav.dashboard', requires: 'GET /dashboard', Page: federated('dashboard', 'dashboard') },
  { path: 'players', label: 'nav.players', requires: 'GET /members', Page: federated('players', 'players') },
  { path: 'deposits', label: 'nav.deposits', requires: 'GET /deposits', Page: federated('cashier', 'deposits') },
  { path: 'withdrawals', label: 'nav.withdrawals', requires: 'GET /withdrawals', Page: federated('cashier', 'withdrawals') },
  { path: 'adjustments', label: 'nav.adjustments', requires: 'GET /adjustments', Page: federated('cashier', 'adjustments') },
  { path: 'c2c', label: 'nav.c2c', requires: 'GET /c2c', Page: federated('cashier', 'c2c') },
  { path: 'content', label: 'nav.content', requires: 'GET /content/banners', Page: federated('content', 'content') },
  { path: 'games', label: 'nav.games', requires: 'GET /lottery/games', Page: federated('games', 'games') },
  { path: 'audit', label: 'nav.audit', requires: 'GET /audit', Page: federated('audit', 'audit') },
  { path: 'promotions', label: 'nav.promotions', requires: 'GET /promotions', Page: federated('promotions', 'promotions') },
  { path: 'risk', label: 'nav.risk', requires: 'GET /risk/large-wins', Page: federated('risk', 'risk') },
  { path: 'brand', label: 'nav.brand', requires: 'GET /brand', Page: federated('brand', 'brand') },
  { path: 'releases', label: 'releases.nav', requires: 'GET /remotes/releases', Page: lazy(() => import(/* webpackChunkName: "releases" */ '../features/releases/releases-page')) },
  // Customer service: every role with a tab of it reads the chat (content staff also the questions).
  { path: 'support', label: 'nav.support', requires: 'GET /chat/conversations', Page: federated('support', 'support') },
  { path: 'agents', label: 'nav.agents', requires: 'GET /agents/tree', Page: federated('agents', 'agents') },
];

export const sectionsFor = (permissions: readonly string[]): Section[] => SECTIONS.filter((section) => permissions.includes(section.requires));
