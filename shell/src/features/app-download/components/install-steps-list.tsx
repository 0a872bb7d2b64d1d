import { useT } from '@platform/shared';
import { QrCode } from './qr-code';
import { INSTALL_QR_SIZE, type InstallGuide } from '../install-steps';
import styles from './app-download-modal.module.css';

export interface InstallStepsListProps {
  guide: InstallGuide;
  /** The install link, when the operator configured the platform's resource. */
  url: string | undefined;
}

/** The four steps of one platform: a QR code of the install link, then three illustrated steps. */
export function InstallStepsList({ guide, url }: InstallStepsListProps) {
  const { t } = useT('shell');
  const platform = t(guide.labelKey);
  return (
    <ol className={styles.steps} data-testid={`install-steps-${guide.platform}`}>
      <li className={styles.step}>
        <span className={styles.stepNumber}>{t('download_step', { number: 1 })}</span>
        <div className={styles.stepVisual}>
          {url ? (
            <QrCode value={url} size={INSTALL_QR_SIZE} marginSize={0} title={t('download_qr_of', { platform })} data-testid="install-qr" />
          ) : (
            <p className={styles.unavailable}>{t('download_link_unavailable')}</p>
          )}
        </div>
        <p className={styles.stepText}>{t('download_step1_scan')}</p>
      </li>
      {guide.steps.map((step, index) => (
        <li key={step.textKey} className={styles.step}>
          <span className={styles.stepNumber}>{t('download_step', { number: index + 2 })}</span>
          <div className={styles.stepVisual}>
            <img src={step.image} alt="" width={80} height={120} />
          </div>
          <p className={styles.stepText}>{t(step.textKey)}</p>
        </li>
      ))}
    </ol>
  );
}
