import { MEMBER_CENTER_PAGES, CentreMenu, useT, type MemberCenterPage } from '@platform/shared';
import { useState } from 'react';
import { NAMESPACE } from '../../locales';

interface MemberCenterProps {
  page: MemberCenterPage;
  onClose: () => void;
}

/** The member-centre overlay: the menu of SPEC §2, a close button, and the chosen page. */
export default function MemberCenter({ page, onClose }: MemberCenterProps) {
  const { t } = useT(NAMESPACE);
  const [current, setCurrent] = useState<MemberCenterPage>(page);
  return (
    <CentreMenu
      title={t('member_center_title')}
      closeLabel={t('close')}
      pages={MEMBER_CENTER_PAGES.map((key) => ({ key, label: t(`page_${key}`) }))}
      current={current}
      onSelect={(key) => setCurrent(key as MemberCenterPage)}
      onClose={onClose}
      remote={__APP_NAME__}
      version={__APP_VERSION__}
    />
  );
}
