// Browser tests run on several Playwright workers against one server and one database. Each
// worker has a merchant of its own (seeded by global-setup.ts from the default merchant's seed
// file), so what one worker changes as the operator (feature switches, maintenance, region
// rules, the remote registry, throttles, OAuth settings) never reaches another worker's pages.
// Every request of a worker, from its browser pages and from the test process alike, names the
// worker's merchant in the `Merchant` header, which the server resolves before
// the host name (harness/test.ts sets it).

export interface WorkerMerchant {
  /** Merchant code (the `Merchant` header). */
  code: string;
}

/** The merchant of Playwright worker slot `parallelIndex` (0 … workers - 1). */
export function merchantOfWorker(parallelIndex: number): WorkerMerchant {
  return { code: `E2E${parallelIndex}` };
}

/** This worker's merchant (Playwright sets TEST_PARALLEL_INDEX in each worker process). */
export const WORKER_MERCHANT = merchantOfWorker(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** SQL naming this worker's merchant id, for operator statements (the code is ours, not input). */
export const WORKER_MERCHANT_ID = `(SELECT id FROM merchant WHERE code = '${WORKER_MERCHANT.code}')`;
