import type { Envelope, PromotionClaimed, PromotionEntry } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { TestClock } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { memberWithSession } from '../withdrawal/withdrawal.testing';

// The operators' promotions: content staff create one, change its rules, pause and resume it, and
// see who received what and what it cost; a cashier may not; a promotion that could not pay is
// refused with the rule that failed; every change is in the audit trail.

const clock = new TestClock();
clock.nowMs = Date.UTC(2026, 6, 1, 12, 0, 0);
let context: TestContext;
let content: string;
let cashier: string;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  content = (await operatorLogin(context, { username: 'promo_desk', role: 'content', nowMs: clock.nowMs })).token;
  cashier = (await operatorLogin(context, { username: 'promo_cash', role: 'cashier', nowMs: clock.nowMs })).token;
});

afterAll(async () => {
  await context.close();
});

const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
let addressCounter = 0;
const player = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url, remoteAddress: `198.18.7.${++addressCounter}`, headers: { authorization: token, language: 'EN' }, ...(payload ? { payload } : {}) });

describe('operators and promotions', () => {
  it('creates a promotion that pays, changes it, pauses and resumes it, and lists its claims and cost', async () => {
    const created = body<{ id: number; trigger: string; enabled: boolean }>(
      await ops(content, 'POST', '/promotions', {
        category: 'limited',
        title: 'Weekend 50%',
        imageUrl: '/assets/promotions/daily-reload.svg',
        content: '<p>Half again of your deposit.</p>',
        rules: { trigger: 'registration', reward: { kind: 'fixed', amount: 12.5 }, wagering: { multiplier: 2 }, newPlayerDays: 3 },
      }),
    );
    expect(created).toMatchObject({ success: true, value: { trigger: 'registration', enabled: true } });
    const id = created.value!.id;
    const { token, username } = await memberWithSession(context, 'opspromo1', clock.nowMs);
    const listed = body<{ list: PromotionEntry[] }>(await player(token, 'GET', '/wps/promotions')).value!.list.find((entry) => entry.id === id);
    expect(listed).toMatchObject({ state: 'claim', bonus: 12.5, wagering: { multiplier: 2 }, title: 'Weekend 50%' });

    // Its texts in Bengali: the list, its page and the home page's promotions speak the player's language.
    expect(body(await ops(content, 'POST', `/promotions/${id}`, { texts: { BN: { title: 'সপ্তাহান্তে ৫০%', content: '<p>শর্তাবলী</p>' } } }))).toMatchObject({ success: true });
    const inBengali = (url: string) => context.app.inject({ method: 'GET', url, headers: { authorization: token, language: 'BN' } });
    expect(body<{ list: PromotionEntry[] }>(await inBengali('/wps/promotions')).value!.list.find((entry) => entry.id === id)?.title).toBe('সপ্তাহান্তে ৫০%');
    expect(body<{ content: string }>(await inBengali(`/wps/promotions/detail?promotionId=${id}`)).value).toMatchObject({ content: '<p>শর্তাবলী</p>' });
    expect(body<{ promotion: { id: number; title: string }[] }>(await inBengali('/wps/system/notice')).value!.promotion.find((entry) => entry.id === id)?.title).toBe('সপ্তাহান্তে ৫০%');
    // A language it has no text for: the merchant's own words.
    expect(body<{ content: string }>(await player(token, 'GET', `/wps/promotions/detail?promotionId=${id}`)).value).toMatchObject({ content: '<p>Half again of your deposit.</p>' });

    // Paused: gone for players, and not claimable.
    expect(body(await ops(content, 'POST', `/promotions/${id}/pause`))).toMatchObject({ value: { enabled: false } });
    expect(body<{ list: PromotionEntry[] }>(await player(token, 'GET', '/wps/promotions')).value!.list.some((entry) => entry.id === id)).toBe(false);
    expect(body(await player(token, 'POST', '/wps/promotions/claim', { promotionId: id }))).toMatchObject({ errorCode: 'promotion.not.found' });
    expect(body(await ops(content, 'POST', `/promotions/${id}/resume`))).toMatchObject({ value: { enabled: true } });

    // A change of reward applies to what is claimed from now on.
    expect(body(await ops(content, 'POST', `/promotions/${id}`, { rules: { trigger: 'registration', reward: { kind: 'fixed', amount: 20 }, wagering: { multiplier: 1 } } }))).toMatchObject({ success: true });
    expect(body<PromotionClaimed>(await player(token, 'POST', '/wps/promotions/claim', { promotionId: id })).value).toMatchObject({ bonus: 20 });

    const summary = body<{ list: { id: number; claimed: number; cost: number }[] }>(await ops(content, 'GET', '/promotions')).value!.list.find((row) => row.id === id);
    expect(summary).toMatchObject({ claimed: 1, cost: 20 });
    const claims = body<{ list: { username: string; state: string; bonus: number; requirement: number }[] }>(await ops(content, 'GET', `/promotions/${id}/claims`));
    expect(claims.value!.list).toEqual([expect.objectContaining({ username, state: 'claimed', bonus: 20, requirement: 20 })]);

    const audit = await context.pool.query<{ action: string; detail: { before: unknown; after: unknown } }>(
      "SELECT action, detail FROM operator_action WHERE target_type = 'promotion' AND target_id IN ($1, 'Weekend 50%') AND outcome = 'ok' ORDER BY id",
      [String(id)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['promotion.create', 'promotion.update', 'promotion.pause', 'promotion.resume', 'promotion.update']);
    // Each with the promotion before and after: the fields the change touched, the terms left to the started row.
    const [create, texts, pause, resume, reward] = audit.rows.map((row) => row.detail);
    expect(create.before).toBeNull();
    expect(create.after).toMatchObject({ id, title: 'Weekend 50%', enabled: true, rules: { trigger: 'registration', reward: { kind: 'fixed', amount: 12.5 } } });
    expect(create.after).not.toHaveProperty('content');
    expect(texts).toEqual({ before: { id, texts: {} }, after: { id, texts: { BN: { title: 'সপ্তাহান্তে ৫০%', content: '<p>শর্তাবলী</p>' } } } });
    expect(pause).toEqual({ before: { id, title: 'Weekend 50%', enabled: true }, after: { id, title: 'Weekend 50%', enabled: false } });
    expect(resume).toEqual({ before: { id, title: 'Weekend 50%', enabled: false }, after: { id, title: 'Weekend 50%', enabled: true } });
    expect(reward.before).toMatchObject({ id, rules: { reward: { kind: 'fixed', amount: 12.5 } } });
    expect(reward.after).toMatchObject({ id, rules: { reward: { kind: 'fixed', amount: 20 } } });
  });

  it('refuses a promotion that could not pay, a promo code in use, and anyone but content staff', async () => {
    // A percentage of a deposit for a sign-up: no deposit to take it of.
    const percentOnSignUp = await ops(content, 'POST', '/promotions', {
      category: 'limited', title: 'Broken', imageUrl: '/x.svg', rules: { trigger: 'registration', reward: { kind: 'percent', percent: 10 }, wagering: { multiplier: 1 } },
    });
    expect(percentOnSignUp.statusCode).toBe(400);
    expect(body(percentOnSignUp).errorCode).toBe('operator.promotion.invalid');
    const codeInUse = await ops(content, 'POST', '/promotions', {
      category: 'special_offer', title: 'Copy', imageUrl: '/x.svg', rules: { trigger: 'promo_code', promoCode: 'lucky2026', reward: { kind: 'fixed', amount: 1 }, wagering: { multiplier: 1 } },
    });
    expect(body(codeInUse)).toMatchObject({ errorCode: 'operator.promotion.invalid', message: expect.stringContaining('promo code is in use') });
    expect((await ops(cashier, 'POST', '/promotions', { category: 'limited', title: 'Nope', imageUrl: '/x.svg' })).statusCode).toBe(403);
    expect((await ops(cashier, 'GET', '/promotions')).statusCode).toBe(403);
    expect(body(await ops(content, 'POST', '/promotions/999999/pause'))).toMatchObject({ errorCode: 'promotion.not.found' });
    const titles = await context.pool.query("SELECT 1 FROM promotion WHERE title IN ('Broken', 'Copy', 'Nope')");
    expect(titles.rowCount).toBe(0);
  });

  it("answers a promotion as its form edits it, and those fields sent back change nothing", async () => {
    const rules = {
      trigger: 'deposit', repeat: 'daily', reward: { kind: 'percent', percent: 12.5, cap: 300 }, minDeposit: 50,
      wagering: { multiplier: 3.5, includesDeposit: true, withinDays: 7 }, claimWindowHours: 48, requires: ['bank_card'], onePerPerson: true,
    };
    const created = body<{ id: number }>(
      await ops(content, 'POST', '/promotions', {
        category: 'daily', title: 'Daily reload', imageUrl: '/assets/promotions/daily-reload.svg', content: '<p>Terms</p>', sortOrder: 7, enabled: false,
        startTime: Date.UTC(2026, 6, 2), endTime: null, texts: { CN: { title: '每日存款', content: '<p>条款</p>' } }, rules, audience: { vipLevels: null, labels: null },
      }),
    ).value!;
    const detail = body<Record<string, unknown>>(await ops(content, 'GET', `/promotions/${created.id}`));
    expect(detail.value).toEqual({
      id: created.id, enabled: false, category: 'daily', title: 'Daily reload', imageUrl: '/assets/promotions/daily-reload.svg', content: '<p>Terms</p>',
      startTime: Date.UTC(2026, 6, 2), endTime: null, sortOrder: 7, texts: { CN: { title: '每日存款', content: '<p>条款</p>' } },
      rules, audience: { vipLevels: null, labels: null },
    });
    const { id, enabled, ...fields } = detail.value as { id: number; enabled: boolean };
    expect(enabled).toBe(false);
    expect(body(await ops(content, 'POST', `/promotions/${id}`, fields))).toMatchObject({ success: true });
    expect(body(await ops(content, 'GET', `/promotions/${id}`)).value).toEqual(detail.value);
    // A promotion to read only has no rules.
    const readOnly = body<{ id: number }>(await ops(content, 'POST', '/promotions', { category: 'vip', title: 'VIP club', imageUrl: '/x.svg', content: '' })).value!;
    expect(body(await ops(content, 'GET', `/promotions/${readOnly.id}`)).value).toMatchObject({ rules: null });
    expect(body(await ops(content, 'GET', '/promotions/999999'))).toMatchObject({ errorCode: 'promotion.not.found' });
    expect((await ops(cashier, 'GET', `/promotions/${id}`)).statusCode).toBe(403);
  });
});
