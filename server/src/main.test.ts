import type { Envelope, SystemStatus } from '@platform/shared/contract';
import { startServer } from './main';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

// The programmatic start-up used by the e2e harness: a real listening server on a real port.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('startServer', () => {
  it('migrates, seeds and listens; a second start on the same database changes nothing', async () => {
    const first = await startServer({ databaseUrl: database.databaseUrl, port: 0, host: '127.0.0.1', logger: false, remoteOverrides: {} });
    try {
      expect(first.url).toBe(`http://localhost:${first.port}`);
      const health = await fetch(`http://127.0.0.1:${first.port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', instanceId: expect.any(String), startedAt: expect.any(String) });
      const status = await fetch(`http://127.0.0.1:${first.port}/wps/system/status`, { headers: { Language: 'BN' } });
      expect(status.status).toBe(200);
      const body = (await status.json()) as Envelope<SystemStatus>;
      expect(body.value.info.site.brandName).toBe('Lucky Star');
    } finally {
      await first.close();
    }

    const second = await startServer({ databaseUrl: database.databaseUrl, port: 0, host: '127.0.0.1', logger: false, remoteOverrides: {} });
    try {
      const merchants = await second.pool.query('SELECT count(*)::int AS count FROM merchant');
      expect(merchants.rows[0].count).toBe(1);
      const keys = await second.pool.query('SELECT count(*)::int AS count FROM rsa_key');
      expect(keys.rows[0].count).toBe(1);
    } finally {
      await second.close();
    }
  });
});
