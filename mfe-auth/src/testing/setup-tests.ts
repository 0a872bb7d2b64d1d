// Runs before every test file of the auth remote: the browser APIs jsdom lacks, a clean page
// between tests (bus, storage, cookies, English strings), and real timers again.
import '@platform/shared/src/testing/setup-environment';
import { cleanup } from '@testing-library/react';
import { resetAuthTestState } from './test-utils';

beforeEach(async () => {
  await resetAuthTestState();
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});
