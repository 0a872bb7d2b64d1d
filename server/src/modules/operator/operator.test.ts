import { randomUUID } from 'node:crypto';
import type { Envelope } from '@platform/contract';
import { createMember, tokenFor } from '../member/member.testing';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { memberBalanceMinor } from '../ledger';
import { OPERATOR_LOGIN_RULE, OPERATOR_TOKEN_LIFETIME_MS } from './operator.service';
import { OPERATOR_ROUTE_ROLES } from './operator-roles';
import { createTestOperator, totpCodeAt } from './operator.testing';

// The operator API as the back office (and an attacker) would use it: logins and their lockout,
// tokens, merchant boundaries, balance adjustments with their idempotency, and the audit trail.

let context: TestContext;
let now: number;
const PASSWORD = 'correct horse battery';
/** Each operator's authenticator secret, by merchant and name. */
const secrets = new Map<string, string>();
const makeOperator = async (username: string, merchantCode = 'DEFAULT') => {
  secrets.set(`${merchantCode}/${username}`, (await createTestOperator(context, { merchantCode, username, password: PASSWORD, nowMs: now })).totpSecret);
};
/** The operator's current authenticator code (a fresh step: each code signs in once). */
const codeOf = (username: string, merchantCode = 'DEFAULT'): string => {
  now += 30_000;
  return totpCodeAt(secrets.get(`${merchantCode}/${username.toLowerCase()}`) ?? '', now);
};

beforeAll(async () => {
  now = Date.UTC(2026, 10, 25, 8, 0, 0);
  context = await createTestApp({ clock: () => now });
  await context.app.ready();
  await makeOperator('alice');
});

afterAll(async () => {
  await context.close();
});

const login = (body: Record<string, unknown>, remoteAddress = '203.0.113.10') =>
  context.app.inject({ method: 'POST', url: '/ops/v1/session', payload: body, remoteAddress });

async function operatorToken(username = 'alice', merchant = 'DEFAULT', password = PASSWORD): Promise<string> {
  const response = await login({ merchant, username, password, otp: codeOf(username, merchant) });
  expect(response.statusCode).toBe(200);
  return json<Envelope<{ token: string }>>(response).value.token;
}

const adjust = (token: string, username: string, body: Record<string, unknown>, key: string = randomUUID()) =>
  context.app.inject({
    method: 'POST',
    url: `/ops/v1/members/${encodeURIComponent(username)}/adjustments`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: body,
  });

interface AuditEntry {
  operator: string | null;
  action: string;
  outcome: string;
  errorCode: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
}

async function audit(token: string, limit = 50): Promise<AuditEntry[]> {
  const response = await context.app.inject({ method: 'GET', url: `/ops/v1/audit?limit=${limit}`, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return json<Envelope<{ list: AuditEntry[] }>>(response).value.list;
}

describe('operator login', () => {
  it('issues a token for the right password, refuses a wrong one the same way as an unknown name', async () => {
    const good = await login({ merchant: 'DEFAULT', username: 'ALICE', password: PASSWORD, otp: codeOf('alice') });
    expect(good.statusCode).toBe(200);
    const value = json<Envelope<{ token: string; expiresAt: number; operator: { username: string; merchantCode: string } }>>(good).value;
    expect(value.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(value.expiresAt).toBe(now + OPERATOR_TOKEN_LIFETIME_MS);
    expect(value.operator).toMatchObject({ username: 'alice', merchantCode: 'DEFAULT' });

    const wrong = await login({ merchant: 'DEFAULT', username: 'alice', password: 'nope' }, '203.0.113.11');
    const unknown = await login({ merchant: 'DEFAULT', username: 'mallory', password: 'nope' }, '203.0.113.11');
    const noMerchant = await login({ merchant: 'NOPE', username: 'alice', password: PASSWORD }, '203.0.113.11');
    for (const response of [wrong, unknown, noMerchant]) {
      expect(response.statusCode).toBe(401);
      expect(json<Envelope<null>>(response)).toMatchObject({ success: false, errorCode: 'operator.login.failed' });
    }
  });

  it('locks a name after five wrong passwords, even when twenty guesses arrive at once', async () => {
    await makeOperator('bob');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => login({ merchant: 'DEFAULT', username: 'bob', password: `guess-${index}` }, `198.51.100.${index + 1}`)),
    );
    const checked = guesses.filter((response) => response.statusCode === 401);
    const refused = guesses.filter((response) => response.statusCode === 429);
    expect(checked).toHaveLength(OPERATOR_LOGIN_RULE.maxFailures);
    expect(refused).toHaveLength(20 - OPERATOR_LOGIN_RULE.maxFailures);
    // While locked, even the right password is refused without being checked.
    expect((await login({ merchant: 'DEFAULT', username: 'bob', password: PASSWORD, otp: codeOf('bob') }, '198.51.100.99')).statusCode).toBe(429);
    now += OPERATOR_LOGIN_RULE.lockMs + 1;
    expect((await login({ merchant: 'DEFAULT', username: 'bob', password: PASSWORD, otp: codeOf('bob') }, '198.51.100.99')).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 envelope', async () => {
    for (const body of [{}, { merchant: 'DEFAULT', username: 'alice' }, { merchant: '../x', username: 'alice', password: 'x' }]) {
      const response = await login(body);
      expect(response.statusCode).toBe(400);
      expect(json<Envelope<null>>(response).errorCode).toBe('request.param.err');
    }
  });
});

describe('the second factor', () => {
  it('refuses the right password without a code, with a wrong one, or with a code used before', async () => {
    await makeOperator('tara');
    const password = { merchant: 'DEFAULT', username: 'tara', password: PASSWORD };
    const noCode = await login(password, '203.0.113.40');
    expect([noCode.statusCode, json<Envelope<null>>(noCode).errorCode]).toEqual([401, 'operator.totp.invalid']);
    const code = codeOf('tara');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrongCode = await login({ ...password, otp: wrong }, '203.0.113.40');
    expect([wrongCode.statusCode, json<Envelope<null>>(wrongCode).errorCode]).toEqual([401, 'operator.totp.invalid']);
    // A code from someone else's authenticator opens nothing either.
    const alicesCode = await login({ ...password, otp: totpCodeAt(secrets.get('DEFAULT/alice') ?? '', now) }, '203.0.113.40');
    expect(alicesCode.statusCode).toBe(401);

    expect((await login({ ...password, otp: code }, '203.0.113.40')).statusCode).toBe(200);
    // The same code again (a second login, or an eavesdropper), even at once from two places: refused.
    const replays = await Promise.all([login({ ...password, otp: code }, '203.0.113.41'), login({ ...password, otp: code }, '203.0.113.42')]);
    for (const replay of replays) expect([replay.statusCode, json<Envelope<null>>(replay).errorCode]).toEqual([401, 'operator.totp.invalid']);
  });

  it('keeps an operator without an authenticator out until one is enrolled', async () => {
    await makeOperator('olduser');
    await context.ownerPool.query("UPDATE operator SET totp_secret_sealed = NULL WHERE username = 'olduser'");
    const response = await login({ merchant: 'DEFAULT', username: 'olduser', password: PASSWORD, otp: '123456' }, '203.0.113.43');
    expect([response.statusCode, json<Envelope<null>>(response).errorCode]).toEqual([401, 'operator.totp.required']);
  });
});

describe('operator tokens', () => {
  it('are required, expire, and stop working at logout; a member session token opens nothing', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/ops/v1/audit' })).statusCode).toBe(401);
    await createMember(context.pool, context.merchantId, { username: 'tokenplayer', password: 'secret123' });
    const memberToken = await tokenFor(context.app, 'tokenplayer', 'secret123');
    for (const authorization of [memberToken, `Bearer ${memberToken}`, 'Bearer short', `Bearer ${'x'.repeat(300)}`]) {
      const response = await context.app.inject({ method: 'GET', url: '/ops/v1/audit', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(json<Envelope<null>>(response).errorCode).toBe('operator.token.invalid');
    }

    const token = await operatorToken();
    const headers = { authorization: `Bearer ${token}` };
    expect((await context.app.inject({ method: 'GET', url: '/ops/v1/audit', headers })).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'DELETE', url: '/ops/v1/session', headers })).statusCode).toBe(200);
    expect((await context.app.inject({ method: 'GET', url: '/ops/v1/audit', headers })).statusCode).toBe(401);

    const later = await operatorToken();
    now += OPERATOR_TOKEN_LIFETIME_MS;
    expect((await context.app.inject({ method: 'GET', url: '/ops/v1/audit', headers: { authorization: `Bearer ${later}` } })).statusCode).toBe(401);
  });

  it('tell the back office whose they are, until when and what their role may call, until the logout', async () => {
    const session = (authorization?: string) => context.app.inject({ method: 'GET', url: '/ops/v1/session', headers: authorization ? { authorization } : {} });
    const signedInAt = now + 30_000;
    const token = await operatorToken();
    const answer = await session(`Bearer ${token}`);
    expect(answer.statusCode).toBe(200);
    const { id } = (await context.pool.query<{ id: string }>("SELECT id FROM operator WHERE username = 'alice'")).rows[0];
    expect(json<Envelope<unknown>>(answer).value).toEqual({
      operator: { id: Number(id), username: 'alice', merchantCode: 'DEFAULT', role: 'admin' },
      expiresAt: signedInAt + OPERATOR_TOKEN_LIFETIME_MS,
      // An admin may call every route.
      permissions: Object.keys(OPERATOR_ROUTE_ROLES),
    });
    // Any role may ask, and is told its own routes.
    await context.ownerPool.query("UPDATE operator SET role = 'support' WHERE username = 'alice'");
    try {
      const value = json<Envelope<{ operator: { role: string }; permissions: string[] }>>(await session(`Bearer ${token}`)).value;
      expect(value.operator.role).toBe('support');
      expect(value.permissions).toEqual(Object.keys(OPERATOR_ROUTE_ROLES).filter((route) => OPERATOR_ROUTE_ROLES[route].includes('support')));
      expect(value.permissions).toEqual(expect.arrayContaining(['GET /session', 'DELETE /session', 'POST /chat/conversations/:id/reply']));
      expect(value.permissions).not.toContain('GET /dashboard');
    } finally {
      await context.ownerPool.query("UPDATE operator SET role = 'admin' WHERE username = 'alice'");
    }

    for (const response of [await session(), await session('Bearer ')]) {
      expect([response.statusCode, json<Envelope<null>>(response).errorCode]).toEqual([401, 'operator.token.invalid']);
    }
    expect((await context.app.inject({ method: 'DELETE', url: '/ops/v1/session', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    const after = await session(`Bearer ${token}`);
    expect([after.statusCode, json<Envelope<null>>(after).errorCode]).toEqual([401, 'operator.token.invalid']);
  });
});

describe('balance adjustments', () => {
  it('credit and debit a member with the reason as the remark; a repeated key adjusts once', async () => {
    const memberId = await createMember(context.pool, context.merchantId, { username: 'adjusted' });
    const token = await operatorToken();
    const key = randomUUID();
    const first = await adjust(token, 'adjusted', { amount: 150.25, direction: 'credit', reason: 'Goodwill for a failed deposit' }, key);
    expect(first.statusCode).toBe(200);
    expect(json<Envelope<{ replayed: boolean; amount: number }>>(first).value).toMatchObject({ replayed: false, amount: 150.25 });
    const again = await Promise.all([1, 2, 3].map(() => adjust(token, 'adjusted', { amount: 150.25, direction: 'credit', reason: 'Goodwill for a failed deposit' }, key)));
    for (const response of again) expect(json<Envelope<{ replayed: boolean }>>(response).value.replayed).toBe(true);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(15025);

    const reused = await adjust(token, 'adjusted', { amount: 1, direction: 'credit', reason: 'other' }, key);
    expect(reused.statusCode).toBe(409);
    expect(json<Envelope<null>>(reused).errorCode).toBe('wallet.idempotency.conflict');

    expect((await adjust(token, 'adjusted', { amount: 50.25, direction: 'debit', reason: 'Correction' })).statusCode).toBe(200);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(10000);

    const remark = await context.pool.query<{ remark: string; kind: string }>(
      `SELECT t.remark, t.kind FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id WHERE a.member_id = $1 ORDER BY t.id`,
      [memberId],
    );
    expect(remark.rows).toEqual([
      { remark: 'Goodwill for a failed deposit', kind: 'operator_adjustment' },
      { remark: 'Correction', kind: 'operator_adjustment' },
    ]);
  });

  it('never takes a member below zero, and changes nothing when refused', async () => {
    const memberId = await createMember(context.pool, context.merchantId, { username: 'poorplayer' });
    const token = await operatorToken();
    await adjust(token, 'poorplayer', { amount: 10, direction: 'credit', reason: 'start' });
    // Ten concurrent debits of 3 against 10: at most three succeed.
    const debits = await Promise.all(Array.from({ length: 10 }, () => adjust(token, 'poorplayer', { amount: 3, direction: 'debit', reason: 'race' })));
    expect(debits.filter((response) => response.statusCode === 200)).toHaveLength(3);
    for (const response of debits.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(json<Envelope<null>>(response).errorCode).toBe('wallet.insufficient.balance');
    }
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(100);
  });

  it('refuses bad amounts, unknown members, guests and members of another merchant', async () => {
    const token = await operatorToken();
    await createMember(context.pool, context.merchantId, { username: 'guest1', memberType: 4 });
    const other = await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('OPSOTHER', 'Other brand') RETURNING id");
    const outsiderId = await createMember(context.pool, other.rows[0].id, { username: 'outsider' });
    for (const amount of [0, -5, 1.234, 1e12]) {
      const response = await adjust(token, 'adjusted', { amount, direction: 'credit', reason: 'x' });
      expect(response.statusCode).toBe(400);
      expect(json<Envelope<null>>(response).errorCode).toBe('operator.adjustment.invalid');
    }
    for (const username of ['nobody', 'guest1', 'outsider']) {
      const response = await adjust(token, username, { amount: 1, direction: 'credit', reason: 'x' });
      expect(response.statusCode).toBe(404);
      expect(json<Envelope<null>>(response).errorCode).toBe('operator.member.not.found');
    }
    expect(await memberBalanceMinor(context.pool, other.rows[0].id, outsiderId)).toBe(0);
    const noKey = await context.app.inject({
      method: 'POST', url: '/ops/v1/members/adjusted/adjustments', headers: { authorization: `Bearer ${token}` },
      payload: { amount: 1, direction: 'credit', reason: 'x' },
    });
    expect(json<Envelope<null>>(noKey).errorCode).toBe('wallet.idempotency.key.required');
    const noReason = await adjust(token, 'adjusted', { amount: 1, direction: 'credit', reason: '' });
    expect(noReason.statusCode).toBe(400);
  });
});

describe('the audit trail', () => {
  it('records every action with its outcome, newest first, and only the merchant’s own', async () => {
    const token = await operatorToken();
    await adjust(token, 'adjusted', { amount: 1, direction: 'credit', reason: 'audited credit' });
    await adjust(token, 'nobody', { amount: 1, direction: 'credit', reason: 'audited refusal' });
    const entries = await audit(token, 4);
    expect(entries.map((entry) => [entry.action, entry.outcome, entry.errorCode, entry.targetId])).toEqual([
      ['balance.adjust', 'refused', 'operator.member.not.found', 'nobody'],
      ['balance.adjust', 'started', null, 'nobody'],
      ['balance.adjust', 'ok', null, 'adjusted'],
      ['balance.adjust', 'started', null, 'adjusted'],
    ]);
    expect(entries[0]).toMatchObject({ operator: 'alice', detail: { amount: 1, direction: 'credit', reason: 'audited refusal' } });
    // Failed logins are there too, with the name tried and never the password.
    const all = await audit(token, 500);
    const failed = all.filter((entry) => entry.action === 'login' && entry.outcome === 'refused');
    expect(failed).toContainEqual(expect.objectContaining({ operator: null, errorCode: 'operator.login.failed', detail: { username: 'mallory' } }));
    expect(failed).toContainEqual(expect.objectContaining({ operator: null, errorCode: 'TOO_MANY_REQUESTS', detail: { username: 'bob' } }));
    expect(JSON.stringify(all)).not.toContain('nope');
    expect(JSON.stringify(all)).not.toContain(PASSWORD);

    await makeOperator('carol', 'OPSOTHER');
    const otherEntries = await audit(await operatorToken('carol', 'OPSOTHER'));
    expect(otherEntries.every((entry) => entry.operator === 'carol')).toBe(true);
  });

  it('cannot be changed or deleted by the application', async () => {
    await expect(context.pool.query("UPDATE operator_action SET outcome = 'ok'")).rejects.toThrow();
    await expect(context.pool.query('DELETE FROM operator_action')).rejects.toThrow();
    await expect(context.ownerPool.query('DELETE FROM operator_action')).rejects.toThrow(/append-only/);
  });
});
