import { PLAYS, SLIP_MAX_MULTIPLE, mulberry32, ticketPrizeMinor } from '@platform/lottery-rules';
import {
  chaseMultiplesOf,
  chasePlanOf,
  DEFAULT_CHASE_PLAN,
  doublingPlan,
  maxFactorOf,
  profitPlan,
  sameMultiplePlan,
  slipFactsOf,
  smallestPrizeMinor,
  type PlanLine,
  type SlipFacts,
} from './chase-plan';

// The chase plans worked by hand on one SSC line (one digit on a position: 2.00 a round, one
// winning ticket 19.00 at series 1900), then the profit plan's promise checked on random slips:
// each round's factor reaches the rate, and one less would not.

const position = PLAYS.find((play) => play.code === 'SSC_POSITION')!;
const fiveStar = PLAYS.find((play) => play.code === 'SSC_5STAR_DIRECT')!;
const CAP = 30_000_000;
const line = (play = position, multiple = 1, amountMinor = 200 * multiple): PlanLine => ({ play, series: 1900, mode: 1, multiple, amountMinor });
const facts = (limit = 10_000): SlipFacts => ({ roundCostMinor: 200, prizeMinor: 1900, limit });

describe('the slip’s limits', () => {
  it('lets a line go as far as the slip’s maximum multiple or the game’s cap on one winning ticket, whichever comes first', () => {
    // 19.00 × m stays under 300 000.00 up to m = 15 789: the slip's 10 000 comes first.
    expect(maxFactorOf([line()], CAP)).toBe(SLIP_MAX_MULTIPLE);
    expect(maxFactorOf([line(position, 3)], CAP)).toBe(3333);
    // A 5-star ticket pays 190 000.00 at multiple 1: twice that is over the cap.
    expect(ticketPrizeMinor(fiveStar, 1900, 1, 1)).toBe(19_000_000);
    expect(maxFactorOf([line(), line(fiveStar, 1, 200)], CAP)).toBe(1);
    expect(maxFactorOf([line(fiveStar, 2, 400)], CAP)).toBe(0);
    // No cap: the slip's maximum only.
    expect(maxFactorOf([line(fiveStar, 2, 400)], 0)).toBe(5000);
    // Mark Six 三中二: 中二 46.98, 中三 234.90 a ticket; a cap of 1000.00 holds 中三 to 4 × (939.60),
    // where 中二 alone would allow 21.
    const threeTwo = PLAYS.find((play) => play.code === 'LHC_THREE_TWO')!;
    expect(maxFactorOf([line(threeTwo)], 100_000)).toBe(4);
  });

  it('counts on the smallest single-ticket prize among the lines, at each line’s own multiple', () => {
    expect(smallestPrizeMinor([line(fiveStar, 1, 200), line(position, 2)])).toBe(3800);
    expect(slipFactsOf([line(position, 2), line(fiveStar, 1, 200)], CAP)).toEqual({ roundCostMinor: 600, prizeMinor: 3800, limit: 1 });
    expect(slipFactsOf([], CAP)).toBeNull();
  });
});

describe('同倍 same multiple', () => {
  it('bets every round at the factor, adding up the cost', () => {
    const plan = sameMultiplePlan(3, 4, facts());
    expect(plan.rounds.map((round) => [round.factor, round.amountMinor, round.cumulativeMinor])).toEqual([
      [4, 800, 800],
      [4, 800, 1600],
      [4, 800, 2400],
    ]);
    expect(plan).toMatchObject({ totalMinor: 2400, stoppedAt: null });
    expect(chaseMultiplesOf(plan)).toEqual([4, 4, 4]);
    // × 1 everywhere is no plan: the order sends none.
    expect(chaseMultiplesOf(sameMultiplePlan(3, 1, facts()))).toBeUndefined();
  });

  it('stops at once when the factor is over the slip’s limit', () => {
    expect(sameMultiplePlan(3, 5, facts(4))).toMatchObject({ rounds: [], totalMinor: 0, stoppedAt: 0 });
  });
});

describe('翻倍 doubling', () => {
  it('multiplies the factor every k rounds from the start', () => {
    expect(doublingPlan(6, 1, 2, 2, facts()).rounds.map((round) => round.factor)).toEqual([1, 1, 2, 2, 4, 4]);
    expect(doublingPlan(5, 3, 3, 1, facts()).rounds.map((round) => round.factor)).toEqual([3, 9, 27, 81, 243]);
    expect(doublingPlan(4, 2, 2, 1, facts()).totalMinor).toBe(200 * (2 + 4 + 8 + 16));
  });

  it('stops at the first round whose factor would pass the limit, without growing past it', () => {
    const plan = doublingPlan(120, 1, 2, 1, facts(10));
    expect(plan.rounds.map((round) => round.factor)).toEqual([1, 2, 4, 8]);
    expect(plan.stoppedAt).toBe(4);
    expect(doublingPlan(121, 1, 10_000, 1, facts()).rounds.map((round) => round.factor)).toEqual([1, 10_000]);
  });
});

describe('利润率 profit rate', () => {
  it('takes the smallest factor reaching the rate on everything paid so far (worked by hand at 50 %)', () => {
    // gain = 100 × 19.00 − 150 × 2.00 a factor; round i needs f × gain ≥ 150 × paid: f = 1 while
    // paid ≤ 10.66, then 2 (paid 12.00: 180 000 / 160 000), 2, 2, and 3 (paid 24.00: 360 000 / 160 000).
    const plan = profitPlan(10, 50, facts());
    expect(plan.rounds.map((round) => round.factor)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 3]);
    expect(plan.rounds[9]).toEqual({ index: 9, factor: 3, amountMinor: 600, cumulativeMinor: 3000, profitMinor: 1900 * 3 - 3000 });
    // At 2 the last round would return 10.00 on 28.00: 35.7 %, short of 50 %.
    expect((1900 * 2 - 2800) / 2800).toBeLessThan(0.5);
    expect(plan).toMatchObject({ totalMinor: 3000, stoppedAt: null });
  });

  it('stops where no factor up to the limit reaches the rate, and at once when a win can never reach it', () => {
    const capped = profitPlan(10, 50, facts(2));
    expect(capped.rounds.map((round) => round.factor)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2]);
    expect(capped.stoppedAt).toBe(9);
    // 19.00 on 2.00 is 850 %: 900 % is out of reach whatever the factor.
    expect(profitPlan(10, 900, facts())).toMatchObject({ rounds: [], stoppedAt: 0 });
    expect(profitPlan(3, 850, facts()).rounds.map((round) => round.factor)).toEqual([1]);
  });

  it('keeps its promise on random slips: each round reaches the rate, one factor less would not', () => {
    const random = mulberry32(20261127);
    for (let trial = 0; trial < 300; trial += 1) {
      const cost = 2 + Math.floor(random() * 5000);
      const prize = cost + 1 + Math.floor(random() * 50_000);
      const rate = Math.floor(random() * 300);
      const plan = profitPlan(1 + Math.floor(random() * 120), rate, { roundCostMinor: cost, prizeMinor: prize, limit: SLIP_MAX_MULTIPLE });
      let paid = 0;
      for (const round of plan.rounds) {
        const reaches = (factor: number) => (prize * factor - (paid + cost * factor)) * 100 >= rate * (paid + cost * factor);
        expect(reaches(round.factor)).toBe(true);
        if (round.factor > 1) expect(reaches(round.factor - 1)).toBe(false);
        paid += cost * round.factor;
        expect(round.cumulativeMinor).toBe(paid);
        expect(round.profitMinor).toBe(prize * round.factor - paid);
      }
      expect(plan.totalMinor).toBe(paid);
    }
  });
});

it('builds the plan the settings name', () => {
  expect(chasePlanOf(DEFAULT_CHASE_PLAN, 3, facts()).rounds.map((round) => round.factor)).toEqual([1, 1, 1]);
  expect(chasePlanOf({ ...DEFAULT_CHASE_PLAN, kind: 'double', multiple: 2, factor: 2, every: 1 }, 3, facts()).rounds.map((round) => round.factor)).toEqual([2, 4, 8]);
  expect(chasePlanOf({ ...DEFAULT_CHASE_PLAN, kind: 'profit', ratePercent: 50 }, 10, facts()).kind).toBe('profit');
});
