import { randomBytes } from 'node:crypto';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { CaptchaImage, Envelope } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { MINUTE, setAccountSettings, TestClock } from '../member/member.testing';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha } from './captcha-image';
import { createCaptcha, verifyCaptcha } from './captcha.service';

const clock = new TestClock();
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('GET /wps/captcha', () => {
  const fetchCaptcha = (query = '') => context.app.inject({ method: 'GET', url: `/wps/captcha${query}` });
  const expiryOf = async (captchaId: string) =>
    (await context.pool.query<{ expires_at: Date }>('SELECT expires_at FROM captcha_challenge WHERE id = $1', [captchaId])).rows[0].expires_at.getTime();

  it('answers the image as the value, a base64 PNG, its id in the Captcha-Id header, never cached', async () => {
    const response = await fetchCaptcha();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = json<Envelope<CaptchaImage>>(response).value;
    expect(typeof value).toBe('string');
    expect(value).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(value, 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const image = await loadImage(png);
    expect([image.width, image.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    const captchaId = String(response.headers['captcha-id']);
    expect(captchaId).toMatch(/^[0-9a-f]{32}$/);
    expect(await expiryOf(captchaId)).toBe(clock.nowMs + 2 * MINUTE);

    const other = await fetchCaptcha();
    expect(other.headers['captcha-id']).not.toBe(captchaId);
    expect(json<Envelope<CaptchaImage>>(other).value).not.toBe(value);
  });

  it("takes the caller's own random id, once; the answer is checked against that id", async () => {
    const captchaId = randomBytes(16).toString('hex');
    const response = await fetchCaptcha(`?captchaId=${captchaId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['captcha-id']).toBe(captchaId);
    expect(await expiryOf(captchaId)).toBe(clock.nowMs + 2 * MINUTE);
    // A second image for the same id is refused: an id names one image, whoever asked for it.
    const again = await fetchCaptcha(`?captchaId=${captchaId}`);
    expect(again.statusCode).toBe(400);
    expect(json<Envelope<null>>(again).errorCode).toBe('captcha.err');
    // Ids that are not 32 lower-case hex characters are refused before anything is stored.
    for (const bad of ['abc', 'G'.repeat(32), captchaId.toUpperCase().replace(/[0-9]/g, 'A'), `${captchaId}0`]) {
      const refused = await fetchCaptcha(`?captchaId=${bad}`);
      expect(refused.statusCode).toBe(400);
      expect(json<Envelope<null>>(refused).errorCode).toBe('request.param.err');
    }
  });

  it('gives one address 60 images a minute, then locks it for 5 minutes', async () => {
    const fetchFrom = (remoteAddress: string) => context.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress });
    const address = '198.51.100.77';
    for (let image = 0; image < 60; image++) expect((await fetchFrom(address)).statusCode).toBe(200);
    const refused = await fetchFrom(address);
    expect(refused.statusCode).toBe(429);
    expect(json<Envelope<null>>(refused).errorCode).toBe('TOO_MANY_REQUESTS');
    // Other addresses are not affected; the locked one waits out the lock, not the minute.
    expect((await fetchFrom('198.51.100.78')).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await fetchFrom(address)).statusCode).toBe(429);
    clock.advance(4 * MINUTE);
    expect((await fetchFrom(address)).statusCode).toBe(200);
  });

  it('stores only a hash of the answer', async () => {
    const captchaId = String((await fetchCaptcha()).headers['captcha-id']);
    const row = await context.pool.query<{ answer_hash: Buffer }>('SELECT answer_hash FROM captcha_challenge WHERE id = $1', [captchaId]);
    expect(row.rows[0].answer_hash).toHaveLength(32);
  });

  it('follows the merchant captcha lifetime', async () => {
    await setAccountSettings(context.pool, context.merchantId, { captchaTtlSeconds: 30 });
    try {
      const captchaId = String((await fetchCaptcha()).headers['captcha-id']);
      expect(await expiryOf(captchaId)).toBe(clock.nowMs + 30_000);
    } finally {
      await context.pool.query("DELETE FROM merchant_setting WHERE key = 'accounts'");
    }
  });
});

describe('verifyCaptcha', () => {
  const make = (text: string, ttlMs = 2 * MINUTE) =>
    createCaptcha(context.pool, { merchantId: context.merchantId, clientIp: '192.0.2.1', nowMs: clock.nowMs, ttlMs, text });

  it('accepts the answer once, ignoring case and surrounding spaces', async () => {
    const { captchaId } = await make('AB3K');
    expect(await verifyCaptcha(context.pool, context.merchantId, captchaId, ' ab3K ', clock.nowMs)).toBe(true);
    expect(await verifyCaptcha(context.pool, context.merchantId, captchaId, 'AB3K', clock.nowMs)).toBe(false);
  });

  it('is used up by a wrong answer too', async () => {
    const { captchaId } = await make('AB3K');
    expect(await verifyCaptcha(context.pool, context.merchantId, captchaId, 'AB3X', clock.nowMs)).toBe(false);
    expect(await verifyCaptcha(context.pool, context.merchantId, captchaId, 'AB3K', clock.nowMs)).toBe(false);
  });

  it('expires', async () => {
    const { captchaId } = await make('AB3K', 2 * MINUTE);
    expect(await verifyCaptcha(context.pool, context.merchantId, captchaId, 'AB3K', clock.nowMs + 2 * MINUTE)).toBe(false);
    const fresh = await make('AB3K', 2 * MINUTE);
    expect(await verifyCaptcha(context.pool, context.merchantId, fresh.captchaId, 'AB3K', clock.nowMs + 2 * MINUTE - 1)).toBe(true);
  });

  it('belongs to its merchant', async () => {
    const { captchaId } = await make('AB3K');
    expect(await verifyCaptcha(context.pool, context.merchantId + 1000, captchaId, 'AB3K', clock.nowMs)).toBe(false);
  });

  it.each([
    [undefined, 'AB3K'],
    ['not-an-id', 'AB3K'],
    ['0123456789abcdef0123456789abcdef', 'AB3K'],
  ])('refuses a missing or unknown id (%s)', async (captchaId, text) => {
    expect(await verifyCaptcha(context.pool, context.merchantId, captchaId, text, clock.nowMs)).toBe(false);
  });

  it('refuses an empty answer without using the challenge up', async () => {
    const { captchaId } = await make('AB3K');
    expect(await verifyCaptcha(context.pool, context.merchantId, captchaId, '', clock.nowMs)).toBe(false);
    expect(await verifyCaptcha(context.pool, context.merchantId, captchaId, 'ab3k', clock.nowMs)).toBe(true);
  });
});

describe('the picture', () => {
  it('draws every character of the alphabet without any installed font', async () => {
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += 4) {
      const text = CAPTCHA_ALPHABET.slice(i, i + 4).padEnd(4, 'A');
      const png = await drawCaptcha(text);
      const image = await loadImage(png);
      // Something dark (the strokes) is on the light background.
      const canvas = createCanvas(image.width, image.height);
      const context2d = canvas.getContext('2d');
      context2d.drawImage(image, 0, 0);
      const pixels = context2d.getImageData(0, 0, image.width, image.height).data;
      let dark = 0;
      for (let p = 0; p < pixels.length; p += 4) if (pixels[p] + pixels[p + 1] + pixels[p + 2] < 300) dark++;
      expect(dark).toBeGreaterThan(200);
    }
  });

  it('leaves out look-alike characters', () => {
    for (const character of ['0', 'O', '1', 'I', '8', 'Q']) expect(CAPTCHA_ALPHABET).not.toContain(character);
  });
});
