// Runs before every test file of the shell: the browser APIs jsdom lacks, the shell's strings in
// English, and a clean bus, chrome state and storage between tests.
// fetch, on jsdom's XMLHttpRequest (jsdom has none), as in the other apps' tools/jest/setup-globals.cjs.
import 'whatwg-fetch';
import { resetTestState } from '@platform/shared/testing';
import { cleanup } from '@testing-library/react';
import { resetAnnouncementPopupForTests } from '../features/announcements/hooks/use-announcement-popup';
import { forgetBanners } from '../features/banner/hooks/use-banners';
import { resetThemeSwitchForTests } from '../features/header/components/theme-switch';
import { shellUi } from '../features/layout/hooks/shell-ui-store';
import '../locales';

// jsdom has no media queries: every query answers "does not match" (a wide screen).
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

beforeEach(async () => {
  shellUi.reset();
  forgetBanners();
  resetAnnouncementPopupForTests();
  resetThemeSwitchForTests();
  await resetTestState();
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});
