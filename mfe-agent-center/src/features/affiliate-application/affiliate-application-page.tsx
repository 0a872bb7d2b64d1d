import { Spinner, useCall, useT } from '@platform/shared';
import type { AffiliateApplication } from '@platform/contract';
import { LoadError } from '@platform/ui-blocks';
import { useState, type ReactNode } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { loadLatestApplication } from './affiliate-api';
import styles from './affiliate-application.module.css';
import { ApplicationForm } from './application-form';
import { ApplicationStatus } from './application-status';
import { NAMESPACE } from './translations';

/**
 * Become an agent: the programme in short, the latest application's state (awaiting an answer,
 * approved, or refused with the operator's answer), and the form while there is none awaiting an
 * answer and the player is not an agent yet. An approval takes effect at the next login, when
 * the session says the member is an agent.
 */
export default function AffiliateApplicationPage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const latest = useCall(loadLatestApplication, [], { requiresSession: true });
  // The application just sent: newer than what was loaded.
  const [sent, setSent] = useState<AffiliateApplication | null>(null);

  let content: ReactNode;
  if (sent === null && latest.status === 'error') {
    content = (
      <LoadError title={t('load_failed')} error={latest.error} onRetry={latest.refresh} />
    );
  } else if (sent === null && latest.status !== 'success') {
    content = (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  } else {
    const application = sent ?? latest.data ?? null;
    content = (
      <>
        {application && <ApplicationStatus application={application} />}
        {(application === null || application.state === 'rejected') && (
          <ApplicationForm key={application?.applicationId ?? 'first'} again={application} onSent={setSent} />
        )}
      </>
    );
  }

  return (
    <div className={styles.page} data-testid="affiliate-application">
      <div className={styles.intro}>
        <p className={styles.introText}>{t('intro')}</p>
        <ul className={styles.benefits}>
          <li>{t('benefit_links')}</li>
          <li>{t('benefit_team')}</li>
          <li>{t('benefit_income')}</li>
        </ul>
        <p className={styles.introText}>{t('how_it_works')}</p>
      </div>
      {content}
    </div>
  );
}
