// Runs before every test file of the shell: the browser APIs jsdom lacks, the shell's strings in
// English, and a clean bus, chrome state and storage between tests.
import '@platform/shared/src/testing/setup-environment';
import { cleanup } from '@testing-library/react';
import { resetShellTestState } from './test-utils';

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
  await resetShellTestState();
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});
