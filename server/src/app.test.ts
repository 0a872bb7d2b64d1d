import { gunzipSync } from 'node:zlib';
import type { Envelope } from '@platform/contract';
import { buildApp } from './app';
import { createPool } from './db/pool';
import { createTestApp, json, type TestContext } from './testing/test-app';

// The envelope, error handling, docs, health and cross-cutting HTTP behaviour.

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  // A body-reading route, registered by the test because the API has none yet (login etc.
  // come later): it proves how bad bodies are answered.
  context.app.post<{ Body: { name: string; age?: number } }>(
    '/wps/test/echo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer', minimum: 0 } },
        },
      },
    },
    async (request) => ({ success: true, value: request.body, message: null, errorCode: null }),
  );
});

afterAll(async () => {
  await context.close();
});

describe('envelope', () => {
  it('wraps a successful answer in { success, value, message, errorCode }', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    expect(response.statusCode).toBe(200);
    const body = json<Envelope<Record<string, unknown>>>(response);
    expect(Object.keys(body).sort()).toEqual(['errorCode', 'message', 'success', 'value']);
    expect(body).toMatchObject({ success: true, message: null, errorCode: null });
    expect(body.value).toHaveProperty('MOBILENUMREG3');
  });

  it('answers an unknown /wps path with 404 not.found in the envelope', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/no/such/call' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ success: false, value: null, message: 'Not found', errorCode: 'not.found' });
  });

  it('answers an unknown method on a known path with 404, not 500', async () => {
    const response = await context.app.inject({ method: 'DELETE', url: '/wps/system/status' });
    expect(response.statusCode).toBe(404);
    expect(json<Envelope<null>>(response).errorCode).toBe('not.found');
  });
});

describe('messages follow the Language header', () => {
  it.each([
    ['EN', 'Not found'],
    ['BN', 'পাওয়া যায়নি'],
    ['CN', '未找到'],
    ['TY', '找不到'],
    ['TW', '找不到'],
    ['VI', 'Không tìm thấy'],
    ['TH', 'ไม่พบข้อมูล'],
    ['ID', 'Tidak ditemukan'],
    ['xx', 'Not found'],
  ])('%s → %s', async (language, message) => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/nothing', headers: { language } });
    expect(json<Envelope<null>>(response).message).toBe(message);
  });
});

describe('bad input is a 400 with a clear message, never a 500', () => {
  it('rejects malformed JSON', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab",',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      success: false,
      value: null,
      message: 'The request body is not valid JSON',
      errorCode: 'request.json.err',
    });
  });

  it('rejects an empty JSON body', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(json<Envelope<null>>(response).errorCode).toBe('request.json.err');
  });

  it('names a missing field', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/echo', payload: { age: 3 } });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      success: false,
      value: null,
      message: 'Invalid request parameter: body.name is required',
      errorCode: 'request.param.err',
    });
  });

  it('names a field of the wrong type, in the caller language', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { language: 'CN' },
      payload: { name: 'Ana', age: 'old' },
    });
    expect(response.statusCode).toBe(400);
    expect(json<Envelope<null>>(response).message).toBe('请求参数错误：body.age must be integer');
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { 'content-type': 'application/x-yaml' },
      payload: 'name: Ana',
    });
    expect(response.statusCode).toBe(415);
    expect(json<Envelope<null>>(response).errorCode).toBe('request.media.type.err');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      payload: { name: 'x'.repeat(1_100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(json<Envelope<null>>(response).errorCode).toBe('request.too.large');
  });

  const hostile: [string, Record<string, string>?][] = [
    ['/wps/relay/MCSFE_getListAnnouncements?types=%00'],
    ['/wps/relay/MCSFE_getListAnnouncements?types=B&types=PL&types=ZZ'],
    ['/wps/relay/MCSFE_getListAnnouncements?platform=W&platform=W'],
    ['/wps/relay/MCSFE_getListAnnouncements?platform=M&execution=Z'],
    ['/wps/relay/GCSGAME_newGameVendor'],
    ['/wps/relay/GCSGAME_newGameVendor?platform=' + 'x'.repeat(5000)],
    ['/wps/relay/GCSGAME_newGameVendor?platform=html5&language=%F0%9F%98%80'],
    ['/wps/system/status?url=' + 'u'.repeat(3000)], // over the 2048 limit
    ['/wps/system/status', { merchant: "DEFAULT' OR '1'='1" }],
    ['/wps/system/status', { merchant: 'x'.repeat(500) }],
    ['/wps/%E0%A4%A'],
  ];
  it.each(hostile.map(([url, headers]) => [url.slice(0, 80), url, headers ?? {}] as const))(
    'GET %s answers 4xx in the envelope',
    async (_label, url, headers) => {
    const response = await context.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = json<Envelope<unknown>>(response);
    expect(body.success).toBe(false);
    expect(typeof body.errorCode).toBe('string');
    expect(typeof body.message).toBe('string');
    },
  );
});

describe('/healthz', () => {
  it('answers ok while the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok', instanceId: expect.any(String), startedAt: expect.any(String), configRevision: expect.any(String) });
  });

  it('answers 503 when the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const deadPool = createPool('postgres://nobody:nothing@127.0.0.1:1/none', 1);
    const app = await buildApp({ pool: deadPool, logger: false, remoteOverrides: {} });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      // Nothing served from memory either: the revision cannot be read.
      expect(json(response)).toEqual({ status: 'unavailable', instanceId: expect.any(String), startedAt: expect.any(String), configRevision: null });
    } finally {
      await app.close();
      await deadPool.end();
    }
  });
});

describe('/docs', () => {
  it('serves the OpenAPI document listing every route with its schemas', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = json<{ openapi: string; paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>(response);
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/wps/system/domainRoute',
      '/wps/system/helpCenter',
      '/wps/system/country',
      '/wps/system/setting/register',
      '/wps/system/notice',
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/relay/GCSGAME_newGameVendor',
      '/wps/session/key/rsa',
      '/remotes.json',
      '/healthz',
    ]) {
      expect(document.paths).toHaveProperty([path, 'get']);
    }
    const vendorParameters = document.paths['/wps/relay/GCSGAME_newGameVendor'].get.parameters?.map((parameter) => parameter.name);
    expect(vendorParameters).toEqual(expect.arrayContaining(['platform', 'language', 'merchant']));
  });

  it('serves the browsable UI', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('cross-cutting HTTP behaviour', () => {
  it('compresses large answers when the client accepts gzip', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')).success).toBe(true);
  });

  it('gives every answer a request id, keeping the caller’s one', async () => {
    const generated = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await context.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'edge-42' } });
    expect(kept.headers['x-request-id']).toBe('edge-42');
  });

  it('serves the seeded images under /assets', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/image\/svg\+xml/);
    const missing = await context.app.inject({ method: 'GET', url: '/assets/nope.svg' });
    expect(missing.statusCode).toBe(404);
  });
});
