import { decryptTestRequest, generateTestRsaKeyPair, type TestRsaKeyPair } from '../testing/rsa-test-keys';
import { base64ToBytes, bytesToBase64, createRsaKeyCache, encryptPayload, importRsaPublicKey } from './encryption';

let keys: TestRsaKeyPair;
beforeAll(async () => {
  keys = await generateTestRsaKeyPair();
});

describe('encryptPayload', () => {
  it('seals the JSON payload so that only the private key holder can read it', async () => {
    const payload = { username: 'player01', password: 'Pässwörd 1', captcha: '1234', nested: { n: 1 } };
    const sealed = await encryptPayload(payload, await importRsaPublicKey(keys.publicKey));

    expect(Object.keys(sealed.body)).toEqual(['value']);
    expect(sealed.body.value).not.toContain('player01');
    const opened = await decryptTestRequest(sealed.body.value, sealed.encryptionHeader, keys.privateKey);
    expect(opened.data).toEqual(payload);
    const message = base64ToBytes(sealed.body.value);
    const json = new TextEncoder().encode(JSON.stringify(opened));
    // 12-byte IV, ciphertext as long as the plaintext, 16-byte GCM tag.
    expect(message.length).toBe(12 + json.length + 16);
    // The wrapped key is one RSA-2048 block.
    expect(base64ToBytes(sealed.encryptionHeader).length).toBe(256);
  });

  it('stamps every payload with the time and a fresh random nonce inside the ciphertext', async () => {
    const publicKey = await importRsaPublicKey(keys.publicKey);
    const serverNowMs = Date.UTC(2025, 0, 15, 10, 0, 0);
    const first = await encryptPayload({ amount: 100 }, publicKey, { serverNowMs });
    const second = await encryptPayload({ amount: 100 }, publicKey, { serverNowMs });
    const [a, b] = await Promise.all(
      [first, second].map((sealed) => decryptTestRequest(sealed.body.value, sealed.encryptionHeader, keys.privateKey)),
    );
    expect(Object.keys(a).sort()).toEqual(['data', 'nonce', 'ts']);
    expect(a).toMatchObject({ ts: serverNowMs, data: { amount: 100 } });
    expect(b.ts).toBe(serverNowMs);
    // 128 bits in base64url, never the same twice.
    expect(a.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.nonce).not.toBe(b.nonce);
    // Neither is readable without the private key.
    expect(first.body.value).not.toContain(a.nonce);
  });

  it("stamps this device's time when the server's is not known", async () => {
    const before = Date.now();
    const sealed = await encryptPayload({}, await importRsaPublicKey(keys.publicKey));
    const { ts } = await decryptTestRequest(sealed.body.value, sealed.encryptionHeader, keys.privateKey);
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(Date.now());
  });

  it('uses a fresh AES key and IV for every request', async () => {
    const publicKey = await importRsaPublicKey(keys.publicKey);
    const first = await encryptPayload({ a: 1 }, publicKey);
    const second = await encryptPayload({ a: 1 }, publicKey);
    expect(first.body.value.slice(0, 16)).not.toBe(second.body.value.slice(0, 16));
    expect(first.encryptionHeader).not.toBe(second.encryptionHeader);
  });

  it('fails to decrypt when the ciphertext was altered (GCM authenticates it)', async () => {
    const sealed = await encryptPayload({ amount: 100 }, await importRsaPublicKey(keys.publicKey));
    const bytes = base64ToBytes(sealed.body.value);
    bytes[20] ^= 0xff;
    await expect(decryptTestRequest(bytesToBase64(bytes), sealed.encryptionHeader, keys.privateKey)).rejects.toThrow();
  });

  it('encrypts an absent payload as an empty object', async () => {
    const sealed = await encryptPayload(undefined, await importRsaPublicKey(keys.publicKey));
    await expect(decryptTestRequest(sealed.body.value, sealed.encryptionHeader, keys.privateKey)).resolves.toMatchObject({ data: {} });
  });
});

describe('createRsaKeyCache', () => {
  it('keeps how far the server clock is from this device, measured when the key arrives', async () => {
    let deviceNow = 1_000_000;
    const cache = createRsaKeyCache(async () => ({ keyId: 'k1', publicKey: keys.publicKey, serverTime: 4_600_000 }), () => deviceNow);
    expect((await cache.get()).clockOffsetMs).toBe(3_600_000);
    deviceNow += 60_000;
    // Kept with the key: the device's clock is read when a payload is sealed.
    expect((await cache.get()).clockOffsetMs).toBe(3_600_000);
  });

  it('fetches the key once, again after invalidate, and again after a failed fetch', async () => {
    const fetchKey = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ keyId: 'k1', publicKey: keys.publicKey, serverTime: Date.now() });
    const cache = createRsaKeyCache(fetchKey);

    await expect(cache.get()).rejects.toThrow('offline');
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    expect(fetchKey).toHaveBeenCalledTimes(2);
    cache.invalidate();
    await cache.get();
    expect(fetchKey).toHaveBeenCalledTimes(3);
  });
});

describe('base64', () => {
  it('round-trips every byte value, also in large buffers', () => {
    const bytes = new Uint8Array(40_000).map((_, index) => index % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff]))).toBe('+/8=');
  });
});
