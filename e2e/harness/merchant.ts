import { E2E_PORT } from './constants';

// Browser tests run on several Playwright workers against one server and one database. Each
// worker has a merchant of its own (seeded by global-setup.ts from the default merchant's seed
// file), so what one worker changes as the operator (feature switches, maintenance, region
// rules, the remote registry, throttles) never reaches another worker's pages.
//
// The browser reaches its merchant by host name, as players do: `w<N>.localhost` (Chromium
// resolves every *.localhost name to loopback) is the merchant's domain. Node's resolver does not
// know those names, so API calls made from the test process (the `request` fixture of
// harness/test.ts) go to localhost and name the merchant in the `Merchant` header instead.
// `page.request` would use the browser's host name from Node: use the `request` fixture.

export interface WorkerMerchant {
  /** Merchant code (the `Merchant` header). */
  code: string;
  /** The merchant's host name. */
  domain: string;
  /** The site as this worker's browser opens it. */
  siteUrl: string;
}

/** The merchant of Playwright worker slot `parallelIndex` (0 … workers - 1). */
export function merchantOfWorker(parallelIndex: number): WorkerMerchant {
  const domain = `w${parallelIndex}.localhost`;
  return { code: `E2E${parallelIndex}`, domain, siteUrl: `http://${domain}:${E2E_PORT}` };
}

/** This worker's merchant (Playwright sets TEST_PARALLEL_INDEX in each worker process). */
export const WORKER_MERCHANT = merchantOfWorker(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** SQL naming this worker's merchant id, for operator statements (the code is ours, not input). */
export const WORKER_MERCHANT_ID = `(SELECT id FROM merchant WHERE code = '${WORKER_MERCHANT.code}')`;
