import { createPublicKey } from 'node:crypto';
import type { Envelope, RsaKey } from '@platform/contract';
import { buildApp } from '../app';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { encryptForServer, encryptRawForServer, FRESHNESS_WINDOW_MS } from './encryption';

// The mechanism is proven here on a route the test declares itself, exactly as the login and
// registration routes do: `config: { encrypted: true }`.

let context: TestContext;
let received: unknown[] = [];
/** The server's clock, moved by hand. */
let nowMs = Date.UTC(2025, 0, 15, 10, 0, 0);

const secureRoute = {
  config: { encrypted: true },
  schema: {
    body: {
      type: 'object',
      required: ['username', 'password'],
      properties: { username: { type: 'string', minLength: 3 }, password: { type: 'string' } },
    },
  },
} as const;

beforeAll(async () => {
  context = await createTestApp({ clock: () => nowMs });
  context.app.post('/wps/test/secure', secureRoute, async (request) => {
    received.push(request.body);
    return { success: true, value: request.body, message: null, errorCode: null };
  });
});

afterAll(async () => {
  await context.close();
});

beforeEach(() => {
  received = [];
});

async function publicKey(app = context.app): Promise<RsaKey> {
  const response = await app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
  expect(response.statusCode).toBe(200);
  return json<Envelope<RsaKey>>(response).value;
}

async function post(headers: Record<string, string>, payload: unknown, app = context.app) {
  return app.inject({ method: 'POST', url: '/wps/test/secure', headers, payload: payload as Record<string, unknown> });
}

describe('GET /wps/session/key/rsa', () => {
  it('gives a 2048-bit RSA public key as base64 DER SubjectPublicKeyInfo', async () => {
    const key = await publicKey();
    expect(key.keyId).toEqual(expect.any(String));
    const parsed = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(parsed.asymmetricKeyType).toBe('rsa');
    expect(parsed.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('is the same key for every replica (it lives in the database)', async () => {
    const replica = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {} });
    try {
      const { serverTime: _a, ...fromReplica } = await publicKey(replica);
      const { serverTime: _b, ...fromThis } = await publicKey();
      expect(fromReplica).toEqual(fromThis);
    } finally {
      await replica.close();
    }
  });
});

describe('an encrypted route', () => {
  it('documents its Encryption header in OpenAPI', async () => {
    const document = json<{ paths: Record<string, { post: { parameters: { name: string; in: string }[] } }> }>(
      await context.app.inject({ method: 'GET', url: '/docs/json' }),
    );
    expect(document.paths['/wps/test/secure'].post.parameters).toContainEqual(expect.objectContaining({ name: 'encryption', in: 'header' }));
  });

  it('accepts a body encrypted like the browser does and sees the plain JSON', async () => {
    const key = await publicKey();
    const { encryption, body } = await encryptForServer({ username: 'player01', password: 'Secret123' }, key);
    const response = await post({ encryption }, body);
    expect(response.statusCode).toBe(200);
    expect(received).toEqual([{ username: 'player01', password: 'Secret123' }]);
  });

  it('accepts a request encrypted for one replica on another', async () => {
    const replica = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {}, clock: () => nowMs });
    replica.post('/wps/test/secure', secureRoute, async (request) => ({ success: true, value: request.body, message: null, errorCode: null }));
    try {
      const { encryption, body } = await encryptForServer({ username: 'player02', password: 'x' }, await publicKey());
      const response = await post({ encryption }, body, replica);
      expect(response.statusCode).toBe(200);
      expect(json<Envelope<unknown>>(response).value).toEqual({ username: 'player02', password: 'x' });
    } finally {
      await replica.close();
    }
  });

  it('validates the decrypted body against the route schema', async () => {
    const { encryption, body } = await encryptForServer({ username: 'p', password: 'x' }, await publicKey());
    const response = await post({ encryption }, body);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      success: false,
      value: null,
      message: 'Invalid request parameter: body.username must NOT have fewer than 3 characters',
      errorCode: 'request.param.err',
    });
    expect(received).toEqual([]);
  });

  it('refuses a plaintext body with 400 request_body_required', async () => {
    const response = await post({}, { username: 'player01', password: 'Secret123' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      success: false,
      value: null,
      message: 'This request must be sent encrypted',
      errorCode: 'request_body_required',
    });
    expect(received).toEqual([]);
  });

  it('refuses an encrypted body without the Encryption header', async () => {
    const { body } = await encryptForServer({ username: 'player01', password: 'x' }, await publicKey());
    const response = await post({}, body);
    expect(response.statusCode).toBe(400);
    expect(json<Envelope<null>>(response).errorCode).toBe('request_body_required');
  });

  it('refuses an empty request', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/test/secure', headers: { encryption: 'abc' } });
    expect(response.statusCode).toBe(400);
    expect(json<Envelope<null>>(response).errorCode).toBe('request_body_required');
  });

  it('refuses a tampered ciphertext with 400 request.decrypt.err', async () => {
    const { encryption, body } = await encryptForServer({ username: 'player01', password: 'x' }, await publicKey());
    const bytes = Buffer.from(body.value, 'base64');
    bytes[20] ^= 0x01; // one bit inside the ciphertext: the GCM tag no longer matches
    const response = await post({ encryption }, { value: bytes.toString('base64') });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      success: false,
      value: null,
      message: 'The request could not be decrypted',
      errorCode: 'request.decrypt.err',
    });
    expect(received).toEqual([]);
  });

  it('refuses a key wrapped for someone else or garbage', async () => {
    const { body } = await encryptForServer({ username: 'player01', password: 'x' }, await publicKey());
    const otherKey = await encryptForServer({}, await publicKey());
    // A valid wrapped key, but not the one the body was sealed with.
    expect((await post({ encryption: otherKey.encryption }, body)).statusCode).toBe(400);
    const garbage = await post({ encryption: 'bm90IGEga2V5' }, body);
    expect(json<Envelope<null>>(garbage).errorCode).toBe('request.decrypt.err');
    const short = await post({ encryption: otherKey.encryption }, { value: 'AAAA' });
    expect(json<Envelope<null>>(short).errorCode).toBe('request.decrypt.err');
  });

  it('keeps accepting the previous key briefly after an operator rotates it', async () => {
    const before = await publicKey();
    const sealedEarlier = await encryptForServer({ username: 'player03', password: 'x' }, before);
    await context.pool.query('UPDATE rsa_key SET retired_at = now() WHERE retired_at IS NULL');
    const after = await publicKey();
    expect(after.keyId).not.toBe(before.keyId);
    expect((await post({ encryption: sealedEarlier.encryption }, sealedEarlier.body)).statusCode).toBe(200);
    const sealedNow = await encryptForServer({ username: 'player04', password: 'x' }, after);
    expect((await post({ encryption: sealedNow.encryption }, sealedNow.body)).statusCode).toBe(200);
  });
});

describe('replay protection', () => {
  const REPLAY = {
    success: false,
    value: null,
    message: 'This request is out of date or was already sent. Please reload the page and try again',
    errorCode: 'request.replay.err',
  };

  it('tells the server clock with the key, and accepts a payload stamped by it', async () => {
    const key = await publicKey();
    expect(key.serverTime).toBe(nowMs);
    const { encryption, body } = await encryptForServer({ username: 'player05', password: 'x' }, key);
    expect((await post({ encryption }, body)).statusCode).toBe(200);
  });

  it('refuses the same ciphertext sent twice, also when the copy goes to another replica', async () => {
    const { encryption, body } = await encryptForServer({ username: 'player06', password: 'Secret123' }, await publicKey());
    expect((await post({ encryption }, body)).statusCode).toBe(200);
    nowMs += 30_000;
    const again = await post({ encryption }, body);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual(REPLAY);

    const replica = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {}, clock: () => nowMs });
    replica.post('/wps/test/secure', secureRoute, async (request) => ({ success: true, value: request.body, message: null, errorCode: null }));
    try {
      expect(json(await post({ encryption }, body, replica))).toEqual(REPLAY);
    } finally {
      await replica.close();
    }
    expect(received).toEqual([{ username: 'player06', password: 'Secret123' }]);
  });

  it('lets exactly one of many simultaneous copies through', async () => {
    const { encryption, body } = await encryptForServer({ username: 'player07', password: 'x' }, await publicKey());
    const responses = await Promise.all(Array.from({ length: 12 }, () => post({ encryption }, body)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array(11).fill(400)]);
    expect(received).toHaveLength(1);
  });

  it('refuses a payload stamped more than 5 minutes from the server clock, either way', async () => {
    const key = await publicKey();
    for (const ts of [nowMs - FRESHNESS_WINDOW_MS - 1000, nowMs + FRESHNESS_WINDOW_MS + 1000]) {
      const { encryption, body } = await encryptForServer({ username: 'player08', password: 'x' }, key, { ts });
      expect(json(await post({ encryption }, body))).toEqual(REPLAY);
    }
    for (const ts of [nowMs - FRESHNESS_WINDOW_MS, nowMs + FRESHNESS_WINDOW_MS]) {
      const { encryption, body } = await encryptForServer({ username: 'player08', password: 'x' }, key, { ts });
      expect((await post({ encryption }, body)).statusCode).toBe(200);
    }
    expect(received).toHaveLength(2);
  });

  it('refuses a copy held back until its nonce is forgotten: it is stale by then', async () => {
    const { encryption, body } = await encryptForServer({ username: 'player09', password: 'x' }, await publicKey());
    expect((await post({ encryption }, body)).statusCode).toBe(200);
    nowMs += FRESHNESS_WINDOW_MS + 1000;
    // A fresh request purges the expired nonces...
    const fresh = await encryptForServer({ username: 'player10', password: 'x' }, await publicKey());
    expect((await post({ encryption: fresh.encryption }, fresh.body)).statusCode).toBe(200);
    const expired = await context.pool.query('SELECT 1 FROM request_nonce WHERE expires_at <= $1', [new Date(nowMs)]);
    expect(expired.rowCount).toBe(0);
    // ...and the held copy is refused all the same.
    expect(json(await post({ encryption }, body))).toEqual(REPLAY);
    expect(received).toEqual([{ username: 'player09', password: 'x' }, { username: 'player10', password: 'x' }]);
  });

  it('refuses the payload shape of a page loaded before the rule (no timestamp and nonce)', async () => {
    const old = await encryptRawForServer({ username: 'player11', password: 'x' }, (await publicKey()).publicKey);
    expect(json(await post({ encryption: old.encryption }, old.body))).toEqual(REPLAY);
    expect(received).toEqual([]);
  });

  it.each([
    ['a short nonce', { ts: 0, nonce: 'abc', data: {} }],
    ['a nonce of other characters', { ts: 0, nonce: 'not/a+nonce=====', data: {} }],
    ['a timestamp that is no integer', { ts: 'now', nonce: 'AAAAAAAAAAAAAAAAAAAAAA', data: {} }],
    ['no data', { ts: 0, nonce: 'AAAAAAAAAAAAAAAAAAAAAA' }],
  ])('refuses %s', async (_name, payload) => {
    const sealed = await encryptRawForServer({ ...payload, ts: payload.ts === 0 ? nowMs : payload.ts }, (await publicKey()).publicKey);
    expect(json(await post({ encryption: sealed.encryption }, sealed.body))).toEqual(REPLAY);
    expect(received).toEqual([]);
  });
});
