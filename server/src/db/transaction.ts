import type pg from 'pg';

// One database transaction on one pooled connection, retried when PostgreSQL aborts it for a
// serialization failure or a deadlock (both safe to retry from the start).

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 4;

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const code = (error as { code?: string }).code;
      if (attempt < MAX_ATTEMPTS && code !== undefined && RETRYABLE.has(code)) continue;
      throw error;
    } finally {
      client.release();
    }
  }
}
