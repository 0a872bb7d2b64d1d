// /lottery: the lottery lobby, or with ?gameCode=X[&playType=…] that game's betting
// page. This exposed module is the remote's frame only; the lobby and the betting page are chunks
// of their own, fetched for the screen shown.
import { PageScaffold, useLocation, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';
import { lazyScreen } from '../games/lazy-screen';
import { gameCodeOf } from '../games/game-names';
import type { BettingScreenProps } from '../betting/betting-screen';

/** The lottery's strings in the language in use: the shell renders this page once they are there. */
export { ready } from '../../locales';

const LobbyScreen = lazyScreen(() => import(/* webpackChunkName: "lottery-lobby" */ '../lobby/lobby-screen'));
const BettingScreen = lazyScreen<BettingScreenProps>(() => import(/* webpackChunkName: "lottery-betting" */ '../betting/betting-screen'));

export default function LotteryPage() {
  const { t } = useT(NAMESPACE);
  const query = new URLSearchParams(useLocation().search);
  const gameCode = gameCodeOf(query.get('gameCode'));
  return (
    <PageScaffold title={t('lottery_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      {gameCode ? <BettingScreen key={gameCode} gameCode={gameCode} playType={query.get('playType')} prizeMode="Lott" /> : <LobbyScreen />}
    </PageScaffold>
  );
}
