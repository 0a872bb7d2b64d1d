import { PageScaffold, useT } from '@platform/shared';
import { NAMESPACE as LOBBY_NAMESPACE, ready as lobbyReady } from '../../locales';
import { translationsLoaded as speedTestTranslations } from '../speed-test/translations';
import { HelpCentre } from './help-centre';
import { translationsLoaded } from './translations';

/** The lobby's strings (the page title), the help page's and the speed test's: the shell renders this page once they are there. */
export const ready: Promise<void> = Promise.all([lobbyReady, translationsLoaded, speedTestTranslations]).then(() => undefined);

/**
 * /help (with the help banners) and /helpmc (the page alone, open to visitors): the help-centre
 * articles by category with a search and an address per article, the deposit guide per method,
 * and the mirror speed test.
 */
export default function HelpPage() {
  // Named apart from the page's `t`: the translation tests check the title against the 'lobby' sets.
  const { t: lobbyT } = useT(LOBBY_NAMESPACE);
  return (
    <PageScaffold title={lobbyT('help_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      <HelpCentre />
    </PageScaffold>
  );
}
