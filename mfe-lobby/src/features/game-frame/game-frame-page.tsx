import { PageScaffold, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';

/** The lobby's strings in the language in use: the shell renders this page once they are there. */
export { ready } from '../../locales';

export default function GameFramePage() {
  const { t } = useT(NAMESPACE);
  return <PageScaffold title={t('game_title')} remote={__APP_NAME__} version={__APP_VERSION__} />;
}
