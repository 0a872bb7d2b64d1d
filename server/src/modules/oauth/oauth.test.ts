import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type Provider from 'oidc-provider';
import { Secret, TOTP } from 'otpauth';
import type { Envelope, LoginResult, MemberInfo } from '@platform/contract';
import { buildApp } from '../../app';
import { REPO_ROOT } from '../../paths';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { hashPassword } from '../identity';
import { encryptedInject, TestClock } from '../member/member.testing';
import { createAccountHooks } from '../session';
import { safeReturnPath, withQueryParameter } from './oauth.service';
import { oauthProvidersFrom } from './oauth.settings';

// Social login against a REAL OpenID Connect provider (the oidc-provider package) listening on
// a local port: start → the provider's own login and consent pages, driven with plain HTTP →
// callback → exchange → member info.

const clock = new TestClock();
let context: TestContext;
let provider: Provider;
let providerServer: Server;
let issuer: string;
/** The site's origin as light-my-request presents it. */
const SITE = 'http://localhost';
const REDIRECT_URI = `${SITE}/wps/session/oauth/google/callback`;

/** A minimal cookie jar for the provider's cookies (its interaction session). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair.indexOf('=');
      this.cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

beforeAll(async () => {
  // oidc-provider warns that it prefers Node 22 and notes that its development defaults are in use.
  for (const level of ['warn', 'info'] as const) {
    const original = console[level].bind(console);
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === 'string' && /^oidc-provider (WARNING|NOTICE)/.test(args[0])) return;
      original(...args);
    });
  }
  const { default: OidcProvider } = await import('oidc-provider');
  context = await createTestApp({ clock: clock.now, accountHooks: createAccountHooks() });
  // Port first: the issuer URL must name it.
  providerServer = await new Promise<Server>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
  issuer = `http://localhost:${(providerServer.address() as AddressInfo).port}`;
  provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: 'lucky-star',
        client_secret: 'lucky-star-secret',
        redirect_uris: [REDIRECT_URI, `${SITE}/wps/session/oauth/facebook/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_context: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@mail.example`, email_verified: !id.startsWith('unverified'), name: `Player ${id}` }),
    }),
    pkce: { required: () => true },
    cookies: { keys: ['oauth-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  providerServer.on('request', provider.callback());
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'oauth', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId, JSON.stringify({ google: { issuer, clientId: 'lucky-star', clientSecret: 'lucky-star-secret' } })],
  );
});

afterAll(async () => {
  await new Promise((resolve) => providerServer.close(resolve));
  await context.close();
});

function cookieOf(setCookie: string | string[] | undefined, name: string): string {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(lines)}`);
  return line.split(';')[0];
}

/** The person at the provider: signs in as `account` and approves, returning the callback URL. */
async function approveAtProvider(authorizationUrl: string, account: string): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      if (next.origin === SITE) return next;
      url = next.href;
      continue;
    }
    // A page of the provider: its sign-in form, then its consent form.
    const page = await response.text();
    expect(response.status).toBe(200);
    const prompt = page.includes('name="login"') ? 'login' : 'consent';
    const action = /action="([^"]+)"/.exec(page)![1];
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt === 'login' ? { prompt, login: account, password: 'any' } : { prompt }).toString(),
    });
    jar.store(submitted);
    expect(submitted.status).toBe(303);
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('the provider never sent the browser back');
}

interface Flow {
  binding: string;
  callback: URL;
}

async function startAndApprove(account: string, returnTo = '/lobby?tab=hot'): Promise<Flow> {
  const start = await context.app.inject({ method: 'GET', url: `/wps/session/oauth/google/start?returnTo=${encodeURIComponent(returnTo)}` });
  expect(start.statusCode).toBe(302);
  const binding = cookieOf(start.headers['set-cookie'], 'oauthBinding');
  expect(start.headers['set-cookie']).toEqual(expect.stringContaining('HttpOnly'));
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
  expect(authorization.searchParams.get('state')).toBeTruthy();
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  return { binding, callback: await approveAtProvider(authorization.href, account) };
}

async function callback(flow: Flow, cookie = flow.binding) {
  return context.app.inject({ method: 'GET', url: `${flow.callback.pathname}${flow.callback.search}`, headers: { cookie } });
}

const exchange = (code: string, cookie: string) =>
  context.app.inject({ method: 'POST', url: '/wps/session/oauth/exchange', headers: { cookie }, payload: { code } });

describe('social login against a real OpenID provider', () => {
  it('lists only configured providers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/session/oauth/providers' });
    expect(json<Envelope<unknown>>(response).value).toEqual({
      list: [{ provider: 'google', label: 'Google', startUrl: '/wps/session/oauth/google/start' }],
    });
  });

  it('goes start → provider sign-in and consent → callback → exchange → a session of a new member', async () => {
    const flow = await startAndApprove('alice');
    expect(flow.callback.searchParams.get('code')).toBeTruthy();
    const back = await callback(flow);
    expect(back.statusCode).toBe(302);
    const location = new URL(back.headers.location as string, SITE);
    expect(location.pathname).toBe('/lobby');
    expect(location.searchParams.get('tab')).toBe('hot');
    const code = location.searchParams.get('oauthCode')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No session token in any URL.
    expect(back.headers.location).not.toMatch(/token/i);

    const exchanged = await exchange(code, flow.binding);
    expect(exchanged.statusCode).toBe(200);
    const login = json<Envelope<LoginResult & { userName: string }>>(exchanged).value;
    expect(login).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), firstTimeLogin: false, passwordExpired: false });
    expect(login.userName).toMatch(/^g[0-9a-f]{11}$/);

    const info = await context.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: login.token } });
    expect(info.statusCode).toBe(200);
    expect(json<Envelope<MemberInfo>>(info).value.account).toBe(login.userName);
    const linked = await context.pool.query<{ issuer: string; subject: string; email: string }>(
      'SELECT i.issuer, i.subject, m.email FROM member_oauth_identity i JOIN member m ON m.id = i.member_id WHERE m.username = $1',
      [login.userName],
    );
    expect(linked.rows).toEqual([{ issuer, subject: 'alice', email: 'alice@mail.example' }]);
    const session = await context.pool.query<{ login_type: string }>(
      'SELECT s.login_type FROM member_session s JOIN member m ON m.id = s.member_id WHERE m.username = $1',
      [login.userName],
    );
    expect(session.rows).toEqual([{ login_type: 'oauth' }]);

    // The grant code works once.
    expect(json<Envelope<null>>(await exchange(code, flow.binding)).errorCode).toBe('oauth.login.failed');

    // The same provider account logs in to the same member next time.
    const again = await startAndApprove('alice');
    const code2 = new URL((await callback(again)).headers.location as string, SITE).searchParams.get('oauthCode')!;
    const second = json<Envelope<LoginResult & { userName: string }>>(await exchange(code2, again.binding)).value;
    expect(second.userName).toBe(login.userName);
    expect(second.token).not.toBe(login.token);

    // With an authenticator bound, the exchange asks for the second factor like a password login.
    const started = await context.app.inject({ method: 'POST', url: '/wps/v2/member/2fa/totp', headers: { authorization: second.token } });
    const { secretKey } = json<Envelope<{ secretKey: string }>>(started).value;
    const code3 = TOTP.generate({ secret: Secret.fromBase32(secretKey), timestamp: clock.nowMs });
    // Binding a factor needs the current password: a social-login account has
    // none it knows until it sets one ("forgot password"); here it is set as a reset would.
    await context.pool.query('UPDATE member SET password_hash = $2 WHERE username = $1', [second.userName, await hashPassword('social123')]);
    const confirm = await encryptedInject(
      context.app,
      'POST',
      '/wps/v2/member/2fa/totp/confirm',
      { code: code3, password: 'social123' },
      { headers: { authorization: second.token } },
    );
    expect(confirm.statusCode).toBe(200);
    const third = await startAndApprove('alice');
    const grant = new URL((await callback(third)).headers.location as string, SITE).searchParams.get('oauthCode')!;
    const challenged = await exchange(grant, third.binding);
    expect(challenged.statusCode).toBe(403);
    expect(json<Envelope<{ factors: string[] }>>(challenged)).toMatchObject({ errorCode: 'login_verify_required', value: { factors: ['totp'] } });
  });

  it('keeps an unverified e-mail address out of the account', async () => {
    const flow = await startAndApprove('unverified-bob');
    const code = new URL((await callback(flow)).headers.location as string, SITE).searchParams.get('oauthCode')!;
    const login = json<Envelope<{ userName: string }>>(await exchange(code, flow.binding)).value;
    const stored = await context.pool.query<{ email: string | null }>('SELECT email FROM member WHERE username = $1', [login.userName]);
    expect(stored.rows[0].email).toBeNull();
  });

  it('refuses a callback in another browser, a replayed callback, and an exchange from another browser', async () => {
    const flow = await startAndApprove('carol');
    const stolen = await callback(flow, 'oauthBinding=someone-else');
    expect(stolen.statusCode).toBe(302);
    expect(stolen.headers.location).toBe('/lobby?tab=hot&oauthError=oauth.login.failed');
    // The state was used up by that attempt.
    expect((await callback(flow)).headers.location).toBe('/?oauthError=oauth.login.failed');

    const fresh = await startAndApprove('carol');
    const code = new URL((await callback(fresh)).headers.location as string, SITE).searchParams.get('oauthCode')!;
    const elsewhere = await exchange(code, 'oauthBinding=another-browser');
    expect(elsewhere.statusCode).toBe(400);
    expect(json<Envelope<null>>(elsewhere)).toMatchObject({ errorCode: 'oauth.login.failed', message: 'Login failed, please try again' });
  });

  it('lets a grant code expire after 60 seconds and a started login after 10 minutes', async () => {
    const flow = await startAndApprove('dave');
    const code = new URL((await callback(flow)).headers.location as string, SITE).searchParams.get('oauthCode')!;
    clock.advance(60_000);
    expect((await exchange(code, flow.binding)).statusCode).toBe(400);

    const slow = await startAndApprove('dave');
    clock.advance(10 * 60_000);
    expect((await callback(slow)).headers.location).toBe('/lobby?tab=hot&oauthError=oauth.login.failed');
  });

  it('sends a person who declined back with an error', async () => {
    const start = await context.app.inject({ method: 'GET', url: '/wps/session/oauth/google/start?returnTo=/' });
    const binding = cookieOf(start.headers['set-cookie'], 'oauthBinding');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const declined = await context.app.inject({
      method: 'GET',
      url: `/wps/session/oauth/google/callback?error=access_denied&state=${state}`,
      headers: { cookie: binding },
    });
    expect(declined.headers.location).toBe('/?oauthError=oauth.login.failed');
  });

  it('hides and refuses a provider that is not configured', async () => {
    const start = await context.app.inject({ method: 'GET', url: '/wps/session/oauth/facebook/start?returnTo=/promotions' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/promotions?oauthError=oauth.not.configured');
    const unknown = await context.app.inject({ method: 'GET', url: '/wps/session/oauth/myspace/start' });
    expect(unknown.statusCode).toBe(400);
    expect(json<Envelope<null>>(unknown).errorCode).toBe('request.param.err');
  });

  it('never returns to another site', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const start = await context.app.inject({ method: 'GET', url: `/wps/session/oauth/facebook/start?returnTo=${encodeURIComponent(target)}` });
      expect(start.headers.location).toBe('/?oauthError=oauth.not.configured');
    }
  });
});

describe('the binding cookie behind the gateway', () => {
  // The gateway (deploy/nginx/gateway.conf) is the proxy the api trusts (TRUST_PROXY); what it
  // sends as X-Forwarded-Proto decides whether the cookie is Secure and the callback URL https.
  const GATEWAY = '172.30.0.2';

  /** The X-Forwarded-Proto rule of the gateway's /wps/ location, or null when it sets none. */
  function gatewayProtoRule(): string | null {
    const gateway = readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx', 'gateway.conf'), 'utf8');
    const wps = /location \/wps\/ \{([^}]*)\}/.exec(gateway);
    if (!wps) throw new Error('the gateway has no /wps/ location');
    return /proxy_set_header X-Forwarded-Proto ([^;]+);/i.exec(wps[1])?.[1].trim() ?? null;
  }

  /** The X-Forwarded-Proto nginx sends upstream for a browser that came over `scheme`. */
  function forwardedProto(scheme: 'http' | 'https', clientHeader?: string): string | undefined {
    const rule = gatewayProtoRule();
    if (rule === '$scheme') return scheme;
    if (rule === null) return clientHeader; // nginx passes the client's own header through
    throw new Error(`unknown X-Forwarded-Proto rule ${rule}`);
  }

  async function startBehind(remoteAddress: string, proto: string | undefined) {
    const api = await buildApp({ pool: context.pool, logger: false, trustProxy: GATEWAY, clock: clock.now, remoteOverrides: {} });
    try {
      const response = await api.inject({
        method: 'GET',
        url: '/wps/session/oauth/google/start',
        remoteAddress,
        // The gateway sends Host as $host: the name without a port.
        headers: proto === undefined ? { host: 'localhost' } : { host: 'localhost', 'x-forwarded-proto': proto },
      });
      expect(response.statusCode).toBe(302);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^oauthBinding=/);
      const redirectUri = new URL(response.headers.location as string).searchParams.get('redirect_uri');
      return { secure: /;\s*Secure(;|$)/i.test(cookie), redirectUri };
    } finally {
      await api.close();
    }
  }

  it('is Secure, with an https callback, when the browser reached the gateway over https', async () => {
    expect(await startBehind(GATEWAY, forwardedProto('https'))).toEqual({
      secure: true,
      redirectUri: 'https://localhost/wps/session/oauth/google/callback',
    });
  });

  it('is not Secure over plain http, whatever the client claims through the gateway', async () => {
    expect(await startBehind(GATEWAY, forwardedProto('http', 'https'))).toEqual({ secure: false, redirectUri: REDIRECT_URI });
  });

  it('ignores X-Forwarded-Proto from a client that is not the trusted proxy', async () => {
    expect(await startBehind('192.0.2.9', 'https')).toEqual({ secure: false, redirectUri: REDIRECT_URI });
  });
});

describe('helpers', () => {
  it('keep return paths on the site', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('/a/b?c=1#d')).toBe('/a/b?c=1#d');
    expect(safeReturnPath('//x.example')).toBe('/');
    // Dot segments must not leave a protocol-relative path that leaves the site.
    expect(safeReturnPath('/.//evil.com')).toBe('/');
    expect(safeReturnPath('/a/..//evil.com/x')).toBe('/');
    expect(withQueryParameter('/a?b=1#h', 'oauthCode', 'z')).toBe('/a?b=1&oauthCode=z#h');
  });

  it('count a provider as configured only with a client id and secret', () => {
    expect(oauthProvidersFrom(null)).toEqual([]);
    expect(oauthProvidersFrom({ google: { clientId: 'id' }, facebook: { clientId: 'id', clientSecret: ' ' } })).toEqual([]);
    expect(oauthProvidersFrom({ facebook: { clientId: 'id', clientSecret: 's' } })).toEqual([
      { provider: 'facebook', label: 'Facebook', issuer: 'https://www.facebook.com', clientId: 'id', clientSecret: 's', scope: 'openid email', allowSignUp: true },
    ]);
  });
});
