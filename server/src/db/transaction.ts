import type pg from 'pg';

// One database transaction on one pooled connection, retried when PostgreSQL aborts it for a
// serialization failure or a deadlock (both safe to retry from the start): at most
// `maxAttempts` attempts, each retry after a random pause ("full jitter" over an exponentially
// growing ceiling), so transactions that collided do not collide again in step.

const RETRYABLE = new Set(['40001', '40P01']);

export interface RetryOptions {
  /** Attempts in all, the first included (default 5). */
  maxAttempts?: number;
  /** Ceiling of the first retry's random pause in ms, doubled per retry (default 4). */
  baseDelayMs?: number;
  /** Told of every retry (tests, logs): the attempt that failed and its SQLSTATE. */
  onRetry?: (attempt: number, code: string) => void;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BASE_DELAY_MS = 4;
const MAX_DELAY_MS = 200;

/** True for the SQLSTATEs a transaction may be retried after. */
export const isRetryableTransactionError = (error: unknown): boolean => RETRYABLE.has((error as { code?: string } | null)?.code ?? '');

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let retryCode: string | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (attempt >= maxAttempts || !isRetryableTransactionError(error)) throw error;
      retryCode = (error as { code: string }).code;
    } finally {
      client.release();
    }
    options.onRetry?.(attempt, retryCode);
    const ceiling = Math.min(MAX_DELAY_MS, baseDelayMs * 2 ** (attempt - 1));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
  }
}
