import { i18n } from '@platform/shared';
import { resetTestState, setStatus } from '@platform/shared/testing';
import { NAMESPACE } from './translations';
import {
  categoryTabsOf,
  countdownOf,
  countdownText,
  inCategory,
  moneyText,
  promotionIdOf,
  rewardText,
  scheduleText,
  timeLeftParts,
  wageringText,
  type Translate,
} from './promotion-model';
import { DAY, HOUR, NOW, promotion } from './test-fixtures';

// The words and numbers the pages build from a promotion, in English and the site's currency (৳).

const t = ((key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: NAMESPACE, ...options })) as unknown as Translate;

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

describe('the reward in one line', () => {
  it('a percentage with its cap or without, a fixed amount, none', () => {
    expect(rewardText({ kind: 'percent', amount: null, percent: 100, cap: 500, tickets: null, streak: null }, t)).toBe('100% up to ৳500.00');
    expect(rewardText({ kind: 'percent', amount: null, percent: 12.5, cap: null, tickets: null, streak: null }, t)).toBe('12.5% bonus');
    expect(rewardText({ kind: 'fixed', amount: 8.88, percent: null, cap: null, tickets: null, streak: null }, t)).toBe('৳8.88');
    expect(rewardText({ kind: 'fixed', amount: null, percent: null, cap: null, tickets: null, streak: null }, t)).toBeNull();
    expect(rewardText(null, t)).toBeNull();
  });

  it('reads amounts exactly (decimal, not float maths)', () => {
    expect(moneyText(0.1 + 0.2)).toBe('৳0.30');
    expect(moneyText(1234567.89)).toBe('৳1,234,567.89');
    expect(moneyText(1.005)).toBe('৳1.01');
    expect(moneyText(null)).toBeNull();
  });
});

describe('the wagering', () => {
  it('the bonus or the bonus and deposit, with the days or without, or none', () => {
    const wagering = { multiplier: 10, includesDeposit: false, withinDays: 7, remaining: null };
    expect(wageringText(wagering, t)).toBe('Wager 10× the bonus within 7 days before withdrawing');
    expect(wageringText({ ...wagering, includesDeposit: true }, t)).toBe('Wager 10× the bonus + deposit within 7 days before withdrawing');
    expect(wageringText({ ...wagering, withinDays: null }, t)).toBe('Wager 10× the bonus before withdrawing');
    expect(wageringText({ ...wagering, includesDeposit: true, withinDays: null }, t)).toBe('Wager 10× the bonus + deposit before withdrawing');
    expect(wageringText({ ...wagering, multiplier: 1.5, withinDays: 1 }, t)).toBe('Wager 1.5× the bonus within 1 day before withdrawing');
    expect(wageringText({ ...wagering, multiplier: 0 }, t)).toBe('No wagering requirement');
  });
});

describe('the schedule', () => {
  it('from and to, either alone, or neither', () => {
    expect(scheduleText({ startTime: null, endTime: null }, t)).toBe('Ongoing');
    expect(scheduleText({ startTime: NOW, endTime: null }, t)).toMatch(/^From \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(scheduleText({ startTime: null, endTime: NOW }, t)).toMatch(/^Until \d{4}-/);
    expect(scheduleText({ startTime: NOW, endTime: NOW + DAY }, t)).toMatch(/^\d{4}-.* – \d{4}-/);
  });
});

describe('the countdown', () => {
  it('counts to the start when coming soon, to the claim deadline when a bonus waits, else to the end; none when closed', () => {
    const entry = promotion({ startTime: NOW - DAY, endTime: NOW + DAY, claimDeadline: NOW + HOUR });
    expect(countdownOf({ ...entry, state: 'join' })).toEqual({ kind: 'ends', target: NOW + DAY });
    expect(countdownOf({ ...entry, state: 'comingSoon', startTime: NOW + HOUR })).toEqual({ kind: 'starts', target: NOW + HOUR });
    expect(countdownOf({ ...entry, state: 'claim' })).toEqual({ kind: 'claim', target: NOW + HOUR });
    expect(countdownOf({ ...entry, state: 'claim', claimDeadline: null })).toEqual({ kind: 'ends', target: NOW + DAY });
    expect(countdownOf({ ...entry, state: 'close' })).toBeNull();
    expect(countdownOf({ ...entry, state: 'join', endTime: null })).toBeNull();
  });

  it('shows days and hh:mm:ss, rounded up to the second, and what it says once the time is reached', () => {
    expect(timeLeftParts(2 * DAY + 3 * HOUR + 4 * 60_000 + 5_000)).toEqual({ days: 2, clock: '03:04:05' });
    expect(timeLeftParts(1)).toEqual({ days: 0, clock: '00:00:01' });
    expect(countdownText('ends', DAY, t)).toBe('Ends in 1d 00:00:00');
    expect(countdownText('starts', 59_001, t)).toBe('Starts in 00:01:00');
    expect(countdownText('claim', HOUR, t)).toBe('Claim within 01:00:00');
    expect(countdownText('ends', 0, t)).toBe('Ended');
    expect(countdownText('starts', -5, t)).toBe('Started');
    expect(countdownText('claim', 0, t)).toBe('Claim period over');
  });
});

describe('the category tabs', () => {
  it('All, then the known categories present in tab order; an unknown category is under All only', () => {
    const list = [promotion({ id: 1, category: 'vip' }), promotion({ id: 2, category: 'seasonal' }), promotion({ id: 3, category: 'new_player' })];
    expect(categoryTabsOf(list)).toEqual(['all', 'new_player', 'vip']);
    expect(categoryTabsOf([])).toEqual(['all']);
    expect(inCategory(list, 'all').map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(inCategory(list, 'vip').map((entry) => entry.id)).toEqual([1]);
  });
});

describe('the rules of an address and a code', () => {
  it("a promotion id is the detail row's parameter rule within the integer range", () => {
    expect(promotionIdOf('7')).toBe('7');
    expect(promotionIdOf('2147483647')).toBe('2147483647');
    for (const text of [null, '', '0', '07', '-1', '1.5', 'abc', '2147483648', '../7']) expect(promotionIdOf(text)).toBeNull();
  });
});
