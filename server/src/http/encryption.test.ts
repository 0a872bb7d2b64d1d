import { createPublicKey } from 'node:crypto';
import type { Envelope, RsaKey } from '@platform/shared/contract';
import { buildApp } from '../app';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { encryptForServer } from './encryption';

// Login and registration arrive in a later issue; the mechanism is proven here on a route the
// test declares itself, exactly as those routes will: `config: { encrypted: true }`.

let context: TestContext;
let received: unknown[] = [];

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
  context = await createTestApp();
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
      expect(await publicKey(replica)).toEqual(await publicKey());
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
    const { encryption, body } = await encryptForServer({ username: 'player01', password: 'Secret123' }, key.publicKey);
    const response = await post({ encryption }, body);
    expect(response.statusCode).toBe(200);
    expect(received).toEqual([{ username: 'player01', password: 'Secret123' }]);
  });

  it('accepts a request encrypted for one replica on another', async () => {
    const replica = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {} });
    replica.post('/wps/test/secure', secureRoute, async (request) => ({ success: true, value: request.body, message: null, errorCode: null }));
    try {
      const { encryption, body } = await encryptForServer({ username: 'player02', password: 'x' }, (await publicKey()).publicKey);
      const response = await post({ encryption }, body, replica);
      expect(response.statusCode).toBe(200);
      expect(json<Envelope<unknown>>(response).value).toEqual({ username: 'player02', password: 'x' });
    } finally {
      await replica.close();
    }
  });

  it('validates the decrypted body against the route schema', async () => {
    const { encryption, body } = await encryptForServer({ username: 'p', password: 'x' }, (await publicKey()).publicKey);
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
    const { body } = await encryptForServer({ username: 'player01', password: 'x' }, (await publicKey()).publicKey);
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
    const { encryption, body } = await encryptForServer({ username: 'player01', password: 'x' }, (await publicKey()).publicKey);
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
    const { body } = await encryptForServer({ username: 'player01', password: 'x' }, (await publicKey()).publicKey);
    const otherKey = await encryptForServer({}, (await publicKey()).publicKey);
    // A valid wrapped key, but not the one the body was sealed with.
    expect((await post({ encryption: otherKey.encryption }, body)).statusCode).toBe(400);
    const garbage = await post({ encryption: 'bm90IGEga2V5' }, body);
    expect(json<Envelope<null>>(garbage).errorCode).toBe('request.decrypt.err');
    const short = await post({ encryption: otherKey.encryption }, { value: 'AAAA' });
    expect(json<Envelope<null>>(short).errorCode).toBe('request.decrypt.err');
  });

  it('keeps accepting the previous key briefly after an operator rotates it', async () => {
    const before = await publicKey();
    const sealedEarlier = await encryptForServer({ username: 'player03', password: 'x' }, before.publicKey);
    await context.pool.query('UPDATE rsa_key SET retired_at = now() WHERE retired_at IS NULL');
    const after = await publicKey();
    expect(after.keyId).not.toBe(before.keyId);
    expect((await post({ encryption: sealedEarlier.encryption }, sealedEarlier.body)).statusCode).toBe(200);
    const sealedNow = await encryptForServer({ username: 'player04', password: 'x' }, after.publicKey);
    expect((await post({ encryption: sealedNow.encryption }, sealedNow.body)).statusCode).toBe(200);
  });
});
