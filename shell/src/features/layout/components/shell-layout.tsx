import { useLocation } from '@platform/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { GAME_CATEGORY_ROUTES } from '../../../app/route-table';
import { showsMiniGameOn } from '../../mini-game/mini-game-pages';
import { AnnouncementModal } from '../../announcements/components/announcement-modal';
import { useAnnouncementPopup } from '../../announcements/hooks/use-announcement-popup';
import { AppDownloadModal } from '../../app-download/components/app-download-modal';
import { BannerCarousel } from '../../banner/components/banner-carousel';
import { Footer } from '../../footer/components/footer';
import { Header } from '../../header/components/header';
import { RightBar } from '../../right-bar/components/right-bar';
import { TabBar } from '../../tab-bar/components/tab-bar';
import { isSideMenuShown } from '../hooks/shell-ui-store';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { useShellUi } from '../hooks/use-shell-ui';
import styles from './shell-layout.module.css';

// The side menu's code (menu, support, contacts, download codes, languages) is fetched when the
// menu is first shown: at once on a wide screen, where it sits beside the page (its column is laid
// out before it arrives), and on a phone when the drawer is first opened.
const SideBar = lazy(() => import(/* webpackChunkName: "side-bar" */ '../../side-bar/components/side-bar').then((module) => ({ default: module.SideBar })));

// The mini-game widget: a chunk of its own, fetched on the lobby pages only.
const MiniGameWidget = lazy(() =>
  import(/* webpackChunkName: "mini-game" */ '../../mini-game/components/mini-game-widget').then((module) => ({ default: module.MiniGameWidget })),
);

// The promo bar: a chunk of its own, drawn after the page's first paint (the home page's JS budget);
// its room is kept meanwhile, so nothing below it moves when it comes.
const PromoBar = lazy(() => import(/* webpackChunkName: "promo-bar" */ '../../promo-bar/components/promo-bar').then((module) => ({ default: module.PromoBar })));

// The header's help-centre modal: fetched when it is first opened, not with the shell.
const HelpModal = lazy(() => import(/* webpackChunkName: "help-modal" */ '../../help/components/help-modal'));

export interface ShellChrome {
  header: boolean;
  sideBar: boolean;
  /** Banner group shown above the page (w_home, w_help, w_games, w_promotion), or none. */
  banner: string | null;
  footer: boolean;
}

export interface ShellLayoutProps {
  chrome: ShellChrome;
  children?: ReactNode;
}

/**
 * The page frame: side menu | header, promo bar, banner, page, footer; right bar; the chrome's modals. Below
 * 768 px the side menu is a drawer the header opens, and pages with a header get the bottom tab bar.
 */
export function ShellLayout({ chrome, children }: ShellLayoutProps) {
  const { modal, sideBarCollapsed, drawerOpen, closeModal } = useShellUi();
  const narrow = useNarrowScreen();
  const { pathname } = useLocation();
  // Popup announcements greet the player on the full site, not over a bare game or lottery frame.
  useAnnouncementPopup(chrome.header);

  return (
    <div
      className={styles.shell}
      data-side-bar={chrome.sideBar ? (sideBarCollapsed ? 'collapsed' : 'open') : 'none'}
      data-tab-bar={chrome.header ? 'shown' : 'none'}
      data-footer={chrome.footer ? 'shown' : 'none'}
    >
      {chrome.sideBar && isSideMenuShown(narrow, drawerOpen) && (
        <Suspense fallback={null}>
          <SideBar />
        </Suspense>
      )}
      <div className={styles.column}>
        {chrome.header && <Header menu={chrome.sideBar} />}
        {/* The full chrome's promo bar: not on the pages that drop the side menu (game frame, login, register) or the top bar. */}
        {chrome.header && chrome.sideBar && (
          <Suspense fallback={<div className={styles.promoSlot} aria-hidden="true" />}>
            <PromoBar />
          </Suspense>
        )}
        {chrome.banner && <BannerCarousel group={chrome.banner} />}
        <main className={styles.main} id="main-content">
          {children}
        </main>
        {chrome.footer && <Footer />}
      </div>
      {chrome.header && <TabBar />}
      <RightBar />
      {chrome.header && showsMiniGameOn(pathname, GAME_CATEGORY_ROUTES) && (
        <Suspense fallback={null}>
          <MiniGameWidget />
        </Suspense>
      )}
      {modal?.kind === 'announcement' && <AnnouncementModal initialAnnouncementId={modal.announcementId} onClose={closeModal} />}
      {modal?.kind === 'appDownload' && <AppDownloadModal onClose={closeModal} />}
      {modal?.kind === 'help' && (
        <Suspense fallback={null}>
          <HelpModal onClose={closeModal} />
        </Suspense>
      )}
    </div>
  );
}
