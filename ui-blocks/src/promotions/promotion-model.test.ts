import { i18n, setLanguage } from '@platform/shared';
import { resetTestState, setStatus } from '@platform/shared/testing';
import { PROMOTIONS_NAMESPACE } from './locales';
import {
  actionLabel,
  actionOf,
  audienceText,
  badgeLabel,
  barPercent,
  categoryTabsOf,
  closeReasonText,
  countdownOf,
  countdownText,
  inCategory,
  joinedHint,
  moneyText,
  progressOf,
  promotionIdOf,
  refusedRequirements,
  requirementAction,
  requirementLabel,
  rewardText,
  scheduleText,
  stateLabel,
  streakOf,
  streakRoundDay,
  ticketsText,
  timeLeftParts,
  wageringText,
} from './promotion-model';
import type { PromotionT } from './promotion-t';
import { DAY, entry, HOUR, NOW, reward } from './test-fixtures';

// The words and numbers the pages build from a promotion, in English and the site's currency (৳):
// the promotions pages' words, and the reward centre's task lists' where they differ.

const t = i18n.getFixedT(null, PROMOTIONS_NAMESPACE) as unknown as PromotionT;

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

describe('the reward in one line', () => {
  it('a percentage with its cap or without, a fixed amount, none', () => {
    expect(rewardText({ kind: 'percent', amount: null, percent: 100, cap: 500, tickets: null, points: null, streak: null }, t)).toBe('100% up to ৳500.00');
    expect(rewardText({ kind: 'percent', amount: null, percent: 12.5, cap: null, tickets: null, points: null, streak: null }, t)).toBe('12.5% bonus');
    expect(rewardText({ kind: 'fixed', amount: 8.88, percent: null, cap: null, tickets: null, points: null, streak: null }, t)).toBe('৳8.88');
    expect(rewardText({ kind: 'fixed', amount: null, percent: null, cap: null, tickets: null, points: null, streak: null }, t)).toBeNull();
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
    const timed = entry({ startTime: NOW - DAY, endTime: NOW + DAY, claimDeadline: NOW + HOUR });
    expect(countdownOf({ ...timed, state: 'join' })).toEqual({ kind: 'ends', target: NOW + DAY });
    expect(countdownOf({ ...timed, state: 'comingSoon', startTime: NOW + HOUR })).toEqual({ kind: 'starts', target: NOW + HOUR });
    expect(countdownOf({ ...timed, state: 'claim' })).toEqual({ kind: 'claim', target: NOW + HOUR });
    expect(countdownOf({ ...timed, state: 'claim', claimDeadline: null })).toEqual({ kind: 'ends', target: NOW + DAY });
    expect(countdownOf({ ...timed, state: 'close' })).toBeNull();
    expect(countdownOf({ ...timed, state: 'join', endTime: null })).toBeNull();
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
    const list = [entry({ id: 1, category: 'vip' }), entry({ id: 2, category: 'seasonal' }), entry({ id: 3, category: 'new_player' })];
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

describe('the states and their buttons', () => {
  it('every state has its label; the daily sign-in claims by signing in; an application under review says so on its button', () => {
    expect(
      (['comingSoon', 'join', 'joined', 'claim', 'apply', 'applying', 'rejected', 'issued', 'process', 'claimed', 'close', 'none'] as const).map((state) => stateLabel(state, t)),
    ).toEqual(['Coming soon', 'Join', 'Joined', 'Claim', 'Apply', 'Applying', 'Rejected', 'Issued', 'In progress', 'Claimed', 'Closed', null]);
    expect(badgeLabel({ state: 'claim', trigger: 'sign_in' }, t)).toBe('Sign in');
    expect(badgeLabel({ state: 'claimed', trigger: 'sign_in' }, t)).toBe('Claimed');
    expect(actionLabel({ state: 'applying', trigger: 'application' }, t)).toBe('Under review');
    expect(badgeLabel({ state: 'applying', trigger: 'application' }, t)).toBe('Applying');
    expect(actionLabel({ state: 'claim', trigger: 'sign_in' }, t)).toBe('Sign in');
    expect((['join', 'claim', 'apply', 'applying', 'rejected', 'issued', 'joined', 'none'] as const).map(actionOf)).toEqual([
      'join', 'claim', 'apply', null, null, null, null, null,
    ]);
  });
});

describe('the new rewards', () => {
  it('tickets as spins of the prize wheel, points as points, a streak as its range a day, rescue as a share of the loss', () => {
    expect(rewardText(reward({ kind: 'tickets', tickets: 3 }), t)).toBe('3 spins of the prize wheel');
    expect(rewardText(reward({ kind: 'tickets', tickets: 1 }), t)).toBe('1 spin of the prize wheel');
    expect(rewardText(reward({ kind: 'tickets', tickets: null }), t)).toBeNull();
    expect(rewardText(reward({ kind: 'points', points: 250 }), t)).toBe('250 points');
    expect(rewardText(reward({ kind: 'points', points: 1 }), t)).toBe('1 point');
    expect(rewardText(reward({ kind: 'streak', streak: [1, 2, 3, 4, 5, 6, 7] }), t)).toBe('৳1.00 to ৳7.00 a day');
    expect(rewardText(reward({ kind: 'streak', streak: [0.1 + 0.2, 0.3] }), t)).toBe('৳0.30 a day');
    expect(rewardText(reward({ kind: 'streak', streak: [] }), t)).toBeNull();
    expect(rewardText(reward({ kind: 'percent', percent: 10, cap: 500 }), t, 'net_loss')).toBe("10% of yesterday's loss, up to ৳500.00");
    expect(rewardText(reward({ kind: 'percent', percent: 10 }), t, 'net_loss')).toBe("10% of yesterday's loss");
  });

  it("the sign-in streak: today's day within the round, each day's amount", () => {
    const signIn = { trigger: 'sign_in' as const, reward: reward({ kind: 'streak', streak: [1, 2, 3] }) };
    expect(streakOf({ ...signIn, streakDay: 2 })).toEqual({ day: 2, length: 3, amounts: ['৳1.00', '৳2.00', '৳3.00'] });
    expect(streakOf({ ...signIn, streakDay: 4 })?.day).toBe(1);
    expect(streakOf({ ...signIn, streakDay: 6 })?.day).toBe(3);
    expect(streakOf({ ...signIn, streakDay: null })?.day).toBe(1);
    expect(streakOf({ ...signIn, trigger: 'deposit', streakDay: 2 })).toBeNull();
  });

  it('the progress in whole percent of exact amounts, never 100 before it is reached', () => {
    expect(progressOf({ progress: { amount: 250.5, target: 1000 } })).toEqual({ amount: '৳250.50', target: '৳1,000.00', percent: 25 });
    expect(progressOf({ progress: { amount: 999.99, target: 1000 } })?.percent).toBe(99);
    expect(progressOf({ progress: { amount: 1200, target: 1000 } })).toEqual({ amount: '৳1,200.00', target: '৳1,000.00', percent: 100 });
    expect(progressOf({ progress: { amount: 0, target: 0 } })?.percent).toBe(100);
    expect(progressOf({ progress: null })).toBeNull();
  });

  it('what a joined promotion waits for, by its trigger', () => {
    const base = { repeat: 'once' as const, minDeposit: null, progress: null };
    expect(joinedHint({ ...base, trigger: 'deposit', minDeposit: 100 }, t)).toBe('You have joined. Deposit at least ৳100.00 to receive the bonus.');
    expect(joinedHint({ ...base, trigger: 'deposit', repeat: 'daily' }, t)).toBe("Make today's first deposit to receive today's bonus.");
    expect(joinedHint({ ...base, trigger: 'bet_volume', progress: { amount: 10, target: 100 } }, t)).toBe('Bet ৳100.00 in total today to earn the reward.');
    expect(joinedHint({ ...base, trigger: 'net_loss', progress: { amount: 10, target: 100 } }, t)).toBe(
      'A day with a loss of at least ৳100.00 earns a share of it back the next day.',
    );
  });
});

describe('the requirements', () => {
  it("reads the requirements a refusal names (the server's field names)", () => {
    expect(refusedRequirements({ data: ['required.real_name', 'required.mobile_no_verified', 'required.unknown'] })).toEqual(['mobile_verified', 'real_name']);
    expect(refusedRequirements(null)).toEqual([]);
    expect(refusedRequirements({ data: 'required.bank_card' })).toEqual([]);
  });
});

describe('why a promotion is closed', () => {
  it('says each reason of the contract', () => {
    const reasons = ['ended', 'not_new_player', 'already_deposited', 'claim_expired', 'linked_account', 'taken_back', 'member_label'] as const;
    expect(reasons.map((closeReason) => closeReasonText({ closeReason, vipLevels: null }, t))).toEqual([
      'This promotion has ended.',
      'This promotion is for new players only.',
      'This promotion is only for members who have not deposited yet.',
      'The time to claim this bonus has passed.',
      'Not available: a linked account has already received it.',
      'The bonus was not wagered in time and has been taken back.',
      'This promotion is for invited members only.',
    ]);
    expect(closeReasonText({ closeReason: null, vipLevels: null }, t)).toBeNull();
  });

  it('names the VIP levels a promotion is for, one level or several, and says so without them', () => {
    expect(closeReasonText({ closeReason: 'vip_level', vipLevels: [3, 4, 5] }, t)).toBe('This promotion is for VIP levels 3, 4, 5.');
    expect(closeReasonText({ closeReason: 'vip_level', vipLevels: [3] }, t)).toBe('This promotion is for VIP level 3 members.');
    expect(closeReasonText({ closeReason: 'vip_level', vipLevels: null }, t)).toBe('This promotion is not open to your VIP level.');
    expect(closeReasonText({ closeReason: 'vip_level', vipLevels: [] }, t)).toBe('This promotion is not open to your VIP level.');
  });

  it("lists the levels in the language's way", async () => {
    await setLanguage('CN');
    expect(closeReasonText({ closeReason: 'vip_level', vipLevels: [3, 4, 5] }, t)).toBe('本活动仅限 VIP 3、4、5 级会员参加。');
    expect(closeReasonText({ closeReason: 'member_label', vipLevels: null }, t)).toBe('本活动仅限受邀会员参加。');
    expect(audienceText({ vipLevels: [1, 2] }, t)).toBe('VIP 1、2 级会员');
    expect(audienceText({ vipLevels: [2] }, t)).toBe('VIP 2 级会员');
    expect(closeReasonText({ closeReason: 'vip_level', vipLevels: [2] }, t)).toBe('本活动仅限 VIP 2 级会员参加。');
    // Chinese has no singular of its own, but i18next picks the form by the player's code, and
    // Intl does not read CN or TW as Chinese: it asks for the singular, so each Chinese set has it.
    expect(ticketsText(1, t)).toBe('1 次幸运转盘抽奖');
    await setLanguage('TW');
    expect(audienceText({ vipLevels: [2] }, t)).toBe('VIP 2 級會員');
    await setLanguage('BN');
    expect(closeReasonText({ closeReason: 'vip_level', vipLevels: [3] }, t)).toBe('এই প্রমোশন শুধু ভিআইপি স্তর 3-এর সদস্যদের জন্য।');
  });
});

describe('who a promotion is for', () => {
  it('the VIP levels when it has them; nothing for a promotion open to every level', () => {
    expect(audienceText({ vipLevels: [3, 4, 5] }, t)).toBe('VIP levels 3, 4, 5');
    expect(audienceText({ vipLevels: [0] }, t)).toBe('VIP level 0 members');
    expect(audienceText({ vipLevels: null }, t)).toBeNull();
    expect(audienceText({ vipLevels: [] }, t)).toBeNull();
  });
});

describe("a task list's words", () => {
  it('says where each state stands, beside the buttons, where the page says what to press', () => {
    const states = ['comingSoon', 'join', 'joined', 'claim', 'apply', 'applying', 'rejected', 'issued', 'process', 'claimed', 'close', 'none'] as const;
    expect(states.map((state) => stateLabel(state, t, 'task'))).toEqual([
      'Coming soon', 'Open to join', 'Joined', 'Ready to claim', 'Apply', 'Under review', 'Not approved', 'Received', 'In progress', 'Claimed', 'Not available', 'Information',
    ]);
  });

  it('says the reward as a sentence; a streak has none (its calendar shows it)', () => {
    expect(rewardText(reward({ amount: 8.88 }), t, 'deposit', 'task')).toBe('Reward: ৳8.88');
    expect(rewardText(reward({ amount: null }), t, 'deposit', 'task')).toBeNull();
    expect(rewardText(reward({ kind: 'percent', percent: 100, cap: 500 }), t, 'first_deposit', 'task')).toBe('Reward: 100% of your deposit, up to ৳500.00');
    expect(rewardText(reward({ kind: 'percent', percent: 50 }), t, 'deposit', 'task')).toBe('Reward: 50% of your deposit');
    expect(rewardText(reward({ kind: 'percent', percent: 10, cap: 500 }), t, 'net_loss', 'task')).toBe("Reward: 10% of yesterday's loss, up to ৳500.00");
    expect(rewardText(reward({ kind: 'percent', percent: 10 }), t, 'net_loss', 'task')).toBe("Reward: 10% of yesterday's loss");
    expect(rewardText(reward({ kind: 'tickets', tickets: 1 }), t, 'deposit', 'task')).toBe('Reward: 1 prize-wheel ticket');
    expect(rewardText(reward({ kind: 'points', points: 250 }), t, 'deposit', 'task')).toBe('Reward: 250 points');
    expect(rewardText(reward({ kind: 'streak', streak: [1, 2] }), t, 'sign_in', 'task')).toBeNull();
  });

  it('says a requirement met and what to do for one missing, with the place on a page and without it in a task', () => {
    expect(requirementLabel('mobile_verified', t)).toBe('Verified mobile number');
    expect(requirementAction('bank_card', t)).toBe('Bind a bank card in My Account.');
    expect(requirementLabel('mobile_verified', t, 'task')).toBe('Mobile number verified');
    expect(requirementAction('real_name', t, 'task')).toBe('Add your real name');
  });
});

describe('the shared arithmetic of days and bars', () => {
  it("today's day within a streak's round, and a bar's whole percent", () => {
    expect([1, 3, 4, 8, 0].map((day) => streakRoundDay(day, 3))).toEqual([1, 3, 1, 2, 1]);
    expect(streakRoundDay(null, 7)).toBe(1);
    expect(barPercent(10, 30)).toBe(33);
    expect(barPercent(99_999, 100_000)).toBe(99);
    expect(barPercent(-5, 100)).toBe(0);
    expect(barPercent(5, 0)).toBe(100);
  });
});
