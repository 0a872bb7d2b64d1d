import type { Envelope, SystemStatus, Whitelabel } from '@platform/contract';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { CachedAnswers } from './cached-answer';

// The answers every page load asks for are kept as bytes per configuration revision (and per
// visitor state): what a browser receives compressed must be exactly the answer, an operator's
// change must reach the next read, and two visitors never share a location.

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

const READS = [
  '/wps/system/status',
  '/wps/system/whitelabel',
  '/wps/relay/GCSGAME_newGameVendor?platform=html5&language=EN',
  '/wps/relay/GCSGAME_newGameVendor?platform=html5&language=CN',
];

const read = (url: string, acceptEncoding?: string, remoteAddress?: string) =>
  context.app.inject({ method: 'GET', url, headers: { merchant: 'DEFAULT', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) }, remoteAddress });

function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString('utf8');
}

const statusVia = async (acceptEncoding: string, remoteAddress?: string) => JSON.parse(decoded(await read('/wps/system/status', acceptEncoding, remoteAddress))) as Envelope<SystemStatus>;

describe('cached answers of every page load', () => {
  it('answers each encoding a browser asks for with the same answer, compressed, sized and marked as varying', async () => {
    for (const url of READS) {
      const plain = await read(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json<Envelope<unknown>>(plain).success).toBe(true);
      for (const [accept, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0.1, gzip;q=0.9', 'gzip'],
        ['identity', undefined],
      ] as const) {
        // Twice: the first read keeps the bytes, the second is answered from them.
        for (let attempt = 0; attempt < 2; attempt++) {
          const response = await read(url, accept);
          expect(response.statusCode).toBe(200);
          const long = plain.rawPayload.length >= 1024;
          expect(response.headers['content-encoding']).toBe(long ? expected : undefined);
          if (long) expect(response.headers.vary).toMatch(/accept-encoding/i);
          expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
          expect(decoded(response)).toBe(plain.body);
        }
      }
    }
    // The status is long enough to be compressed, and compressing it pays.
    const status = await read('/wps/system/status', 'br');
    expect(status.headers['content-encoding']).toBe('br');
    expect(status.rawPayload.length).toBeLessThan((await read('/wps/system/status')).rawPayload.length / 2);
  });

  it('keeps each visitor their own location and restriction', async () => {
    const vietnamese = '14.160.0.1';
    const documentation = '198.51.100.20';
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await statusVia('br', vietnamese)).value.location).toEqual({ ip: vietnamese, country: 'VN' });
      expect((await statusVia('br', documentation)).value.location).toEqual({ ip: documentation, country: null });
    }
    // A region rule, an operator's change: the restricted visitor sees it at once, the other does not.
    await context.pool.query("INSERT INTO region_rule (merchant_id, kind, value) VALUES ($1, 'country', 'VN')", [context.merchantId]);
    try {
      expect((await statusVia('br', vietnamese)).value.regionRestriction).toBe(true);
      expect((await statusVia('gzip', documentation)).value.regionRestriction).toBe(false);
    } finally {
      await context.pool.query('DELETE FROM region_rule WHERE merchant_id = $1', [context.merchantId]);
    }
    expect((await statusVia('br', vietnamese)).value.regionRestriction).toBe(false);
  });

  it("answers an operator's change on the next read, in every encoding", async () => {
    const whitelabel = async (accept: string) =>
      (JSON.parse(decoded(await read('/wps/system/whitelabel', accept))) as Envelope<Whitelabel>).value;
    const moduleId = Object.keys(await whitelabel('br'))[0];
    const before = (await statusVia('br')).value.info.whitelabel[moduleId].enabled;
    const after = before === '1' ? '0' : '1';
    await context.pool.query('UPDATE whitelabel_module SET enabled = $1 WHERE merchant_id = $2 AND module_id = $3', [after === '1', context.merchantId, moduleId]);
    try {
      for (const accept of ['br', 'gzip', 'identity']) {
        expect((await statusVia(accept)).value.info.whitelabel[moduleId].enabled).toBe(after);
        expect((await whitelabel(accept))[moduleId].enabled).toBe(after);
      }
    } finally {
      await context.pool.query('UPDATE whitelabel_module SET enabled = $1 WHERE merchant_id = $2 AND module_id = $3', [before === '1', context.merchantId, moduleId]);
    }
    expect((await statusVia('br')).value.info.whitelabel[moduleId].enabled).toBe(before);
  });
});

describe('CachedAnswers', () => {
  it('keeps no more bytes than its bound, however many keys are asked for', async () => {
    const maxBytes = 64 * 1024;
    const answers = new CachedAnswers({ maxBytes });
    const app = Fastify();
    app.get<{ Querystring: { key: string } }>('/answer', async (request, reply) =>
      answers.send(request, reply, '1', request.query.key, () => ({ key: request.query.key, padding: 'x'.repeat(4000) })),
    );
    try {
      for (let index = 0; index < 200; index++) {
        const response = await app.inject({ method: 'GET', url: `/answer?key=k${index}`, headers: { 'accept-encoding': 'br' } });
        expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8')).key).toBe(`k${index}`);
      }
      expect(answers.bytes).toBeGreaterThan(0);
      expect(answers.bytes).toBeLessThanOrEqual(maxBytes);
    } finally {
      await app.close();
    }
  });

  it('keeps nothing without a known revision', async () => {
    const answers = new CachedAnswers();
    const app = Fastify();
    let built = 0;
    app.get('/answer', async (request, reply) => answers.send(request, reply, undefined, 'same', () => ({ built: ++built })));
    try {
      expect((await app.inject('/answer')).json()).toEqual({ built: 1 });
      expect((await app.inject('/answer')).json()).toEqual({ built: 2 });
      expect(answers.bytes).toBe(0);
    } finally {
      await app.close();
    }
  });
});
