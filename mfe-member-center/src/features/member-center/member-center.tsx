import { api, useBusState, useCall, useT, type MemberCenterPage } from '@platform/shared';
import { customerRebateSettingCall } from '@platform/contract';
import { useMemo } from 'react';
import { CentreOverlay, LoadError } from '@platform/ui-blocks';
import { NAMESPACE } from '../../locales';
import { MEMBER_CENTRE, type MemberCentreContext } from './page-registry';

interface MemberCenterProps {
  page: MemberCenterPage;
  onClose: () => void;
}

/** The member-centre overlay: the menu of SPEC §2 (the pages that exist), a close button, and the chosen page. */
export default function MemberCenter({ page, onClose }: MemberCenterProps) {
  const { t } = useT(NAMESPACE);
  const session = useBusState('session');
  // How the merchant pays the rebate decides whether Manual Rebate is in the menu (a quiet call:
  // without an answer the page is simply not listed).
  const rebate = useCall((signal) => api.call(customerRebateSettingCall, { signal }), [], { requiresSession: true, cache: 'customerRebateSetting' });
  const rebateMode = rebate.status === 'success' ? rebate.data.mode : null;
  const context = useMemo<MemberCentreContext>(() => ({ ...session, rebateMode }), [session, rebateMode]);
  return (
    <CentreOverlay
      title={t('member_center_title')}
      closeLabel={t('close')}
      centre={MEMBER_CENTRE}
      context={context}
      labelOf={(key) => t(`page_${key}`)}
      page={page}
      onClose={onClose}
      pageLoadFailed={(retry) => <LoadError title={t('page_load_failed')} onRetry={retry} />}
    />
  );
}
