import { bus, Link, requireRealAccount, useBusState, useLocation, useT } from '@platform/shared';
import { useGameLanes } from '../../game-vendors/hooks/use-game-lanes';
import { activeTab, TAB_IDS, tabTarget, type TabId } from '../tab-targets';
import styles from './tab-bar.module.css';

/** 24×24 outline icons in the current text colour. */
const ICONS: Record<TabId, string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  games: 'M6 8h12a3 3 0 0 1 3 3v2a3 3 0 0 1-5.2 2l-.8-1h-6l-.8 1A3 3 0 0 1 3 13v-2a3 3 0 0 1 3-3Zm2 2v4m-2-2h4m6-1h.01m2 2h.01',
  promotions: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7C9 7 7.5 5.5 8.5 4c1.2-1.6 3.5.5 3.5 3Zm0 0c3 0 4.5-1.5 3.5-3-1.2-1.6-3.5.5-3.5 3Z',
  deposit: 'M3 7h18v12H3zM3 11h18M16 15h2M12 3v6m0 0-2.5-2.5M12 9l2.5-2.5',
  me: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
};

function Icon({ tab }: { tab: TabId }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={ICONS[tab]} />
    </svg>
  );
}

/**
 * The phone's bottom tab bar (below 768 px; hidden on wider screens): Home, Games, Promotions,
 * Deposit and Me. The tab of the current page is marked (aria-current).
 */
export function TabBar() {
  const { t } = useT('shell');
  const { pathname } = useLocation();
  const { token } = useBusState('session');
  const lanes = useGameLanes();
  const current = activeTab(pathname);

  return (
    <nav className={styles.tabBar} aria-label={t('tab_bar_label')} data-testid="tab-bar">
      <ul className={styles.list}>
        {TAB_IDS.map((tab) => {
          const target = tabTarget(tab, { loggedIn: !!token, lanes });
          const content = (
            <>
              <Icon tab={tab} />
              <span className={styles.label}>{t(`tab_${tab}`)}</span>
            </>
          );
          return (
            <li key={tab} className={styles.item}>
              {target.kind === 'route' ? (
                <Link
                  to={target.path}
                  className={current === tab ? `${styles.tab} ${styles.active}` : styles.tab}
                  aria-current={current === tab ? 'page' : undefined}
                  data-testid={`tab-${tab}`}
                >
                  {content}
                </Link>
              ) : (
                <button
                  type="button"
                  className={styles.tab}
                  data-testid={`tab-${tab}`}
                  onClick={() => {
                    // A guest (free play) has no wallet: requireRealAccount offers registration.
                    if (target.command.type === 'openMemberCenter' && !requireRealAccount()) return;
                    bus.dispatch(target.command);
                  }}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
