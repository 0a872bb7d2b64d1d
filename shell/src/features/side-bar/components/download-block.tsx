import { useT } from '@platform/shared';
// The QR drawing code is fetched when a code is first drawn (not from the index: it names the modal, loaded when opened).
import { QrCode } from '../../app-download/components/qr-code';
import { useShellUi } from '../../layout/hooks/use-shell-ui';
import { findResource, useSiteSettings } from '../../settings/use-site-settings';
import { NavIcon } from './nav-icon';
import styles from './side-bar.module.css';

/** Side menu QR codes are 100 (in the menu) and 125 (enlarged while pointed at). */
export const SIDE_BAR_QR_SIZE = 100;
export const SIDE_BAR_QR_ZOOM_SIZE = 125;

/** QR codes of the Android and iOS install links (when configured) and the download modal. */
export function DownloadBlock({ collapsed }: { collapsed: boolean }) {
  const { t } = useT('shell');
  const { openAppDownload } = useShellUi();
  const { resources } = useSiteSettings();
  const codes = [
    { id: 'android', label: t('download_android'), url: findResource(resources, 'Android')?.url },
    { id: 'ios', label: t('download_ios'), url: findResource(resources, 'MOBILECONFIG')?.url },
  ].filter((code): code is { id: string; label: string; url: string } => !!code.url);

  return (
    <section className={styles.download} aria-label={t('download_title')} data-testid="side-bar-download">
      {/* The collapsed rail shows icons only: its button still opens the modal with the codes. */}
      {codes.length > 0 && !collapsed && (
        <ul className={styles.qrList}>
          {codes.map((code) => (
            <li key={code.id} className={styles.qr}>
              <figure className={styles.qrFigure}>
                <span className={styles.qrSmall}>
                  <QrCode value={code.url} size={SIDE_BAR_QR_SIZE} marginSize={1} title={t('download_qr_of', { platform: code.label })} />
                </span>
                <span className={styles.qrZoom} aria-hidden="true">
                  <QrCode value={code.url} size={SIDE_BAR_QR_ZOOM_SIZE} marginSize={1} />
                </span>
                <figcaption>{code.label}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={styles.link} onClick={() => openAppDownload()} title={collapsed ? t('download_open') : undefined}>
        <NavIcon name="download" />
        <span className={styles.label}>{t('download_open')}</span>
      </button>
    </section>
  );
}
