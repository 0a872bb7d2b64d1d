import { PageScaffold, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';
import { lazyScreen } from '../games/lazy-screen';

/** The lobby's strings in the language in use: the shell renders this page once they are there. */
export { ready } from '../../locales';

const FrameContent = lazyScreen(() => import(/* webpackChunkName: "lobby-game-frame" */ '../games/frame-content'));

/** /game: the frame page a launched game opens in. */
export default function GameFramePage() {
  const { t } = useT(NAMESPACE);
  return (
    <PageScaffold title={t('game_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      <FrameContent />
    </PageScaffold>
  );
}
