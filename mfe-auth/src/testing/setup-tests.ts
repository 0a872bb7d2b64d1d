// Runs before every test file of the auth remote: the browser APIs jsdom lacks, a clean page
// between tests (bus, storage, cookies, English strings, no remembered rules or user), and real
// timers again.
import { resetTestState } from '@platform/shared/testing';
import { cleanup } from '@testing-library/react';
import { resetRegisterRulesForTests } from '../hooks/use-register-rules';
import { forgetUserInfo } from '../lib/user-info';
import '../locales';

beforeEach(async () => {
  resetRegisterRulesForTests();
  forgetUserInfo();
  await resetTestState();
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});
