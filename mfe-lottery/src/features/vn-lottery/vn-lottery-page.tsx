// /vnlottery: the Vietnam lottery's list, or with ?gameCode=X that game's betting page
// (the same page as /lottery, with the Vietnamese plays: lô, đề, 3 càng, xiên). The shell shows
// this route without its top and left bars (route table: chrome BARE), so the page carries its own
// slim bar: the way home, the balance (pushed by the balance service, never polled), and the login
// button for a visitor.
import { bus, Button, formatMoney, Link, PageScaffold, useBusState, useLocation, useT } from '@platform/shared';
import { NAMESPACE } from '../../locales';
import type { BettingScreenProps } from '../betting/betting-screen';
import { gameCodeOf } from '../games/game-names';
import { lazyScreen } from '../games/lazy-screen';
import styles from './vn-lottery.module.css';

/** The lottery's strings in the language in use: the shell renders this page once they are there. */
export { ready } from '../../locales';

const VnLobbyScreen = lazyScreen(() => import(/* webpackChunkName: "lottery-vn-lobby" */ '../lobby/vn-lobby-screen'));
const BettingScreen = lazyScreen<BettingScreenProps>(() => import(/* webpackChunkName: "lottery-betting" */ '../betting/betting-screen'));

export function VnTopBar() {
  const { t } = useT(NAMESPACE);
  const loggedIn = useBusState('session').token !== null;
  const { sumBalanceMinor } = useBusState('balance');
  return (
    <div className={styles.bar} data-testid="vn-top-bar">
      <Link to="/" className={styles.home}>
        {t('home')}
      </Link>
      {loggedIn ? (
        <span className={styles.balance} data-testid="vn-balance">
          {t('balance_value', { amount: formatMoney(sumBalanceMinor) })}
        </span>
      ) : (
        <Button size="sm" onClick={() => bus.dispatch({ type: 'openLogin', tab: 'login' })} data-testid="vn-login">
          {t('log_in')}
        </Button>
      )}
    </div>
  );
}

export default function VnLotteryPage() {
  const { t } = useT(NAMESPACE);
  const query = new URLSearchParams(useLocation().search);
  const gameCode = gameCodeOf(query.get('gameCode'));
  return (
    <PageScaffold title={t('vnlottery_title')} remote={__APP_NAME__} version={__APP_VERSION__}>
      <VnTopBar />
      {gameCode ? <BettingScreen key={gameCode} gameCode={gameCode} playType={query.get('playType')} prizeMode="SEA" /> : <VnLobbyScreen />}
    </PageScaffold>
  );
}
