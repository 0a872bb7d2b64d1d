import type { Envelope, MemberInfo, PromotionEntry } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled } from '../ledger';
import { TestClock } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { memberWithSession } from '../withdrawal/withdrawal.testing';

// A promotion's audience against the members trying to get round it, through the real routes: a
// member at another VIP level, or without the promotion's label, cannot claim, apply, be approved or
// be issued it; one inside can; a level lost after applying stops the approval until it is back.
// The operator cannot name a level the ladder lacks nor a label the merchant has not made.

const clock = new TestClock();
clock.nowMs = Date.UTC(2026, 7, 3, 12, 0, 0);
let context: TestContext;
let content: string;
let risk: string;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  content = (await operatorLogin(context, { username: 'aud_content', role: 'content', nowMs: clock.nowMs })).token;
  risk = (await operatorLogin(context, { username: 'aud_risk', role: 'risk', nowMs: clock.nowMs })).token;
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const ops = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
let addressCounter = 0;
const player = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({
    method, url, remoteAddress: `198.18.9.${++addressCounter % 250}`,
    headers: { language: 'EN', 'device-id': `audience-device-${addressCounter}`, ...(token ? { authorization: token } : {}) }, ...(payload ? { payload } : {}),
  });
const member = () => memberWithSession(context, `aud${String(++counter).padStart(3, '0')}`, clock.nowMs);
const entryOf = async (token: string | null, id: number) =>
  body<{ list: PromotionEntry[] }>(await player(token, 'GET', '/wps/promotions')).value!.list.find((entry) => entry.id === id);
const setLevel = async (username: string, level: number) =>
  expect(body(await ops(risk, 'PUT', `/vip/members/${username}/level`, { level, note: 'audience test' }))).toMatchObject({ success: true });
const promotionCredits = async (memberId: number) =>
  (
    await context.pool.query<{ sum: string | null }>(
      `SELECT sum(p.amount_minor) AS sum FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
        WHERE t.kind = 'promotion' AND a.member_id = $1`,
      [memberId],
    )
  ).rows[0].sum;
async function promotion(title: string, rules: object, audience: object): Promise<number> {
  const created = body<{ id: number; audience: unknown }>(
    await ops(content, 'POST', '/promotions', { category: 'vip', title, imageUrl: '/assets/promotions/vip-cashback.svg', rules, audience }),
  );
  expect(created).toMatchObject({ success: true, value: { audience: { vipLevels: expect.anything() } } });
  return created.value!.id;
}

describe('a promotion for some VIP levels', () => {
  it('is closed to a member at another level, claimable once the member reaches one of them', async () => {
    const id = await promotion('Gold and Platinum gift', { trigger: 'registration', reward: { kind: 'fixed', amount: 25 }, wagering: { multiplier: 1 } }, { vipLevels: [4, 3] });
    const { token, username, memberId } = await member();

    expect(await entryOf(token, id)).toMatchObject({ state: 'close', closeReason: 'vip_level', vipLevels: [3, 4], bonus: null });
    expect(body(await player(token, 'POST', '/wps/promotions/claim', { promotionId: id }))).toMatchObject({
      errorCode: 'promotion.not.claimable', value: { state: 'close', closeReason: 'vip_level' },
    });
    // A visitor is not judged: the page says who it is for, signing in decides.
    expect(await entryOf(null, id)).toMatchObject({ state: 'claim', closeReason: null, vipLevels: [3, 4] });
    // Level 2 is still outside; level 3 is in.
    await setLevel(username, 2);
    expect(await entryOf(token, id)).toMatchObject({ state: 'close', closeReason: 'vip_level' });
    expect(await promotionCredits(memberId)).toBeNull();
    await setLevel(username, 3);
    expect(await entryOf(token, id)).toMatchObject({ state: 'claim', bonus: 25 });
    expect(body(await player(token, 'POST', '/wps/promotions/claim', { promotionId: id }))).toMatchObject({ success: true, value: { bonus: 25 } });
    // What was received stays received after a demotion: no claim again, no take-back by the audience.
    await setLevel(username, 1);
    expect(await entryOf(token, id)).toMatchObject({ state: 'process', bonus: 25 });
    expect(await promotionCredits(memberId)).toBe('2500');
  });

  it('holds an application whose member lost the level until the member is back at it', async () => {
    const id = await promotion('Platinum application', { trigger: 'application', reward: { kind: 'fixed', amount: 40 }, wagering: { multiplier: 1 } }, { vipLevels: [4] });
    const { token, username, memberId } = await member();
    expect(body(await player(token, 'POST', '/wps/promotions/apply', { promotionId: id, comment: 'my first month', images: [] }))).toMatchObject({
      errorCode: 'promotion.not.applicable', value: { state: 'close', closeReason: 'vip_level' },
    });
    await setLevel(username, 4);
    expect(body(await player(token, 'POST', '/wps/promotions/apply', { promotionId: id, comment: 'my first month', images: [] }))).toMatchObject({ success: true, value: { state: 'applying' } });
    const claimId = (await context.pool.query<{ id: string }>('SELECT id FROM promotion_claim WHERE promotion_id = $1 AND member_id = $2', [id, memberId])).rows[0].id;

    // Relegated while waiting: the approval is refused and changes nothing; the application waits on.
    await setLevel(username, 3);
    expect(body(await ops(content, 'POST', `/promotions/applications/${claimId}/approve`))).toMatchObject({
      errorCode: 'promotion.not.claimable', value: { state: 'close', closeReason: 'vip_level' },
    });
    expect(await entryOf(token, id)).toMatchObject({ state: 'applying' });
    expect(await promotionCredits(memberId)).toBeNull();
    await setLevel(username, 4);
    expect(body(await ops(content, 'POST', `/promotions/applications/${claimId}/approve`))).toMatchObject({ success: true, value: { state: 'claimed', bonus: 40 } });
    expect(await promotionCredits(memberId)).toBe('4000');
    // The approval's audit: the application waiting before, decided and paid after.
    const approved = await context.pool.query<{ outcome: string; detail: object }>(
      "SELECT outcome, detail FROM operator_action WHERE action = 'promotion.approve_application' AND target_id = $1 AND outcome <> 'started' ORDER BY id",
      [String(claimId)],
    );
    expect(approved.rows).toEqual([
      { outcome: 'refused', detail: {} },
      {
        outcome: 'ok',
        detail: {
          before: { claimId: Number(claimId), promotionId: id, username, state: 'applying', reviewedBy: null, rejectReason: null },
          after: { claimId: Number(claimId), promotionId: id, username, state: 'claimed', reviewedBy: expect.any(String), rejectReason: null, bonus: 40, tickets: null, points: null },
        },
      },
    ]);
  });

  it('is issued only to the members at its levels', async () => {
    const id = await promotion('Diamond gift', { trigger: 'issued', reward: { kind: 'fixed', amount: 88 }, wagering: { multiplier: 1 } }, { vipLevels: [5] });
    const [plain, diamond] = [await member(), await member()];
    await setLevel(diamond.username, 5);
    const issued = body<{ list: { username: string; outcome: string }[] }>(await ops(content, 'POST', `/promotions/${id}/issue`, { usernames: [plain.username, diamond.username] }));
    expect(issued.value!.list).toEqual([
      { username: plain.username, outcome: 'vip_level' },
      { username: diamond.username, outcome: 'issued' },
    ]);
    expect(await promotionCredits(plain.memberId)).toBeNull();
    expect(await promotionCredits(diamond.memberId)).toBe('8800');
    const audit = await context.pool.query<{ detail: object }>("SELECT detail FROM operator_action WHERE action = 'promotion.issue' AND target_id = $1 AND outcome = 'ok'", [String(id)]);
    expect(audit.rows).toEqual([{
      detail: { before: { claims: { [plain.username]: null, [diamond.username]: null } }, after: { claims: { [plain.username]: null, [diamond.username]: 'claimed' } } },
    }]);
  });
});

describe('a promotion for members with a label', () => {
  it('pays a promo code only to a member carrying one of its labels; the member never sees a hidden label', async () => {
    const made = body<{ id: number }>(await ops(content, 'POST', '/member-labels', { name: 'Audience high rollers' }));
    expect(made).toMatchObject({ success: true, value: { shown: false, members: 0 } });
    const shown = body<{ id: number }>(await ops(content, 'POST', '/member-labels', { name: 'Audience partner', shown: true, backgroundColor: '#1f6feb' }));
    const id = body<{ id: number }>(
      await ops(content, 'POST', '/promotions', {
        category: 'special_offer', title: 'High roller code', imageUrl: '/x.svg',
        rules: { trigger: 'promo_code', promoCode: 'HIGHROLL26', reward: { kind: 'fixed', amount: 15 }, wagering: { multiplier: 1 } },
        audience: { labels: ['Audience high rollers'] },
      }),
    ).value!.id;
    const { token, username, memberId } = await member();
    const enter = () => player(token, 'POST', '/wps/relay/MCSFE_claimPromoCode', { promoCode: 'highroll26' });

    expect(body(await enter())).toMatchObject({ errorCode: 'promotion.not.claimable', value: { state: 'close', closeReason: 'member_label' } });
    expect(await promotionCredits(memberId)).toBeNull();
    // The partner label is no key to it.
    await ops(content, 'POST', `/member-labels/${shown.value!.id}/members`, { add: [username] });
    expect(body(await enter())).toMatchObject({ errorCode: 'promotion.not.claimable', value: { closeReason: 'member_label' } });
    expect(body(await ops(risk, 'POST', `/member-labels/${made.value!.id}/members`, { add: [username.toUpperCase()] })).value).toMatchObject({
      list: [{ username: username.toUpperCase(), outcome: 'added' }], label: { members: 1 },
    });
    expect(body(await enter())).toMatchObject({ success: true, value: { bonus: 15 } });
    expect(body(await enter())).toMatchObject({ errorCode: 'promotion.already.claimed' });
    expect(await promotionCredits(memberId)).toBe('1500');
    // The operator reads the audience by name; the entry names no label.
    const summary = body<{ list: { id: number; audience: unknown }[] }>(await ops(content, 'GET', '/promotions')).value!.list.find((row) => row.id === id);
    expect(summary?.audience).toEqual({ vipLevels: null, labels: ['Audience high rollers'] });
    expect(await entryOf(token, id)).toMatchObject({ state: 'process', vipLevels: null });

    const info = body<MemberInfo>(await player(token, 'GET', '/wps/member/info')).value!;
    expect(info.memberLabel).toEqual([{ labelName: 'Audience partner', textColor: '#ffffff', backgroundColor: '#1f6feb' }]);
  });

  it('refuses an audience naming a level the ladder lacks or a label never made, and writes nothing', async () => {
    const attempt = (title: string, audience: object) =>
      ops(content, 'POST', '/promotions', { category: 'vip', title, imageUrl: '/x.svg', rules: { trigger: 'registration', reward: { kind: 'fixed', amount: 1 }, wagering: { multiplier: 1 } }, audience });
    expect(body(await attempt('No such level', { vipLevels: [3, 9] }))).toMatchObject({ errorCode: 'operator.promotion.invalid', message: expect.stringContaining('no VIP level 9') });
    expect(body(await attempt('No such label', { labels: ['Nobody made me'] }))).toMatchObject({ errorCode: 'operator.promotion.invalid', message: expect.stringContaining('Nobody made me') });
    expect(body(await attempt('Empty levels', { vipLevels: [] }))).toMatchObject({ errorCode: 'request.param.err' });
    expect((await context.pool.query("SELECT 1 FROM promotion WHERE title IN ('No such level', 'No such label', 'Empty levels')")).rowCount).toBe(0);
  });
});
