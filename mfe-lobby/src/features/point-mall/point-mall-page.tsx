import { PageScaffold, useT } from '@platform/shared';
import { NAMESPACE as LOBBY_NAMESPACE, ready as lobbyReady } from '../../locales';
import { PointMall } from './point-mall';
import { translationsLoaded } from './translations';

/** The lobby's strings (the page title) and the point mall's own: the shell renders this page once both are there. */
export const ready: Promise<void> = Promise.all([lobbyReady, translationsLoaded]).then(() => undefined);

/** /pointMall: the points balance, how points are earned, the rewards, converting and the redeem history (visitors see the rewards and a login prompt). */
export default function PointMallPage() {
  // Named apart from the page's `t`: the translation tests check the title against the 'lobby' sets.
  const { t: lobbyT } = useT(LOBBY_NAMESPACE);
  return (
    <PageScaffold title={lobbyT('point_mall_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      <PointMall />
    </PageScaffold>
  );
}
