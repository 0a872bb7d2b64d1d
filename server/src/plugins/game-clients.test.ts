import { createStaticFixture, type StaticFixture } from '../testing/static-fixture';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { GAME_CLIENTS, gameClientOfPath } from './game-clients';

// The JL game client (games-jl, built to dist/games/jl) served by the API server: its pages answer
// its index.html, its files come from /jl/assets/, it may be framed by the site only, and the
// shell's page never answers a /jl path.

let context: TestContext;
let dist: StaticFixture;
const SHELL = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';
const GAME = '<!doctype html><html><head><title>JL</title><script defer src="/jl/assets/main.1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  dist = await createStaticFixture({
    'shell/index.html': SHELL,
    'games/jl/index.html': GAME,
    'games/jl/assets/main.1a2b3c4d.js': 'console.log("jl")',
    'games/jl/assets/main.1a2b3c4d.css': 'body{}',
  });
  context = await createTestApp({ staticRoot: dist.root });
});

afterAll(async () => {
  await context.close();
  await dist.remove();
});

describe('the JL game pages', () => {
  it.each(['/jl/play/JLS001?session=abc&lang=BN', '/jl/play/JLC001', '/jl/play/JLS002/', '/jl/verify', '/jl/verify?game=JLS001&serverSeed=x&clientSeed=y&nonce=3'])(
    'answers %s with the game client, never cached',
    async (url) => {
      const response = await context.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe(GAME);
    },
  );

  it('may be framed by the site itself only, and loads nothing from elsewhere', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/jl/play/JLS001?session=abc', headers: html });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).not.toContain('unsafe');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves its files under /jl/assets/, content-hashed ones for a year', async () => {
    const script = await context.app.inject({ method: 'GET', url: '/jl/assets/main.1a2b3c4d.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log("jl")');
    const style = await context.app.inject({ method: 'GET', url: '/jl/assets/main.1a2b3c4d.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/text\/css/);
  });

  it.each(['/jl', '/jl/', '/jl/play', '/jl/play/JLS001/extra', '/jl/play/..%2Fshell', '/jl/elsewhere', '/jl/assets/none.js', '/jl/index.html'])(
    'answers %s with the 404 envelope, not the shell or the game',
    async (url) => {
      const response = await context.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ success: false, errorCode: 'not.found' });
    },
  );
});

describe('without a built game client', () => {
  let bare: TestContext;
  let shellOnly: StaticFixture;
  beforeAll(async () => {
    shellOnly = await createStaticFixture({ 'shell/index.html': SHELL });
    bare = await createTestApp({ staticRoot: shellOnly.root });
  });
  afterAll(async () => {
    await bare.close();
    await shellOnly.remove();
  });

  it('answers its pages 404 (never with the shell)', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/jl/play/JLS001?session=abc', headers: html });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ errorCode: 'not.found' });
  });
});

test('the list of game clients names their paths', () => {
  expect(GAME_CLIENTS.map((client) => client.mountPath)).toEqual(['/jl']);
  expect(gameClientOfPath('/jl/play/JLS001')?.folder).toBe('games/jl');
  expect(gameClientOfPath('/jlx')).toBeUndefined();
  expect(gameClientOfPath('/wps/game/launchGame')).toBeUndefined();
});
