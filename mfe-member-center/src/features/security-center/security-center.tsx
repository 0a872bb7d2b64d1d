import { Spinner, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { fetchProfile, fetchSecurityConfig } from './api';
import { EmailSection } from './components/email-section';
import { LoginPasswordSection } from './components/login-password-section';
import { MobileSection } from './components/mobile-section';
import { PaymentPasswordSection } from './components/payment-password-section';
import { ProfileSection } from './components/profile-section';
import { SecurityLevelSummary } from './components/security-level';
import { TwoFactorSection } from './components/two-factor-section';
import { NAMESPACE } from './translations';
import styles from './security-center.module.css';

/**
 * "My Account" (legacy page securityCenter): the security level, then the profile, mobile
 * number, e-mail, login password, payment password and two-step sign-in, each with its form.
 */
export function SecurityCenterPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const profile = useCall(fetchProfile, [], { requiresSession: true });
  const security = useCall(fetchSecurityConfig, [], { requiresSession: true });
  const refreshAll = () => {
    profile.refresh();
    security.refresh();
  };

  if (profile.status === 'error' || security.status === 'error') {
    return <LoadError title={t('load_failed')} onRetry={refreshAll} retryTestId="security-retry" />;
  }
  const member = profile.data ?? (profile.status === 'loading' ? profile.staleData : undefined);
  const config = security.data ?? (security.status === 'loading' ? security.staleData : undefined);
  if (!member || !config) return <Spinner />;

  return (
    <div className={styles.page} data-testid="security-center">
      <SecurityLevelSummary profile={member} security={config} />
      <ProfileSection key={`profile-${member.nickname}-${member.payeeName}-${member.birthday}`} profile={member} onChanged={profile.refresh} />
      <MobileSection profile={member} onChanged={refreshAll} />
      <EmailSection profile={member} onChanged={profile.refresh} />
      <LoginPasswordSection />
      <PaymentPasswordSection hasPaymentPassword={member.hasPaymentPassword} onChanged={profile.refresh} />
      <TwoFactorSection security={config} onChanged={security.refresh} />
    </div>
  );
}
