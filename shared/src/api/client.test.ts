import { createEventBus, type EventBus } from '../bus/event-bus';
import type { BusCommand } from '../bus/bus-types';
import { i18n } from '../i18n/i18n-instance';
import { localStore, sessionStore, setMerchantCode } from '../storage/web-storage';
import { decryptTestRequest, generateTestRsaKeyPair, type TestRsaKeyPair } from '../testing/rsa-test-keys';
import { envelope, failure, startTestApiServer, type TestApiServer } from '../testing/test-api-server';
import {
  affiliateCheckCall,
  defineCall,
  gameVendorsCall,
  balanceCall,
  changePasswordCall,
  countriesCall,
  domainRouteCall,
  forgotPasswordByEmailCall,
  helpCenterCall,
  loginCall,
  memberInfoCall,
  playerAvatarCall,
  registerCall,
  systemStatusCall,
  updateLanguageCall,
  whitelabelCall,
} from '@platform/contract';
import { makeStatus } from '../testing/fixtures';
import { ApiError } from './api-error';
import { createApiClient, isHandledByClient, type ApiClient } from './client';

/** A plain (not encrypted, no token) POST that toasts its failures, as failing calls are shown. */
const plainPostCall = defineCall({ name: 'plainPost', method: 'POST', path: '/wps/test/plain', moduleId: 'SYSTEM3', value: { type: 'null' } });

let server: TestApiServer;
let bus: EventBus;
let api: ApiClient;
let commands: BusCommand[];

beforeAll(async () => {
  await i18n.changeLanguage('EN');
});

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  server = await startTestApiServer();
  bus = createEventBus({ initial: { language: 'EN' } });
  commands = [];
  for (const type of ['toast', 'logout', 'openLogin'] as const) bus.on(type).subscribe((command) => commands.push(command));
  api = createApiClient({ bus, baseURL: server.origin });
});

afterEach(async () => {
  jest.restoreAllMocks();
  api.dispose();
  await server.close();
});

const countOf = (names: string[], name: string) => names.filter((header) => header.toLowerCase() === name.toLowerCase()).length;

describe('headers and envelope', () => {
  it('sends each platform header exactly once and resolves to the envelope value', async () => {
    sessionStore.set('token', 'tok-123');
    sessionStore.set('merchantCode', 'session-merchant');
    localStore.set('merchantCode', 'brand01');
    localStore.set('hisLang', 'TH');
    server.on('GET /wps/member/info', () => ({ body: envelope({ id: 7, account: 'player01', isAgent: 0 }) }));

    const member = await api.call(memberInfoCall);

    expect(member).toEqual({ id: 7, account: 'player01', isAgent: 0 });
    const [request] = server.requests;
    expect(request.headers).toMatchObject({
      authorization: 'tok-123',
      merchant: 'brand01',
      language: 'TH',
      device: 'web',
      moduleid: 'MEMBER3',
      'x-gateway-version': '3',
    });
    for (const header of ['Authorization', 'Merchant', 'Language', 'Device', 'ModuleId', 'X-Gateway-Version']) {
      expect(countOf(request.headerNames, header)).toBe(1);
    }
    // The server resolves the visitor's country from the address: the client claims none.
    expect(countOf(request.headerNames, 'X-Country-Code')).toBe(0);
  });

  it("sends this browser's Device-Id: random, kept in localStorage, the same on every call", async () => {
    server.on('GET /wps/member/info', () => ({ body: envelope({}) }));
    sessionStore.set('token', 'tok-123');
    await api.call(memberInfoCall);
    await api.call(memberInfoCall);
    const [first, second] = server.requests;
    expect(first.headers['device-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.headers['device-id']).toBe(first.headers['device-id']);
    expect(localStore.get('deviceId')).toBe(first.headers['device-id']);
    expect(countOf(first.headerNames, 'Device-Id')).toBe(1);
    // One kept from an earlier visit is used as it is.
    localStore.set('deviceId', 'kept-from-last-visit-0001');
    await api.call(memberInfoCall);
    expect(server.requests[2].headers['device-id']).toBe('kept-from-last-visit-0001');
  });

  it('falls back to the session merchant and the bus language, and sends no Authorization without a token', async () => {
    sessionStore.set('merchantCode', 'session-merchant');
    bus.set('language', 'VI');
    server.on('GET /wps/system/status', () => ({ body: envelope({ maintenance: false }) }));

    await api.call(systemStatusCall, { params: { url: 'site.example' } });

    const [request] = server.requests;
    expect(request.headers.merchant).toBe('session-merchant');
    expect(request.headers.language).toBe('VI');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.query.get('url')).toBe('site.example');
  });

  it('sends the merchant code written at boot as the Merchant header of every call, once; the boot status call goes without it', async () => {
    server.on('GET /wps/system/status', () => ({ body: envelope(makeStatus()) }));
    server.on('GET /wps/system/whitelabel', () => ({ body: envelope({}) }));
    // Before boot nothing names the merchant: the server goes by the host name.
    await api.call(systemStatusCall, { params: { url: 'site.example' } });
    expect(server.requests[0].headers.merchant).toBeUndefined();

    setMerchantCode('brand07');
    expect([sessionStore.get('merchant'), sessionStore.get('merchantCode'), localStore.get('merchantCode')]).toEqual(['brand07', 'brand07', 'brand07']);
    await api.call(whitelabelCall);
    await api.call(systemStatusCall, { params: { url: 'site.example' }, headers: { Merchant: false } });
    expect(server.requests[1].headers.merchant).toBe('brand07');
    expect(countOf(server.requests[1].headerNames, 'Merchant')).toBe(1);
    // The boot status asks the domain's merchant, whatever an earlier visit kept.
    expect(server.requests[2].headers.merchant).toBeUndefined();
    expect(api.headersFor(memberInfoCall).Merchant).toBe('brand07');
  });

  it('lets a call replace a header or drop it, still sending one of each', async () => {
    sessionStore.set('token', 'tok-123');
    server.on('GET /wps/member/info', () => ({ body: envelope({}) }));

    await api.call(memberInfoCall, { headers: { authorization: 'other-token', Device: false } });

    const [request] = server.requests;
    expect(request.headers.authorization).toBe('other-token');
    expect(countOf(request.headerNames, 'Authorization')).toBe(1);
    expect(request.headers.device).toBeUndefined();
  });

  it('sends JSON bodies, and form-encoded bodies for form calls', async () => {
    sessionStore.set('token', 'tok-123');
    server.on('PUT /wps/member/language', () => ({ body: envelope(true) }));
    server.on('POST /wps/member/password/email', () => ({ body: envelope(null) }));

    await api.call(updateLanguageCall, { data: { language: 'EN' } });
    await api.call(forgotPasswordByEmailCall, { data: { username: 'player 01', email: 'p@example.com' } });

    const [json, form] = server.requests;
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(json.body)).toEqual({ language: 'EN' });
    expect(form.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(form.body))).toEqual({ username: 'player 01', email: 'p@example.com' });
  });

  it('repeats array parameters without brackets, for a row the client has never seen', async () => {
    // A remote may ship a call newer than the shell: the row it passes is all the client needs.
    const listCall = defineCall({
      name: 'announcementList',
      method: 'GET',
      path: '/wps/relay/MCSFE_getListAnnouncements',
      moduleId: 'ANNOUNCE3',
      query: { type: 'object', properties: { types: { type: 'array', items: { type: 'string' } }, platform: { type: 'string' } } },
      value: { type: 'object' },
    });
    server.on('GET /wps/relay/MCSFE_getListAnnouncements', () => ({ body: envelope({ list: [], popup: [] }) }));
    await api.call(listCall, { params: { types: ['B', 'PL'], platform: 'W' } });
    expect(server.requests[0].query.getAll('types')).toEqual(['B', 'PL']);
  });

  it('writes the query as the server reads it: a key per array item, in order; nothing for undefined or null', async () => {
    const queryCall = defineCall({
      name: 'queryShapes',
      method: 'GET',
      path: '/wps/test/query',
      moduleId: 'SYSTEM3',
      query: {
        type: 'object',
        properties: {
          types: { type: 'array', items: { type: ['string', 'null'] } },
          page: { type: 'integer' },
          open: { type: 'boolean' },
          name: { type: 'string' },
          gone: { type: ['string', 'null'] },
        },
      },
      value: { type: 'null' },
    });
    server.on('GET /wps/test/query', () => ({ body: envelope(null) }));

    await api.call(queryCall, { params: { types: ['B', null, 'P L&x=1'], page: 2, open: false, name: undefined, gone: null } });
    await api.call(queryCall);

    const [withParams, without] = server.requests;
    expect([...withParams.query.entries()]).toEqual([['types', 'B'], ['types', 'P L&x=1'], ['page', '2'], ['open', 'false']]);
    expect([...without.query.keys()]).toEqual([]);
  });

  it('is a credentialed request: the API origin’s cookies go with every call, as they did with XMLHttpRequest', async () => {
    server.on('GET /wps/system/whitelabel', () => ({ body: envelope({}), headers: { 'Set-Cookie': 'edge=abc; Path=/' } }));
    server.on('GET /wps/system/helpCenter', () => ({ body: envelope({}), headers: { 'Set-Cookie': 'edge=; Path=/; Max-Age=0' } }));

    await api.call(whitelabelCall);
    await api.call(helpCenterCall);

    expect(server.requests[0].headers.cookie).toBeUndefined();
    expect(server.requests[1].headers.cookie).toBe('edge=abc');
  });

  it("uses the page's fetch as it is at the call, so one put there after the client was made is used", async () => {
    server.on('GET /wps/system/whitelabel', () => ({ body: envelope({}) }));
    const pageFetch = jest.spyOn(globalThis, 'fetch');

    await api.call(whitelabelCall);

    expect(pageFetch).toHaveBeenCalledWith(`${server.origin}/wps/system/whitelabel`, expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });
});

describe('calls that need a session', () => {
  it('without a token: rejects with login.not.session, sends nothing and opens the login popup', async () => {
    const error = await api.call(balanceCall).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorCode: 'login.not.session', callName: 'balance', status: 0 });
    expect(server.requests).toHaveLength(0);
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
  });

  it('uses a token the caller names itself (the forced password change before the session starts)', async () => {
    server.on('POST /wps/member/password', () => ({ body: envelope(null) }));
    const rsa = await generateTestRsaKeyPair();
    server.on('GET /wps/session/key/rsa', () => ({ body: envelope({ keyId: 'k', publicKey: rsa.publicKey, serverTime: Date.now() }) }));

    await api.call(changePasswordCall, { data: { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' }, headers: { Authorization: 'pending-token' } });

    const request = server.requests.find((entry) => entry.path === '/wps/member/password');
    expect(request?.headers.authorization).toBe('pending-token');
    expect(commands).toEqual([]);
  });
});

describe('failures', () => {
  it('an HTTP error with an envelope becomes a typed ApiError and an error toast', async () => {
    server.on('POST /wps/test/plain', () => ({
      status: 400,
      body: failure('quota.not.enough', 'Quota not sufficient', { left: 0 }),
    }));

    const error = await api.call(plainPostCall).catch((caught: unknown) => caught);

    expect(error).toMatchObject({
      name: 'ApiError',
      status: 400,
      errorCode: 'quota.not.enough',
      message: 'Quota not sufficient',
      value: { left: 0 },
      callName: 'plainPost',
    });
    expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'Quota not sufficient' }]);
  });

  it('a 2xx envelope with success false is an ApiError too', async () => {
    server.on('GET /wps/system/whitelabel', () => ({ status: 200, body: failure('function.not.available', 'Function not enabled') }));

    await expect(api.call(whitelabelCall)).rejects.toMatchObject({ status: 200, errorCode: 'function.not.available' });
    expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'Function not enabled' }]);
  });

  it('HTTP 401 logs out once with the message, however many calls fail with that token', async () => {
    sessionStore.set('token', 'expired');
    server.on('GET /wps/member/info', () => ({ status: 401, body: failure('session.expired', 'Please log in again') }));
    server.on('GET /wps/v2/wallets/balance', () => ({ status: 401, body: failure('session.expired', 'Please log in again') }));

    const results = await Promise.allSettled([api.call(memberInfoCall), api.call(balanceCall)]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(commands).toEqual([{ type: 'toast', level: 'warning', message: 'Please log in again' }, { type: 'logout' }]);
  });

  it.each(['user.or.token.invalid', 'login.not.session', 'CUSTOMER_NOT_LOGIN', 'token_ip_different', 'password.change.required'])(
    'errorCode %s logs out even without a 401',
    async (errorCode) => {
      sessionStore.set('token', `tok-${errorCode}`);
      server.on('GET /wps/member/info', () => ({ status: 400, body: failure(errorCode, 'Session ended') }));

      await expect(api.call(memberInfoCall)).rejects.toMatchObject({ errorCode });
      expect(commands).toEqual([{ type: 'toast', level: 'warning', message: 'Session ended' }, { type: 'logout' }]);
    },
  );

  it.each(['merchant.acct.setup.err', 'login_verify_required', 'TOO_MANY_REQUEST', 'TOO_MANY_REQUESTS', 'bind_customer_required'])(
    'errorCode %s is left to the caller: no toast',
    async (errorCode) => {
      server.on('GET /wps/system/whitelabel', () => ({ status: 400, body: failure(errorCode, 'Handled by caller') }));
      await expect(api.call(whitelabelCall)).rejects.toMatchObject({ errorCode });
      expect(commands).toEqual([]);
    },
  );

  it('quiet calls reject silently, even on a 401', async () => {
    sessionStore.set('token', 'tok');
    server.on('GET /wps/relay/MCSFE_getPlayerAvatar', () => ({ status: 401, body: failure('session.expired', 'x') }));
    server.on('GET /wps/agent/affiliate', () => ({ status: 400, body: failure('affiliate.invalid', 'x') }));

    await expect(api.call(playerAvatarCall)).rejects.toMatchObject({ status: 401 });
    await expect(api.call(affiliateCheckCall, { params: { code: 'bad' } })).rejects.toMatchObject({ errorCode: 'affiliate.invalid' });
    expect(commands).toEqual([]);
  });

  describe('the site closing to the player (maintenance, region restriction)', () => {
    const maintenanceValue = { content: { data: { maintainTime: 1_750_000_000_000, endTime: 1_750_003_600_000 } } };

    it('system_under_maintenance turns the root view to the maintenance page with the window’s end, and no toast', async () => {
      bus.set('settings', { status: makeStatus() });
      sessionStore.set('token', 'tok');
      server.on('GET /wps/v2/wallets/balance', () => ({ status: 503, body: failure('system_under_maintenance', 'Under maintenance', maintenanceValue) }));

      await expect(api.call(balanceCall)).rejects.toMatchObject({ status: 503, errorCode: 'system_under_maintenance' });
      expect(bus.get('settings').status).toMatchObject({ maintenance: true, maintenanceEnd: 1_750_003_600_000, regionRestriction: false });
      expect(commands).toEqual([]);
    });

    it('an open-ended window shows no end', async () => {
      bus.set('settings', { status: makeStatus() });
      server.on('POST /wps/test/plain', () => ({
        status: 503,
        body: failure('system_under_maintenance', 'Under maintenance', { content: { data: { maintainTime: 1, endTime: null } } }),
      }));
      await expect(api.call(plainPostCall)).rejects.toMatchObject({ errorCode: 'system_under_maintenance' });
      expect(bus.get('settings').status).toMatchObject({ maintenance: true, maintenanceEnd: null });
    });

    it('region_restricted turns it to the restriction page with the address and country the server saw, even from a quiet call', async () => {
      bus.set('settings', { status: makeStatus() });
      server.on('GET /wps/agent/affiliate', () => ({ status: 403, body: failure('region_restricted', 'Restricted', { ip: '14.160.0.1', country: 'VN' }) }));

      await expect(api.call(affiliateCheckCall, { params: { code: 'x' } })).rejects.toMatchObject({ errorCode: 'region_restricted' });
      expect(bus.get('settings').status).toMatchObject({ regionRestriction: true, location: { ip: '14.160.0.1', country: 'VN' }, maintenance: false });
      expect(commands).toEqual([]);
    });

    it('before the status is known, says it in a toast instead', async () => {
      server.on('GET /wps/system/whitelabel', () => ({ status: 403, body: failure('region_restricted', 'Restricted', { ip: '14.160.0.1', country: null }) }));
      await expect(api.call(whitelabelCall)).rejects.toMatchObject({ errorCode: 'region_restricted' });
      expect(bus.get('settings').status).toBeNull();
      expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'Restricted' }]);
    });

    it('is handled by the client: forms do not repeat the message', () => {
      for (const errorCode of ['system_under_maintenance', 'region_restricted']) {
        expect(isHandledByClient(new ApiError({ status: 403, errorCode, message: 'x', call: { name: 'affiliateCheck', quiet: true } }))).toBe(true);
      }
    });
  });

  it('an error without an envelope uses the status text, and a 504 the timeout message', async () => {
    server.on('GET /wps/system/domainRoute', () => ({ status: 502 }));
    server.on('GET /wps/system/helpCenter', () => ({ status: 504 }));

    await expect(api.call(domainRouteCall)).rejects.toMatchObject({ status: 502, errorCode: 'http.502', message: 'Bad Gateway' });
    await expect(api.call(helpCenterCall)).rejects.toMatchObject({
      status: 504,
      message: 'The page took longer time to load, please check your network connectivity',
    });
  });

  it('a network failure is network.error with the translated message', async () => {
    // jsdom reports the refused connection on the console, as a browser would.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreachable = createApiClient({ bus, baseURL: 'http://127.0.0.1:9' });

    await expect(unreachable.call(systemStatusCall)).rejects.toMatchObject({
      status: 0,
      errorCode: 'network.error',
      message: 'Network link is abnormal, please try again',
    });
    expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'Network link is abnormal, please try again' }]);

    await i18n.changeLanguage('CN');
    try {
      await expect(unreachable.call(systemStatusCall)).rejects.toMatchObject({ message: '网络链接异常，请重试' });
    } finally {
      await i18n.changeLanguage('EN');
      unreachable.dispose();
    }
  });

  it('a slow answer times out as network.timeout', async () => {
    const impatient = createApiClient({ bus, baseURL: server.origin, timeoutMs: 100 });
    server.on('GET /wps/system/status', () => ({ body: envelope({}), delayMs: 1000 }));

    await expect(impatient.call(systemStatusCall)).rejects.toMatchObject({
      errorCode: 'network.timeout',
      message: 'The page took longer time to load, please check your network connectivity',
    });
    impatient.dispose();
  });

  it('a server that never answers fails as network.timeout once timeoutMs has passed, and says so', async () => {
    server.on('GET /wps/system/whitelabel', () => ({ hang: true }));
    const impatient = createApiClient({ bus, baseURL: server.origin, timeoutMs: 200 });
    const started = Date.now();
    try {
      await expect(impatient.call(whitelabelCall)).rejects.toMatchObject({
        status: 0,
        errorCode: 'network.timeout',
        message: 'The page took longer time to load, please check your network connectivity',
      });
    } finally {
      impatient.dispose();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(server.requests).toHaveLength(1);
    expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'The page took longer time to load, please check your network connectivity' }]);
  });

  it('a 2xx answer that is not an envelope is response.invalid', async () => {
    server.on('GET /wps/system/whitelabel', () => ({ body: 'not an envelope' }));
    server.on('GET /wps/system/helpCenter', () => ({ status: 200 }));

    await expect(api.call(whitelabelCall)).rejects.toMatchObject({ status: 200, errorCode: 'response.invalid', message: 'Unknown error' });
    await expect(api.call(helpCenterCall)).rejects.toMatchObject({ status: 200, errorCode: 'response.invalid' });
  });

  it('a server that has closed is network.error', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const gone = await startTestApiServer();
    await gone.close();
    const client = createApiClient({ bus, baseURL: gone.origin });
    try {
      await expect(client.call(whitelabelCall)).rejects.toMatchObject({ status: 0, errorCode: 'network.error', message: 'Network link is abnormal, please try again' });
    } finally {
      client.dispose();
    }
    expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'Network link is abnormal, please try again' }]);
  });

  it('a server that closes the connection before answering is network.error', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    server.on('GET /wps/system/whitelabel', () => {
      arrived();
      return { hang: true };
    });

    const pending = api.call(whitelabelCall);
    await held;
    await server.close();

    await expect(pending).rejects.toMatchObject({ status: 0, errorCode: 'network.error' });
  });

  it('an aborted call rejects as request.canceled without a toast', async () => {
    server.on('GET /wps/system/status', () => ({ body: envelope({}), delayMs: 1000 }));
    const client = createApiClient({ bus, baseURL: server.origin });
    const controller = new AbortController();
    const pending = client.call(systemStatusCall, { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ errorCode: 'request.canceled' });
    expect(commands).toEqual([]);
    client.dispose();
  });

  it('an abort while the server holds the call rejects at once, not at the timeout, and is never reported', async () => {
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    server.on('GET /wps/system/whitelabel', () => {
      arrived();
      return { hang: true };
    });
    const controller = new AbortController();

    // The client's own timeout is 20 s: only the abort can end this call within the test's time.
    const pending = api.call(whitelabelCall, { signal: controller.signal });
    await held;
    controller.abort();

    await expect(pending).rejects.toMatchObject({ status: 0, errorCode: 'request.canceled' });
    expect(commands).toEqual([]);
  });

  it('a signal aborted before the call sends nothing', async () => {
    server.on('GET /wps/system/whitelabel', () => ({ body: envelope({}) }));
    const controller = new AbortController();
    controller.abort();

    await expect(api.call(whitelabelCall, { signal: controller.signal })).rejects.toMatchObject({ errorCode: 'request.canceled' });
    expect(server.requests).toHaveLength(0);
    expect(commands).toEqual([]);
  });
});

describe('encrypted calls', () => {
  let keys: TestRsaKeyPair;
  beforeAll(async () => {
    keys = await generateTestRsaKeyPair();
  });

  function serveKey(current: () => TestRsaKeyPair, serverNow: () => number = Date.now) {
    server.on('GET /wps/session/key/rsa', () => ({ body: envelope({ keyId: 'k', publicKey: current().publicKey, serverTime: serverNow() }) }));
  }

  async function decrypted(bodyText: string, header: string | string[] | undefined, pair: TestRsaKeyPair) {
    return decryptTestRequest((JSON.parse(bodyText) as { value: string }).value, String(header), pair.privateKey);
  }

  it('sends { value } with an Encryption header, fetching the RSA key once with no-cache', async () => {
    serveKey(() => keys);
    const received: unknown[] = [];
    server.on('POST /wps/session/login', async (request) => {
      received.push((await decrypted(request.body, request.headers.encryption, keys)).data);
      return { body: envelope({ token: 'new-token', firstTimeLogin: false, passwordExpired: false }) };
    });

    const login = await api.call(loginCall, { data: { username: 'player01', password: 'secret', type: 'username' } });
    await api.call(loginCall, { data: { username: 'player02', password: 'secret', type: 'username' } });

    expect(login.token).toBe('new-token');
    expect(received).toEqual([
      { username: 'player01', password: 'secret', type: 'username' },
      { username: 'player02', password: 'secret', type: 'username' },
    ]);
    const keyFetches = server.requests.filter((request) => request.path === '/wps/session/key/rsa');
    expect(keyFetches).toHaveLength(1);
    expect(keyFetches[0].headers['cache-control']).toBe('no-cache');
    const loginRequest = server.requests.find((request) => request.path === '/wps/session/login');
    expect(Object.keys(JSON.parse(loginRequest!.body))).toEqual(['value']);
    expect(loginRequest!.body).not.toContain('player01');
  });

  it('after request.decrypt.err fetches the key again and retries once', async () => {
    const rotated = await generateTestRsaKeyPair();
    let current = keys;
    serveKey(() => current);
    server.on('PUT /wps/member/register', async (request) => {
      try {
        return { body: envelope((await decrypted(request.body, request.headers.encryption, current)).data) };
      } catch {
        return { status: 400, body: failure('request.decrypt.err', 'Cannot decrypt') };
      }
    });

    await api.call(registerCall, { data: { username: 'a' } });
    current = rotated; // the server rotates its key; the client still holds the old one
    await expect(api.call(registerCall, { data: { username: 'b' } })).resolves.toEqual({ username: 'b' });

    expect(server.requests.filter((request) => request.path === '/wps/session/key/rsa')).toHaveLength(2);
    expect(server.requests.filter((request) => request.path === '/wps/member/register')).toHaveLength(3);
    expect(commands).toEqual([]);
  });

  it("stamps each payload with the server's time (this device's clock an hour slow) and a fresh nonce", async () => {
    const HOUR = 3_600_000;
    serveKey(() => keys, () => Date.now() + HOUR);
    const sealed: { ts: number; nonce: string }[] = [];
    server.on('POST /wps/session/login', async (request) => {
      const { ts, nonce } = await decrypted(request.body, request.headers.encryption, keys);
      sealed.push({ ts, nonce });
      return { body: envelope({ token: 't', firstTimeLogin: false, passwordExpired: false }) };
    });

    await api.call(loginCall, { data: { username: 'player01', password: 'secret', type: 'username' } });
    await api.call(loginCall, { data: { username: 'player01', password: 'secret', type: 'username' } });

    expect(sealed).toHaveLength(2);
    for (const { ts, nonce } of sealed) {
      expect(Math.abs(ts - (Date.now() + HOUR))).toBeLessThan(5_000);
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(sealed[0].nonce).not.toBe(sealed[1].nonce);
  });

  it("after request.replay.err (this device's clock moved) fetches the server's time again and retries once", async () => {
    // The server's rule: a ts within 5 minutes of its clock, a nonce never seen.
    let serverOffsetMs = 0;
    const seen = new Set<string>();
    serveKey(() => keys, () => Date.now() + serverOffsetMs);
    server.on('PUT /wps/member/register', async (request) => {
      const { ts, nonce, data } = await decrypted(request.body, request.headers.encryption, keys);
      if (Math.abs(ts - (Date.now() + serverOffsetMs)) > 300_000 || seen.has(nonce)) {
        return { status: 400, body: failure('request.replay.err', 'Out of date') };
      }
      seen.add(nonce);
      return { body: envelope(data) };
    });

    await api.call(registerCall, { data: { username: 'a' } });
    serverOffsetMs = 20 * 60_000; // this device's clock is set back 20 minutes
    await expect(api.call(registerCall, { data: { username: 'b' } })).resolves.toEqual({ username: 'b' });

    expect(server.requests.filter((request) => request.path === '/wps/session/key/rsa')).toHaveLength(2);
    expect(server.requests.filter((request) => request.path === '/wps/member/register')).toHaveLength(3);
    expect(commands).toEqual([]);
  });

  it('gives up after one retry and reports the failure', async () => {
    serveKey(() => keys);
    server.on('PUT /wps/member/register', () => ({ status: 400, body: failure('request.decrypt.err', 'Cannot decrypt') }));

    await expect(api.call(registerCall, { data: {} })).rejects.toMatchObject({ errorCode: 'request.decrypt.err' });
    expect(server.requests.filter((request) => request.path === '/wps/member/register')).toHaveLength(2);
    expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'Cannot decrypt' }]);
  });

  it('a key the browser cannot use fails as client.error without sending the payload', async () => {
    server.on('GET /wps/session/key/rsa', () => ({ body: envelope({ keyId: 'k', publicKey: 'bm90IGEga2V5' }) }));

    await expect(api.call(loginCall, { data: { username: 'a', password: 'b' } })).rejects.toMatchObject({ status: 0, errorCode: 'client.error' });
    expect(server.requests.map((request) => request.path)).toEqual(['/wps/session/key/rsa']);
    expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'Unknown error' }]);
  });
});

describe('cached calls', () => {
  it('answer once per language, merchant and parameters, and forget on a language change', async () => {
    let served = 0;
    server.on('GET /wps/relay/GCSGAME_newGameVendor', () => ({ body: envelope({ served: ++served }) }));
    const desktop = { platform: 'html5-desktop' };

    const first = await api.cached(gameVendorsCall, desktop);
    const again = await api.cached(gameVendorsCall, { ...desktop });
    expect(again).toBe(first);
    expect(served).toBe(1);

    await api.cached(gameVendorsCall, { platform: 'html5' });
    expect(served).toBe(2);

    localStore.set('merchantCode', 'other-brand');
    await api.cached(gameVendorsCall, desktop);
    expect(served).toBe(3);

    bus.set('language', 'CN');
    localStore.set('merchantCode', null);
    await api.cached(gameVendorsCall, desktop);
    expect(served).toBe(4);
    expect(server.requests.at(-1)?.headers.language).toBe('CN');
  });

  it('shares one request between simultaneous callers and does not keep failures', async () => {
    let served = 0;
    server.on('GET /wps/system/country', () => (++served === 1 ? { status: 500, body: failure('x', 'Server error') } : { body: envelope([]) }));

    const results = await Promise.allSettled([api.cached(countriesCall), api.cached(countriesCall)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(served).toBe(1);

    await expect(api.cached(countriesCall)).resolves.toEqual([]);
    expect(served).toBe(2);
  });
});
