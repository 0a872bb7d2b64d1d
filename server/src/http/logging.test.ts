import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, type TestContext } from '../testing/test-app';
import { redactUrl, requestIdOf } from './logging';

// What the request log says: the real app with its real pino logger, writing to a captured stream.

let context: TestContext;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  context = await createTestApp();
  app = await buildApp({
    pool: context.pool,
    remoteOverrides: {},
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  app.get('/wps/test/log-headers', { config: { auth: 'public' } }, async (request) => {
    request.log.info({ headers: request.headers }, 'headers of the request');
    return { success: true, value: null, message: null, errorCode: null };
  });
  app.get('/wps/test/throws', async () => {
    throw Object.assign(new Error('GET https://provider.example/?client_secret=THROWN-SECRET&x=1 failed', { cause: new Error('see ?token=CAUSE-SECRET') }), {
      code: 'E_UPSTREAM',
    });
  });
});

afterAll(async () => {
  await app.close();
  await context.close();
});

beforeEach(() => {
  lines.length = 0;
});

function logged(): Array<Record<string, unknown>> {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the request log', () => {
  it.each([
    ['the e-mailed reset link', '/?resetToken=RESET-SECRET-1a2b3c', ['RESET-SECRET-1a2b3c']],
    ['a social login callback', '/wps/session/oauth/google/callback?code=OAUTH-CODE-SECRET&state=STATE-SECRET&iss=https%3A%2F%2Fissuer', ['OAUTH-CODE-SECRET', 'STATE-SECRET']],
    ['a social login grant', '/?oauthCode=GRANT-SECRET', ['GRANT-SECRET']],
    ['any token-like name', '/wps/system/status?token=T1-SECRET&access_token=T2-SECRET&Password=T3-SECRET&myApiToken=T4-SECRET&client_secret=T5-SECRET', [
      'T1-SECRET',
      'T2-SECRET',
      'T3-SECRET',
      'T4-SECRET',
      'T5-SECRET',
    ]],
    ['a game session', '/jl/v1/session?session=GAME-SESSION-SECRET&game=JLS001', ['GAME-SESSION-SECRET']],
    ['an encoded name', '/?reset%54oken=ENCODED-SECRET', ['ENCODED-SECRET']],
    ['a URL refused before routing', '/wps/%E0%A4%A?resetToken=BAD-URL-SECRET', ['BAD-URL-SECRET']],
  ])('never writes %s', async (_label, url, secrets) => {
    await app.inject({ method: 'GET', url });
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(text).not.toContain(secret);
    const incoming = logged().find((line) => line.msg === 'incoming request') as { req: { url: string } };
    expect(incoming.req.url).toContain('[REDACTED]');
  });

  it('redacts URLs quoted in an error, and keeps the error readable', async () => {
    const response = await app.inject({ method: 'GET', url: '/wps/test/throws' });
    expect(response.statusCode).toBe(500);
    const text = lines.join('');
    expect(text).not.toContain('THROWN-SECRET');
    expect(text).not.toContain('CAUSE-SECRET');
    const line = logged().find((entry) => (entry.err as { code?: string } | undefined)?.code === 'E_UPSTREAM') as {
      err: { type: string; message: string; stack: string; cause: { message: string } };
    };
    expect(line.err).toMatchObject({
      type: 'Error',
      message: 'GET https://provider.example/?client_secret=[REDACTED]&x=1 failed',
      cause: { message: 'see ?token=[REDACTED]' },
    });
    expect(line.err.stack).toContain('logging.test.ts');
  });

  it('keeps the path and the harmless parameters readable', async () => {
    await app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&resetToken=abc' });
    const incoming = logged().find((line) => line.msg === 'incoming request') as { req: { url: string; method: string } };
    expect(incoming.req).toMatchObject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&resetToken=[REDACTED]' });
  });

  it('redacts credential headers wherever a line carries them', async () => {
    await app.inject({
      method: 'GET',
      url: '/wps/test/log-headers',
      headers: { authorization: 'Bearer SESSION-SECRET', cookie: 'oauth_binding=COOKIE-SECRET', 'user-agent': 'jest' },
    });
    const text = lines.join('');
    expect(text).not.toContain('SESSION-SECRET');
    expect(text).not.toContain('COOKIE-SECRET');
    const line = logged().find((entry) => entry.msg === 'headers of the request') as { headers: Record<string, string> };
    expect(line.headers).toMatchObject({ authorization: '[REDACTED]', cookie: '[REDACTED]', 'user-agent': 'jest' });
  });
});

describe('redactUrl', () => {
  it.each([
    ['/plain', '/plain'],
    ['/?', '/?'],
    ['/?resetToken', '/?resetToken'],
    ['/?resetToken=', '/?resetToken=[REDACTED]'],
    ['/?a=1&code=2&b=3', '/?a=1&code=[REDACTED]&b=3'],
    ['/?code=%E0%A4%A&x=%ZZ', '/?code=[REDACTED]&x=%ZZ'],
    ['/?%ZZ=1', '/?%ZZ=1'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('X-Request-Id', () => {
  it.each([['edge-42'], ['a1b2c3d4-e5f6-7890-abcd-ef0123456789'], ['gw:node-1.req_99'], ['x'.repeat(64)]])('keeps a plain id %s', async (id) => {
    const response = await app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
    expect(logged().length).toBeGreaterThan(0);
    expect(logged().every((line) => line.reqId === id)).toBe(true);
  });

  it.each([
    ['a line break', 'edge\r\n{"level":60,"msg":"forged"}'],
    ['JSON', '{"level":60,"msg":"forged"}'],
    ['a huge one', 'x'.repeat(5000)],
    ['65 characters', 'x'.repeat(65)],
    ['spaces and markup', '<script>alert(1)</script> id'],
    ['an empty one', ''],
  ])('replaces %s with a new id, in the answer and in every line', async (_label, id) => {
    const response = await app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-request-id': id } });
    const given = response.headers['x-request-id'];
    expect(given).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(logged().length).toBeGreaterThan(0);
    expect(logged().every((line) => line.reqId === given)).toBe(true);
    if (id) expect(lines.join('')).not.toContain(id.slice(0, 40));
  });

  it('requestIdOf reads only a single header value', () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'ok-1' } })).toBe('ok-1');
    expect(requestIdOf({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
