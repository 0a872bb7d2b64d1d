import { Button, useT } from '@platform/shared';
import { useEffect, useState } from 'react';
import { THROTTLE_MS } from './form-constants';
import { useCountdown } from './use-countdown';
import { useThrottle } from './use-throttle';
import styles from './sms-code-button.module.css';

export interface SmsCodeButtonProps {
  /** Checks the mobile number (showing why not under its field); false: nothing is sent. */
  canSend: () => boolean;
  /**
   * Sends the code. Resolves to when the countdown ends (epoch ms), or null when nothing was
   * sent (the failure was shown).
   */
  send: () => Promise<number | null>;
  /** A code already went out (with a two-factor challenge): count down to this deadline first. */
  initialDeadline?: number;
  testId?: string;
}

/**
 * Get-code button (the SMS button): after a send it stays disabled, showing 'code sent (n)'
 * until the countdown reaches 0; sends at most once a second and only for a valid mobile number.
 */
export function SmsCodeButton({ canSend, send, initialDeadline, testId = 'sms-code-button' }: SmsCodeButtonProps) {
  const { t } = useT();
  const { seconds, startUntil } = useCountdown();
  useEffect(() => {
    if (initialDeadline) startUntil(initialDeadline);
  }, [initialDeadline, startUntil]);
  const [sending, setSending] = useState(false);
  const counting = seconds > 0;

  const sendThrottled = useThrottle(() => {
    setSending(true);
    send()
      .then((deadline) => {
        if (deadline !== null) startUntil(deadline);
      })
      .catch(() => undefined)
      .finally(() => setSending(false));
  }, THROTTLE_MS);
  const request = () => {
    if (counting || sending || !canSend()) return;
    sendThrottled();
  };

  return (
    <Button
      size="sm"
      variant="secondary"
      className={styles.button}
      disabled={counting}
      loading={sending}
      data-testid={testId}
      aria-live="polite"
      onClick={request}
    >
      {counting ? t('forms.sms_code_sent', { seconds }) : t('forms.sms_get_code')}
    </Button>
  );
}
