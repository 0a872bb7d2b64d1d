// 福彩3D and 排列三/排列五 plays: the two digit lotteries whose draw is uniform digits 0-9 drawn
// with replacement. 3D draws 3 digits (百 十 个, 1000 equally likely draws); 排列五 draws 5 (万 千
// 百 十 个, 10^5 draws), and 排列三 is the first three digits of the same draw (万 千 百 of 排列五),
// so its plays are 3D's plays read on positions 0-2 of a P5 draw, at the same P. Official play:
// one ticket (注) costs 2 units (unitStakeMinor 200).
// Decides: which plays the two kinds have (each one prize level), their picker rows, ticket
// counts, exact P and the feature masks settlement reads. 直选, 直选和值, 组三, 组六, 跨度, 定位胆
// and 一码不定位 are the builders SSC uses too (digit-plays.ts), on these kinds' positions. Notable
// decisions:
//   · 组三 / 组六: a triple (豹子) never wins either (no 豹子 prize level); 组三 wins only a pair
//     form, 组六 only three distinct digits.
//   · 跨度 (span, 3D): a picked span s is every ordered triple whose largest digit minus its
//     smallest is s (10 for s = 0, 6s(10 − s) otherwise; 1000 over the ten spans), so one ticket
//     wins 1/1000 like 直选 and the prize stays one level; settlement reads the span's bit. Its
//     row keeps the label it was first given (row_d3_span).
//   · 一码不定位 (3D): a picked digit wins once when it appears, however often it appears.
//   · 排列三's rows are labelled 百 十 个 as on its own ticket, though they read 万 千 百 of the
//     排列五 draw; 排列五's own plays (五星直选, 定位胆, 前二, 后二) use 万 千 百 十 个.
//   · Menu groups: 三星 holds 3D's whole-draw plays, 排列三 (p5_p3) P5's first-three plays, and
//     前二 / 后二 直选 sit in 二星 with SSC's 后二.
import { any1Play, directPlay, directSumPlay, group3Play, group6Play, positionPlay, spanPlay, type DigitFamily } from './digit-plays';
import { definePlay, type PlaySpec } from './play-kit';
import type { PlayDefinition } from './types';

const D3: DigitFamily = { kind: '3D', positionRows: ['row_bai', 'row_shi', 'row_ge'] };
const P5: DigitFamily = { kind: 'P5', positionRows: ['row_wan', 'row_qian', 'row_bai', 'row_shi', 'row_ge'] };
/** 排列三 on the P5 draw: positions 0-2 of the draw, shown as its own 百 十 个. */
const P5_P3: DigitFamily = { kind: 'P5', positionRows: ['row_bai', 'row_shi', 'row_ge'] };

/** Ordered triples of digits with each span (largest − smallest) 0-9: 10, then 6s(10 − s). */
export { SPAN3_COUNTS } from './digit-plays';

const D3_SPECS: readonly PlaySpec[] = [
  directPlay(D3, 8001, 'D3_DIRECT', '3star', [0, 1, 2]),
  directSumPlay(D3, 8002, 'D3_DIRECT_SUM', '3star', [0, 1, 2]),
  group3Play(D3, 8003, 'D3_GROUP3', '3star', [0, 1, 2]),
  group6Play(D3, 8004, 'D3_GROUP6', '3star', [0, 1, 2]),
  // 跨度: every ordered triple with a picked span is one ticket; exactly one of them is the draw
  // when its span is picked, so the rule reads only the span's bit.
  spanPlay(D3, 8005, 'D3_SPAN', '3star', [0, 1, 2], 'row_d3_span'),
  positionPlay(D3, 8006, 'D3_POSITION', 'position', [0, 1, 2]),
  directPlay(D3, 8007, 'D3_FRONT2_DIRECT', '2star', [0, 1]),
  directPlay(D3, 8008, 'D3_BACK2_DIRECT', '2star', [1, 2]),
  any1Play(D3, 8009, 'D3_ANY1', 'anypos', [0, 1, 2]),
];

const P5_SPECS: readonly PlaySpec[] = [
  directPlay(P5, 9001, 'P5_DIRECT', '5star', [0, 1, 2, 3, 4]),
  directPlay(P5_P3, 9002, 'P5_P3_DIRECT', 'p5_p3', [0, 1, 2]),
  directSumPlay(P5_P3, 9003, 'P5_P3_DIRECT_SUM', 'p5_p3', [0, 1, 2]),
  group3Play(P5_P3, 9004, 'P5_P3_GROUP3', 'p5_p3', [0, 1, 2]),
  group6Play(P5_P3, 9005, 'P5_P3_GROUP6', 'p5_p3', [0, 1, 2]),
  positionPlay(P5, 9006, 'P5_POSITION', 'position', [0, 1, 2, 3, 4]),
  directPlay(P5, 9007, 'P5_FRONT2_DIRECT', '2star', [0, 1]),
  directPlay(P5, 9008, 'P5_BACK2_DIRECT', '2star', [3, 4]),
];

export const D3_PLAYS: readonly PlayDefinition[] = D3_SPECS.map(definePlay);
export const P5_PLAYS: readonly PlayDefinition[] = P5_SPECS.map(definePlay);
