import fc from 'fast-check';
import { bonusMinorOf, requirementMinorOf, standingOf, type PromotionRules } from './promotion.rules';

// The rules' money arithmetic over every input, not just the worked examples: a bonus is whole
// minor units, never more than the percentage promises nor above its cap, and the wagering asked
// is never less than the multiplier says; a claimed bonus never shows as claimable again.

const rules = (overrides: Partial<PromotionRules>): PromotionRules => ({
  id: 1, trigger: 'deposit', startsAtMs: null, endsAtMs: null, rewardKind: 'percent', rewardFixedMinor: null, rewardBasisPoints: 10_000,
  rewardCapMinor: null, minDepositMinor: null, wageringMultiplierX100: 100, wageringIncludesDeposit: false, wagerWithinDays: null,
  claimWindowHours: null, newPlayerDays: null, requirements: [], onePerPerson: false, repeat: 'once', signInRewardsMinor: null,
  minBetMinor: null, minLossMinor: null, rewardTickets: null, rewardPoints: null, audienceVipLevels: null, audienceLabelIds: null, ...overrides,
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
          { registeredAtMs: 0, hasDeposited: true, has: { mobile_verified: true, bank_card: true, real_name: true }, wageringRemainingMinor: remainingMinor, vipLevel: 0, labelIds: [] },
          { state: 'claimed', joinedAtMs: 0, claimedAtMs: 0, bonusMinor: 500 },
          { depositId: 1, creditedMinor: 10_000, settledAtMs: 0 },
          nowMs,
        );
        return standing.state === 'claimed' || standing.state === 'process';
      },
    ),
  );
});

it('never lets a member outside the audience join, apply or claim, and judges one inside as if there were none', () => {
  const triggers = ['registration', 'first_deposit', 'deposit', 'promo_code', 'sign_in', 'bet_volume', 'net_loss', 'application', 'issued'] as const;
  const receiving = new Set(['join', 'joined', 'claim', 'apply']);
  fc.assert(
    fc.property(
      fc.constantFrom(...triggers),
      fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 5 }), { nil: null }),
      fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }), { nil: null }),
      fc.integer({ min: 0, max: 20 }),
      fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 4 }),
      fc.constantFrom(null, 'joined' as const),
      (trigger, vipLevels, labelIds, vipLevel, memberLabels, claimState) => {
        const promotion = rules({ trigger, rewardKind: 'fixed', rewardFixedMinor: 500, audienceVipLevels: vipLevels, audienceLabelIds: labelIds });
        const member = { registeredAtMs: 0, hasDeposited: false, has: { mobile_verified: true, bank_card: true, real_name: true }, wageringRemainingMinor: 0, vipLevel, labelIds: memberLabels };
        const claim = claimState === null ? null : { state: claimState, joinedAtMs: 0, claimedAtMs: null, bonusMinor: null };
        const deposit = { depositId: 1, creditedMinor: 10_000, settledAtMs: 1 };
        const period = { periodKey: '2026-01-01', claimEndsAtMs: 10_000, measuredMinor: 1_000_000, streakDay: 1 };
        const standing = standingOf(promotion, member, claim, deposit, 5, period);
        const inLevels = vipLevels === null || vipLevels.includes(vipLevel);
        const inLabels = labelIds === null || labelIds.some((id) => memberLabels.includes(id));
        if (!inLevels || !inLabels) return standing.state === 'close' && standing.closeReason === (inLevels ? 'member_label' : 'vip_level') && !receiving.has(standing.state);
        const unrestricted = standingOf({ ...promotion, audienceVipLevels: null, audienceLabelIds: null }, member, claim, deposit, 5, period);
        return JSON.stringify(standing) === JSON.stringify(unrestricted);
      },
    ),
  );
});
