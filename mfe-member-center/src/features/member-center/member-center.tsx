import { useBusState, useT, type MemberCenterPage } from '@platform/shared';
import { CentreOverlay, LoadError } from '@platform/ui-blocks';
import { NAMESPACE } from '../../locales';
import { MEMBER_CENTRE } from './page-registry';

interface MemberCenterProps {
  page: MemberCenterPage;
  onClose: () => void;
}

/** The member-centre overlay: the menu of SPEC §2 (the pages that exist), a close button, and the chosen page. */
export default function MemberCenter({ page, onClose }: MemberCenterProps) {
  const { t } = useT(NAMESPACE);
  const session = useBusState('session');
  return (
    <CentreOverlay
      title={t('member_center_title')}
      closeLabel={t('close')}
      centre={MEMBER_CENTRE}
      context={session}
      labelOf={(key) => t(`page_${key}`)}
      page={page}
      onClose={onClose}
      pageLoadFailed={(retry) => <LoadError title={t('page_load_failed')} onRetry={retry} />}
    />
  );
}
