import { betVolumePromotions, dayProgress, newbiePromotions, requirementPage, requirementTasks, rescuePromotions, signInCalendar, signInPromotions } from './promotion-tasks';
import { entry } from './test-fixtures';
import type { PromotionEntry } from '@platform/contract';
import { resetTestState } from '@platform/shared/testing';

// The reward centre's task rules on the wire's promotions: the sign-in calendar (going round after
// the last day), the new player's requirements, and a day's progress in minor units.

// The runtime's strings load as the page starts: waited for, so none arrives after the tests end.
beforeAll(() => resetTestState());

const statuses = (overrides: Partial<PromotionEntry>) => signInCalendar(entry(overrides)).days.map((day) => day.status);

describe('signInCalendar', () => {
  it('marks the days before today signed in, today, and those to come', () => {
    expect(statuses({ streakDay: 1 })).toEqual(['today', 'upcoming', 'upcoming']);
    expect(statuses({ streakDay: 3 })).toEqual(['done', 'done', 'today']);
    expect(signInCalendar(entry({ streakDay: 2 })).today).toBe('sign_in');
    expect(signInCalendar(entry({ state: 'process', streakDay: 2 })).today).toBe('signed_in');
    expect(signInCalendar(entry({ state: 'claimed', streakDay: 2 })).todayDay).toBe(2);
  });

  it('goes round again after the last day, as the server pays it', () => {
    expect(statuses({ streakDay: 4 })).toEqual(['today', 'upcoming', 'upcoming']);
    expect(statuses({ streakDay: 6 })).toEqual(['done', 'done', 'today']);
    expect(signInCalendar(entry({ streakDay: 8 })).todayDay).toBe(2);
  });

  it('has no today before the start, nor for a missing streak day (read as day 1 once open)', () => {
    expect(signInCalendar(entry({ state: 'comingSoon' }))).toEqual({
      days: [1, 2, 3].map((amount, index) => ({ day: index + 1, amount, status: 'upcoming' })),
      todayDay: null,
      today: 'not_open',
    });
    expect(signInCalendar(entry({ streakDay: null })).todayDay).toBe(1);
  });

  it('leaves out ended sign-ins and those without a streak', () => {
    const list = [entry({ id: 1 }), entry({ id: 2, state: 'close', closeReason: 'ended' }), entry({ id: 3, reward: null }), entry({ id: 4, trigger: 'bet_volume' })];
    expect(signInPromotions(list).map((item) => item.id)).toEqual([1]);
  });
});

describe('the new-player tasks', () => {
  it('are the new_player promotions and those of registration or a first deposit', () => {
    const list = [
      entry({ id: 1, category: 'new_player', trigger: 'deposit' }),
      entry({ id: 2, category: 'limited', trigger: 'registration' }),
      entry({ id: 3, category: 'special_offer', trigger: 'first_deposit' }),
      entry({ id: 4, category: 'limited', trigger: 'deposit' }),
    ];
    expect(newbiePromotions(list).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('ask what the rewards still to receive need, the missing first; a reward received asks nothing more', () => {
    const tasks = requirementTasks([
      entry({ state: 'claim', requirements: ['mobile_verified', 'real_name'], missingRequirements: ['real_name'] }),
      entry({ state: 'join', requirements: ['bank_card'], missingRequirements: [] }),
      entry({ state: 'claimed', requirements: ['mobile_verified'], missingRequirements: ['mobile_verified'] }),
    ]);
    expect(tasks).toEqual([
      { requirement: 'real_name', done: false },
      { requirement: 'mobile_verified', done: true },
      { requirement: 'bank_card', done: true },
    ]);
    expect(requirementTasks([entry({ state: 'process', requirements: ['bank_card'], missingRequirements: ['bank_card'] })])).toEqual([]);
    expect(['mobile_verified', 'bank_card', 'real_name'].map((requirement) => requirementPage(requirement as 'bank_card'))).toEqual(['securityCenter', 'withdraw', 'securityCenter']);
  });
});

describe('dayProgress', () => {
  it('compares in minor units, rounds the bar down and caps it at 100', () => {
    expect(dayProgress(entry({ progress: { amount: 0.1, target: 0.3 } }))).toEqual({ amountMinor: 10, targetMinor: 30, percent: 33, reached: false, missingMinor: 20 });
    expect(dayProgress(entry({ progress: { amount: 999.99, target: 1000 } }))?.percent).toBe(99);
    expect(dayProgress(entry({ progress: { amount: 1200, target: 1000 } }))).toEqual({ amountMinor: 120000, targetMinor: 100000, percent: 100, reached: true, missingMinor: 0 });
    expect(dayProgress(entry({ progress: null }))).toBeNull();
  });

  it('belongs to the rescue (net_loss) and the day’s bets (bet_volume), not those not started or ended', () => {
    const list = [
      entry({ id: 1, trigger: 'net_loss' }),
      entry({ id: 2, trigger: 'net_loss', state: 'comingSoon' }),
      entry({ id: 3, trigger: 'bet_volume', state: 'close', closeReason: 'ended' }),
      entry({ id: 4, trigger: 'bet_volume', state: 'joined' }),
    ];
    expect(rescuePromotions(list).map((item) => item.id)).toEqual([1]);
    expect(betVolumePromotions(list).map((item) => item.id)).toEqual([4]);
  });
});
