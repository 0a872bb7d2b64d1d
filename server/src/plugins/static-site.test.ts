import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { createStaticFixture, type StaticFixture } from '../testing/static-fixture';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { bannerGroupOfPath, bannerPreloadUrl, cacheControlFor, withFirstBanner } from './static-site';

let context: TestContext;
let dist: StaticFixture;
const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"><div class="boot-splash"></div></div></body></html>';
const BUNDLES: Record<string, string> = {
  'shell/main.3f2a9c1b7d.js': `console.log(${JSON.stringify('shell '.repeat(400))})`,
  'remotes/mfe_lobby/1.0.0/412.8d1e77aa.js': `export const chunk = ${JSON.stringify('lobby '.repeat(400))};`,
  'remotes/mfe_lobby/1.0.0/remoteEntry.js': `var mfe_lobby = ${JSON.stringify('entry '.repeat(400))};`,
};
/** The precompressed copies in the fixture, by path. */
const COPIES: Record<string, Buffer> = {};

beforeAll(async () => {
  dist = await createStaticFixture({
    'shell/index.html': INDEX,
    'shell/main.3f2a9c1b7d.js': 'console.log("shell")',
    'shell/service-worker.js': 'self.addEventListener("fetch", () => {})',
    'shell/manifest.webmanifest': '{"name":"Lucky Star"}',
    'shell/mf-manifest.json': '{}',
    'shell/robots.txt': 'User-agent: *',
    'remotes/mfe_lobby/1.0.0/mf-manifest.json': '{}',
    'remotes/mfe_lobby/1.0.0/remoteEntry.js': 'var mfe_lobby;',
    'remotes/mfe_lobby/1.0.0/412.8d1e77aa.js': 'chunk',
  });
  // What scripts/build.mjs writes beside each text file: a brotli and a gzip copy.
  for (const file of ['shell/main.3f2a9c1b7d.js', 'remotes/mfe_lobby/1.0.0/412.8d1e77aa.js', 'remotes/mfe_lobby/1.0.0/remoteEntry.js']) {
    const content = BUNDLES[file];
    await dist.write(file, content);
    COPIES[`${file}.br`] = brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
    COPIES[`${file}.gz`] = gzipSync(content, { level: 9 });
    await dist.writeBytes(`${file}.br`, COPIES[`${file}.br`]);
    await dist.writeBytes(`${file}.gz`, COPIES[`${file}.gz`]);
  }
  context = await createTestApp({ staticRoot: dist.root });
});

afterAll(async () => {
  await context.close();
  await dist.remove();
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the built shell at /', () => {
  it('serves index.html at / without caching, with the first home banner named', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(withFirstBanner(INDEX, await firstBannerOf('w_home'), 'w_home'));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['/register', '/register.html', '/lottery?gameCode=VN1'])(
    'answers the SPA route %s with index.html',
    async (url) => {
      const response = await context.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe(INDEX);
    },
  );

  it.each(['/wps/unknown', '/lgw/games/nothing', '/docs/nothing', '/remotes/none.js', '/assets/none.svg', '/healthz/x'])(
    'never answers the server path %s with the shell',
    async (url) => {
      const response = await context.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ success: false, errorCode: 'not.found' });
    },
  );

  it('answers a non-HTML request for an unknown path with the 404 envelope', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/register', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ errorCode: 'not.found' });
  });

  it('caches content-hashed files forever and revalidates the rest', async () => {
    const hashed = await context.app.inject({ method: 'GET', url: '/main.3f2a9c1b7d.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await context.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/service-worker.js', '/manifest.webmanifest', '/mf-manifest.json', '/index.html'])('never caches %s', async (url) => {
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

/** The address of the group's first banner in the seed (the order the carousel shows them in). */
async function firstBannerOf(group: string): Promise<string> {
  const result = await context.pool.query<{ url: string }>(
    'SELECT image_url AS url FROM banner WHERE merchant_id = $1 AND group_name = $2 AND enabled ORDER BY sort_order, id LIMIT 1',
    [context.merchantId, group],
  );
  return result.rows[0].url;
}

const preloadsOf = (body: string): string[] =>
  [...body.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]*)"/g)].map((match) => match[1]);
const bootImagesOf = (body: string): string[] => [...body.matchAll(/<img class="boot-banner" src="([^"]*)"/g)].map((match) => match[1]);

describe("the merchant's first banner in the page (fetched and shown before any script runs)", () => {
  it.each([
    ['/', 'w_home'],
    ['/home', 'w_home'],
    ['/index', 'w_home'],
    ['/rng', 'w_games'],
    ['/promotions?id=3', 'w_promotion'],
    ['/promotions/4', 'w_promotion'],
  ])('names the first banner of %s in the head and the boot splash', async (url, group) => {
    const expected = await firstBannerOf(group);
    expect(expected).toMatch(/^\/assets\//);
    const response = await context.app.inject({ method: 'GET', url, headers: html });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(preloadsOf(response.body)).toEqual([expected]);
    expect(bootImagesOf(response.body)).toEqual([expected]);
    // In the head, and the image inside the root the shell's first render replaces.
    expect(response.body.indexOf('rel="preload"')).toBeLessThan(response.body.indexOf('</head>'));
    expect(response.body).toContain(`<div id="root"><img class="boot-banner" src="${expected}"`);
    expect(response.body).toContain(`data-group="${group}" />`);
  });

  it.each(['/register', '/login', '/lottery', '/vip'])('names none on %s, which shows no banner', async (url) => {
    const response = await context.app.inject({ method: 'GET', url, headers: html });
    expect(response.body).toBe(INDEX);
  });

  it("follows the operator's change of banners and the site's image address", async () => {
    const before = await firstBannerOf('w_home');
    const { rows } = await context.pool.query<{ id: number }>(
      `INSERT INTO banner (merchant_id, group_name, image_url, sort_order, enabled, linkage_type)
       VALUES ($1, 'w_home', '/assets/new-first.png', -1, true, 'NONE') RETURNING id`,
      [context.merchantId],
    );
    try {
      const changed = await context.app.inject({ method: 'GET', url: '/', headers: html });
      expect(preloadsOf(changed.body)).toEqual(['/assets/new-first.png']);
      expect(bootImagesOf(changed.body)).toEqual(['/assets/new-first.png']);
      // A relative address goes under the site's imageBaseUrl, as the shell shows it.
      await context.pool.query(
        `UPDATE merchant_setting SET value = jsonb_set(value, '{imageBaseUrl}', '"https://img.example.com/x/"') WHERE merchant_id = $1 AND key = 'site'`,
        [context.merchantId],
      );
      const based = await context.app.inject({ method: 'GET', url: '/', headers: html });
      expect(preloadsOf(based.body)).toEqual(['https://img.example.com/x/assets/new-first.png']);
      await context.pool.query(
        `UPDATE merchant_setting SET value = jsonb_set(value, '{imageBaseUrl}', '""') WHERE merchant_id = $1 AND key = 'site'`,
        [context.merchantId],
      );
    } finally {
      await context.pool.query('DELETE FROM banner WHERE id = $1', [rows[0].id]);
    }
    const restored = await context.app.inject({ method: 'GET', url: '/', headers: html });
    expect(preloadsOf(restored.body)).toEqual([before]);
  });
});

describe('bannerPreloadUrl and withFirstBanner', () => {
  it('keeps same-site paths and images on the origins the policy allows, nothing else', () => {
    expect(bannerPreloadUrl('/assets/a.png', null, [])).toBe('/assets/a.png');
    expect(bannerPreloadUrl('assets/a.png', 'https://cdn.example.com/', ['https://cdn.example.com/'])).toBe('https://cdn.example.com/assets/a.png');
    expect(bannerPreloadUrl('https://cdn.example.com/a.png', null, ['https://cdn.example.com/img'])).toBe('https://cdn.example.com/a.png');
    expect(bannerPreloadUrl('https://elsewhere.example.com/a.png', null, ['https://cdn.example.com'])).toBeNull();
    expect(bannerPreloadUrl('//elsewhere.example.com/a.png', null, [])).toBeNull();
    expect(bannerPreloadUrl('javascript:alert(1)', null, ['javascript:alert(1)'])).toBeNull();
    expect(bannerPreloadUrl('', null, [])).toBeNull();
  });

  it('escapes the address in the page', () => {
    const page = withFirstBanner(INDEX, '/assets/a"><script>x</script>.png');
    expect(page).not.toContain('<script>');
    expect(preloadsOf(page)).toEqual(['/assets/a&quot;&gt;&lt;script&gt;x&lt;/script&gt;.png']);
  });

  it("finds the root in the build's minified page (attributes without quotes)", () => {
    const minified = '<html><head><title>t</title></head><body><div id=root><div class=boot-splash></div></div></body></html>';
    const page = withFirstBanner(minified, '/assets/a.png');
    expect(preloadsOf(page)).toEqual(['/assets/a.png']);
    expect(page).toContain('<div id=root><img class="boot-banner" src="/assets/a.png"');
  });

  it('leaves a page without a head or a root as it is', () => {
    expect(withFirstBanner('<html><body></body></html>', '/assets/a.png')).toBe('<html><body></body></html>');
    expect(withFirstBanner(INDEX, null)).toBe(INDEX);
  });

  it.each([
    ['/', 'w_home'],
    ['/index.html', 'w_home'],
    ['/live', 'w_games'],
    ['/hot', 'w_games'],
    ['/lottery', null],
    ['/promoDetail', 'w_promotion'],
    ['/help', 'w_help'],
    ['/helpmc', null],
    ['/register', null],
  ])('%s shows the banner group %s', (url, group) => {
    expect(bannerGroupOfPath(url)).toBe(group);
  });
});

describe('the remotes at /remotes/', () => {
  it('serves them to any origin, manifests and entries uncached, chunks immutable', async () => {
    const manifest = await context.app.inject({ method: 'GET', url: '/remotes/mfe_lobby/1.0.0/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-store');
    const entry = await context.app.inject({ method: 'GET', url: '/remotes/mfe_lobby/1.0.0/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe('no-store');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    const chunk = await context.app.inject({ method: 'GET', url: '/remotes/mfe_lobby/1.0.0/412.8d1e77aa.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not serve files outside the folder', async () => {
    // Resolves to /shell/index.html, which is not a file of the shell folder.
    const response = await context.app.inject({ method: 'GET', url: '/remotes/../shell/index.html' });
    expect(response.statusCode).toBe(404);
    const encoded = await context.app.inject({ method: 'GET', url: '/remotes/%2e%2e/%2e%2e/etc/passwd' });
    expect(encoded.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('precompressed files (scripts/build.mjs writes .br and .gz beside each)', () => {
  const files = [
    ['/main.3f2a9c1b7d.js', 'shell/main.3f2a9c1b7d.js', 'public, max-age=31536000, immutable'],
    ['/remotes/mfe_lobby/1.0.0/412.8d1e77aa.js', 'remotes/mfe_lobby/1.0.0/412.8d1e77aa.js', 'public, max-age=31536000, immutable'],
    ['/remotes/mfe_lobby/1.0.0/remoteEntry.js', 'remotes/mfe_lobby/1.0.0/remoteEntry.js', 'no-store'],
  ] as const;

  it.each(files)('sends the brotli copy of %s to a browser that accepts it, cached as the file', async (url, file, cacheControl) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLES[file]);
    // The build's copy as it is (best quality, with its length), not compressed again per request.
    expect(response.rawPayload.equals(COPIES[`${file}.br`])).toBe(true);
    expect(response.headers['content-length']).toBe(String(COPIES[`${file}.br`].length));
  });

  it.each(files)('sends the gzip copy of %s to a browser without brotli', async (url, file) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(BUNDLES[file]);
    expect(response.rawPayload.equals(COPIES[`${file}.gz`])).toBe(true);
  });

  it.each(files)('sends %s itself to a client that accepts no encoding', async (url, file) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(BUNDLES[file]);
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['index.html', 'no-store'],
    ['remoteEntry.js', 'no-store'],
    ['main.js', 'no-cache'],
    ['main.0123abcd.js', 'public, max-age=31536000, immutable'],
    ['vendors-react.9f8e7d6c5b4a.chunk.css', 'public, max-age=31536000, immutable'],
    ['deadbeefcafe.png', 'public, max-age=31536000, immutable'],
    ['logo.svg', 'no-cache'],
    ['remoteEntry.js.br', 'no-store'],
    ['main.0123abcd.js.br', 'public, max-age=31536000, immutable'],
    ['412.8d1e77aa.css.gz', 'public, max-age=31536000, immutable'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(`/dist/shell/${file}`)).toBe(expected);
  });
});
