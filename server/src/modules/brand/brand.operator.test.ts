import type { Envelope, RegisterFieldRule, SystemStatus, Whitelabel } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, untilConfigurationHeard, type TestContext } from '../../testing/test-app';
import { encryptedInject } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';

// The brand's settings through the operator API (/ops/v1/brand) on a real PostgreSQL: each change
// is applied, audited once with what changed before and after, and seen by the site's own reads
// (status, switches, register rules, the maintenance and restriction refusals, mirrors, the host
// a merchant is chosen by) on the very next request; bad input is refused with the rule that
// failed and nothing written; another merchant's rows are never touched; admins write, risk reads.

let context: TestContext;
let otherMerchantId = 0;
const tokens: Record<'admin' | 'risk' | 'content', string> = { admin: '', risk: '', content: '' };

beforeAll(async () => {
  context = await createTestApp();
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = (await operatorLogin(context, { username: `brand_${role}`, role })).token;
  otherMerchantId = (await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('BRANDOTHER', 'Other') RETURNING id")).rows[0].id;
  await context.pool.query("INSERT INTO whitelabel_module (merchant_id, module_id, enabled) VALUES ($1, 'FREEPLAY3', true)", [otherMerchantId]);
  await context.pool.query(
    "INSERT INTO register_field_rule (merchant_id, field, accepted_pattern, pattern_id, min_length, max_length, enabled, required, type) VALUES ($1, 'email', '*', 0, 5, 64, true, false, 'email')",
    [otherMerchantId],
  );
  // Three password hashes and checks (argon2id) on a busy machine.
}, 120_000);

afterAll(async () => {
  await context.close();
});

const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const ops = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
// What a player's next request sees: the site's reads are cached per configuration revision, which
// the app hears of a few milliseconds after an operator's change commits.
const site = async (url: string, headers: Record<string, string> = {}) => {
  await untilConfigurationHeard(context.pool, context.app);
  return context.app.inject({ method: 'GET', url, headers, remoteAddress: '198.51.100.20' });
};
const status = async (headers: Record<string, string> = {}) => body<SystemStatus>(await site('/wps/system/status', headers)).value!;

interface AuditRow { action: string; outcome: string; target_id: string | null; detail: Record<string, unknown> }
const auditOf = async (action: string) =>
  (await context.pool.query<AuditRow>('SELECT action, outcome, target_id, detail FROM operator_action WHERE action = $1 ORDER BY id', [action])).rows;
const okAudit = async (action: string) => (await auditOf(action)).filter((row) => row.outcome === 'ok');

/** A refusal: the status, the code and the server's words, with nothing written (no outcome row 'ok' added). */
async function expectRefused(response: LightMyRequestResponse, statusCode: number, words: RegExp) {
  expect(response.statusCode).toBe(statusCode);
  const envelope = body<unknown>(response);
  expect(envelope.message).toMatch(words);
}

describe('GET /brand', () => {
  it("answers the brand's settings in one answer, to admins and risk, never the default password", async () => {
    const brand = body<Record<string, any>>(await ops(tokens.admin, 'GET', '/brand')).value!;
    expect(brand.merchantCode).toBe('DEFAULT');
    expect(brand.site).toMatchObject({ brandName: 'Lucky Star', defaultLanguage: 'BN', languages: ['BN', 'EN'], currency: { code: 'BDT' } });
    expect(brand.accounts).toMatchObject({ sessionIdleMinutes: expect.any(Number), registerPerIpPerHour: expect.any(Number) });
    expect(brand.accounts).not.toHaveProperty('defaultPassword');
    expect(brand.featureSwitches).toContainEqual({ name: 'freePlay', moduleId: 'FREEPLAY3', enabled: expect.any(Boolean) });
    // Only switches something reads: not the ids that only name a call's module.
    expect(brand.featureSwitches.map((entry: { moduleId: string }) => entry.moduleId)).not.toContain('SYSTEM3');
    expect(brand.registrationRules.find((rule: { field: string }) => rule.field === 'username')).toMatchObject({ enabled: true, reads: { enabled: false, required: false } });
    expect(brand.registrationRules.find((rule: { field: string }) => rule.field === 'email')).toMatchObject({ reads: { enabled: true, required: true } });
    expect(brand.maintenance).toEqual([]);
    expect(brand.regionRules).toEqual([]);
    expect(brand.domains.hosts).toEqual(['luckystar.example', 'www.luckystar.example']);
    expect(brand.domains.mirrors.map((mirror: { domain: string }) => mirror.domain)).toEqual(['https://www.luckystar.example', 'https://m1.luckystar.example', 'https://m2.luckystar.example']);
    expect((await ops(tokens.risk, 'GET', '/brand')).statusCode).toBe(200);
    expect((await ops(tokens.content, 'GET', '/brand')).statusCode).toBe(403);
  });
});

describe('PUT /brand/feature-switches', () => {
  it('turns a switch, audited once with before and after; the site reads it on the next request; another merchant untouched', async () => {
    const whitelabel = async () => body<Whitelabel>(await site('/wps/system/whitelabel')).value!;
    expect((await whitelabel()).FREEPLAY3?.enabled).toBe('1');
    const changed = await ops(tokens.admin, 'PUT', '/brand/feature-switches', { switches: { FREEPLAY3: false } });
    expect(changed.statusCode).toBe(200);
    expect(body<{ list: { moduleId: string; enabled: boolean }[] }>(changed).value!.list).toContainEqual({ name: 'freePlay', moduleId: 'FREEPLAY3', enabled: false });
    expect((await whitelabel()).FREEPLAY3?.enabled).toBe('0');
    // The free-play route is gated by it at once.
    expect(body<unknown>(await encryptedInject(context.app, 'POST', '/wps/session/login/freeplay', {}, { remoteAddress: '198.51.100.20' })).errorCode).toBe('function.not.available');
    expect(await okAudit('feature_switch.update')).toEqual([
      { action: 'feature_switch.update', outcome: 'ok', target_id: null, detail: { before: { FREEPLAY3: true }, after: { FREEPLAY3: false } } },
    ]);
    const other = await context.pool.query('SELECT enabled FROM whitelabel_module WHERE merchant_id = $1', [otherMerchantId]);
    expect(other.rows).toEqual([{ enabled: true }]);

    // A switch with no row yet is made.
    await ops(tokens.admin, 'PUT', '/brand/feature-switches', { switches: { FREEPLAY3: true, PWDEXPFORCECHANGE3: true } });
    expect(await whitelabel()).toMatchObject({ FREEPLAY3: { enabled: '1' }, PWDEXPFORCECHANGE3: { enabled: '1' } });
    await ops(tokens.admin, 'PUT', '/brand/feature-switches', { switches: { PWDEXPFORCECHANGE3: false } });
  });

  it('refuses an unknown switch, a call-only module id and non-admins, changing nothing', async () => {
    const before = (await context.pool.query('SELECT module_id, enabled FROM whitelabel_module ORDER BY merchant_id, module_id')).rows;
    const audits = (await okAudit('feature_switch.update')).length;
    await expectRefused(await ops(tokens.admin, 'PUT', '/brand/feature-switches', { switches: { FREEPLAY3: false, NOSUCH3: true } }), 400, /no such switch: NOSUCH3/);
    await expectRefused(await ops(tokens.admin, 'PUT', '/brand/feature-switches', { switches: { SYSTEM3: false } }), 400, /no such switch: SYSTEM3/);
    expect((await ops(tokens.admin, 'PUT', '/brand/feature-switches', { switches: {} })).statusCode).toBe(400);
    expect((await ops(tokens.admin, 'PUT', '/brand/feature-switches', { switches: { FREEPLAY3: 'off' } })).statusCode).toBe(400);
    expect((await ops(tokens.risk, 'PUT', '/brand/feature-switches', { switches: { FREEPLAY3: false } })).statusCode).toBe(403);
    expect((await context.pool.query('SELECT module_id, enabled FROM whitelabel_module ORDER BY merchant_id, module_id')).rows).toEqual(before);
    expect(await okAudit('feature_switch.update')).toHaveLength(audits);
    expect((await auditOf('feature_switch.update')).filter((row) => row.outcome === 'refused').length).toBeGreaterThanOrEqual(2);
  });
});

describe('PUT /brand/registration-rules', () => {
  const registerRules = async () => body<Record<string, RegisterFieldRule>>(await site('/wps/system/setting/register')).value!;

  it('changes the flags and lengths given; the form rules the site sends change on the next request', async () => {
    expect((await registerRules()).email).toMatchObject({ enabled: true, required: false, minLength: 5, maxLength: 64 });
    const changed = await ops(tokens.admin, 'PUT', '/brand/registration-rules', { fields: { email: { required: true, maxLength: 80 }, qqNum: { enabled: true } } });
    expect(changed.statusCode).toBe(200);
    expect((await registerRules()).email).toMatchObject({ enabled: true, required: true, minLength: 5, maxLength: 80 });
    expect((await registerRules()).qqNum).toMatchObject({ enabled: true });
    // Registration now demands the e-mail.
    const registered = await encryptedInject(context.app, 'PUT', '/wps/member/register', { username: 'brandrules1', password: 'kestrel42', confirmPassword: 'kestrel42' }, { remoteAddress: '198.51.100.21' });
    expect(body<unknown>(registered)).toMatchObject({ errorCode: 'reg_field_required', message: expect.stringMatching(/email/) });
    expect(await okAudit('registration_rule.update')).toEqual([
      {
        action: 'registration_rule.update',
        outcome: 'ok',
        target_id: null,
        detail: {
          before: { email: { enabled: true, required: false, minLength: 5, maxLength: 64 }, qqNum: { enabled: false, required: false, minLength: 5, maxLength: 12 } },
          after: { email: { enabled: true, required: true, minLength: 5, maxLength: 80 }, qqNum: { enabled: true, required: false, minLength: 5, maxLength: 12 } },
        },
      },
    ]);
    // Another merchant's e-mail rule is untouched.
    expect((await context.pool.query('SELECT required, max_length FROM register_field_rule WHERE merchant_id = $1', [otherMerchantId])).rows).toEqual([{ required: false, max_length: 64 }]);
    await ops(tokens.admin, 'PUT', '/brand/registration-rules', { fields: { email: { required: false, maxLength: 64 }, qqNum: { enabled: false } } });
    expect((await registerRules()).email).toMatchObject({ required: false, maxLength: 64 });
  });

  it('refuses what the site would not read or cannot enforce, changing nothing', async () => {
    const rows = async () => (await context.pool.query('SELECT * FROM register_field_rule ORDER BY merchant_id, field')).rows;
    const before = await rows();
    const refusals: [object, RegExp][] = [
      [{ email: { minLength: 30, maxLength: 20 } }, /shortest email \(30\) is longer than the longest \(20\)/],
      [{ password: { minLength: 4 } }, /at least 8 characters/],
      [{ username: { enabled: false } }, /registration mode/],
      [{ paymentPassword: { required: false } }, /always required when it is shown/],
      [{ email: { required: true }, nosuchfield: { enabled: true } }, /no field nosuchfield/],
    ];
    for (const [fields, words] of refusals) await expectRefused(await ops(tokens.admin, 'PUT', '/brand/registration-rules', { fields }), 400, words);
    expect((await ops(tokens.admin, 'PUT', '/brand/registration-rules', { fields: { email: { maxLength: 9999 } } })).statusCode).toBe(400);
    expect((await ops(tokens.risk, 'PUT', '/brand/registration-rules', { fields: { email: { required: true } } })).statusCode).toBe(403);
    expect(await rows()).toEqual(before);
    // Only the lengths of a field the mode decides: taken.
    expect((await ops(tokens.admin, 'PUT', '/brand/registration-rules', { fields: { username: { maxLength: 16 } } })).statusCode).toBe(200);
  });
});

describe('maintenance windows', () => {
  it('closes the site to players from its start, audited; ending it opens the site on the next request; another merchant stays open', async () => {
    const now = Date.now();
    // A window to come: the site is still open, ending it removes it.
    const later = body<{ id: number }>(await ops(tokens.admin, 'POST', '/brand/maintenance', { startsAt: now + 3_600_000, endsAt: now + 7_200_000, reason: 'upgrade' })).value!;
    expect((await status()).maintenance).toBe(false);
    expect(body<{ window: unknown }>(await ops(tokens.admin, 'DELETE', `/brand/maintenance/${later.id}`)).value).toEqual({ window: null });
    expect((await context.pool.query('SELECT 1 FROM maintenance_window WHERE id = $1', [later.id])).rowCount).toBe(0);

    const scheduled = await ops(tokens.admin, 'POST', '/brand/maintenance', { endsAt: now + 3_600_000, reason: 'database upgrade' });
    expect(scheduled.statusCode).toBe(200);
    const window = body<{ id: number; startsAt: number; endsAt: number; reason: string }>(scheduled).value!;
    expect(window).toMatchObject({ endsAt: now + 3_600_000, reason: 'database upgrade' });
    expect(await status()).toMatchObject({ maintenance: true, maintenanceEnd: now + 3_600_000 });
    const refused = await site('/wps/system/setting/register');
    expect(refused.statusCode).toBe(503);
    expect((await status({ merchant: 'BRANDOTHER' })).maintenance).toBe(false);
    expect(body<{ maintenance: { id: number; active: boolean }[] }>(await ops(tokens.admin, 'GET', '/brand')).value!.maintenance).toEqual([{ ...window, active: true }]);

    const ended = body<{ window: { endsAt: number } }>(await ops(tokens.admin, 'DELETE', `/brand/maintenance/${window.id}`)).value!.window;
    expect(ended.endsAt).toBeLessThanOrEqual(Date.now());
    expect((await status()).maintenance).toBe(false);
    expect((await site('/wps/system/setting/register')).statusCode).toBe(200);
    expect((await ops(tokens.admin, 'DELETE', `/brand/maintenance/${window.id}`)).statusCode).toBe(404);

    const schedules = await okAudit('maintenance.schedule');
    expect(schedules.map((row) => row.detail)).toEqual([{ before: null, after: later }, { before: null, after: window }].map((detail) => ({ ...detail, after: expect.objectContaining({ id: detail.after.id }) })));
    expect((await okAudit('maintenance.end')).map((row) => [row.target_id, row.detail.before, row.detail.after])).toEqual([
      [String(later.id), expect.objectContaining({ id: later.id }), null],
      [String(window.id), window, ended],
    ]);
  });

  it('refuses a window that ends before it starts or is already over, and another merchant\'s window', async () => {
    const now = Date.now();
    const count = async () => (await context.pool.query('SELECT count(*)::int AS n FROM maintenance_window')).rows[0].n as number;
    const before = await count();
    await expectRefused(await ops(tokens.admin, 'POST', '/brand/maintenance', { startsAt: now + 10_000, endsAt: now + 5_000, reason: 'x' }), 400, /end after it starts/);
    await expectRefused(await ops(tokens.admin, 'POST', '/brand/maintenance', { startsAt: now - 20_000, endsAt: now - 10_000, reason: 'x' }), 400, /already be over/);
    await expectRefused(await ops(tokens.admin, 'POST', '/brand/maintenance', { reason: '   ' }), 400, /say why/);
    expect((await ops(tokens.risk, 'POST', '/brand/maintenance', { reason: 'x' })).statusCode).toBe(403);
    const theirs = (await context.pool.query<{ id: number }>('INSERT INTO maintenance_window (merchant_id, starts_at, reason) VALUES ($1, now(), $2) RETURNING id', [otherMerchantId, 'theirs'])).rows[0].id;
    expect((await ops(tokens.admin, 'DELETE', `/brand/maintenance/${theirs}`)).statusCode).toBe(404);
    expect((await context.pool.query('SELECT ends_at FROM maintenance_window WHERE id = $1', [theirs])).rows).toEqual([{ ends_at: null }]);
    await context.pool.query('DELETE FROM maintenance_window WHERE id = $1', [theirs]);
    expect(await count()).toBe(before);
  });
});

describe('PUT /brand/region-rules', () => {
  it('replaces the rules; a matching visitor is refused on the next request; an empty list lifts them', async () => {
    const replaced = await ops(tokens.admin, 'PUT', '/brand/region-rules', { rules: [{ kind: 'country', value: 'us', note: 'licence' }, { kind: 'cidr', value: '198.51.100.0/24' }] });
    expect(replaced.statusCode).toBe(200);
    const list = body<{ list: { kind: string; value: string; note: string }[] }>(replaced).value!.list;
    expect(list.map(({ kind, value, note }) => ({ kind, value, note }))).toEqual([
      { kind: 'cidr', value: '198.51.100.0/24', note: '' },
      { kind: 'country', value: 'US', note: 'licence' },
    ]);
    expect((await status()).regionRestriction).toBe(true);
    expect((await site('/wps/system/setting/register')).statusCode).toBe(403);
    expect((await status({ merchant: 'BRANDOTHER' })).regionRestriction).toBe(false);
    expect(await okAudit('region_rule.replace')).toEqual([
      { action: 'region_rule.replace', outcome: 'ok', target_id: null, detail: { before: [], after: list } },
    ]);

    expect(body<{ list: unknown[] }>(await ops(tokens.admin, 'PUT', '/brand/region-rules', { rules: [] })).value!.list).toEqual([]);
    expect((await status()).regionRestriction).toBe(false);
  });

  it('refuses a rule that is not a country, an address or a network, changing nothing', async () => {
    await ops(tokens.admin, 'PUT', '/brand/region-rules', { rules: [{ kind: 'country', value: 'KP' }] });
    const rows = async () => (await context.pool.query('SELECT merchant_id, kind, value FROM region_rule ORDER BY id')).rows;
    const before = await rows();
    const refusals: [object[], RegExp][] = [
      [[{ kind: 'country', value: 'USA' }], /two-letter country code/],
      [[{ kind: 'ip', value: '10.0.0.0/8' }], /not one IP address/],
      [[{ kind: 'cidr', value: '10.0.0.300/8' }], /not a network/],
      [[{ kind: 'cidr', value: '10.0.0.1/8' }], /no host bits/],
      [[{ kind: 'country', value: 'BD' }, { kind: 'country', value: 'bd' }], /listed twice/],
    ];
    for (const [rules, words] of refusals) await expectRefused(await ops(tokens.admin, 'PUT', '/brand/region-rules', { rules }), 400, words);
    expect((await ops(tokens.admin, 'PUT', '/brand/region-rules', { rules: [{ kind: 'city', value: 'X' }] })).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    await ops(tokens.admin, 'PUT', '/brand/region-rules', { rules: [] });
  });
});

describe('domains and mirrors', () => {
  it('adds and removes host names and mirrors, audited; the site reads them on the next request', async () => {
    const added = await ops(tokens.admin, 'POST', '/brand/domains', { kind: 'host', domain: 'Play.Brand-Test.example' });
    expect(added.statusCode).toBe(200);
    expect(body<{ hosts: string[] }>(added).value!.hosts).toContain('play.brand-test.example');
    expect((await status({ host: 'play.brand-test.example', merchant: '' })).info.merchantCode).toBe('DEFAULT');

    const mirrored = body<{ mirrors: { id: number; domain: string }[] }>(await ops(tokens.admin, 'POST', '/brand/domains', { kind: 'mirror', domain: 'https://m9.luckystar.example/' })).value!;
    const mirror = mirrored.mirrors.find((entry) => entry.domain === 'https://m9.luckystar.example')!;
    expect(mirror).toBeDefined();
    const routes = async () => body<{ domainList: { domain: string }[] }>(await site('/wps/system/domainRoute')).value!.domainList.map((entry) => entry.domain);
    expect(await routes()).toContain('https://m9.luckystar.example');

    expect(body<{ hosts: string[] }>(await ops(tokens.admin, 'DELETE', '/brand/domains/hosts/play.brand-test.example')).value!.hosts).not.toContain('play.brand-test.example');
    expect(body<{ mirrors: unknown[] }>(await ops(tokens.admin, 'DELETE', `/brand/domains/mirrors/${mirror.id}`)).value!.mirrors).toHaveLength(3);
    expect(await routes()).not.toContain('https://m9.luckystar.example');
    expect((await okAudit('merchant_domain.create'))[0].detail).toEqual({ before: null, after: { domain: 'play.brand-test.example' } });
    expect((await okAudit('merchant_domain.delete'))[0].detail).toEqual({ before: { domain: 'play.brand-test.example' }, after: null });
    expect((await okAudit('mirror.create'))[0].detail).toEqual({ before: null, after: mirror });
    expect((await okAudit('mirror.delete'))[0].detail).toEqual({ before: mirror, after: null });
  });

  it("refuses a bad name, another site's host and its rows, changing nothing", async () => {
    await context.pool.query("INSERT INTO merchant_domain (domain, merchant_id) VALUES ('other-brand.example', $1)", [otherMerchantId]);
    const theirMirror = (await context.pool.query<{ id: number }>("INSERT INTO domain_route (merchant_id, domain) VALUES ($1, 'https://other-brand.example') RETURNING id", [otherMerchantId])).rows[0].id;
    const rows = async () => [(await context.pool.query('SELECT * FROM merchant_domain ORDER BY domain')).rows, (await context.pool.query('SELECT * FROM domain_route ORDER BY id')).rows];
    const before = await rows();
    await expectRefused(await ops(tokens.admin, 'POST', '/brand/domains', { kind: 'host', domain: 'other-brand.example' }), 400, /belongs to another site/);
    await expectRefused(await ops(tokens.admin, 'POST', '/brand/domains', { kind: 'host', domain: 'luckystar.example' }), 400, /already a domain of this site/);
    await expectRefused(await ops(tokens.admin, 'POST', '/brand/domains', { kind: 'host', domain: 'https://x.example/path' }), 400, /not a host name/);
    await expectRefused(await ops(tokens.admin, 'POST', '/brand/domains', { kind: 'mirror', domain: 'http://m1.example' }), 400, /https address/);
    expect((await ops(tokens.admin, 'DELETE', '/brand/domains/hosts/other-brand.example')).statusCode).toBe(404);
    expect((await ops(tokens.admin, 'DELETE', `/brand/domains/mirrors/${theirMirror}`)).statusCode).toBe(404);
    expect((await ops(tokens.risk, 'POST', '/brand/domains', { kind: 'host', domain: 'x.example' })).statusCode).toBe(403);
    expect((await ops(tokens.risk, 'GET', '/brand/domains')).statusCode).toBe(200);
    expect(await rows()).toEqual(before);
  });
});
