import type { Envelope, LoginResult, MaintenanceRefusal, RegionRefusal, SystemStatus } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { clearSiteRestrictions } from './system.testing';
import { createMember, encryptedInject, loginRequest, MINUTE, TestClock, tokenFor } from '../member/member.testing';

// Maintenance and region restriction enforced by the server: login,
// registration, free play and every money or game route are refused during maintenance and to a
// restricted visitor, whose country the server resolves from the address alone.

const clock = new TestClock();
let context: TestContext;

/** Addresses the bundled GeoLite2 database places in Vietnam and Bangladesh. */
const VIETNAMESE_IP = '14.160.0.1';
const BANGLADESHI_IP = '103.4.144.1';
/** A documentation address: no country. */
const NOWHERE_IP = '198.51.100.20';

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  await createMember(context.pool, context.merchantId, { username: 'player0001', password: 'player123', nowMs: clock.nowMs });
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await clearSiteRestrictions(context.pool);
});

type Failure<V = unknown> = Envelope<V>;

const login = (remoteAddress: string, headers: Record<string, string> = {}) =>
  loginRequest(context.app, { username: 'player0001', password: 'player123' }, { remoteAddress, headers });
const register = (username: string, remoteAddress: string) =>
  encryptedInject(context.app, 'PUT', '/wps/member/register', { username, password: 'secret12', confirmPassword: 'secret12' }, { remoteAddress });
const freePlay = (remoteAddress: string) => encryptedInject(context.app, 'POST', '/wps/session/login/freeplay', {}, { remoteAddress });
const status = async (remoteAddress: string): Promise<SystemStatus> => {
  const response = await context.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress });
  expect(response.statusCode).toBe(200);
  return json<Envelope<SystemStatus>>(response).value;
};
const memberCount = async () => Number((await context.pool.query<{ count: string }>('SELECT count(*) FROM member')).rows[0].count);

const addRegionRule = (kind: 'country' | 'ip' | 'cidr', value: string) =>
  context.pool.query('INSERT INTO region_rule (merchant_id, kind, value) VALUES ($1, $2, $3)', [context.merchantId, kind, value]);
const addOverride = (network: string, country: string, merchantId: number | null = context.merchantId) =>
  context.pool.query('INSERT INTO ip_country_override (merchant_id, network, country_code) VALUES ($1, $2, $3)', [merchantId, network, country]);
const startMaintenance = (endsAtMs: number | null = clock.nowMs + 60 * MINUTE, startsAtMs = clock.nowMs - MINUTE) =>
  context.pool.query('INSERT INTO maintenance_window (merchant_id, starts_at, ends_at) VALUES ($1, $2, $3)', [
    context.merchantId,
    new Date(startsAtMs),
    endsAtMs === null ? null : new Date(endsAtMs),
  ]);

function expectRegionRefusal(response: { statusCode: number; body: string }, ip: string, country: string | null): void {
  expect(response.statusCode).toBe(403);
  const body = json<Failure<RegionRefusal>>(response);
  expect(body).toMatchObject({ success: false, errorCode: 'region_restricted', value: { ip, country } });
  expect(body.message).toBe('Due to restriction of your location or IP address, you are not allowed to access the site.');
}

function expectMaintenanceRefusal(response: { statusCode: number; body: string }, maintainTime: number, endTime: number | null): void {
  expect(response.statusCode).toBe(503);
  const body = json<Failure<MaintenanceRefusal>>(response);
  expect(body).toMatchObject({ success: false, errorCode: 'system_under_maintenance', value: { content: { data: { maintainTime, endTime } } } });
  expect(body.message).toBe('The system is under maintenance, please try again later');
}

describe('region restriction', () => {
  it('refuses login, registration and free play from an address the database places in a restricted country', async () => {
    await addRegionRule('country', 'VN');
    const before = await memberCount();
    expectRegionRefusal(await login(VIETNAMESE_IP), VIETNAMESE_IP, 'VN');
    expectRegionRefusal(await register('vietnam01', VIETNAMESE_IP), VIETNAMESE_IP, 'VN');
    expectRegionRefusal(await freePlay(VIETNAMESE_IP), VIETNAMESE_IP, 'VN');
    expectRegionRefusal(await freePlay('2001:ee0::1'), '2001:ee0::1', 'VN');
    expect(await memberCount()).toBe(before);
    // The page that explains it still loads.
    expect(await status(VIETNAMESE_IP)).toMatchObject({ regionRestriction: true, location: { ip: VIETNAMESE_IP, country: 'VN' } });
    // Visitors from elsewhere are served as usual.
    expect((await login(BANGLADESHI_IP)).statusCode).toBe(200);
    expect((await freePlay(BANGLADESHI_IP)).statusCode).toBe(200);
  });

  it('believes no country the client reports: X-Country-Code neither restricts nor unrestricts anyone', async () => {
    await addRegionRule('country', 'VN');
    expect((await login(NOWHERE_IP, { 'x-country-code': 'VN' })).statusCode).toBe(200);
    expect((await freePlay(BANGLADESHI_IP)).statusCode).toBe(200);
    expectRegionRefusal(await login(VIETNAMESE_IP, { 'x-country-code': 'BD', 'cf-ipcountry': 'BD' }), VIETNAMESE_IP, 'VN');
  });

  it('takes an operator override over the database, both ways', async () => {
    await addRegionRule('country', 'VN');
    await addOverride('14.160.0.0/16', 'SG');
    expect((await login(VIETNAMESE_IP)).statusCode).toBe(200);
    await addOverride(`${BANGLADESHI_IP}`, 'VN', null);
    expectRegionRefusal(await login(BANGLADESHI_IP), BANGLADESHI_IP, 'VN');
    expectRegionRefusal(await freePlay(BANGLADESHI_IP), BANGLADESHI_IP, 'VN');
  });

  it('refuses by address and network rules too, with no country for a private address', async () => {
    await addRegionRule('ip', NOWHERE_IP);
    await addRegionRule('cidr', '10.9.0.0/16');
    expectRegionRefusal(await login(NOWHERE_IP), NOWHERE_IP, null);
    expectRegionRefusal(await register('private01', '10.9.1.1'), '10.9.1.1', null);
    expect((await login('10.8.1.1')).statusCode).toBe(200);
  });

  it('refuses a logged-in member’s money and game routes once their region is restricted', async () => {
    const token = await tokenFor(context.app, 'player0001', 'player123', VIETNAMESE_IP);
    const authorization = { authorization: token };
    expect((await context.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: authorization, remoteAddress: VIETNAMESE_IP })).statusCode).toBe(200);
    await addRegionRule('country', 'VN');
    for (const url of ['/wps/v2/wallets/balance', '/wps/relay/GCSGAME_newGameVendor', '/wps/member/info']) {
      expectRegionRefusal(await context.app.inject({ method: 'GET', url, headers: authorization, remoteAddress: VIETNAMESE_IP }), VIETNAMESE_IP, 'VN');
    }
    // Leaving is always possible.
    expect((await context.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: authorization, remoteAddress: VIETNAMESE_IP })).statusCode).toBe(200);
  });
});

describe('maintenance', () => {
  it('refuses login, registration and free play while /wps/system/status still answers', async () => {
    const endsAt = clock.nowMs + 60 * MINUTE;
    await startMaintenance(endsAt);
    const before = await memberCount();
    expectMaintenanceRefusal(await login(BANGLADESHI_IP), clock.nowMs - MINUTE, endsAt);
    expectMaintenanceRefusal(await register('maint0001', BANGLADESHI_IP), clock.nowMs - MINUTE, endsAt);
    expectMaintenanceRefusal(await freePlay(BANGLADESHI_IP), clock.nowMs - MINUTE, endsAt);
    expect(await memberCount()).toBe(before);
    expect(await status(BANGLADESHI_IP)).toMatchObject({ maintenance: true, maintenanceEnd: endsAt });
    // What the maintenance page needs to render.
    for (const url of ['/remotes.json', '/wps/system/country', '/wps/system/whitelabel', '/wps/system/domainRoute']) {
      expect((await context.app.inject({ method: 'GET', url, remoteAddress: BANGLADESHI_IP })).statusCode).toBe(200);
    }
  });

  it('refuses a logged-in member’s money and game routes, and still lets them log out', async () => {
    const token = await tokenFor(context.app, 'player0001', 'player123', BANGLADESHI_IP);
    const authorization = { authorization: token };
    await startMaintenance(null);
    for (const url of ['/wps/v2/wallets/balance', '/wps/relay/GCSGAME_newGameVendor', '/wps/member/info']) {
      expectMaintenanceRefusal(await context.app.inject({ method: 'GET', url, headers: authorization, remoteAddress: BANGLADESHI_IP }), clock.nowMs - MINUTE, null);
    }
    // Refused before the session is even looked up: the answer is the same without a token.
    expectMaintenanceRefusal(await context.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', remoteAddress: BANGLADESHI_IP }), clock.nowMs - MINUTE, null);
    expect((await context.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: authorization, remoteAddress: BANGLADESHI_IP })).statusCode).toBe(200);
  });

  it('comes before region restriction, as the root view does (1 before 2)', async () => {
    await addRegionRule('country', 'VN');
    await startMaintenance();
    expect((await login(VIETNAMESE_IP)).statusCode).toBe(503);
  });

  it('starts and ends by the injected clock', async () => {
    await startMaintenance(clock.nowMs + 60 * MINUTE, clock.nowMs + 10 * MINUTE);
    const response = await login(BANGLADESHI_IP);
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<LoginResult>>(response).value.token).toEqual(expect.any(String));
    clock.advance(10 * MINUTE);
    try {
      expect((await login(BANGLADESHI_IP)).statusCode).toBe(503);
      clock.advance(50 * MINUTE);
      expect((await login(BANGLADESHI_IP)).statusCode).toBe(200);
    } finally {
      clock.advance(-60 * MINUTE);
    }
  });
});
