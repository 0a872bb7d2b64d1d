import { PageScaffold, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';
import { lazyScreen } from '../games/lazy-screen';

/** The lobby's strings in the language in use: the shell renders this page once they are there. */
export { ready } from '../../locales';

const HomeContent = lazyScreen(() => import(/* webpackChunkName: "lobby-home-content" */ '../games/home-content'));

export default function HomePage() {
  const { t } = useT(NAMESPACE);
  return (
    <PageScaffold title={t('home_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      <HomeContent />
    </PageScaffold>
  );
}
