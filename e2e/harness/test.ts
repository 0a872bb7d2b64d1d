import { test as base } from '@playwright/test';
import { WORKER_MERCHANT } from './merchant';

export { expect, type APIRequestContext, type Browser, type BrowserContext, type FrameLocator, type Locator, type Page, type Request, type Response, type Route } from '@playwright/test';

/**
 * Playwright's `test` in this worker's merchant (harness/merchant.ts): every request of its
 * pages, of `page.request` and of the `request` fixture carries the merchant's `Merchant` header.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => use({ Merchant: WORKER_MERCHANT.code }),
});
