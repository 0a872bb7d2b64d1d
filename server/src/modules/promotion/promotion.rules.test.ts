import fc from 'fast-check';
import { bonusMinorOf, requirementMinorOf, standingOf, type PromotionRules } from './promotion.rules';

// The rules' money arithmetic over every input, not just the worked examples: a bonus is whole
// minor units, never more than the percentage promises nor above its cap, and the wagering asked
// is never less than the multiplier says; a claimed bonus never shows as claimable again.

const rules = (overrides: Partial<PromotionRules>): PromotionRules => ({
  id: 1, trigger: 'deposit', startsAtMs: null, endsAtMs: null, rewardKind: 'percent', rewardFixedMinor: null, rewardBasisPoints: 10_000,
  rewardCapMinor: null, minDepositMinor: null, wageringMultiplierX100: 100, wageringIncludesDeposit: false, wagerWithinDays: null,
  claimWindowHours: null, newPlayerDays: null, requirements: [], onePerPerson: false, repeat: 'once', signInRewardsMinor: null,
  minBetMinor: null, minLossMinor: null, rewardTickets: null, rewardPoints: null, ...overrides,
});

it('pays a percentage in whole minor units, at most what it promises and never above the cap', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 10_000_000_000 }),
      fc.integer({ min: 1, max: 100_000 }),
      fc.option(fc.integer({ min: 1, max: 100_000_000 }), { nil: null }),
      (depositMinor, basisPoints, capMinor) => {
        const bonus = bonusMinorOf(rules({ rewardBasisPoints: basisPoints, rewardCapMinor: capMinor }), depositMinor);
        if (bonus === null) return (depositMinor * basisPoints) / 10_000 < 1;
        return Number.isSafeInteger(bonus) && bonus > 0 && bonus * 10_000 <= depositMinor * basisPoints && (capMinor === null || bonus <= capMinor);
      },
    ),
  );
});

it('asks at least the multiplier times what it names, in whole minor units, less than one unit over', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 100_000_000 }),
      fc.integer({ min: 1, max: 10_000_000_000 }),
      fc.integer({ min: 0, max: 100_000 }),
      fc.boolean(),
      (bonusMinor, depositMinor, multiplierX100, includesDeposit) => {
        const base = bonusMinor + (includesDeposit ? depositMinor : 0);
        const asked = requirementMinorOf(rules({ wageringMultiplierX100: multiplierX100, wageringIncludesDeposit: includesDeposit }), bonusMinor, depositMinor);
        return Number.isSafeInteger(asked) && asked * 100 >= base * multiplierX100 && (asked - 1) * 100 < base * multiplierX100;
      },
    ),
  );
});

it('never offers a claimed bonus again, whatever the time, the trigger or the deposit', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('registration', 'first_deposit', 'deposit', 'promo_code' as const),
      fc.integer({ min: 0, max: 4_000_000_000_000 }),
      fc.integer({ min: 0, max: 10_000_000 }),
      (trigger, nowMs, remainingMinor) => {
        const standing = standingOf(
          rules({ trigger, rewardKind: 'fixed', rewardFixedMinor: 500 }),
          { registeredAtMs: 0, hasDeposited: true, has: { mobile_verified: true, bank_card: true, real_name: true }, wageringRemainingMinor: remainingMinor },
          { state: 'claimed', joinedAtMs: 0, claimedAtMs: 0, bonusMinor: 500 },
          { depositId: 1, creditedMinor: 10_000, settledAtMs: 0 },
          nowMs,
        );
        return standing.state === 'claimed' || standing.state === 'process';
      },
    ),
  );
});
