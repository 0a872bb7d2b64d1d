import { Modal, PageScaffold, Tabs, useT, type LoginTab } from '@platform/shared';
import { useState } from 'react';
import { NAMESPACE } from '../../locales';

interface LoginModalProps {
  tab: LoginTab;
  onClose: () => void;
}

/** The login popup with its login and register tabs; closes on a background click. */
export default function LoginModal({ tab, onClose }: LoginModalProps) {
  const { t } = useT(NAMESPACE);
  const [active, setActive] = useState<LoginTab>(tab);
  return (
    <Modal open onClose={onClose} title={t('login_popup_label')}>
      <Tabs<LoginTab>
        label={t('login_popup_label')}
        items={[
          { value: 'login', label: t('login_title') },
          { value: 'register', label: t('register_title') },
        ]}
        value={active}
        onChange={setActive}
      />
      <PageScaffold title={t(active === 'login' ? 'login_title' : 'register_title')} remote={__APP_NAME__} version={__APP_VERSION__} />
    </Modal>
  );
}
