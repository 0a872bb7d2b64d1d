import type { ResourceType } from '@platform/shared';
import androidAddHome from './assets/android-add-home.svg';
import androidAdd from './assets/android-add.svg';
import androidMenu from './assets/android-menu.svg';
import iosAddHome from './assets/ios-add-home.svg';
import iosAdd from './assets/ios-add.svg';
import iosShare from './assets/ios-share.svg';

export type InstallPlatform = 'android' | 'ios';

export interface InstallGuide {
  platform: InstallPlatform;
  /** Translation key of the tab. */
  labelKey: string;
  /** The resource whose link step 1 shows as a QR code. */
  resourceType: ResourceType;
  /** Steps 2-4: an illustration and its text. */
  steps: { image: string; textKey: string }[];
}

/** The app download modal: four steps per platform, the first a QR code of the install link. */
export const INSTALL_GUIDES: InstallGuide[] = [
  {
    platform: 'android',
    labelKey: 'download_android',
    resourceType: 'Android',
    steps: [
      { image: androidMenu, textKey: 'download_android_step2' },
      { image: androidAddHome, textKey: 'download_android_step3' },
      { image: androidAdd, textKey: 'download_android_step4' },
    ],
  },
  {
    platform: 'ios',
    labelKey: 'download_ios',
    resourceType: 'MOBILECONFIG',
    steps: [
      { image: iosShare, textKey: 'download_ios_step2' },
      { image: iosAddHome, textKey: 'download_ios_step3' },
      { image: iosAdd, textKey: 'download_ios_step4' },
    ],
  },
];

/** The step-1 QR code is 100 px with no margin. */
export const INSTALL_QR_SIZE = 100;
