import { useT } from '@platform/shared';
import type { CaptchaState } from '../hooks/use-captcha';
import { NAMESPACE } from '../locales';
import styles from './captcha-image.module.css';

/** The captcha picture; a click asks for a new one (at most once a second). */
export function CaptchaImage({ captcha, failed, refresh, testId = 'captcha-image' }: CaptchaState & { testId?: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <button type="button" className={styles.button} aria-label={t('captcha_refresh')} title={t('captcha_refresh')} data-testid={testId} onClick={refresh}>
      {captcha?.imageSrc ? (
        <img className={styles.image} src={captcha.imageSrc} alt={t('captcha_image')} />
      ) : (
        <span>{failed ? t('captcha_failed') : t('captcha_loading')}</span>
      )}
    </button>
  );
}
