import { Modal, showNotice, Tabs, useT } from '@platform/shared';
import { switchReader } from '@platform/contract';
import { useSiteConfig } from '@platform/shared/forms';
import { useState } from 'react';
import type { LoginOutcome } from '../../../lib/login-outcome';
import { NAMESPACE } from '../../../locales';
import { EmailResetForm } from './email-reset-form';
import { PhoneResetForm } from './phone-reset-form';

type ResetWay = 'email' | 'mobileNum';

export interface ForgotPasswordModalProps {
  onClose: () => void;
  /** Reset by phone logged the player in. */
  onLoggedIn: (outcome: LoginOutcome) => Promise<void>;
  /** Back to the login form. */
  onBackToLogin: () => void;
}

/** Forgot password: by e-mail, or by mobile when CHNGPASSVERIF3 is on. */
export function ForgotPasswordModal({ onClose, onLoggedIn, onBackToLogin }: ForgotPasswordModalProps) {
  const { t } = useT(NAMESPACE);
  const isOn = switchReader(useSiteConfig().whitelabel);
  const [way, setWay] = useState<ResetWay>('email');
  const byMobile = isOn('passwordResetBySms');
  const active = byMobile ? way : 'email';

  const emailSent = () => {
    onClose();
    void showNotice({ message: t('forgot_email_sent'), testId: 'forgot-email-sent' });
  };

  const form = active === 'email' ? <EmailResetForm onSent={emailSent} /> : <PhoneResetForm onLoggedIn={onLoggedIn} onLogInAgain={onBackToLogin} />;
  return (
    <Modal open onClose={onClose} title={t('forgot_title')}>
      <div data-testid="forgot-password-modal">
        {byMobile ? (
          <Tabs<ResetWay>
            label={t('forgot_title')}
            items={[
              { value: 'email', label: t('forgot_tab_email') },
              { value: 'mobileNum', label: t('forgot_tab_mobile') },
            ]}
            value={active}
            onChange={setWay}
          >
            {form}
          </Tabs>
        ) : (
          form
        )}
      </div>
    </Modal>
  );
}
