import { useT } from '@platform/shared';
import type { MemberProfile, SecurityConfig } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../security-center.module.css';

export type SecurityLevel = 'low' | 'medium' | 'high';

/** The protections the account can have; the login password is always one. */
export function protectionsOf(profile: MemberProfile, security: SecurityConfig) {
  return [
    { key: 'login_password', on: true },
    { key: 'mobile', on: profile.bindMobile },
    { key: 'email', on: profile.bindEmail },
    { key: 'payment_password', on: profile.hasPaymentPassword },
    { key: 'two_factor', on: security.bindGA || security.smsLoginVerification },
  ] as const;
}

/** Low with at most two protections, high with all five, medium between. */
export function levelOf(done: number, total: number): SecurityLevel {
  if (done >= total) return 'high';
  return done <= 2 ? 'low' : 'medium';
}

/** The summary at the top of the page: the level, a meter, and which protections are on. */
export function SecurityLevelSummary({ profile, security }: { profile: MemberProfile; security: SecurityConfig }) {
  const { t } = useT(NAMESPACE);
  const protections = protectionsOf(profile, security);
  const done = protections.filter((protection) => protection.on).length;
  const level = levelOf(done, protections.length);
  const labels: Record<(typeof protections)[number]['key'], string> = {
    login_password: t('protection_login_password'),
    mobile: t('protection_mobile'),
    email: t('protection_email'),
    payment_password: t('protection_payment_password'),
    two_factor: t('protection_two_factor'),
  };
  const levelText = { low: t('level_low'), medium: t('level_medium'), high: t('level_high') }[level];

  return (
    <section className={styles.summary} aria-labelledby="security-level-title" data-testid="security-level" data-level={level}>
      <div className={styles.summaryHead}>
        <h2 id="security-level-title" className={styles.summaryTitle}>
          {t('security_level')}: <span className={styles[`level_${level}`]}>{levelText}</span>
        </h2>
        <span className={styles.muted}>{t('security_level_count', { done, total: protections.length })}</span>
      </div>
      <div
        className={styles.meter}
        role="meter"
        aria-label={t('security_level')}
        aria-valuemin={0}
        aria-valuemax={protections.length}
        aria-valuenow={done}
        aria-valuetext={levelText}
      >
        <div className={`${styles.meterFill} ${styles[`fill_${level}`]}`} style={{ width: `${(done / protections.length) * 100}%` }} />
      </div>
      <ul className={styles.protections}>
        {protections.map((protection) => (
          <li key={protection.key} className={protection.on ? styles.on : styles.off} data-on={protection.on}>
            <span aria-hidden="true">{protection.on ? '✓' : '○'}</span> {labels[protection.key]}
            <span className={styles.visuallyHidden}>{protection.on ? t('state_on') : t('state_off')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
