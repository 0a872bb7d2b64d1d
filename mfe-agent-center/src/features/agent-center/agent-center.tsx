import { Button, CentreMenu, EmptyState, Spinner, useBusState, useCall, useT, type AgentCenterPage } from '@platform/shared';
import { isAgentMemberType, switchReader } from '@platform/shared/contract';
import { useSiteConfig } from '@platform/shared/forms';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { NAMESPACE } from '../../locales';
import { NAMESPACE as AFFILIATE_NAMESPACE } from '../affiliate-application/namespace';
import { loadContractFlags } from './contract-flags';
import { definePage, PAGES, visiblePages } from './page-registry';

/** What a member who is not an agent sees in place of the menu: the affiliate application (SPEC §6). */
const AffiliateApplicationPage = definePage(() => import(/* webpackChunkName: "page-affiliate-application" */ '../affiliate-application'));
const AFFILIATE_PAGE_KEY = 'affiliateApplication';

interface AgentCenterProps {
  page: AgentCenterPage;
  onClose: () => void;
}

/** A page whose code could not be fetched (network, a redeploy under the page): say so, offer a retry. */
class PageLoadBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

/**
 * The agent-centre overlay: the menu of SPEC §2 (the pages that exist, and the contract pages the
 * agent's consolidated flags allow), a close button, and the chosen page. A member who is not an
 * agent (SPEC §6: isAgent 1, 2, 41, 42 are) gets the affiliate application instead of the menu.
 */
export default function AgentCenter({ page, onClose }: AgentCenterProps) {
  const { t } = useT(NAMESPACE);
  const common = useT().t;
  const affiliate = useT(AFFILIATE_NAMESPACE).t;
  const session = useBusState('session');
  const isOn = switchReader(useSiteConfig().whitelabel);
  const agent = isAgentMemberType(session.isAgent);
  const flags = useCall(loadContractFlags, [], { requiresSession: true, enabled: agent });
  const available = agent ? visiblePages({ session, contracts: flags.status === 'success' ? flags.data : null, isOn }) : [];
  // The page asked for stays chosen while the flags that may list it load.
  const [requested, setRequested] = useState<AgentCenterPage>(page);
  const current = available.includes(requested) ? requested : (available[0] ?? requested);
  const Page = agent ? (available.includes(current) ? PAGES[current] : undefined) : AffiliateApplicationPage;
  const shown = agent ? current : AFFILIATE_PAGE_KEY;
  const pages = agent
    ? available.map((key) => ({ key, label: t(`page_${key}`) }))
    : // Its title is the page's own string, empty until the page's strings have arrived.
      [{ key: AFFILIATE_PAGE_KEY, label: affiliate('page_title', { defaultValue: '' }) }];
  return (
    <CentreMenu
      title={t('agent_center_title')}
      closeLabel={t('close')}
      pages={pages}
      current={shown}
      onSelect={(key) => agent && setRequested(key as AgentCenterPage)}
      onClose={onClose}
      remote={__APP_NAME__}
      version={__APP_VERSION__}
    >
      {Page && (
        <PageLoadBoundary
          key={shown}
          fallback={(retry) => (
            <EmptyState
              title={t('page_load_failed')}
              action={
                <Button variant="secondary" onClick={retry}>
                  {common('retry')}
                </Button>
              }
            />
          )}
        >
          <Suspense fallback={<Spinner />}>
            <Page openPage={setRequested} />
          </Suspense>
        </PageLoadBoundary>
      )}
    </CentreMenu>
  );
}
