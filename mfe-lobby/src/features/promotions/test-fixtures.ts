// Wire answers of the promotion calls for the promotions pages' tests (shapes of contract/src/promotion.ts).
import type { PromotionClaimed, PromotionDetail, PromotionEntry } from '@platform/contract';

/** The tests' clock: 2030-03-01 12:00:00 UTC. */
export const NOW = Date.UTC(2030, 2, 1, 12, 0, 0);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function promotion(overrides: Partial<PromotionEntry> = {}): PromotionEntry {
  return {
    id: 1,
    category: 'new_player',
    title: 'Welcome bonus',
    imageUrl: 'https://img.example.com/promotions/welcome.png',
    trigger: 'first_deposit',
    state: 'join',
    closeReason: null,
    startTime: NOW - DAY,
    endTime: NOW + 2 * DAY + 3 * HOUR + 4 * 60_000 + 5_000,
    reward: { kind: 'percent', amount: null, percent: 100, cap: 500, tickets: null, points: null, streak: null },
    minDeposit: 100,
    wagering: { multiplier: 10, includesDeposit: false, withinDays: 7, remaining: null },
    claimWindowHours: 72,
    requirements: [],
    missingRequirements: [],
    bonus: null,
    claimDeadline: null,
    repeat: 'once',
    tickets: null,
    points: null,
    streakDay: null,
    progress: null,
    rejectReason: null,
    vipLevels: null,
    ...overrides,
  };
}

/** A reward of the contract's shape: the fields a kind does not use are null. */
export function reward(overrides: Partial<NonNullable<PromotionEntry['reward']>>): NonNullable<PromotionEntry['reward']> {
  return { kind: 'fixed', amount: null, percent: null, cap: null, tickets: null, points: null, streak: null, ...overrides };
}

export function detail(entry: PromotionEntry = promotion(), content = '<p>Terms apply.</p>'): PromotionDetail {
  return { promotion: entry, content };
}

export function claimed(entry: PromotionEntry, bonus = 500, balance = 1500): PromotionClaimed {
  return { promotion: entry, bonus, balance };
}
