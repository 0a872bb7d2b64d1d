import { api, useBusState, useCall, useT, type MemberCenterPage } from '@platform/shared';
import { customerRebateSettingCall, missionSummaryDetailsCall, referralDetailsCall, switchReader } from '@platform/contract';
import { useEffect, useMemo } from 'react';
import { CentreOverlay, LoadError } from '@platform/ui-blocks';
import { NAMESPACE } from '../../locales';
import { MISSIONS_CHANGED, missionEvents } from '../missions/mission-events';
import { MEMBER_CENTRE, type MemberCentreContext } from './page-registry';

interface MemberCenterProps {
  page: MemberCenterPage;
  onClose: () => void;
}

/** The member-centre overlay: the menu (the pages that exist, in order), a close button, and the chosen page. */
export default function MemberCenter({ page, onClose }: MemberCenterProps) {
  const { t } = useT(NAMESPACE);
  const session = useBusState('session');
  // How the merchant pays the rebate decides whether Manual Rebate is in the menu (a quiet call:
  // without an answer the page is simply not listed).
  const rebate = useCall((signal) => api.call(customerRebateSettingCall, { signal }), [], { requiresSession: true, cache: 'customerRebateSetting' });
  const rebateMode = rebate.status === 'success' ? rebate.data.mode : null;
  // Whether the member has missions decides whether Mission Activity is listed, and the open ones
  // are its badge (a quiet call too: without an answer the page is not listed).
  const missionSummary = useCall((signal) => api.call(missionSummaryDetailsCall, { params: { page: 1, size: 1 }, signal }), [], { requiresSession: true });
  // While it is read again after a claim the last answer stands: the page stays listed (and open).
  const summary = missionSummary.status === 'success' ? missionSummary.data : missionSummary.status === 'loading' ? missionSummary.staleData : undefined;
  const total = summary ? summary.total : null;
  const open = summary ? summary.openCount : null;
  const missions = useMemo(() => (total === null || open === null ? null : { total, open }), [total, open]);
  // A claim on the missions page changes the open count: read it again.
  const refreshMissions = missionSummary.refresh;
  useEffect(() => {
    missionEvents.addEventListener(MISSIONS_CHANGED, refreshMissions);
    return () => missionEvents.removeEventListener(MISSIONS_CHANGED, refreshMissions);
  }, [refreshMissions]);
  // Whether the merchant runs invite-a-friend decides whether Invite Friends is listed (a quiet
  // call: without an answer the page is not listed).
  const referral = useCall((signal) => api.call(referralDetailsCall, { signal }), [], { requiresSession: true, cache: 'referralDetails' });
  const referralEnabled = referral.status === 'success' ? referral.data.enabled : null;
  // The merchant's whitelabel switches (the system status on the bus) decide the switched pages
  // (the feedback page: FEEDBACK3), read with this remote's own copy of the module ids.
  const whitelabel = useBusState('settings').status?.info.whitelabel;
  const isOn = useMemo(() => switchReader(whitelabel), [whitelabel]);
  const context = useMemo<MemberCentreContext>(() => ({ ...session, referralEnabled, rebateMode, missions, isOn }), [session, referralEnabled, rebateMode, missions, isOn]);
  return (
    <CentreOverlay
      title={t('member_center_title')}
      closeLabel={t('close')}
      centre={MEMBER_CENTRE}
      context={context}
      labelOf={(key) => t(`page_${key}`)}
      badgeOf={(key) => (key === 'missionLeaderboard' && missions && missions.open > 0 ? { count: missions.open, label: t('missions_open', { count: missions.open }) } : undefined)}
      page={page}
      onClose={onClose}
      pageLoadFailed={(retry) => <LoadError title={t('page_load_failed')} onRetry={retry} />}
    />
  );
}
