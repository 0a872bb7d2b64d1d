import { PageScaffold, useLocation, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';
import { lazyScreen } from '../games/lazy-screen';

/** The lobby's strings in the language in use: the shell renders this page once they are there. */
export { ready } from '../../locales';

const CategoryContent = lazyScreen<{ route: string }>(
  () => import(/* webpackChunkName: "lobby-category-content" */ '../games/category-content'),
);

/** A games route: /rng, /live, /fish, /pvp, /sports, /esports, /cockfight, /inhouse, /elott, /hot. */
export default function GameCategoryPage() {
  const { t } = useT(NAMESPACE);
  const category = useLocation().pathname.replace(/^\//, '');
  return (
    <PageScaffold title={t(`games_${category}`)} remote={__APP_NAME__} version={__APP_VERSION__}>
      <CategoryContent route={category} />
    </PageScaffold>
  );
}
