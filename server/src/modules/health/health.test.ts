import { buildApp } from '../../app';
import { createTestApp, json, type TestContext } from '../../testing/test-app';

interface Health {
  status: string;
  instanceId: string;
  startedAt: string;
}

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

describe('/healthz', () => {
  // ok/503 by database reachability: app.test.ts.
  it('answers ok with the instance id and start time, the same on every probe of one instance', async () => {
    const before = Date.now();
    const first = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const health = json<Health>(first);
    expect(health).toEqual({ status: 'ok', instanceId: expect.stringMatching(/^[0-9a-f-]{36}$/), startedAt: expect.any(String) });
    expect(Date.parse(health.startedAt)).toBeLessThanOrEqual(before);
    expect(json<Health>(await context.app.inject({ method: 'GET', url: '/healthz' }))).toEqual(health);
  });

  it('names a new instance after a restart', async () => {
    const first = json<Health>(await context.app.inject({ method: 'GET', url: '/healthz' }));
    const restarted = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {} });
    try {
      const second = json<Health>(await restarted.inject({ method: 'GET', url: '/healthz' }));
      expect(second.status).toBe('ok');
      expect(second.instanceId).not.toBe(first.instanceId);
      expect(Date.parse(second.startedAt)).toBeGreaterThanOrEqual(Date.parse(first.startedAt));
    } finally {
      await restarted.close();
    }
  });
});
