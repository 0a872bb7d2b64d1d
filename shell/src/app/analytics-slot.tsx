import { useBusState } from '@platform/shared';
import { lazy, Suspense } from 'react';

// The analytics loader and its consent question are a chunk of their own, fetched only when the
// merchant has a tag (info.analytics.gtagId): nothing of it weighs on a page load without one
// (the home page's JS budget).
const AnalyticsGate = lazy(() => import(/* webpackChunkName: "analytics" */ './analytics/analytics-gate'));

/** The merchant's analytics tag (info.analytics), after consent where the merchant requires it. */
export function AnalyticsSlot() {
  const { status } = useBusState('settings');
  const analytics = status?.info.analytics;
  if (!analytics?.gtagId) return null;
  return (
    <Suspense fallback={null}>
      <AnalyticsGate gtagId={analytics.gtagId} consentRequired={analytics.consentRequired === true} />
    </Suspense>
  );
}
