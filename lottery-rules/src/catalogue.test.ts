// The catalogue's shape (ids, codes, rows, translation keys) and the settlement rules' mechanics
// (word layout, the four formulas, layers, push).
import { definePlay } from './play-kit';
import { ALL_TRANSLATION_KEYS, PLAYS, WORD_BITS, isPush, pickWords, playById, playsOf, rowWordCounts, winCount, type Draw, type LotteryKind } from '.';

const ID_RANGES: Record<LotteryKind, [number, number]> = { SSC: [1001, 1099], '11X5': [2001, 2999], PK10: [3001, 3999], LHC: [4001, 4999], VN: [5001, 5999], VN18: [5001, 5999], K3: [6001, 6999], PC28: [7001, 7999], '3D': [8001, 8999], P5: [9001, 9998] };

test('ids and codes: unique, stable ranges per kind, UPPER_SNAKE codes', () => {
  expect(new Set(PLAYS.map((play) => play.id)).size).toBe(PLAYS.length);
  expect(new Set(PLAYS.map((play) => play.code)).size).toBe(PLAYS.length);
  for (const play of PLAYS) {
    const [low, high] = ID_RANGES[play.kind];
    expect(play.id).toBeGreaterThanOrEqual(low);
    expect(play.id).toBeLessThanOrEqual(high);
    expect(play.code).toMatch(/^[A-Z0-9]+(_[A-Z0-9]+)*$/);
    expect(playById(play.id)).toBe(play);
  }
  expect(playById(9999)).toBeUndefined();
  expect(playsOf('SSC')).toHaveLength(40);
  expect(playsOf('11X5')).toHaveLength(34);
  expect(playsOf('PK10')).toHaveLength(21);
  expect(playsOf('LHC')).toHaveLength(47);
  expect(playsOf('VN')).toHaveLength(11);
  expect(playsOf('VN18')).toHaveLength(10);
  expect(playsOf('K3')).toHaveLength(10);
  expect(playsOf('PC28')).toHaveLength(10);
  expect(playsOf('3D')).toHaveLength(9);
  expect(playsOf('P5')).toHaveLength(8);
});

test('the play list (id, code, P) is pinned: ids and codes may never change', () => {
  const list = PLAYS.map((play) => [play.id, play.code, play.probability.exact ? 'exact' : `${play.probability.num}/${play.probability.den}`].join(' '));
  expect(list).toEqual([
    '1001 SSC_5STAR_DIRECT 1/100000',
    '1002 SSC_4STAR_DIRECT 1/10000',
    '1003 SSC_FRONT3_DIRECT 1/1000',
    '1004 SSC_MID3_DIRECT 1/1000',
    '1005 SSC_BACK3_DIRECT 1/1000',
    '1006 SSC_BACK3_DIRECT_SUM 1/1000',
    '1007 SSC_BACK3_GROUP3 3/1000',
    '1008 SSC_BACK3_GROUP6 3/500',
    '1009 SSC_BACK2_DIRECT 1/100',
    '1010 SSC_BACK2_GROUP 1/50',
    '1011 SSC_POSITION 1/10',
    '1012 SSC_5STAR_ANY1 40951/100000',
    '1013 SSC_BACK3_ANY2 27/500',
    '1014 SSC_BACK2_BSOE 1/4',
    '1015 SSC_TOTAL_BSOE 1/2',
    '1016 SSC_DRAGON_TIGER 9/20',
    '1017 SSC_DRAGON_TIGER_TIE 1/10',
    '1018 SSC_5STAR_GROUP120 3/2500',
    '1019 SSC_5STAR_GROUP60 3/5000',
    '1020 SSC_5STAR_GROUP30 3/10000',
    '1021 SSC_5STAR_GROUP20 1/5000',
    '1022 SSC_5STAR_GROUP10 1/10000',
    '1023 SSC_5STAR_GROUP5 1/20000',
    '1024 SSC_4STAR_GROUP24 3/1250',
    '1025 SSC_4STAR_GROUP12 3/2500',
    '1026 SSC_4STAR_GROUP6 3/5000',
    '1027 SSC_4STAR_GROUP4 1/2500',
    '1028 SSC_ANY2_DIRECT 1/100',
    '1029 SSC_ANY3_DIRECT 1/1000',
    '1030 SSC_ANY4_DIRECT 1/10000',
    '1031 SSC_FRONT3_SPAN 1/1000',
    '1032 SSC_MID3_SPAN 1/1000',
    '1033 SSC_BACK3_SPAN 1/1000',
    '1034 SSC_BACK3_SUM_TAIL 1/10',
    '1035 SSC_BACK3_TRIPLE 1/100',
    '1036 SSC_BACK3_STRAIGHT 3/50',
    '1037 SSC_BACK3_PAIR 27/100',
    '1038 SSC_FUN_REPEAT2 4073/50000',
    '1039 SSC_FUN_REPEAT3 107/12500',
    '1040 SSC_FUN_REPEAT4 23/50000',
    '2001 11X5_ANY1 5/11',
    '2002 11X5_ANY2 2/11',
    '2003 11X5_ANY3 2/33',
    '2004 11X5_ANY4 1/66',
    '2005 11X5_ANY5 1/462',
    '2006 11X5_ANY6_5 1/77',
    '2007 11X5_ANY7_5 1/22',
    '2008 11X5_ANY8_5 4/33',
    '2009 11X5_FRONT3_DIRECT 1/990',
    '2010 11X5_FRONT2_DIRECT 1/110',
    '2011 11X5_FRONT2_GROUP 1/55',
    '2012 11X5_FRONT3_GROUP 1/165',
    '2013 11X5_POSITION 1/11',
    '2014 11X5_FRONT3_ANY1 3/11',
    '2015 11X5_ANY2_BANKER 2/11',
    '2016 11X5_ANY5_BANKER1 1/462',
    '2017 11X5_ANY5_BANKER2 1/462',
    '2018 11X5_ANY5_BANKER3 1/462',
    '2019 11X5_ANY5_BANKER4 1/462',
    '2020 11X5_ODD5_EVEN0 1/77',
    '2021 11X5_ODD4_EVEN1 25/154',
    '2022 11X5_ODD3_EVEN2 100/231',
    '2023 11X5_ODD2_EVEN3 25/77',
    '2024 11X5_ODD1_EVEN4 5/77',
    '2025 11X5_ODD0_EVEN5 1/462',
    '2026 11X5_MEDIAN_3_9 2/33',
    '2027 11X5_MEDIAN_4_8 3/22',
    '2028 11X5_MEDIAN_5_7 15/77',
    '2029 11X5_MEDIAN_6 50/231',
    '2030 11X5_ANY3_BANKER 2/33',
    '2031 11X5_ANY4_BANKER 1/66',
    '2032 11X5_ANY6_BANKER 1/77',
    '2033 11X5_ANY7_BANKER 1/22',
    '2034 11X5_ANY8_BANKER 4/33',
    '3001 PK10_CHAMPION 1/10',
    '3002 PK10_TOP2_DIRECT 1/90',
    '3003 PK10_TOP3_DIRECT 1/720',
    '3004 PK10_POSITION 1/10',
    '3005 PK10_CHAMPION_BSOE 1/2',
    '3006 PK10_DRAGON_TIGER_1V10 1/2',
    '3007 PK10_TOP2_GROUP 1/45',
    '3008 PK10_TOP4_DIRECT 1/5040',
    '3009 PK10_TOP5_DIRECT 1/30240',
    '3010 PK10_TOP2_SUM_3_4_18_19 1/45',
    '3011 PK10_TOP2_SUM_5_6_16_17 2/45',
    '3012 PK10_TOP2_SUM_7_8_14_15 1/15',
    '3013 PK10_TOP2_SUM_9_10_12_13 4/45',
    '3014 PK10_TOP2_SUM_11 1/9',
    '3015 PK10_TOP2_SUM_BIG_EVEN 4/9',
    '3016 PK10_TOP2_SUM_SMALL_ODD 5/9',
    '3017 PK10_DRAGON_TIGER_2V9 1/2',
    '3018 PK10_DRAGON_TIGER_3V8 1/2',
    '3019 PK10_DRAGON_TIGER_4V7 1/2',
    '3020 PK10_DRAGON_TIGER_5V6 1/2',
    '3021 PK10_RANK_BSOE 1/2',
    '4001 LHC_SPECIAL 1/49',
    '4002 LHC_REGULAR 6/49',
    '4003 LHC_SPECIAL_BSOE 24/49',
    '4004 LHC_ZODIAC_5 12574/22701',
    '4005 LHC_ZODIAC_4 7139/15134',
    '4006 LHC_REGULAR_ALL2 5/392',
    '4007 LHC_REGULAR_ALL3 5/4606',
    '4008 LHC_NOT_IN5 10127/22701',
    '4009 LHC_SPECIAL_RED 17/49',
    '4010 LHC_SPECIAL_BLUE_GREEN 16/49',
    '4011 LHC_HALF_WAVE_7 1/7',
    '4012 LHC_HALF_WAVE_8 8/49',
    '4013 LHC_HALF_WAVE_9 9/49',
    '4014 LHC_HALF_WAVE_10 10/49',
    '4015 LHC_SPECIAL_ZODIAC_5 5/49',
    '4016 LHC_SPECIAL_ZODIAC_4 4/49',
    '4017 LHC_SPECIAL_TAIL_0 4/49',
    '4018 LHC_SPECIAL_TAIL 5/49',
    '4019 LHC_TAIL_0 7139/15134',
    '4020 LHC_TAIL 12574/22701',
    '4021 LHC_LINKED_ZODIAC2 209801/1022626',
    '4022 LHC_LINKED_ZODIAC2_YEAR 744427/3067878',
    '4023 LHC_LINKED_ZODIAC3 288003/3579191',
    '4024 LHC_LINKED_ZODIAC3_YEAR 2060539/21475146',
    '4025 LHC_LINKED_TAIL2 320005/1115592',
    '4026 LHC_LINKED_TAIL2_ZERO 744427/3067878',
    '4027 LHC_LINKED_TAIL3 151975/1115592',
    '4028 LHC_LINKED_TAIL3_ZERO 3274455/28633528',
    '4029 LHC_TWO_SPECIAL 1/56',
    '4030 LHC_SPECIAL_PAIR 1/196',
    '4031 LHC_TOTAL_BIG 21714479/42950292',
    '4032 LHC_TOTAL_SMALL 21235813/42950292',
    '4033 LHC_TOTAL_ODD 21220/42441',
    '4034 LHC_TOTAL_EVEN 21221/42441',
    '4035 LHC_NOT_IN6 374699/998844',
    '4036 LHC_NOT_IN7 1124097/3579191',
    '4037 LHC_NOT_IN8 1873495/7158382',
    '4038 LHC_NOT_IN9 776815/3579191',
    '4039 LHC_NOT_IN10 466089/2603048',
    '4040 LHC_NOT_IN11 47804/325381',
    '4041 LHC_NOT_IN12 38998/325381',
    '4042 LHC_THREE_TWO 745/18424',
    '4043 LHC_PARLAY2 5/49',
    '4044 LHC_PARLAY3 10/329',
    '4045 LHC_PARLAY4 65/7567',
    '4046 LHC_PARLAY5 52/22701',
    '4047 LHC_PARLAY6 13/22701',
    '5001 VN_LO2 27/100',
    '5002 VN_DE 1/100',
    '5003 VN_DE_HEAD 1/10',
    '5004 VN_DE_TAIL 1/10',
    '5005 VN_3CANG 1/1000',
    '5006 VN_XIEN2 exact',
    '5007 VN_XIEN3 exact',
    '5008 VN_XIEN4 exact',
    '5009 VN_LO3 23/1000',
    '5010 VN_4CANG 1/10000',
    '5011 VN_DE_G1 1/100',
    '5012 VN18_LO2 9/50',
    '5013 VN18_DE 1/100',
    '5014 VN18_DE_HEAD 1/10',
    '5015 VN18_DE_TAIL 1/10',
    '5016 VN18_DE_G8 1/100',
    '5017 VN18_3CANG 1/1000',
    '5018 VN18_XIEN2 exact',
    '5019 VN18_XIEN3 exact',
    '5020 VN18_XIEN4 exact',
    '5021 VN18_LO3 17/1000',
    '6001 K3_SUM 1/216',
    '6002 K3_SUM_BSOE 35/72',
    '6003 K3_TRIPLE_SINGLE 1/216',
    '6004 K3_TRIPLE_ANY 1/36',
    '6005 K3_PAIR_SINGLE 1/72',
    '6006 K3_PAIR_MULTI 2/27',
    '6007 K3_THREE_DIFF 1/36',
    '6008 K3_TWO_DIFF 5/36',
    '6009 K3_STRAIGHT_ANY 1/9',
    '6010 K3_ANY1 91/216',
    '7001 PC28_SUM 1/1000',
    '7002 PC28_BSOE 1/2',
    '7003 PC28_COMBO_BIG_ODD 231/1000',
    '7004 PC28_COMBO_BIG_EVEN 269/1000',
    '7005 PC28_EXTREME 7/125',
    '7006 PC28_RED 83/250',
    '7007 PC28_GREEN_BLUE 129/500',
    '7008 PC28_TRIPLE 1/100',
    '7009 PC28_PAIR 27/100',
    '7010 PC28_STRAIGHT 3/50',
    '8001 D3_DIRECT 1/1000',
    '8002 D3_DIRECT_SUM 1/1000',
    '8003 D3_GROUP3 3/1000',
    '8004 D3_GROUP6 3/500',
    '8005 D3_SPAN 1/1000',
    '8006 D3_POSITION 1/10',
    '8007 D3_FRONT2_DIRECT 1/100',
    '8008 D3_BACK2_DIRECT 1/100',
    '8009 D3_ANY1 271/1000',
    '9001 P5_DIRECT 1/100000',
    '9002 P5_P3_DIRECT 1/1000',
    '9003 P5_P3_DIRECT_SUM 1/1000',
    '9004 P5_P3_GROUP3 3/1000',
    '9005 P5_P3_GROUP6 3/500',
    '9006 P5_POSITION 1/10',
    '9007 P5_FRONT2_DIRECT 1/100',
    '9008 P5_BACK2_DIRECT 1/100',
  ]);
});

test('rows: ascending values, 0 ≤ min ≤ max ≤ values, keyed rows carry one key per value', () => {
  for (const play of PLAYS) {
    for (const row of play.rows) {
      expect([...row.values].sort((a, b) => a - b)).toEqual(row.values);
      expect(new Set(row.values).size).toBe(row.values.length);
      expect(row.min).toBeGreaterThanOrEqual(0);
      expect(row.min).toBeLessThanOrEqual(row.max);
      expect(row.max).toBeLessThanOrEqual(row.values.length);
      expect(row.labelKey).toMatch(/^row_[a-z0-9_]+$/);
      if (row.display === 'key') expect(row.valueKeys).toHaveLength(row.values.length);
      else expect(row.valueKeys).toBeUndefined();
    }
    if (play.rule === 'product') expect(rowWordCounts(play).every((words) => words === 1)).toBe(true);
    if (play.rule === 'choose' || play.rule === 'superset') expect(Number.isInteger(play.k)).toBe(true);
    expect(Number.isInteger(play.unitStakeMinor)).toBe(true);
  }
});

test('ALL_TRANSLATION_KEYS: every key the plays use, sorted, with the agreed prefixes', () => {
  expect([...ALL_TRANSLATION_KEYS]).toEqual([...new Set(ALL_TRANSLATION_KEYS)].sort());
  for (const key of ALL_TRANSLATION_KEYS) expect(key).toMatch(/^(play|group|row|attr|zodiac|tier)_[A-Za-z0-9_]+$/);
  for (const play of PLAYS) {
    expect(ALL_TRANSLATION_KEYS).toContain(`play_${play.code}`);
    expect(ALL_TRANSLATION_KEYS).toContain(`group_${play.group}`);
    for (const row of play.rows) for (const key of [row.labelKey, ...(row.valueKeys ?? [])]) expect(ALL_TRANSLATION_KEYS).toContain(key);
    for (const tier of play.prizeTiers ?? []) expect(ALL_TRANSLATION_KEYS).toContain(tier.labelKey);
  }
  for (const key of ['attr_big', 'attr_small', 'attr_odd', 'attr_even', 'attr_dragon', 'attr_tiger', 'attr_tie', 'zodiac_rat', 'zodiac_horse', 'zodiac_pig', 'row_rank_10', 'row_wan', 'row_sum']) {
    expect(ALL_TRANSLATION_KEYS).toContain(key);
  }
});

describe('the settlement rules', () => {
  const de = playById(5002)!; // one row 0-99: 2 words
  const cang = playById(5005)!; // one row 0-999: 17 words

  test('pick words: each row cut into ceil((max + 1) / WORD_BITS) words of WORD_BITS bits, lowest first', () => {
    expect(WORD_BITS).toBe(60);
    expect(rowWordCounts(playById(1001)!)).toEqual([1, 1, 1, 1, 1]);
    expect(rowWordCounts(de)).toEqual([2]);
    expect(rowWordCounts(cang)).toEqual([17]);
    expect(pickWords(de, [(1n << 59n) | (1n << 60n) | (1n << 99n)])).toEqual([1n << 59n, 1n | (1n << 39n)]);
    const words = pickWords(cang, [(1n << 999n) | 1n]);
    expect(words[0]).toBe(1n);
    expect(words[16]).toBe(1n << BigInt(999 - 16 * 60));
    expect(pickWords(playById(1011)!, [1n, 0n, 2n, 0n, 4n])).toEqual([1n, 0n, 2n, 0n, 4n]);
    expect(() => pickWords(de, [])).toThrow(RangeError);
    for (const word of pickWords(cang, [(1n << 1000n) - 1n])) expect(word < 1n << 60n).toBe(true);
  });

  // A play whose features are given (the rules read only rule, k, pick words and feature words).
  const withFeatures = (rule: 'product' | 'sum' | 'choose' | 'superset', k: number | undefined, masks: bigint[], rows = 1) =>
    definePlay({
      id: 1,
      code: 'TEST',
      kind: 'SSC',
      group: 'test',
      rows: Array.from({ length: rows }, () => ({ labelKey: 'row_pick', values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], display: 'digit' as const, min: 0, max: 10 })),
      rule,
      k,
      probability: { num: 1, den: 2 },
      unitStakeMinor: 200,
      count: () => 1,
      featureMasks: () => ({ masks }),
    });
  const draw: Draw = { kind: 'SSC', numbers: [0, 0, 0, 0, 0] };
  const picks = (...rows: number[][]) => rows.map((values) => values.reduce((mask, v) => mask | (1n << BigInt(v)), 0n));

  test('product ∏ popcount(p_j & f_j)', () => {
    expect(winCount(withFeatures('product', undefined, [0b110n, 0b1n], 2), picks([1, 2, 3], [0, 5]), draw)).toBe(2);
    expect(winCount(withFeatures('product', undefined, [0b110n, 0b10n], 2), picks([1, 2, 3], [0, 5]), draw)).toBe(0);
  });

  test('sum Σ popcount(p_(j mod n) & f_j): layers pair with the rows again', () => {
    // Two layers over one row: 3 is in both (seen twice), 5 in the first.
    expect(winCount(withFeatures('sum', undefined, [0b101000n, 0b1000n]), picks([3, 5, 7]), draw)).toBe(3);
  });

  test('choose C(Σ popcount, k)', () => {
    expect(winCount(withFeatures('choose', 2, [0b11110n]), picks([1, 2, 3, 9]), draw)).toBe(3);
    expect(winCount(withFeatures('choose', 3, [0b11110n]), picks([1, 2, 9]), draw)).toBe(0);
  });

  test('superset: all of f among the picks → C(|p| − |f|, k − |f|), else 0', () => {
    expect(winCount(withFeatures('superset', 4, [0b111n]), picks([0, 1, 2, 5, 6, 7]), draw)).toBe(3);
    expect(winCount(withFeatures('superset', 4, [0b111n]), picks([0, 1, 5, 6, 7]), draw)).toBe(0);
  });

  test('feature words must be a whole multiple of the pick words; product needs one-word rows', () => {
    expect(() => winCount(withFeatures('sum', undefined, [1n, 1n, 1n], 2), picks([1], [1]), draw)).toThrow();
    expect(() =>
      definePlay({ ...de, rule: 'product', count: () => 1, featureMasks: () => ({ masks: [1n] }) }),
    ).toThrow('product rule needs rows of one word');
    expect(() => winCount(de, [1n], draw)).toThrow(RangeError); // an SSC draw for a VN play
  });

  test('push: only LHC 两面 on a special of 49', () => {
    const lhc = (special: number): Draw => ({ kind: 'LHC', numbers: [1, 2, 3, 4, 5, 6, special], lunarYear: 2026 });
    for (const play of playsOf('LHC')) expect(isPush(play, lhc(49))).toBe(play.code === 'LHC_SPECIAL_BSOE' || play.code.startsWith('LHC_HALF_WAVE_'));
    expect(isPush(playById(4003)!, lhc(48))).toBe(false);
    expect(winCount(playById(4003)!, [15n], lhc(49))).toBe(0);
  });
});
