import { PageScaffold, useT } from '@platform/shared';
import { NAMESPACE as LOBBY_NAMESPACE, ready as lobbyReady } from '../../locales';
import { AppDownload } from './app-download';
import { browserInstallEnvironment, createInstallPromptStore } from './install-prompt';
import { translationsLoaded } from './translations';

/** The lobby's strings (the page title) and the download page's own: the shell renders this page once both are there. */
export const ready: Promise<void> = Promise.all([lobbyReady, translationsLoaded]).then(() => undefined);

// Made when this module loads, not when the page shows: the browser's install event comes once per
// page load, possibly before the page is on screen (a player who opened /download directly).
const installStore = createInstallPromptStore(browserInstallEnvironment());

/** /down and /download: install the site as an app, open it on a phone by its QR code, the app downloads. */
export default function DownloadPage() {
  // Named apart from the page's `t`: the translation tests check the title against the 'lobby' sets.
  const { t: lobbyT } = useT(LOBBY_NAMESPACE);
  return (
    <PageScaffold title={lobbyT('download_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      <AppDownload store={installStore} siteUrl={`${window.location.origin}/`} />
    </PageScaffold>
  );
}
