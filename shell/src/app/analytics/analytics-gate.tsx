// Fetched only when the merchant has an analytics tag (analytics-slot.tsx): loads it at once, or,
// where the merchant requires consent, after the visitor agrees. The answer is kept in this
// browser (localStorage analyticsConsent): asked once, a refusal is never asked again nor loaded.
import { Button, localStore, useT } from '@platform/shared';
import { useEffect, useState } from 'react';
import { loadAnalyticsTag } from './analytics-tag';
import styles from './analytics-gate.module.css';

export interface AnalyticsGateProps {
  gtagId: string;
  consentRequired: boolean;
}

type Consent = 'granted' | 'denied' | null;

export default function AnalyticsGate({ gtagId, consentRequired }: AnalyticsGateProps) {
  const { t } = useT('shell');
  const [consent, setConsent] = useState<Consent>(() => localStore.get('analyticsConsent'));
  const allowed = !consentRequired || consent === 'granted';

  useEffect(() => {
    if (allowed) loadAnalyticsTag(gtagId);
  }, [allowed, gtagId]);

  if (!consentRequired || consent !== null) return null;

  const answer = (value: 'granted' | 'denied') => {
    localStore.set('analyticsConsent', value);
    setConsent(value);
  };
  return (
    <section className={styles.consent} role="region" aria-labelledby="analytics-consent-title" data-testid="analytics-consent">
      <h2 id="analytics-consent-title" className={styles.title}>
        {t('analytics_consent_title')}
      </h2>
      <p className={styles.text}>{t('analytics_consent_text')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={() => answer('denied')} data-testid="analytics-consent-decline">
          {t('analytics_consent_decline')}
        </Button>
        <Button size="sm" onClick={() => answer('granted')} data-testid="analytics-consent-accept">
          {t('analytics_consent_accept')}
        </Button>
      </div>
    </section>
  );
}
