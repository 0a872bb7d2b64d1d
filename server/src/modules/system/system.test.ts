import CryptoJS from 'crypto-js';
import type { CountryEntry, DomainRoute, Envelope, RegisterFieldRule, SystemStatus } from '@platform/contract';
import { buildApp } from '../../app';
import { ConfigCache } from '../../db/config-cache';
import { getSystemStatus } from './system.service';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { clearSiteRestrictions } from './system.testing';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await clearSiteRestrictions(context.pool);
});

/** Addresses the bundled GeoLite2 database places (VNPT's 14.160.0.0/11; a Bangladeshi ISP's range). */
const VIETNAMESE_IP = '14.160.0.1';
const BANGLADESHI_IP = '103.4.144.1';

interface StatusRequest {
  ip?: string;
  query?: string;
  headers?: Record<string, string>;
}

async function status({ ip = '198.51.100.10', query = '', headers = {} }: StatusRequest = {}): Promise<SystemStatus> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/wps/system/status${query}`,
    remoteAddress: ip,
    headers,
  });
  expect(response.statusCode).toBe(200);
  const body = json<Envelope<SystemStatus>>(response);
  expect(body.success).toBe(true);
  return body.value;
}

async function addRegionRule(kind: string, value: string): Promise<void> {
  await context.pool.query('INSERT INTO region_rule (merchant_id, kind, value) VALUES ($1, $2, $3)', [context.merchantId, kind, value]);
}

describe('GET /wps/system/status', () => {
  it('describes the visitor and the site', async () => {
    const value = await status({ ip: BANGLADESHI_IP, query: '?url=https%3A%2F%2Fluckystar.example%2F' });
    expect(value.location).toEqual({ ip: BANGLADESHI_IP, country: 'BD' });
    expect(value.maintenance).toBe(false);
    expect(value.maintenanceEnd).toBeNull();
    expect(value.regionRestriction).toBe(false);
    expect(value.info.site).toMatchObject({
      brandName: 'Lucky Star',
      defaultLanguage: 'BN',
      languages: ['BN', 'EN'],
      currencySymbol: '৳',
      currency: { code: 'BDT', symbol: '৳', decimals: 2, symbolPlacement: 'before' },
      loggedInOnlyHome: false,
      registerPage: false,
      directRegister: true,
      // The seed switches the live chat on (its 'chat' setting).
      chatEnabled: true,
    });
    expect(value.info.site.footer.responsibleGaming).toMatch(/21/);
    expect(value.info.site.footer.aboutUs).toMatch(/18/);
    expect(value.info.whitelabel.MOBILEVERCODELOGIN3).toEqual({ enabled: '1' });
    expect(value.info.register.username).toMatchObject({ required: true, enabled: true });
    expect(value.info.resources.map((resource) => resource.resourceType)).toContain('Android');
    expect(value.info.analytics).toEqual({ gtagId: null, consentRequired: false });
    expect(value.info.merchantCode).toBe('DEFAULT');
    expect(value.info.imageCDNs).toEqual([]);
    expect(value.info.launchGameCDNs).toEqual([]);
  });

  it('carries the analytics tag and whether it waits for consent, as the operator set them', async () => {
    const setAnalytics = (value: unknown) =>
      context.pool.query(
        `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'analytics', $2)
         ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
        [context.merchantId, JSON.stringify(value)],
      );
    try {
      await setAnalytics({ gtagId: 'G-TEST123', consentRequired: true });
      expect((await status()).info.analytics).toEqual({ gtagId: 'G-TEST123', consentRequired: true });
      // Anything but true (a typo, "yes") does not make the site ask.
      await setAnalytics({ gtagId: 'G-TEST123', consentRequired: 'yes' });
      expect((await status()).info.analytics).toEqual({ gtagId: 'G-TEST123', consentRequired: false });
    } finally {
      await setAnalytics({ gtagId: null });
    }
  });

  it("offers live chat while the merchant's chat setting is enabled, whatever the 'site' setting says", async () => {
    const setChat = (value: unknown) =>
      context.pool.query(
        `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'chat', $2)
         ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
        [context.merchantId, JSON.stringify(value)],
      );
    const before = (await context.pool.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'chat'", [context.merchantId])).rows[0].value;
    try {
      await setChat({ ...(before as object), enabled: false });
      expect((await status()).info.site.chatEnabled).toBe(false);
      await setChat({ ...(before as object), enabled: true });
      expect((await status()).info.site.chatEnabled).toBe(true);
      // Anything but true is off.
      await setChat({ enabled: 'yes' });
      expect((await status()).info.site.chatEnabled).toBe(false);
    } finally {
      await setChat(before);
    }
  });

  it('resolves the country from the address, and none for private, documentation or unparseable ones', async () => {
    expect((await status({ ip: VIETNAMESE_IP })).location.country).toBe('VN');
    expect((await status({ ip: '::ffff:14.160.0.1' })).location.country).toBe('VN');
    expect((await status({ ip: '2001:ee0::1' })).location.country).toBe('VN');
    for (const ip of ['198.51.100.10', '127.0.0.1', '10.1.2.3', '192.168.0.9', '::1', 'fd00::1', 'unknown']) {
      expect((await status({ ip })).location.country).toBeNull();
    }
  });

  it('ignores a country the client reports about itself (X-Country-Code and the like)', async () => {
    const claims = { 'x-country-code': 'VN', 'cf-ipcountry': 'VN' };
    expect((await status({ headers: claims })).location.country).toBeNull();
    expect((await status({ ip: BANGLADESHI_IP, headers: claims })).location.country).toBe('BD');
    expect((await status({ ip: VIETNAMESE_IP, headers: { 'x-country-code': 'BD' } })).location.country).toBe('VN');
    // Not even validated any more: a malformed one changes nothing either.
    expect((await status({ headers: { 'x-country-code': 'Bangladesh' } })).location.country).toBeNull();
  });

  describe('country overrides (operator table, no restart)', () => {
    const override = (merchantId: number | null, network: string, country: string) =>
      context.pool.query('INSERT INTO ip_country_override (merchant_id, network, country_code) VALUES ($1, $2, $3)', [merchantId, network, country]);

    it('win over the database, the merchant’s own row over a platform-wide one, the longest prefix first', async () => {
      await override(null, '14.160.0.0/16', 'SG');
      expect((await status({ ip: VIETNAMESE_IP })).location.country).toBe('SG');
      await override(null, '14.160.0.1', 'TH');
      expect((await status({ ip: VIETNAMESE_IP })).location.country).toBe('TH');
      await override(context.merchantId, '14.160.0.0/24', 'ID');
      expect((await status({ ip: VIETNAMESE_IP })).location.country).toBe('ID');
      // Outside every override: the database again.
      expect((await status({ ip: '14.161.0.1' })).location.country).toBe('VN');
    });

    it('give a private address a country, and are scoped to their merchant', async () => {
      await override(context.merchantId, '127.0.0.0/8', 'SG');
      await override(context.merchantId, '::1', 'SG');
      expect((await status({ ip: '127.0.0.1' })).location.country).toBe('SG');
      expect((await status({ ip: '::1' })).location.country).toBe('SG');
      const other = await context.pool.query<{ id: number }>(
        "INSERT INTO merchant (code, name) VALUES ('OVERRIDE_OTHER', 'Other') RETURNING id",
      );
      try {
        await context.pool.query('DELETE FROM ip_country_override');
        await override(other.rows[0].id, '127.0.0.0/8', 'SG');
        expect((await status({ ip: '127.0.0.1' })).location.country).toBeNull();
      } finally {
        await context.pool.query('DELETE FROM merchant WHERE id = $1', [other.rows[0].id]);
      }
    });

    it('cannot be stored malformed', async () => {
      await expect(override(null, '10.0.0.1/8', 'SG')).rejects.toThrow(); // host bits set
      await expect(override(null, 'not-an-address', 'SG')).rejects.toThrow();
      await expect(override(null, '10.0.0.0/8', 'Singapore')).rejects.toThrow();
      await override(null, '10.0.0.0/8', 'SG');
      await expect(override(null, '10.0.0.0/8', 'TH')).rejects.toThrow(); // one country per network
    });
  });

  it('believes X-Forwarded-For only from a trusted proxy (TRUST_PROXY)', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.77' };
    const direct = await context.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '127.0.0.1', headers: forwarded });
    expect(json<Envelope<SystemStatus>>(direct).value.location.ip).toBe('127.0.0.1');
    const behindProxy = await buildApp({ pool: context.pool, logger: false, trustProxy: '127.0.0.1', remoteOverrides: {} });
    try {
      const viaProxy = await behindProxy.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '127.0.0.1', headers: forwarded });
      expect(json<Envelope<SystemStatus>>(viaProxy).value.location.ip).toBe('203.0.113.77');
      // The same header from an untrusted peer is ignored.
      const spoofed = await behindProxy.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '198.51.100.4', headers: forwarded });
      expect(json<Envelope<SystemStatus>>(spoofed).value.location.ip).toBe('198.51.100.4');
    } finally {
      await behindProxy.close();
    }
  });

  it('shows an IPv4 client on a dual-stack socket as plain IPv4', async () => {
    expect((await status({ ip: '::ffff:203.0.113.7' })).location.ip).toBe('203.0.113.7');
  });

  describe('customer service links', () => {
    it('are encrypted with their last 8 characters as the key, and follow an operator change', async () => {
      const first = (await status()).info.customerService;
      const support = first.find((service) => service.type === 3);
      expect(support).toMatchObject({ csType: 'LIVECHAT', title: '24/7 Live Support' });
      const path = support?.path ?? '';
      const key = path.slice(-8);
      expect(key).toMatch(/^[A-Za-z0-9]{8}$/);
      // Exactly what the browser does with crypto-js.
      const decrypt = (sealed: string) => CryptoJS.AES.decrypt(sealed.slice(0, -8), sealed.slice(-8)).toString(CryptoJS.enc.Utf8);
      expect(decrypt(path)).toBe('https://support.luckystar.example/livechat');
      expect(first.map((service) => service.csType).sort()).toEqual(['FACEBOOK', 'LIVECHAT', 'TELEGRAM', 'VIP']);

      const { rows } = await context.pool.query<{ url: string }>('SELECT url FROM customer_service WHERE type = 3');
      await context.pool.query("UPDATE customer_service SET url = 'https://help.luckystar.example/chat' WHERE type = 3");
      try {
        const changed = (await status()).info.customerService.find((service) => service.type === 3)?.path ?? '';
        expect(decrypt(changed)).toBe('https://help.luckystar.example/chat');
      } finally {
        await context.pool.query('UPDATE customer_service SET url = $1 WHERE type = 3', [rows[0].url]);
      }
    });
  });

  describe('maintenance (operator windows, no restart)', () => {
    it('is on inside a window and reports its end', async () => {
      const end = new Date(Date.now() + 60 * 60 * 1000);
      await context.pool.query(
        "INSERT INTO maintenance_window (merchant_id, starts_at, ends_at, reason) VALUES ($1, now() - interval '5 minutes', $2, 'upgrade')",
        [context.merchantId, end],
      );
      const value = await status();
      expect(value.maintenance).toBe(true);
      expect(value.maintenanceEnd).toBe(end.getTime());
    });

    it('reports no end for an open-ended window', async () => {
      await context.pool.query(
        "INSERT INTO maintenance_window (merchant_id, starts_at, ends_at) VALUES ($1, now() - interval '1 minute', NULL)",
        [context.merchantId],
      );
      const value = await status();
      expect(value.maintenance).toBe(true);
      expect(value.maintenanceEnd).toBeNull();
    });

    it('is off before a window starts and after it ends', async () => {
      await context.pool.query(
        `INSERT INTO maintenance_window (merchant_id, starts_at, ends_at) VALUES
           ($1, now() + interval '1 hour', now() + interval '2 hours'),
           ($1, now() - interval '2 hours', now() - interval '1 hour')`,
        [context.merchantId],
      );
      expect((await status()).maintenance).toBe(false);
    });

    it('starts and ends on time while its configuration stays cached', async () => {
      const start = Date.now() + 60_000;
      const end = start + 60_000;
      await context.pool.query('INSERT INTO maintenance_window (merchant_id, starts_at, ends_at) VALUES ($1, $2, $3)', [
        context.merchantId,
        new Date(start),
        new Date(end),
      ]);
      const revision = (await context.pool.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision')).rows[0].revision;
      const merchant = { id: context.merchantId, code: 'DEFAULT', name: 'Lucky Star', configRevision: revision };
      const cache = new ConfigCache();
      let queries = 0;
      const countingDb = { query: ((...args: Parameters<typeof context.pool.query>) => (queries++, context.pool.query(...args))) as typeof context.pool.query };
      const at = async (nowMs: number) => (await getSystemStatus(countingDb, merchant, { ip: '198.51.100.10', country: null }, nowMs, {}, cache)).maintenance;
      expect(await at(start - 1)).toBe(false);
      const firstLoad = queries;
      expect(firstLoad).toBeGreaterThan(0);
      expect(await at(start)).toBe(true);
      expect(await at(end - 1)).toBe(true);
      expect(await at(end)).toBe(false);
      // Nothing was read again: the clock alone moved the answer.
      expect(queries).toBe(firstLoad);
    });

    it('is off once the operator deletes the window', async () => {
      await context.pool.query("INSERT INTO maintenance_window (merchant_id, starts_at) VALUES ($1, now() - interval '1 minute')", [context.merchantId]);
      expect((await status()).maintenance).toBe(true);
      await context.pool.query('DELETE FROM maintenance_window');
      expect((await status()).maintenance).toBe(false);
    });
  });

  describe('region restriction (operator rules, no restart)', () => {
    it('matches the country the server resolves from the address, never one the client claims', async () => {
      await addRegionRule('country', 'VN');
      expect((await status({ ip: VIETNAMESE_IP })).regionRestriction).toBe(true);
      expect((await status({ ip: VIETNAMESE_IP, headers: { 'x-country-code': 'BD' } })).regionRestriction).toBe(true);
      expect((await status({ ip: BANGLADESHI_IP })).regionRestriction).toBe(false);
      expect((await status({ ip: BANGLADESHI_IP, headers: { 'x-country-code': 'VN' } })).regionRestriction).toBe(false);
      expect((await status({ headers: { 'x-country-code': 'vn' } })).regionRestriction).toBe(false);
    });

    it('matches an exact IPv4 or IPv6 address', async () => {
      await addRegionRule('ip', '203.0.113.50');
      await addRegionRule('ip', '2001:db8::50');
      expect((await status({ ip: '203.0.113.50' })).regionRestriction).toBe(true);
      expect((await status({ ip: '::ffff:203.0.113.50' })).regionRestriction).toBe(true);
      expect((await status({ ip: '203.0.113.51' })).regionRestriction).toBe(false);
      expect((await status({ ip: '2001:db8:0:0:0:0:0:50' })).regionRestriction).toBe(true);
      expect((await status({ ip: '2001:db8::51' })).regionRestriction).toBe(false);
    });

    it('matches an address inside an IPv4 or IPv6 network', async () => {
      await addRegionRule('cidr', '10.20.0.0/16');
      await addRegionRule('cidr', '2001:db8:abcd::/48');
      expect((await status({ ip: '10.20.255.1' })).regionRestriction).toBe(true);
      expect((await status({ ip: '10.21.0.1' })).regionRestriction).toBe(false);
      expect((await status({ ip: '2001:db8:abcd:12::1' })).regionRestriction).toBe(true);
      expect((await status({ ip: '2001:db8:abce::1' })).regionRestriction).toBe(false);
    });

    it('lifts as soon as the rule is deleted', async () => {
      await addRegionRule('cidr', '198.51.100.0/24');
      expect((await status()).regionRestriction).toBe(true);
      await context.pool.query('DELETE FROM region_rule');
      expect((await status()).regionRestriction).toBe(false);
    });

    it('cannot be stored malformed: the database refuses bad values', async () => {
      await expect(addRegionRule('cidr', '10.0.0.300/8')).rejects.toThrow();
      await expect(addRegionRule('cidr', '10.0.0.1/8')).rejects.toThrow(); // host bits set
      await expect(addRegionRule('ip', '10.0.0.0/8')).rejects.toThrow(); // a network, not one address
      await expect(addRegionRule('country', 'Vietnam')).rejects.toThrow();
      await expect(addRegionRule('asn', '13335')).rejects.toThrow();
    });
  });
});

describe('other system calls', () => {
  it('GET /wps/system/whitelabel lists the feature switches', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    const value = json<Envelope<Record<string, { enabled: string }>>>(response).value;
    for (const module of ['MOBILENUMREG3', 'REGMOBVERF3', 'MOBILENUMPASSREG3', 'USERNAMEREG3', 'FREEPLAY3', 'PWDEXPFORCECHANGE3', 'MOBILEVERCODELOGIN3', 'CHNGPASSVERIF3']) {
      expect(['0', '1']).toContain(value[module].enabled);
    }
    // Switched by the operator, seen on the next call.
    await context.pool.query("UPDATE whitelabel_module SET enabled = NOT enabled WHERE module_id = 'CHNGPASSVERIF3'");
    const after = json<Envelope<Record<string, { enabled: string }>>>(await context.app.inject({ method: 'GET', url: '/wps/system/whitelabel' }));
    expect(after.value.CHNGPASSVERIF3.enabled).not.toBe(value.CHNGPASSVERIF3.enabled);
  });

  it('GET /wps/system/domainRoute lists the mirror domains', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/system/domainRoute' });
    const value = json<Envelope<{ domainList: DomainRoute[] }>>(response).value;
    expect(value.domainList).toEqual([
      { domain: 'https://www.luckystar.example' },
      { domain: 'https://m1.luckystar.example' },
      { domain: 'https://m2.luckystar.example' },
    ]);
  });

  it('GET /wps/system/country lists countries with dialling codes, Bangladesh first', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/system/country' });
    const value = json<Envelope<CountryEntry[]>>(response).value;
    expect(value.length).toBeGreaterThanOrEqual(20);
    expect(value[0]).toEqual({ countryCode: 'BD', countryDialingCode: '+880', name: 'Bangladesh' });
    const codes = Object.fromEntries(value.map((country) => [country.countryCode, country.countryDialingCode]));
    expect(codes).toMatchObject({ VN: '+84', TH: '+66', ID: '+62', CN: '+86', IN: '+91', PH: '+63', US: '+1', GB: '+44' });
  });

  it('GET /wps/system/setting/register gives a rule for every registration field', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/system/setting/register' });
    const value = json<Envelope<Record<string, RegisterFieldRule>>>(response).value;
    const fields = ['username', 'password', 'confirmPassword', 'payeeName', 'email', 'qqNum', 'mobileNum', 'affiliateCode',
      'paymentPassword', 'line', 'whatsapp', 'zalo', 'facebook', 'wechat', 'idNumber', 'captcha', 'verificationCode'];
    expect(Object.keys(value).sort()).toEqual([...fields].sort());
    for (const field of fields) {
      const rule = value[field];
      expect(Object.keys(rule).sort()).toEqual(['acceptedPattern', 'enabled', 'maxLength', 'minLength', 'patternId', 'required', 'type']);
      expect(rule.minLength).toBeLessThanOrEqual(rule.maxLength);
      // Every pattern is either "*" or a regular expression the browser can compile.
      if (rule.acceptedPattern !== '*') expect(() => new RegExp(rule.acceptedPattern)).not.toThrow();
    }
    const username = new RegExp(value.username.acceptedPattern);
    expect(username.test('player01')).toBe(true);
    expect(username.test('01player')).toBe(false);
    expect(new RegExp(value.email.acceptedPattern).test('a@b.co')).toBe(true);
    // The password policy's default: any character, 8-64.
    expect(value.password).toMatchObject({ acceptedPattern: '*', patternId: 0, minLength: 8, maxLength: 64 });
  });

  it("sends the password rule raised to the policy's floors (at least 8, at least 64), with the merchant's pattern kept", async () => {
    const lettersAndDigits = '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z0-9]+$';
    await context.pool.query(
      "UPDATE register_field_rule SET accepted_pattern = $2, pattern_id = 5, min_length = 6, max_length = 20 WHERE merchant_id = $1 AND field IN ('password', 'confirmPassword')",
      [context.merchantId, lettersAndDigits],
    );
    try {
      const response = await context.app.inject({ method: 'GET', url: '/wps/system/setting/register' });
      const value = json<Envelope<Record<string, RegisterFieldRule>>>(response).value;
      for (const field of ['password', 'confirmPassword']) {
        expect(value[field]).toMatchObject({ acceptedPattern: lettersAndDigits, patternId: 5, minLength: 8, maxLength: 64 });
      }
      // The status carries the same copy.
      expect((await status()).info.register.password).toMatchObject({ minLength: 8, maxLength: 64 });
      // Other fields keep their bounds (the payment PIN stays 6 digits).
      expect(value.paymentPassword).toMatchObject({ minLength: 6, maxLength: 6 });
    } finally {
      await context.pool.query(
        "UPDATE register_field_rule SET accepted_pattern = '*', pattern_id = 0, min_length = 8, max_length = 64 WHERE merchant_id = $1 AND field IN ('password', 'confirmPassword')",
        [context.merchantId],
      );
    }
  });
});
