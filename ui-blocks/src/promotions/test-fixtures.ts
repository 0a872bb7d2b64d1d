// Promotions of the contract's shape for the promotion model's tests (contract/src/promotion.ts).
import type { PromotionEntry } from '@platform/contract';

/** The tests' clock: 2030-03-01 12:00:00 UTC. */
export const NOW = Date.UTC(2030, 2, 1, 12, 0, 0);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A daily sign-in of a 3-day streak, ready to sign in on day 1, for every member. */
export function entry(overrides: Partial<PromotionEntry> = {}): PromotionEntry {
  return {
    id: 1, category: 'daily', title: 'x', imageUrl: '', trigger: 'sign_in', state: 'claim', closeReason: null, startTime: null, endTime: null,
    reward: { kind: 'streak', amount: null, percent: null, cap: null, tickets: null, points: null, streak: [1, 2, 3] }, minDeposit: null,
    wagering: { multiplier: 0, includesDeposit: false, withinDays: null, remaining: null }, claimWindowHours: null, requirements: [], missingRequirements: [],
    bonus: null, claimDeadline: null, repeat: 'daily', tickets: null, points: null, streakDay: 1, progress: null, rejectReason: null, vipLevels: null,
    ...overrides,
  };
}

/** A reward of the contract's shape: the fields a kind does not use are null. */
export function reward(overrides: Partial<NonNullable<PromotionEntry['reward']>>): NonNullable<PromotionEntry['reward']> {
  return { kind: 'fixed', amount: null, percent: null, cap: null, tickets: null, points: null, streak: null, ...overrides };
}
