import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app';
import { createStaticFixture, type StaticFixture } from '../../testing/static-fixture';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { PAGE_HEADERS_PATH, PAGE_POLICY_HEADER } from './security-headers';

let context: TestContext;
let dist: StaticFixture;

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  dist = await createStaticFixture({
    'shell/index.html': '<!doctype html><title>shell</title><div id="root"></div>',
    'shell/main.js': 'console.log("shell")',
    'shell/service-worker.js': 'self.addEventListener("fetch", () => {})',
    'shell/860.49aae201.css': 'body{margin:0}',
    'shell/icons/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'remotes/mfe_lobby/1.0.0/mf-manifest.json': '{"name":"mfe_lobby"}',
    'remotes/mfe_lobby/1.0.0/remoteEntry.js': 'var mfe_lobby;',
  });
  context = await createTestApp({ staticRoot: dist.root });
  // The seeded mirror domains are in every page's connect-src (the speed test): the policies below
  // are read without any, and their own test adds some.
  await context.pool.query('DELETE FROM domain_route WHERE merchant_id = $1', [context.merchantId]);
});

afterAll(async () => {
  await context.close();
  await dist.remove();
});

/** The policy's directives by name (each the list of its sources). */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What every answer carries, whatever it is. */
function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  // Plain HTTP: no HSTS (see the TLS tests below).
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('a page of the site (the shell’s HTML)', () => {
  it.each(['/', '/register', '/game?gameCode=X'])('%s carries the page policy: this origin’s scripts only, no inline script, no eval', async (url) => {
    const response = await context.app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(response);
    const policy = policyOf(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-(inline|eval)|\*/);
    // Over plain HTTP nothing is upgraded.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('names the origins the operator allowed for remotes, and the configured image and game CDNs', async () => {
    await context.pool.query(
      "INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, 'https://remotes.cdn.example'), ($1, 'https://lobby.cdn.example:8443')",
      [context.merchantId],
    );
    await context.pool.query(
      `UPDATE merchant_setting SET value = '{"imageCDNs": ["https://img.cdn.example/pictures/", "pics.example.net", "javascript:alert(1)", "https://evil.example; script-src *"], "launchGameCDNs": ["https://games.vendor.example/launch"]}'
        WHERE merchant_id = $1 AND key = 'cdn'`,
      [context.merchantId],
    );
    await context.pool.query(
      `UPDATE merchant_setting SET value = jsonb_set(value, '{imageBaseUrl}', '"https://static.brand.example/img"') WHERE merchant_id = $1 AND key = 'site'`,
      [context.merchantId],
    );
    try {
      const policy = policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html }));
      const remotes = ['https://lobby.cdn.example:8443', 'https://remotes.cdn.example'];
      expect(policy.get('script-src')).toEqual(["'self'", ...remotes]);
      expect(policy.get('style-src')).toEqual(["'self'", ...remotes]);
      expect(policy.get('font-src')).toEqual(["'self'", ...remotes]);
      expect(policy.get('connect-src')).toEqual(["'self'", ...remotes]);
      // Only well-formed origins make it in: a URL's path is dropped, a bare host means https,
      // another scheme or anything that could end the directive is left out.
      expect(policy.get('img-src')).toEqual([
        "'self'",
        'data:',
        ...remotes,
        'https://img.cdn.example',
        'https://pics.example.net',
        'https://static.brand.example',
      ]);
      expect(policy.get('frame-src')).toEqual(["'self'", 'https://games.vendor.example']);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    } finally {
      await context.pool.query('DELETE FROM remote_origin');
      await context.pool.query(`UPDATE merchant_setting SET value = '{"imageCDNs": [], "launchGameCDNs": []}' WHERE key = 'cdn'`);
      await context.pool.query(`UPDATE merchant_setting SET value = jsonb_set(value, '{imageBaseUrl}', '""') WHERE key = 'site'`);
    }
    // The operator's change is seen by the very next page (config revision).
    expect(policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html })).get('script-src')).toEqual(["'self'"]);
  });

  it('lets the page time the site’s mirror domains (the help page’s speed test), and only reach them', async () => {
    await context.pool.query(
      `INSERT INTO domain_route (merchant_id, domain, sort_order)
       VALUES ($1, 'https://m1.brand.example/', 0), ($1, 'm2.brand.example', 1), ($1, 'http://127.0.0.1:4999', 2), ($1, 'javascript:alert(1)', 3), ($1, 'https://evil.example; script-src *', 4)`,
      [context.merchantId],
    );
    try {
      const policy = policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html }));
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://m1.brand.example', 'https://m2.brand.example', 'http://127.0.0.1:4999']);
      // Requests only: nothing of a mirror's runs, shows or frames the page.
      for (const directive of ['script-src', 'style-src', 'img-src', 'frame-src']) expect(policy.get(directive)?.some((source) => source.includes('brand.example'))).toBe(false);
    } finally {
      await context.pool.query('DELETE FROM domain_route WHERE merchant_id = $1', [context.merchantId]);
    }
    expect(policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html })).get('connect-src')).toEqual(["'self'"]);
  });

  it('lets a merchant with a Google tag run gtag.js and send its hits, and nobody else', async () => {
    const setAnalytics = (value: unknown) =>
      context.pool.query(
        `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'analytics', $2)
         ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
        [context.merchantId, JSON.stringify(value)],
      );
    try {
      await setAnalytics({ gtagId: 'G-TEST123' });
      const policy = policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html }));
      expect(policy.get('script-src')).toEqual(["'self'", 'https://*.googletagmanager.com']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']);
      // Still no inline script: the shell sets gtag up from its own code.
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    } finally {
      await setAnalytics({ gtagId: null });
    }
    expect(policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html })).get('script-src')).toEqual(["'self'"]);
  });

  it('lets a merchant with a Firebase SMS channel run Firebase phone sign-in, and nobody else', async () => {
    const setFirebase = (value: unknown) =>
      context.pool.query(
        `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'firebaseSms', $2)
         ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
        [context.merchantId, JSON.stringify(value)],
      );
    try {
      await setFirebase({ projectId: 'lucky-star-sms', apiKey: 'AIzaSyTestKey0123456789abcdefghijklmno', authDomain: 'lucky-star-sms.firebaseapp.com' });
      const policy = policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html }));
      expect(policy.get('script-src')).toEqual(["'self'", 'https://www.google.com', 'https://www.gstatic.com', 'https://apis.google.com']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.google.com']);
      expect(policy.get('frame-src')).toEqual(["'self'", 'https://www.google.com', 'https://recaptcha.google.com', 'https://lucky-star-sms.firebaseapp.com']);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      // An incomplete channel is off: nothing more allowed.
      await setFirebase({ projectId: 'lucky-star-sms', authDomain: 'lucky-star-sms.firebaseapp.com' });
      expect(policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html })).get('frame-src')).toEqual(["'self'"]);
    } finally {
      await context.pool.query("DELETE FROM merchant_setting WHERE merchant_id = $1 AND key = 'firebaseSms'", [context.merchantId]);
    }
    expect(policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html })).get('script-src')).toEqual(["'self'"]);
  });

  it('is the policy of the merchant the page belongs to (Merchant header or host)', async () => {
    await context.pool.query("INSERT INTO merchant (code, name) VALUES ('HDR', 'Other brand')");
    await context.pool.query("INSERT INTO remote_origin (merchant_id, origin) SELECT id, 'https://other.cdn.example' FROM merchant WHERE code = 'HDR'");
    try {
      const other = policyOf(await context.app.inject({ method: 'GET', url: '/', headers: { ...html, merchant: 'HDR' } }));
      expect(other.get('script-src')).toEqual(["'self'", 'https://other.cdn.example']);
      const ours = policyOf(await context.app.inject({ method: 'GET', url: '/', headers: html }));
      expect(ours.get('script-src')).toEqual(["'self'"]);
      // An unknown merchant still gets a page with the strictest page policy.
      const unknown = await context.app.inject({ method: 'GET', url: '/', headers: { ...html, merchant: 'NOPE' } });
      expect(unknown.statusCode).toBe(200);
      expect(policyOf(unknown).get('script-src')).toEqual(["'self'"]);
    } finally {
      await context.pool.query("DELETE FROM merchant WHERE code = 'HDR'");
    }
  });

  it('is what a gateway serving the page from elsewhere asks for at /page-headers (docker-compose)', async () => {
    await context.pool.query("INSERT INTO merchant (code, name) VALUES ('GWY', 'Gateway brand')");
    await context.pool.query("INSERT INTO remote_origin (merchant_id, origin) SELECT id, 'https://gateway.cdn.example' FROM merchant WHERE code = 'GWY'");
    try {
      const page = await context.app.inject({ method: 'GET', url: '/', headers: { ...html, merchant: 'GWY' } });
      const answer = await context.app.inject({ method: 'GET', url: PAGE_HEADERS_PATH, headers: { merchant: 'GWY' } });
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
      // The page's own policy, under a header of its own: the answer's CSP is that of any API answer.
      expect(answer.headers[PAGE_POLICY_HEADER.toLowerCase()]).toBe(page.headers['content-security-policy']);
      expect(String(answer.headers[PAGE_POLICY_HEADER.toLowerCase()])).toContain('https://gateway.cdn.example');
      expect(policyOf(answer).get('default-src')).toEqual(["'none'"]);
      // Not an API operation: the fuzz suite and the contract walk the OpenAPI document.
      await context.app.ready();
      expect(Object.keys((context.app.swagger() as { paths: Record<string, unknown> }).paths)).not.toContain(PAGE_HEADERS_PATH);
    } finally {
      await context.pool.query("DELETE FROM merchant WHERE code = 'GWY'");
    }
  });

  it('lets development servers of REMOTE_OVERRIDES in, with their hot-reload socket', async () => {
    const app = await buildApp({
      pool: context.pool,
      logger: false,
      staticRoot: dist.root,
      remoteOverrides: { mfe_lobby: 'http://localhost:3102/mf-manifest.json', mfe_auth: 'http://localhost:3101/mf-manifest.json' },
    });
    try {
      const policy = policyOf(await app.inject({ method: 'GET', url: '/', headers: html }));
      const dev = ['http://localhost:3101', 'http://localhost:3102'];
      expect(policy.get('script-src')).toEqual(["'self'", ...dev]);
      expect(policy.get('style-src')).toEqual(["'self'", ...dev]);
      expect(policy.get('connect-src')).toEqual(["'self'", ...dev, 'ws://localhost:3101', 'ws://localhost:3102']);
      expect(String((await app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy'])).not.toMatch(/unsafe/);
    } finally {
      await app.close();
    }
  });
});

describe('the API documentation page (/docs)', () => {
  it('runs scripts from this origin only; only it allows inline styles (Swagger UI injects one)', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/docs', headers: html });
    expect(page.statusCode).toBe(200);
    expectCommonHeaders(page);
    const policy = policyOf(page);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    const document = await context.app.inject({ method: 'GET', url: '/docs/json' });
    expect(document.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('files and API answers', () => {
  it('a remote’s files: nosniff, nothing-may-run policy for its manifest, the worker policy for its scripts, loadable cross-origin', async () => {
    const manifest = await context.app.inject({ method: 'GET', url: '/remotes/mfe_lobby/1.0.0/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expectCommonHeaders(manifest);
    expect(manifest.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const entry = await context.app.inject({ method: 'GET', url: '/remotes/mfe_lobby/1.0.0/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expectCommonHeaders(entry);
    expect(entry.headers['content-type']).toMatch(/javascript/);
    expect(entry.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('the shell’s own files: same-origin only; the service worker may reach this origin only', async () => {
    const worker = await context.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(worker.statusCode).toBe(200);
    expectCommonHeaders(worker);
    expect(worker.headers['content-security-policy']).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(worker.headers['cross-origin-resource-policy']).toBe('same-origin');

    const css = await context.app.inject({ method: 'GET', url: '/860.49aae201.css' });
    expect(css.statusCode).toBe(200);
    expectCommonHeaders(css);
    expect(css.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(css.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('the shell’s icons: readable from another origin (a mirror’s speed test times them), nothing may run', async () => {
    const icon = await context.app.inject({ method: 'GET', url: '/icons/icon.svg' });
    expect(icon.statusCode).toBe(200);
    expectCommonHeaders(icon);
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(icon.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it.each([
    ['an API answer', '/wps/system/status', 200],
    ['a refused API call', '/wps/member/info', 401],
    ['the 404 envelope', '/wps/nothing-here', 404],
    ['the remote list', '/remotes.json', 200],
    ['a server image', '/assets/logo.svg', 200],
    ['the health probe', '/healthz', 200],
    ['a URL refused before routing (no hook runs)', '/wps/system/status%E0%A4%A', 400],
  ])('%s carries the headers and the nothing-may-run policy', async (_what, url, status) => {
    const response = await context.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(status);
    expectCommonHeaders(response);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

it('an answer refused before routing carries exactly the security headers of any API answer', async () => {
  const securityHeaders = (response: LightMyRequestResponse) =>
    Object.fromEntries(Object.entries(response.headers).filter(([name]) => !/^(content-(type|length|encoding)|date|connection|x-request-id|vary|cache-control)$/.test(name)));
  const routed = await context.app.inject({ method: 'GET', url: '/wps/nothing-here' });
  const unrouted = await context.app.inject({ method: 'GET', url: '/wps/nothing%E0%A4%A' });
  expect(unrouted.statusCode).toBe(400);
  expect(Object.keys(securityHeaders(routed)).length).toBeGreaterThanOrEqual(11);
  expect(securityHeaders(unrouted)).toEqual(securityHeaders(routed));
});

describe('Strict-Transport-Security', () => {
  it('is sent only over TLS: the trusted proxy’s X-Forwarded-Proto https, never a client’s own', async () => {
    const behindProxy = await buildApp({ pool: context.pool, logger: false, staticRoot: dist.root, remoteOverrides: {}, trustProxy: '127.0.0.1' });
    const direct = await buildApp({ pool: context.pool, logger: false, staticRoot: dist.root, remoteOverrides: {}, trustProxy: '10.9.9.9' });
    try {
      const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
      for (const [url, headers] of [
        ['/', html],
        ['/wps/system/status', {}],
        ['/remotes/mfe_lobby/1.0.0/remoteEntry.js', {}],
      ] as const) {
        // inject's peer is 127.0.0.1: the trusted proxy of the first app only.
        const secure = await behindProxy.inject({ method: 'GET', url, headers: { ...headers, ...proxied } });
        expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const plain = await behindProxy.inject({ method: 'GET', url, headers });
        expect(plain.headers['strict-transport-security']).toBeUndefined();
        const forged = await direct.inject({ method: 'GET', url, headers: { ...headers, ...proxied } });
        expect(forged.headers['strict-transport-security']).toBeUndefined();
      }
      // A page that came over TLS also upgrades any http:// address it names.
      const page = await behindProxy.inject({ method: 'GET', url: '/', headers: { ...html, ...proxied } });
      expect(policyOf(page).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });
});
