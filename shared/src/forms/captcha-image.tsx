import { useT } from '@platform/shared';
import type { CaptchaState } from './use-captcha';
import styles from './captcha-image.module.css';

/** The captcha picture; a click asks for a new one (at most once a second). */
export function CaptchaImage({ captcha, failed, refresh, testId = 'captcha-image' }: CaptchaState & { testId?: string }) {
  const { t } = useT();
  return (
    <button type="button" className={styles.button} aria-label={t('forms.captcha_refresh')} title={t('forms.captcha_refresh')} data-testid={testId} onClick={refresh}>
      {captcha?.imageSrc ? (
        <img className={styles.image} src={captcha.imageSrc} alt={t('forms.captcha_image')} />
      ) : (
        <span>{failed ? t('forms.captcha_failed') : t('forms.captcha_loading')}</span>
      )}
    </button>
  );
}
