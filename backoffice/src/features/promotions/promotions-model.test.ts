import {
  draftProblems,
  emptyPromotionDraft,
  filterPromotions,
  htmlToText,
  promotionBody,
  promotionDraftOf,
  promotionState,
  textsIn,
  type PromotionDetail,
  type PromotionDraft,
  type PromotionSummary,
} from './promotions-model';

// The promotion form's pure steps: a promotion loaded and sent back unchanged is the same body the
// server answered; what the server's schema would refuse is named before sending; the player's
// language picks the texts as the site does; the terms' HTML becomes text without running.

const detail: PromotionDetail = {
  id: 9,
  enabled: true,
  category: 'daily',
  title: 'Daily reload',
  imageUrl: '/assets/promotions/daily-reload.svg',
  content: '<p>Terms</p>',
  startTime: Date.UTC(2026, 6, 2, 8, 30),
  endTime: null,
  sortOrder: 7,
  texts: { CN: { title: '每日存款', content: '<p>条款</p>' }, BN: { title: 'দৈনিক' } },
  rules: {
    trigger: 'deposit',
    repeat: 'daily',
    reward: { kind: 'percent', percent: 12.5, cap: 300 },
    minDeposit: 50,
    wagering: { multiplier: 3.5, includesDeposit: true, withinDays: 7 },
    claimWindowHours: 48,
    requires: ['bank_card'],
    onePerPerson: true,
  },
  audience: { vipLevels: [1, 2], labels: ['Loyal'] },
};

const draft = (change: Partial<PromotionDraft>): PromotionDraft => ({ ...emptyPromotionDraft(), title: 'T', imageUrl: '/x.svg', ...change });

it('sends a loaded promotion back as the server answered it, its times only when changed', () => {
  const loaded = promotionDraftOf(detail);
  expect(draftProblems(loaded)).toEqual([]);
  const { id, enabled, startTime, endTime, ...fields } = detail;
  expect([id, enabled, startTime, endTime]).toEqual([9, true, Date.UTC(2026, 6, 2, 8, 30), null]);
  expect(promotionBody(loaded, detail)).toEqual(fields);
  const moved = promotionBody({ ...loaded, endTime: '2030-01-02T03:04' }, detail);
  expect(moved.endTime).toBe(new Date(2030, 0, 2, 3, 4).getTime());
  expect(moved).not.toHaveProperty('startTime');
});

it('creates a promotion to read only, shown at once, from now on', () => {
  expect(promotionBody(draft({ title: '  Club  ', content: '<p>x</p>', texts: { ...emptyPromotionDraft().texts, TH: { title: ' ไทย ', content: '' } } }))).toEqual({
    category: 'limited',
    title: 'Club',
    imageUrl: '/x.svg',
    content: '<p>x</p>',
    sortOrder: 0,
    texts: { TH: { title: 'ไทย' } },
    rules: null,
    audience: { vipLevels: null, labels: null },
    enabled: true,
  });
});

it('sends the rules of the reward chosen, daily for the daily triggers, the code in capitals', () => {
  const body = promotionBody(draft({ trigger: 'sign_in', repeat: 'once', rewardKind: 'streak', streak: '1, 2 3.5', amount: '99', multiplier: '0' }));
  expect(body.rules).toEqual({ trigger: 'sign_in', repeat: 'daily', reward: { kind: 'streak', streak: [1, 2, 3.5] }, wagering: { multiplier: 0, includesDeposit: false }, requires: [], onePerPerson: false });
  const code = promotionBody(draft({ trigger: 'promo_code', rewardKind: 'fixed', amount: '5', promoCode: 'lucky2026', newPlayerDays: '3' }));
  expect(code.rules).toMatchObject({ trigger: 'promo_code', repeat: 'once', reward: { kind: 'fixed', amount: 5 }, promoCode: 'LUCKY2026', newPlayerDays: 3 });
});

it('names what the server would refuse, field by field', () => {
  const fields = (value: PromotionDraft) => draftProblems(value).map((problem) => `${problem.field}:${problem.key}`);
  expect(fields(draft({ title: ' ', imageUrl: '' }))).toEqual(['title:required', 'imageUrl:required']);
  expect(fields(draft({ title: 'x'.repeat(201) }))).toEqual(['title:tooLong']);
  expect(fields(draft({ trigger: 'deposit', rewardKind: 'fixed', amount: '7.777', multiplier: '' }))).toEqual(['amount:money', 'multiplier:required']);
  expect(fields(draft({ trigger: 'deposit', rewardKind: 'percent', percent: '0', cap: '-1', minDeposit: '100000001' }))).toEqual(['percent:percent', 'cap:money', 'minDeposit:money']);
  expect(fields(draft({ trigger: 'promo_code', rewardKind: 'tickets', tickets: '101' }))).toEqual(['tickets:whole', 'promoCode:required']);
  expect(fields(draft({ trigger: 'promo_code', rewardKind: 'points', points: '10', promoCode: 'ab!' }))).toEqual(['promoCode:promoCode']);
  expect(fields(draft({ startTime: '2026-07-02T10:00', endTime: '2026-07-02T09:00', sortOrder: '-1', vipLevels: '1, 21, 1' }))).toEqual(['sortOrder:whole', 'endTime:endBeforeStart', 'vipLevels:vipLevels', 'vipLevels:duplicates']);
  expect(fields(draft({ texts: { ...emptyPromotionDraft().texts, VI: { title: 'x'.repeat(201), content: '' } } }))).toEqual(['texts.VI.title:tooLong']);
  // Rules the promotion does not pay by are not checked.
  expect(fields(draft({ trigger: 'none', amount: 'abc' }))).toEqual([]);
});

it("picks a language's own words, else the promotion's", () => {
  expect(textsIn(detail, 'CN')).toEqual({ title: '每日存款', content: '<p>条款</p>', own: true });
  expect(textsIn(detail, 'BN')).toEqual({ title: 'দৈনিক', content: '<p>Terms</p>', own: true });
  expect(textsIn(detail, 'VI')).toEqual({ title: 'Daily reload', content: '<p>Terms</p>', own: false });
});

it("turns the terms' HTML into their words, running nothing", () => {
  const ran = jest.fn();
  (window as unknown as { ran: () => void }).ran = ran;
  const text = htmlToText('<h2>Rules</h2><p>Deposit <b>100</b> &amp; more.</p><ul><li>One</li><li>Two</li></ul><script>window.ran()</script><img src=x onerror="window.ran()">');
  expect(text).toBe('Rules\nDeposit 100 & more.\n• One\n• Two');
  expect(ran).not.toHaveBeenCalled();
  expect(htmlToText('plain words')).toBe('plain words');
});

it('says which promotions are running and finds them by title, code or id', () => {
  const now = Date.UTC(2026, 6, 1);
  const row = (id: number, change: Partial<PromotionSummary>): PromotionSummary => ({
    id, title: `Promo ${id}`, category: 'limited', trigger: 'deposit', enabled: true, promoCode: null, startTime: null, endTime: null,
    joined: 0, claimed: 0, takenBack: 0, cost: 0, audience: { vipLevels: null, labels: null }, ...change,
  });
  const list = [row(1, {}), row(2, { enabled: false }), row(3, { startTime: now + 1 }), row(4, { endTime: now, promoCode: 'GIFT5', category: 'vip' })];
  expect(list.map((entry) => promotionState(entry, now))).toEqual(['running', 'paused', 'scheduled', 'ended']);
  expect(filterPromotions(list, { search: 'gift', state: '', category: '' }, now).map((entry) => entry.id)).toEqual([4]);
  expect(filterPromotions(list, { search: '2', state: '', category: '' }, now).map((entry) => entry.id)).toEqual([2]);
  expect(filterPromotions(list, { search: '', state: 'running', category: '' }, now).map((entry) => entry.id)).toEqual([1]);
  expect(filterPromotions(list, { search: 'promo', state: '', category: 'vip' }, now).map((entry) => entry.id)).toEqual([4]);
});
