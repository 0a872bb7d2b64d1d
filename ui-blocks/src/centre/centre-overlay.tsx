import { CentreMenu, Spinner } from '@platform/shared';
import { Component, Suspense, useState, type ReactNode } from 'react';
import type { CentrePageComponent, CentrePages } from './define-centre-pages';

/** A page whose code could not be fetched (network, a redeploy under the page): the centre's fallback, with a retry. */
class PageLoadBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    const retry = () => {
      this.props.onRetry();
      this.setState({ failed: false });
    };
    return this.state.failed ? this.props.fallback(retry) : this.props.children;
  }
}

export interface CentreOverlayProps<K extends string, C> {
  /** The centre's name: the overlay's title and its menu's label. */
  title: string;
  closeLabel: string;
  /** The centre's pages (defineCentrePages) and the context its menu is read in (the session, …). */
  centre: CentrePages<K, C>;
  context: C;
  /** Each page's title: its menu entry and its heading. */
  labelOf: (page: K) => string;
  /** A count beside a menu entry when above 0 (open missions), with its text for screen readers. */
  badgeOf?: (page: K) => { count: number; label: string } | undefined;
  /** The page asked for; the first of the menu while this member has no such page. */
  page: K;
  onClose: () => void;
  /** What a page whose code could not be fetched shows; `retry` fetches it again. */
  pageLoadFailed: (retry: () => void) => ReactNode;
  /** One page in place of the menu (the agent centre's affiliate application, for a member who is not an agent). */
  instead?: { key: string; label: string; component: CentrePageComponent<K> };
}

/**
 * A centre's overlay (the member centre, the agent centre): the menu of the pages this member
 * may see, a close button, and the chosen page, fetched when first opened. The page asked for
 * stays chosen while the menu that may list it loads (the agent's contract flags).
 */
export function CentreOverlay<K extends string, C>({ title, closeLabel, centre, context, labelOf, badgeOf, page, onClose, pageLoadFailed, instead }: CentreOverlayProps<K, C>) {
  const [requested, setRequested] = useState<K>(page);
  const available = instead ? [] : centre.visiblePages(context);
  const current = available.includes(requested) ? requested : (available[0] ?? requested);
  const shown = instead ? instead.key : current;
  const Page: CentrePageComponent<K> | undefined = instead ? instead.component : available.includes(current) ? centre.components[current] : undefined;
  const menu = instead ? [{ key: instead.key, label: instead.label }] : available.map((key) => ({ key, label: labelOf(key), badge: badgeOf?.(key) }));
  return (
    <CentreMenu
      title={title}
      closeLabel={closeLabel}
      pages={menu}
      current={shown}
      onSelect={(key) => !instead && setRequested(key as K)}
      onClose={onClose}
      remote={__APP_NAME__}
      version={__APP_VERSION__}
    >
      {Page && (
        <PageLoadBoundary key={shown} fallback={pageLoadFailed} onRetry={() => Page.retry?.()}>
          <Suspense fallback={<Spinner />}>
            <Page openPage={setRequested} />
          </Suspense>
        </PageLoadBoundary>
      )}
    </CentreMenu>
  );
}
