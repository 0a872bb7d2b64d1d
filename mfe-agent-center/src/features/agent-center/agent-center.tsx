import { Button, CentreMenu, EmptyState, Spinner, useBusState, useCall, useT, type AgentCenterPage } from '@platform/shared';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { NAMESPACE } from '../../locales';
import { loadContractFlags } from './contract-flags';
import { PAGES, visiblePages } from './page-registry';

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
 * agent's consolidated flags allow), a close button, and the chosen page. Pages not built yet show
 * their title only.
 */
export default function AgentCenter({ page, onClose }: AgentCenterProps) {
  const { t } = useT(NAMESPACE);
  const common = useT().t;
  const session = useBusState('session');
  const flags = useCall(loadContractFlags, [], { requiresSession: true });
  const available = visiblePages({ session, contracts: flags.status === 'success' ? flags.data : null });
  // The page asked for stays chosen while the flags that may list it load.
  const [requested, setRequested] = useState<AgentCenterPage>(page);
  const current = available.includes(requested) ? requested : (available[0] ?? requested);
  const Page = available.includes(current) ? PAGES[current] : undefined;
  return (
    <CentreMenu
      title={t('agent_center_title')}
      closeLabel={t('close')}
      pages={available.map((key) => ({ key, label: t(`page_${key}`) }))}
      current={current}
      onSelect={(key) => setRequested(key as AgentCenterPage)}
      onClose={onClose}
      remote={__APP_NAME__}
      version={__APP_VERSION__}
    >
      {Page && (
        <PageLoadBoundary
          key={current}
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
