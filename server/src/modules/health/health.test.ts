import { buildApp } from '../../app';
import { createTestApp, json, type TestContext } from '../../testing/test-app';

interface Health {
  status: string;
  instanceId: string;
  startedAt: string;
  configRevision: string | null;
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
    expect(health).toEqual({
      status: 'ok',
      instanceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      startedAt: expect.any(String),
      configRevision: expect.stringMatching(/^\d+$/),
    });
    expect(Date.parse(health.startedAt)).toBeLessThanOrEqual(before);
    expect(json<Health>(await context.app.inject({ method: 'GET', url: '/healthz' }))).toEqual(health);
  });

  it('names the configuration revision the instance serves, so a deployment (or a test) can wait for a change to reach it', async () => {
    const stored = async () => (await context.ownerPool.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision')).rows[0].revision;
    const revisionServed = async () => json<Health>(await context.app.inject({ method: 'GET', url: '/healthz' })).configRevision;
    expect(await revisionServed()).toBe(await stored());
    // An operator's change moves the stored revision; the instance hears of it by NOTIFY.
    await context.ownerPool.query("UPDATE merchant SET name = name || ' ' WHERE id = $1", [context.merchantId]);
    const changed = await stored();
    const deadline = Date.now() + 1_000;
    while ((await revisionServed()) !== changed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await revisionServed()).toBe(changed);
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
