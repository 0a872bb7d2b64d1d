import { Button, isWebUrl, useBusState, useT } from '@platform/shared';
import type { Resource } from '@platform/contract';
import { lazy, Suspense, useState } from 'react';
import styles from './download.module.css';
import { useInstallState, type InstallPromptStore } from './install-prompt';
import { NAMESPACE } from './translations';

// The QR drawing code (qrcode.react, the one the shell's app-download QR and the member centre's
// referral page use) is fetched when the code is first drawn, not with the page.
const QRCodeSVG = lazy(() => import(/* webpackChunkName: "qrcode" */ 'qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

const QR_SIZE = 160;

/** The operator's app downloads (system status resources), each a web address or left out. */
function appLinks(resources: readonly Resource[]): { type: 'Android' | 'MOBILECONFIG'; url: string }[] {
  const links: { type: 'Android' | 'MOBILECONFIG'; url: string }[] = [];
  for (const type of ['Android', 'MOBILECONFIG'] as const) {
    const url = resources.find((resource) => resource.resourceType === type)?.url;
    if (isWebUrl(url)) links.push({ type, url });
  }
  return links;
}

function InstallSection({ store }: { store: InstallPromptStore }) {
  const { t } = useT(NAMESPACE);
  const state = useInstallState(store);
  const [busy, setBusy] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const install = async () => {
    setBusy(true);
    try {
      setDismissed((await store.install()) === 'dismissed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} data-testid="download-install" data-state={state}>
      <h2 className={styles.sectionTitle}>{t('install_title')}</h2>
      <p className={styles.muted}>{t('install_intro')}</p>
      {state === 'installed' && (
        <p className={styles.done} role="status" data-testid="download-installed">
          {t('installed')}
        </p>
      )}
      {state === 'available' && (
        <div>
          <Button loading={busy} onClick={() => void install()} data-testid="download-install-button">
            {t('install_button')}
          </Button>
        </div>
      )}
      {state === 'ios' && (
        <>
          <h3 className={styles.stepsTitle}>{t('ios_title')}</h3>
          <ol className={styles.steps} data-testid="download-ios-steps">
            <li>{t('ios_step1')}</li>
            <li>{t('ios_step2')}</li>
            <li>{t('ios_step3')}</li>
          </ol>
        </>
      )}
      {state === 'manual' && (
        <>
          {dismissed && (
            <p className={styles.muted} role="status" data-testid="download-dismissed">
              {t('dismissed')}
            </p>
          )}
          <h3 className={styles.stepsTitle}>{t('manual_title')}</h3>
          <ol className={styles.steps} data-testid="download-manual-steps">
            <li>{t('manual_step1')}</li>
            <li>{t('manual_step2')}</li>
            <li>{t('manual_step3')}</li>
          </ol>
          <h3 className={styles.stepsTitle}>{t('ios_title')}</h3>
          <ol className={styles.steps}>
            <li>{t('ios_step1')}</li>
            <li>{t('ios_step2')}</li>
            <li>{t('ios_step3')}</li>
          </ol>
        </>
      )}
    </section>
  );
}

export interface AppDownloadProps {
  /** The install events of this page (download-page.tsx makes the browser's when its module loads). */
  store: InstallPromptStore;
  /** The address the QR code opens: the site's home on the origin the player is on. */
  siteUrl: string;
}

/**
 * The app page: install the site as a web app (the browser's dialog where it has one, the steps
 * otherwise), a QR code of the site to open it on a phone, and the operator's app downloads.
 */
export function AppDownload({ store, siteUrl }: AppDownloadProps) {
  const { t } = useT(NAMESPACE);
  const resources = useBusState('settings').status?.info.resources ?? [];
  const downloads = appLinks(resources);
  return (
    <div className={styles.page} data-testid="download-page">
      <InstallSection store={store} />
      <section className={styles.section} data-testid="download-qr-section">
        <h2 className={styles.sectionTitle}>{t('qr_title')}</h2>
        <div className={styles.qrRow}>
          <div className={styles.qr} role="img" aria-label={t('qr_label', { url: siteUrl })} data-testid="download-qr" data-value={siteUrl}>
            <Suspense fallback={<span className={styles.qrPending} />}>
              <QRCodeSVG value={siteUrl} size={QR_SIZE} marginSize={2} />
            </Suspense>
          </div>
          <div className={styles.qrText}>
            <p className={styles.muted}>{t('qr_hint')}</p>
            <code className={styles.url} data-testid="download-url">
              {siteUrl}
            </code>
          </div>
        </div>
      </section>
      {downloads.length > 0 && (
        <section className={styles.section} data-testid="download-apps">
          <h2 className={styles.sectionTitle}>{t('apps_title')}</h2>
          <ul className={styles.apps}>
            {downloads.map((download) => (
              <li key={download.type}>
                <a
                  className={styles.appLink}
                  href={download.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={download.type === 'Android' ? 'download-android' : 'download-ios'}
                >
                  {download.type === 'Android' ? t('android_app') : t('ios_app')}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
