import type { SalaryTerms } from '@platform/contract';
import { blankTier, checkTiers, ownRateForTyped, parseTierActive, parseTierBetMinor, sortedTiers, tierRateAt, type TypedTier } from './salary-tiers';

// Salary tiers are typed in major units, whole members and percent with two decimals, sent as
// major units and integers of 0.01 %; each offered tier may pay at most what the agent's own
// terms pay at that tier's thresholds (the highest own tier reached there; 0 below all).

const own: SalaryTerms = {
  tiers: [
    { bet: 1000, active: 5, rate: 100 },
    { bet: 10000, active: 20, rate: 150 },
    { bet: 5000, active: 0, rate: 120 },
  ],
};
const tier = (bet: string, active: string, rate: string): TypedTier => ({ bet, active, rate });

test('reads thresholds: team betting in minor units with at most two decimals, active members whole', () => {
  expect(parseTierBetMinor('1000')).toBe(100000);
  expect(parseTierBetMinor(' 1000.5 ')).toBe(100050);
  expect(parseTierBetMinor('0.01')).toBe(1);
  expect(parseTierBetMinor('1000000000')).toBe(100000000000);
  for (const text of ['', '1.005', '-1', '1000000000.01', '1,000', 'abc', '.5']) expect({ text, minor: parseTierBetMinor(text) }).toEqual({ text, minor: null });
  expect(parseTierActive('0')).toBe(0);
  expect(parseTierActive('1000000')).toBe(1000000);
  for (const text of ['', '1.5', '-1', '1000001', 'x']) expect({ text, active: parseTierActive(text) }).toEqual({ text, active: null });
});

test('a team earns the highest rate among the tiers it reaches, 0 below all', () => {
  expect(tierRateAt(own, 99999, 100)).toBe(0);
  expect(tierRateAt(own, 100000, 5)).toBe(100);
  expect(tierRateAt(own, 500000, 0)).toBe(120);
  expect(tierRateAt(own, 1000000, 19)).toBe(120);
  expect(tierRateAt(own, 1000000, 20)).toBe(150);
  expect(ownRateForTyped(tier('5000', '3', ''), own)).toBe(120);
  expect(ownRateForTyped(tier('5000', '', ''), own)).toBeNull();
});

test('a threshold is read on its decimal digits, not multiplied in floating point', () => {
  // 1.005 * 100 is 100.49999…, which Math.round made 100: a team at 1.00 reached a tier of 1.005.
  const terms = { tiers: [{ bet: 1.005, active: 0, rate: 50 }] };
  expect(tierRateAt(terms, 100, 0)).toBe(0);
  expect(tierRateAt(terms, 101, 0)).toBe(50);
});

test('tiers within the agent’s own rates become terms: bet in major units, rate in 0.01 % units', () => {
  const check = checkTiers([tier('1000', '5', '0.8'), tier('10000.50', '20', '1.5'), tier('0', '0', '0')], own);
  expect(check.problems).toEqual([{}, {}, {}]);
  expect(check.terms).toEqual({
    tiers: [
      { bet: 1000, active: 5, rate: 80 },
      { bet: 10000.5, active: 20, rate: 150 },
      { bet: 0, active: 0, rate: 0 },
    ],
  });
});

test('refuses a rate above what the agent’s own terms pay at the tier’s thresholds', () => {
  const check = checkTiers([tier('9999.99', '100', '1.21'), tier('999.99', '5', '0.01'), tier('5000', '0', '1.2')], own);
  expect(check.terms).toBeNull();
  expect(check.problems).toEqual([{ rate: { key: 'tier_rate_above_own', maxUnits: 120 } }, { rate: { key: 'tier_rate_above_own', maxUnits: 0 } }, {}]);
});

test('asks for every value, well formed, and for 1 to 20 tiers', () => {
  const check = checkTiers([tier('', '1.5', 'x'), tier('1.234', '', '100.01')], own);
  expect(check.problems).toEqual([
    { bet: { key: 'tier_required' }, active: { key: 'tier_active_format' }, rate: { key: 'tier_rate_format' } },
    { bet: { key: 'tier_bet_format' }, active: { key: 'tier_required' }, rate: { key: 'tier_rate_format' } },
  ]);
  expect(check.terms).toBeNull();
  expect(checkTiers([], own).terms).toBeNull();
  expect(checkTiers(Array.from({ length: 21 }, () => tier('0', '0', '0')), own).terms).toBeNull();
  expect(checkTiers(Array.from({ length: 20 }, () => tier('0', '0', '0')), own).terms?.tiers).toHaveLength(20);
});

test('a dividend’s tiers follow the same rules on the team’s net loss (the loss field)', () => {
  const ownLoss = { tiers: [{ loss: 50000, active: 0, rate: 1500 }, { loss: 10000, active: 5, rate: 1000 }] };
  expect(sortedTiers(ownLoss, 'loss').map((tier) => tier.loss)).toEqual([10000, 50000]);
  expect(tierRateAt(ownLoss, 999999, 100, 'loss')).toBe(0);
  expect(tierRateAt(ownLoss, 5000000, 0, 'loss')).toBe(1500);
  expect(ownRateForTyped({ loss: '10000', active: '5', rate: '' }, ownLoss, 'loss')).toBe(1000);
  expect(blankTier('loss')).toEqual({ loss: '', active: '', rate: '' });
  const refused = checkTiers([{ loss: '', active: '4', rate: '1' }, { loss: '10000', active: '5', rate: '10.01' }], ownLoss, 'loss');
  expect(refused.problems).toEqual([{ loss: { key: 'tier_required' } }, { rate: { key: 'tier_rate_above_own', maxUnits: 1000 } }]);
  expect(refused.terms).toBeNull();
  expect(checkTiers([{ loss: '10000.5', active: '5', rate: '10' }], ownLoss, 'loss').terms).toEqual({ tiers: [{ loss: 10000.5, active: 5, rate: 1000 }] });
});
