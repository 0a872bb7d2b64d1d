import { Button, CentreMenu, EmptyState, Spinner, useBusState, useT, type MemberCenterPage } from '@platform/shared';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { NAMESPACE } from '../../locales';
import { PAGES, visiblePages } from './page-registry';

interface MemberCenterProps {
  page: MemberCenterPage;
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

/** The member-centre overlay: the menu of SPEC §2 (the pages that exist), a close button, and the chosen page. */
export default function MemberCenter({ page, onClose }: MemberCenterProps) {
  const { t } = useT(NAMESPACE);
  const common = useT().t;
  const available = visiblePages(useBusState('session'));
  const [current, setCurrent] = useState<MemberCenterPage>(available.includes(page) ? page : (available[0] ?? page));
  const Page = available.includes(current) ? PAGES[current] : undefined;
  return (
    <CentreMenu
      title={t('member_center_title')}
      closeLabel={t('close')}
      pages={available.map((key) => ({ key, label: t(`page_${key}`) }))}
      current={current}
      onSelect={(key) => setCurrent(key as MemberCenterPage)}
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
            <Page openPage={setCurrent} />
          </Suspense>
        </PageLoadBoundary>
      )}
    </CentreMenu>
  );
}
