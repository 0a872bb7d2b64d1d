import { useT } from '@platform/shared';
import { useEffect, useId, useMemo } from 'react';
import { NavLink } from 'react-router';
import { useGameLanes } from '../../game-vendors/hooks/use-game-lanes';
import { NARROW_SCREEN_QUERY } from '../../layout/hooks/shell-ui-store';
import { useShellUi } from '../../layout/hooks/use-shell-ui';
import { navEntries } from '../side-bar-entries';
import { CustomerServiceLinks } from './customer-service-links';
import { DownloadBlock } from './download-block';
import { LanguageSwitcher } from './language-switcher';
import { NavIcon } from './nav-icon';
import { SocialLinks } from './social-links';
import { SupportMenu } from './support-menu';
import styles from './side-bar.module.css';

/** Left menu: routes, support, contact links, app download, language; collapsible to icons. */
export function SideBar() {
  const { t } = useT('shell');
  const navId = useId();
  const { sideBarCollapsed: collapsed, toggleSideBar, setSideBarCollapsed } = useShellUi();
  const lanes = useGameLanes();
  const entries = useMemo(() => navEntries(lanes), [lanes]);

  // Narrowing the window to phone size folds the menu into its icon rail.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(NARROW_SCREEN_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setSideBarCollapsed(true);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [setSideBarCollapsed]);

  // On a phone the open menu covers the page: following a link closes it.
  const afterNavigate = () => {
    if (typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches) setSideBarCollapsed(true);
  };

  return (
    <>
      {!collapsed && <div className={styles.backdrop} aria-hidden="true" onClick={() => setSideBarCollapsed(true)} />}
      <aside className={collapsed ? `${styles.sideBar} ${styles.collapsed}` : styles.sideBar} data-testid="side-bar" data-collapsed={collapsed}>
        <button
          type="button"
          className={styles.toggle}
          aria-label={collapsed ? t('nav_expand') : t('nav_collapse')}
          aria-expanded={!collapsed}
          aria-controls={navId}
          onClick={toggleSideBar}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <path d={collapsed ? 'M4 6h16M4 12h16M4 18h16' : 'M4 6h16M4 12h10M4 18h16M20 9l-3 3 3 3'} />
          </svg>
        </button>
        <div id={navId} className={styles.scroll}>
          <nav aria-label={t('nav_main')}>
            <ul className={styles.list}>
              {entries.map((entry) => (
                <li key={entry.id}>
                  <NavLink
                    to={entry.path}
                    end={entry.path === '/'}
                    className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                    title={collapsed ? t(entry.labelKey) : undefined}
                    onClick={afterNavigate}
                  >
                    <NavIcon name={entry.icon} />
                    <span className={styles.label}>{t(entry.labelKey)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <SupportMenu collapsed={collapsed} onNavigate={afterNavigate} />
          <CustomerServiceLinks collapsed={collapsed} />
          <DownloadBlock collapsed={collapsed} />
          {!collapsed && <LanguageSwitcher />}
          {!collapsed && <SocialLinks />}
        </div>
      </aside>
    </>
  );
}
