import { NavLink, useT } from '@platform/shared';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useGameLanes } from '../../game-vendors/hooks/use-game-lanes';
import { ThemeSwitch } from '../../header/components/theme-switch';
import { isSideMenuShown, NARROW_SCREEN_QUERY } from '../../layout/hooks/shell-ui-store';
import { useNarrowScreen } from '../../layout/hooks/use-narrow-screen';
import { useShellUi } from '../../layout/hooks/use-shell-ui';
import { useDrawerFocus } from '../hooks/use-drawer-focus';
import { navEntries } from '../side-bar-entries';
import { CustomerServiceLinks } from './customer-service-links';
import { DownloadBlock } from './download-block';
import { LanguageSwitcher } from './language-switcher';
import { NavIcon } from './nav-icon';
import { SocialLinks } from './social-links';
import { SupportMenu } from './support-menu';
import styles from './side-bar.module.css';

/**
 * Left menu: routes, support, contact links, app download, language. On a wide screen it sits
 * beside the page and collapses to icons; on a phone it is a drawer (a modal dialog with the full
 * labels) that the header's menu button opens, and that closes on a choice, on the backdrop and
 * on Escape.
 */
export function SideBar() {
  const { t } = useT('shell');
  const navId = useId();
  const narrow = useNarrowScreen();
  const { sideBarCollapsed, drawerOpen, toggleSideBar, setSideBarCollapsed, closeDrawer } = useShellUi();
  const lanes = useGameLanes();
  const entries = useMemo(() => navEntries(lanes), [lanes]);
  const drawerRef = useRef<HTMLElement>(null);
  const drawer = narrow;
  const collapsed = drawer ? false : sideBarCollapsed;

  // Narrowing the window to phone size folds the side menu into its icon rail for when it widens
  // again; widening it closes the drawer.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(NARROW_SCREEN_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setSideBarCollapsed(true);
      else closeDrawer();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [setSideBarCollapsed, closeDrawer]);

  useDrawerFocus(drawerRef, drawer && drawerOpen, closeDrawer);

  // The drawer covers the page: any choice in it closes it.
  const afterChoice = () => {
    if (drawer) closeDrawer();
  };

  if (!isSideMenuShown(narrow, drawerOpen)) return null;

  const content = (
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
                onClick={afterChoice}
              >
                <NavIcon name={entry.icon} />
                <span className={styles.label}>{t(entry.labelKey)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SupportMenu collapsed={collapsed} onNavigate={afterChoice} />
      <CustomerServiceLinks collapsed={collapsed} />
      <DownloadBlock collapsed={collapsed} />
      {!collapsed && <LanguageSwitcher />}
      {drawer && (
        <div className={styles.theme}>
          <span className={styles.themeLabel}>{t('theme_dark')}</span>
          <ThemeSwitch />
        </div>
      )}
      {!collapsed && <SocialLinks />}
    </div>
  );

  if (drawer) {
    return (
      <>
        <div className={styles.backdrop} aria-hidden="true" data-testid="drawer-backdrop" onClick={closeDrawer} />
        <aside
          ref={drawerRef}
          className={`${styles.sideBar} ${styles.drawer}`}
          role="dialog"
          aria-modal="true"
          aria-label={t('nav_main')}
          data-testid="side-bar"
          data-drawer="open"
          data-collapsed={false}
        >
          <div className={styles.drawerHead}>
            <button type="button" className={styles.toggle} aria-label={t('nav_close_menu')} data-testid="drawer-close" onClick={closeDrawer}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          {content}
        </aside>
      </>
    );
  }

  return (
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
      {content}
    </aside>
  );
}
