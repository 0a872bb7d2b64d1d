import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Envelope, SystemStatus } from '@platform/contract';
import { readSeedFile, seedMerchant } from '../db/seed';
import { createTestApp, json, type TestContext } from '../testing/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  const seed = await readSeedFile();
  await seedMerchant(context.pool, {
    ...seed,
    merchant: { code: 'SECOND', name: 'Second Brand' },
    domains: ['second.example', 'www.second.example'],
    settings: { ...seed.settings, site: { ...seed.settings.site, brandName: 'Second Brand', defaultLanguage: 'EN' } },
  });
});

afterAll(async () => {
  await context.close();
});

async function brandOf(headers: Record<string, string>): Promise<string> {
  const response = await context.app.inject({ method: 'GET', url: '/wps/system/status', headers });
  expect(response.statusCode).toBe(200);
  return json<Envelope<SystemStatus>>(response).value.info.site.brandName;
}

describe('merchant resolution', () => {
  it('uses the Merchant header first', async () => {
    expect(await brandOf({ merchant: 'SECOND' })).toBe('Second Brand');
    expect(await brandOf({ merchant: 'DEFAULT', host: 'second.example' })).toBe('Lucky Star');
  });

  it('falls back to the request host (any port, any case)', async () => {
    expect(await brandOf({ host: 'second.example' })).toBe('Second Brand');
    expect(await brandOf({ host: 'WWW.Second.Example:8443' })).toBe('Second Brand');
  });

  it('names the merchant it resolved in the status (info.merchantCode): what the client writes at boot and sends as Merchant from then on', async () => {
    const codeOf = async (headers: Record<string, string>) =>
      json<Envelope<SystemStatus>>(await context.app.inject({ method: 'GET', url: '/wps/system/status', headers })).value.info.merchantCode;
    expect(await codeOf({ host: 'www.second.example' })).toBe('SECOND');
    expect(await codeOf({ host: 'unknown.example' })).toBe('DEFAULT');
    expect(await codeOf({ merchant: 'SECOND', host: 'unknown.example' })).toBe('SECOND');
  });

  it('falls back to the default merchant for an unknown host', async () => {
    expect(await brandOf({ host: 'unknown.example' })).toBe('Lucky Star');
    expect(await brandOf({})).toBe('Lucky Star');
  });

  it('answers an unknown merchant code with 400 merchant.not.found', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: 'NOPE' } });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ success: false, value: null, message: 'Unknown merchant', errorCode: 'merchant.not.found' });
  });

  it('applies to /remotes.json too', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/remotes.json', headers: { merchant: 'NOPE' } });
    expect(response.statusCode).toBe(400);
    expect(json<Envelope<null>>(response).errorCode).toBe('merchant.not.found');
  });

  it('answers a repeated Merchant header with 400 function.not.available', async () => {
    // Over a real socket, so the header really arrives twice.
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as AddressInfo;
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/wps/system/whitelabel',
          // Raw header list (Node then adds no Host of its own).
          headers: ['Host', `127.0.0.1:${port}`, 'Merchant', 'DEFAULT', 'Merchant', 'SECOND', 'Language', 'CN'],
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(400);
    expect(JSON.parse(body)).toEqual({ success: false, value: null, message: '功能不可用', errorCode: 'function.not.available' });
  });

  it('reads merchant data per request: an operator edit shows on the next call', async () => {
    await context.pool.query(
      `UPDATE merchant_setting SET value = jsonb_set(value, '{brandName}', '"Renamed Brand"')
        WHERE key = 'site' AND merchant_id = (SELECT id FROM merchant WHERE code = 'SECOND')`,
    );
    expect(await brandOf({ merchant: 'SECOND' })).toBe('Renamed Brand');
    // A domain added in the database is honoured at once as well.
    await context.pool.query(
      "INSERT INTO merchant_domain (domain, merchant_id) SELECT 'brand-new.example', id FROM merchant WHERE code = 'SECOND'",
    );
    expect(await brandOf({ host: 'brand-new.example' })).toBe('Renamed Brand');
  });

  it('keeps merchants apart: one brand’s rows never show for another', async () => {
    await context.pool.query(
      "UPDATE whitelabel_module SET enabled = false WHERE module_id = 'FREEPLAY3' AND merchant_id = (SELECT id FROM merchant WHERE code = 'SECOND')",
    );
    const second = await context.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: 'SECOND' } });
    const first = await context.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: 'DEFAULT' } });
    expect(json<Envelope<Record<string, { enabled: string }>>>(second).value.FREEPLAY3.enabled).toBe('0');
    expect(json<Envelope<Record<string, { enabled: string }>>>(first).value.FREEPLAY3.enabled).toBe('1');
  });
});
