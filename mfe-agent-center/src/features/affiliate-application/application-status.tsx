import { formatDateTime, useT } from '@platform/shared';
import type { AffiliateApplication } from '@platform/contract';
import { useId } from 'react';
import styles from './affiliate-application.module.css';
import { NAMESPACE } from './translations';

/** The player's latest application: its state, what it means for the player, its dates and the operator's answer. */
export function ApplicationStatus({ application }: { application: AffiliateApplication }) {
  const { t } = useT(NAMESPACE);
  const titleId = useId();
  const { state, createdTime, decidedTime, answer, contact, message } = application;
  const states = {
    pending: { label: t('state_pending'), text: t('pending_text'), className: styles.pending },
    approved: { label: t('state_approved'), text: t('approved_text'), className: styles.approved },
    rejected: { label: t('state_rejected'), text: t('rejected_text'), className: styles.rejected },
  } as const;
  const shown = states[state];

  return (
    <section className={`${styles.card} ${shown.className}`} aria-labelledby={titleId} data-testid="affiliate-status" data-state={state}>
      <header className={styles.statusHeader}>
        <h2 id={titleId} className={styles.heading}>
          {t('status_title')}
        </h2>
        <span className={styles.badge} data-testid="affiliate-state">
          {shown.label}
        </span>
      </header>
      <p className={styles.statusText} data-testid="affiliate-status-text">
        {shown.text}
      </p>
      <dl className={styles.details}>
        <dt>{t('sent_at')}</dt>
        <dd>{formatDateTime(createdTime)}</dd>
        {decidedTime !== null && (
          <>
            <dt>{t('decided_at')}</dt>
            <dd>{formatDateTime(decidedTime)}</dd>
          </>
        )}
        <dt>{t('field_contact')}</dt>
        <dd>{contact}</dd>
        {message && (
          <>
            <dt>{t('your_message')}</dt>
            <dd className={styles.message}>{message}</dd>
          </>
        )}
        {answer && (
          <>
            <dt>{t('answer')}</dt>
            <dd className={styles.message} data-testid="affiliate-answer">
              {answer}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
