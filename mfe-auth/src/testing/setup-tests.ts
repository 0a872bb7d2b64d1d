// Runs before every test file of the auth remote: the browser APIs jsdom lacks, a clean page
// between tests (bus, storage, cookies, English strings, no remembered user), and real timers
// again.
import { resetTestState } from '@platform/shared/testing';
import { cleanup } from '@testing-library/react';
import { forgetUserInfo } from '../lib/user-info';
import '../locales';

beforeEach(async () => {
  forgetUserInfo();
  await resetTestState();
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});
