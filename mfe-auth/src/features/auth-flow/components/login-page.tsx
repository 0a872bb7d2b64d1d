import { bus, PageScaffold, useT } from '@platform/shared';
import { useCallback } from 'react';
import { NAMESPACE } from '../../../locales';
import { ChangePasswordModal } from '../../change-password/components/change-password-modal';
import { ForgotPasswordModal } from '../../forgot-password/components/forgot-password-modal';
import { LoginForm } from '../../login/components/login-form';
import { useAuthViews } from '../hooks/use-auth-views';
import styles from './login-page.module.css';

/**
 * /login (exposed as ./LoginPage), where the logged-in-only guard sends visitors: the login form
 * as a page, with the forgot-password and change-password modals over it.
 */
export default function LoginPage() {
  const { t } = useT(NAMESPACE);
  const flow = useAuthViews({ kind: 'tabs', tab: 'login' }, useCallback(() => undefined, []));
  const backToForm = () => flow.show({ kind: 'tabs', tab: 'login' });
  return (
    <PageScaffold title={t('login_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      <div className={styles.card} data-testid="login-page">
        <LoginForm
          key={flow.lastUsername}
          onLoggedIn={flow.loggedIn}
          onForgotPassword={() => flow.show({ kind: 'forgot' })}
          onRegister={flow.canRegister ? () => bus.dispatch({ type: 'openRegister' }) : undefined}
          initialUsername={flow.lastUsername}
        />
      </div>
      {flow.view.kind === 'forgot' && <ForgotPasswordModal onClose={backToForm} onLoggedIn={flow.loggedIn} onBackToLogin={backToForm} />}
      {flow.view.kind === 'changePassword' && <ChangePasswordModal onClose={backToForm} onChanged={flow.passwordChanged} />}
    </PageScaffold>
  );
}
