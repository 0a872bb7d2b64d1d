// Prices: hand-worked values, rounding down, the push play's fairness, amounts and
// rebates.
import { Rational } from '@platform/inhouse-games';
import { rationalOf } from './harness.testing';
import { PLAYS, SERIES_BASE, betAmountMinor, betProbability, highestUnitPrizeMinor, picksFromRows, playById, rebateFraction, ticketPrizeMinor, unitPrizeMinor, type MoneyMode, type PlayDefinition } from '.';

const play = (code: string) => PLAYS.find((p) => p.code === code)!;
const prize = (code: string, series: number, mode: MoneyMode = 1) => unitPrizeMinor(play(code), series, mode);

/**
 * A bet of each play priced by its picks (LHC 过关: a leg on each of the first k positions, 大, 小,
 * 单, … in turn), undefined for the plays of one price.
 */
const picksFor = (p: PlayDefinition) => (p.probabilityOf ? picksFromRows(p.rows.map((_, position) => (position < p.k! ? [position % 7] : []))) : undefined);

/** The unrounded prize: unit × factor × (1 − Ppush)/P × series/2000, P the bet's (picksFor). */
const exactPrize = (p: PlayDefinition, series: number, mode: MoneyMode) => {
  const push = p.pushProbability ? rationalOf(p.pushProbability) : Rational.ZERO;
  return Rational.of(p.unitStakeMinor, [1, 10, 100][mode - 1])
    .mul(Rational.ONE.sub(push))
    .div(rationalOf(betProbability(p, picksFor(p))))
    .mul(Rational.of(series, SERIES_BASE));
};

test('hand-worked prizes (minor units per ticket at multiple 1) of every family', () => {
  expect(SERIES_BASE).toBe(2000);
  // SSC at 1800: 五星直选 180 000 元, 四星 18 000, 三星 1 800, 二星 180, 定位胆 18 (§1).
  expect(prize('SSC_5STAR_DIRECT', 1800)).toBe(18_000_000);
  expect(prize('SSC_4STAR_DIRECT', 1800)).toBe(1_800_000);
  expect(prize('SSC_BACK3_DIRECT', 1800)).toBe(180_000);
  expect(prize('SSC_BACK2_DIRECT', 1800)).toBe(18_000);
  expect(prize('SSC_POSITION', 1800)).toBe(1_800);
  expect(prize('SSC_BACK3_GROUP6', 1800)).toBe(30_000); // 组六 300 (S1 prints 600: a typo)
  // 一帆风顺 at 1800: 0.9 × 2/0.40951 = 4.3955… 元 → 439 分 (rounded down, S1 shows 4.30).
  expect(prize('SSC_5STAR_ANY1', 1800)).toBe(439);
  expect(prize('SSC_DRAGON_TIGER', 1800)).toBe(400); // 4.0000 (§2.4)
  // 11X5: 任选五 at 1800 = 831.6 元 = 83 160; 前三直选 1782.
  expect(prize('11X5_ANY5', 1800)).toBe(83_160);
  expect(prize('11X5_FRONT3_DIRECT', 1800)).toBe(178_200);
  expect(prize('11X5_ANY8_5', 1980)).toBe(1_633); // 16.335 → 16.33
  // PK10 猜冠军 at 2000: 20 元.
  expect(prize('PK10_CHAMPION', 2000)).toBe(2_000);
  // LHC 特码 at 2000: 98 per 2 units (S3); 两面 with the push: 4 per 2 units (2.0 per unit).
  expect(prize('LHC_SPECIAL', 2000)).toBe(9_800);
  expect(prize('LHC_SPECIAL_BSOE', 2000)).toBe(400);
  expect(prize('LHC_SPECIAL_BSOE', 1800)).toBe(360);
  // VN at 1980: lô 99 per hit for 27 per point; đề ×99; 3 càng ×990; đầu/đuôi ×9.9.
  expect(prize('VN_LO2', 1980)).toBe(9_900);
  expect(prize('VN_DE', 1980)).toBe(9_900);
  expect(prize('VN_3CANG', 1980)).toBe(99_000);
  expect(prize('VN_DE_HEAD', 1980)).toBe(990);
});

test('money modes scale the prize: 角 1/10, 分 1/100, each rounded down', () => {
  expect(prize('SSC_5STAR_DIRECT', 1800, 2)).toBe(1_800_000);
  expect(prize('SSC_5STAR_DIRECT', 1800, 3)).toBe(180_000);
  expect(prize('SSC_5STAR_ANY1', 1800, 2)).toBe(43); // 43.955
  expect(prize('SSC_5STAR_ANY1', 1800, 3)).toBe(4); // 4.3955
  expect(prize('VN_LO2', 1980, 3)).toBe(99);
});

test('a bet\'s ticket prize is rounded once, after the multiple: 分 mode at 1800 pays 90 %, not 82 %', () => {
  // 一帆风顺 in 分 at 1800: 4.3955 分 per unit. Rounding the unit first paid 4 × 100 = 400 分 at
  // multiple 100 (82 % of the stake's fair prize); once per bet it is floor(439.55) = 439.
  expect(ticketPrizeMinor(play('SSC_5STAR_ANY1'), 1800, 3, 100)).toBe(439);
  expect(ticketPrizeMinor(play('SSC_5STAR_ANY1'), 1800, 2, 10)).toBe(439);
  expect(ticketPrizeMinor(play('SSC_5STAR_ANY1'), 1800, 1, 1)).toBe(439);
  // 11X5 任选八 in 角 at 1980: 1.6335 元 → 163.35 分 × 3 = 490.05 → 490 (not 163 × 3 = 489).
  expect(ticketPrizeMinor(play('11X5_ANY8_5'), 1980, 2, 30)).toBe(4900);
  for (const p of PLAYS) {
    for (const mode of [1, 2, 3] as const) {
      for (const multiple of [1, 7, 100, 10_000]) {
        const exact = exactPrize(p, 1800, mode).mul(Rational.of(multiple));
        const paid = Rational.of(ticketPrizeMinor(p, 1800, mode, multiple, picksFor(p)));
        expect(paid.compare(exact)).toBeLessThanOrEqual(0);
        expect(exact.sub(paid).compare(Rational.ONE)).toBe(-1);
      }
    }
  }
});

test('every price is the exact value rounded down (never up), for every play, series and mode', () => {
  for (const p of PLAYS) {
    for (const series of [1, 1700, 1800, 1900, 1950, 1960, 1980, 1990, 2000]) {
      for (const mode of [1, 2, 3] as const) {
        const exact = exactPrize(p, series, mode);
        const paid = Rational.of(unitPrizeMinor(p, series, mode, picksFor(p)));
        expect(paid.compare(exact)).toBeLessThanOrEqual(0);
        expect(exact.sub(paid).compare(Rational.ONE)).toBe(-1);
      }
    }
  }
  // 一帆风顺 at 2000: 488.39 → 488, not 489.
  expect(prize('SSC_5STAR_ANY1', 2000)).toBe(488);
});

test('at series 2000 every play is exactly fair: P(win) × prize + P(push) × stake = stake (before rounding)', () => {
  for (const p of PLAYS) {
    const push = p.pushProbability ? rationalOf(p.pushProbability) : Rational.ZERO;
    const stake = Rational.of(p.unitStakeMinor);
    const returned = rationalOf(betProbability(p, picksFor(p))).mul(exactPrize(p, 2000, 1)).add(push.mul(stake));
    expect(returned.toString()).toBe(stake.toString());
  }
  // And 90 % at 1800.
  const bsoe = play('LHC_SPECIAL_BSOE');
  const at1800 = rationalOf(bsoe.probability).mul(exactPrize(bsoe, 1800, 1)).add(rationalOf(bsoe.pushProbability!).mul(Rational.of(200)));
  expect(at1800.div(Rational.of(200)).toString()).toBe(Rational.of(9, 10).add(Rational.of(1, 490)).toString());
});

test('xiên prices use the exact BigInt probability', () => {
  // 100 / 0.0548821… × 1980/2000 = 1803.87… → 1803.
  expect(prize('VN_XIEN2', 1980)).toBe(1803);
  expect(prize('VN_XIEN3', 2000)).toBe(8131);
  expect(prize('VN_XIEN4', 2000)).toBe(37454);
});

test('bet amounts: tickets × unit stake × mode × multiple, whole minor units only', () => {
  expect(betAmountMinor(play('SSC_5STAR_DIRECT'), 2, 1, 3)).toBe(1200);
  expect(betAmountMinor(play('SSC_5STAR_DIRECT'), 3, 2, 2)).toBe(120);
  expect(betAmountMinor(play('SSC_5STAR_DIRECT'), 1, 3, 1)).toBe(2);
  expect(betAmountMinor(play('VN_LO2'), 1, 3, 1)).toBe(27);
  expect(betAmountMinor(play('VN_DE'), 1, 3, 1)).toBe(1);
  expect(betAmountMinor(play('SSC_5STAR_DIRECT'), 0, 1, 1)).toBe(0);
  // A stake of 1.5 minor units cannot be placed.
  expect(betAmountMinor({ ...play('SSC_5STAR_DIRECT'), unitStakeMinor: 150 }, 1, 3, 1)).toBeUndefined();
  expect(() => betAmountMinor(play('VN_DE'), 1, 1, 0)).toThrow(RangeError);
  expect(() => betAmountMinor(play('VN_DE'), 1.5, 1, 1)).toThrow(RangeError);
  expect(() => betAmountMinor(play('VN_DE'), 1, 4 as MoneyMode, 1)).toThrow(RangeError);
});

test('rebate = (maxSeries − series)/2000: 1800 under 1960 is 8 %', () => {
  expect(rebateFraction(1800, 1960)).toEqual({ num: 2, den: 25 });
  expect(rebateFraction(1960, 1960)).toEqual({ num: 0, den: 1 });
  expect(rebateFraction(1950, 1960)).toEqual({ num: 1, den: 200 });
  expect(() => rebateFraction(1970, 1960)).toThrow(RangeError);
  expect(() => rebateFraction(1800.5, 1960)).toThrow(RangeError);
  expect(() => unitPrizeMinor(playById(1001)!, 2001, 1)).toThrow(RangeError);
});

test('过关 is priced by its picks: each bet at its own P, none without picks, the odds table at the least likely bet', () => {
  const parlay2 = play('LHC_PARLAY2');
  const rows = (a: number, b: number) => picksFromRows([[a], [b], [], [], [], []]);
  // 大+大 P 25/98: 2 × 98/25 × 1980/2000 = 7.7616 → 776; 大+小 13/49: 2 × 49/13 × 0.99 = 7.4630… → 746.
  expect(unitPrizeMinor(parlay2, 1980, 1, rows(0, 0))).toBe(776);
  expect(unitPrizeMinor(parlay2, 1980, 1, rows(0, 1))).toBe(746);
  expect(ticketPrizeMinor(parlay2, 1980, 1, 3, rows(0, 0))).toBe(2328);
  // No picks, or picks that are no bet of it: no price (never the highest one by default).
  expect(() => unitPrizeMinor(parlay2, 1980, 1)).toThrow(RangeError);
  expect(() => unitPrizeMinor(parlay2, 1980, 1, picksFromRows([[0], [0], [0], [], [], []]))).toThrow(RangeError);
  // Both 蓝: 16·15/(49·48) = 5/49, 2 × 49/5 × 0.99 = 19.404 → 1940, the most any 2-leg bet pays.
  expect(highestUnitPrizeMinor(parlay2, 1980, 1)).toBe(1940);
  expect(unitPrizeMinor(parlay2, 1980, 1, rows(5, 5))).toBe(1940);
  // A play of one price ignores picks.
  expect(unitPrizeMinor(play('LHC_SPECIAL'), 2000, 1, picksFromRows([[7]]))).toBe(9_800);
});
