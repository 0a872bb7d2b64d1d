import { Modal, Tabs, useT, type LoginTab, type TabItem } from '@platform/shared';
import { useEffect, useRef, useState } from 'react';
import { NAMESPACE } from '../../../locales';
import { ChangePasswordModal } from '../../change-password/components/change-password-modal';
import { EmailLinkResetModal } from '../../forgot-password/components/email-link-reset-modal';
import { ForgotPasswordModal } from '../../forgot-password/components/forgot-password-modal';
import { LoginForm } from '../../login/components/login-form';
import { OAuthReturn } from '../../login/components/oauth-return';
import { RegisterForm } from '../../register/components/register-form';
import { useCompleteRegistration } from '../../register/hooks/use-complete-registration';
import { useAuthLink } from '../hooks/use-auth-link';
import { useAuthViews, type AuthView } from '../hooks/use-auth-views';
import styles from './login-modal.module.css';

export interface LoginModalProps {
  /** The tab the popup opens on. */
  tab: LoginTab;
  /** Called when the popup and what followed it are done (the shell removes it). */
  onClose: () => void;
}

/**
 * The login popup (exposed as ./LoginModal): Login and Register tabs, closing on a background
 * click; from it the forgot-password modal, and after a login that must change its password the
 * change-password modal, which leads back here.
 */
export default function LoginModal({ tab, onClose }: LoginModalProps) {
  const { t } = useT(NAMESPACE);
  const link = useAuthLink();
  // An address carrying an auth link (the e-mailed reset link, a social login's return) opens its step first.
  const [initial] = useState<AuthView>(() => {
    if (link.resetToken) return { kind: 'resetLink', token: link.resetToken };
    if (link.oauthCode || link.oauthError) return { kind: 'oauth', code: link.oauthCode };
    return { kind: 'tabs', tab };
  });
  const flow = useAuthViews(initial, onClose, { homeBeforePasswordChange: true });
  const { view, show, goToRegister } = flow;
  const completeRegistration = useCompleteRegistration(onClose);

  // The shell asked again, for another tab.
  const firstTab = useRef(tab);
  useEffect(() => {
    if (tab !== firstTab.current) show({ kind: 'tabs', tab });
    firstTab.current = tab;
  }, [show, tab]);

  // A social login's code works once: out of the address at once, so a reload cannot replay it.
  const { clear: clearLink } = link;
  useEffect(() => {
    if (initial.kind === 'oauth') clearLink();
    // Only for the address the popup opened with.
  }, [initial, clearLink]);

  // A site that registers on a page sends the register tab there.
  const registerOnPage = view.kind === 'tabs' && view.tab === 'register' && flow.registerOnPage;
  useEffect(() => {
    if (registerOnPage) goToRegister();
  }, [registerOnPage, goToRegister]);

  if (view.kind === 'resetLink') {
    const leaveLink = (next: () => void) => {
      link.clear();
      next();
    };
    return (
      <EmailLinkResetModal
        token={view.token}
        onClose={() => leaveLink(onClose)}
        onReset={(outcome) => leaveLink(() => flow.passwordReset(outcome.userName, outcome.secondFactors))}
      />
    );
  }
  if (view.kind === 'oauth') {
    return (
      <Modal open onClose={onClose} title={t('login_popup_label')}>
        <OAuthReturn code={view.code} onLoggedIn={flow.loggedIn} onBack={() => show({ kind: 'tabs', tab: 'login' })} />
      </Modal>
    );
  }
  if (view.kind === 'forgot') {
    return <ForgotPasswordModal onClose={onClose} onLoggedIn={flow.loggedIn} onBackToLogin={() => show({ kind: 'tabs', tab: 'login' })} />;
  }
  if (view.kind === 'changePassword') {
    return <ChangePasswordModal onClose={onClose} onChanged={flow.passwordChanged} />;
  }

  const active = view.tab === 'register' && flow.canRegister ? 'register' : 'login';
  const items: TabItem<LoginTab>[] = [{ value: 'login', label: t('login_title') }];
  if (flow.canRegister) items.push({ value: 'register', label: t('register_title') });

  return (
    <Modal open onClose={onClose} title={t('login_popup_label')} closeOnBackdrop>
      <div className={styles.content} data-testid="login-modal">
        <Tabs<LoginTab> label={t('login_popup_label')} items={items} value={active} onChange={(next) => show({ kind: 'tabs', tab: next })}>
          {active === 'login' ? (
            <LoginForm
              onLoggedIn={flow.loggedIn}
              onForgotPassword={() => show({ kind: 'forgot' })}
              onRegister={flow.canRegister ? goToRegister : undefined}
              initialUsername={flow.lastUsername}
            />
          ) : (
            <RegisterForm onRegistered={completeRegistration} onLogin={() => show({ kind: 'tabs', tab: 'login' })} />
          )}
        </Tabs>
      </div>
    </Modal>
  );
}
