import { Modal, Tabs, useT } from '@platform/shared';
import { useState } from 'react';
import { findResource, useSiteSettings } from '../../settings/use-site-settings';
import { INSTALL_GUIDES, type InstallPlatform } from '../install-steps';
import { InstallStepsList } from './install-steps-list';
import type { AppDownloadModalProps } from './app-download-modal';
import styles from './app-download-modal.module.css';

/** How to install the site on a phone: Android and iOS tabs of four steps each. */
export default function AppDownloadModalContent({ onClose, initialPlatform = 'android' }: AppDownloadModalProps) {
  const { t } = useT('shell');
  const { resources } = useSiteSettings();
  const [platform, setPlatform] = useState<InstallPlatform>(initialPlatform);
  const guide = INSTALL_GUIDES.find((candidate) => candidate.platform === platform) ?? INSTALL_GUIDES[0];

  return (
    <Modal open size="lg" title={t('download_title')} onClose={onClose}>
      <div className={styles.body} data-testid="app-download-modal">
        <Tabs<InstallPlatform>
          items={INSTALL_GUIDES.map((candidate) => ({ value: candidate.platform, label: t(candidate.labelKey) }))}
          value={platform}
          onChange={setPlatform}
          label={t('download_title')}
        >
          <InstallStepsList guide={guide} url={findResource(resources, guide.resourceType)?.url} />
        </Tabs>
      </div>
    </Modal>
  );
}
