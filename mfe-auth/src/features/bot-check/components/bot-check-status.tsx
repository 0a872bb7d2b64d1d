import { useT } from '@platform/shared';
import { NAMESPACE } from '../../../locales';
import styles from './bot-check-status.module.css';

export interface BotCheckStatusProps {
  /** A challenge is being solved (useBotCheck's `verifying`). */
  verifying: boolean;
  testId?: string;
}

/**
 * Says that the form is verifying the player is not a robot while the bot check is solved. The
 * live region is always in the page, empty when idle, so that screen readers announce the text
 * when it appears (a region added together with its text is often not announced).
 */
export function BotCheckStatus({ verifying, testId }: BotCheckStatusProps) {
  const { t } = useT(NAMESPACE);
  return (
    <p role="status" aria-live="polite" className={verifying ? styles.status : styles.idle} data-testid={testId}>
      {verifying ? t('bot_check_verifying') : null}
    </p>
  );
}
