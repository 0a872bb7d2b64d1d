import { test as base } from '@playwright/test';
import { E2E_BASE_URL } from './constants';
import { WORKER_MERCHANT } from './merchant';

export { expect, type APIRequestContext } from '@playwright/test';
export type { Page } from '@playwright/test';

/**
 * Playwright's `test` with this worker's merchant (harness/merchant.ts): pages open the site on
 * the merchant's host name, and the `request` fixture calls the API on localhost with the
 * merchant's `Merchant` header.
 */
export const test = base.extend({
  baseURL: async ({}, use) => use(WORKER_MERCHANT.siteUrl),
  request: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { Merchant: WORKER_MERCHANT.code } });
    await use(request);
    await request.dispose();
  },
});
