import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOTTERY_KINDS } from '@platform/contract';
import { TRANSLATION_SETS } from '@platform/shared';
import { assertCompleteTranslations } from '@platform/shared/testing';
import { PATTERN_HEAD_KEYS } from './trend-chart';
import { allPositionLabelKeys, patternColumnsOf } from './trend-stats';
import { NAMESPACE } from './translations';

const locales = path.join(__dirname, 'locales');
const setOf = (set: string): Record<string, string> => JSON.parse(readFileSync(path.join(locales, `${set.toLowerCase()}.json`), 'utf8'));

/** Keys built from a value (the source check sees literal keys only), and the betting page's section title. */
const BUILT_KEYS = [
  ...allPositionLabelKeys(),
  ...LOTTERY_KINDS.map((kind) => patternColumnsOf(kind).sumKey),
  ...Object.values(PATTERN_HEAD_KEYS),
  // betting-screen.tsx names its disclosure section with this namespace's title.
  'section_title',
];

test('every string of the trend chart exists in all seven translation sets', () => {
  assertCompleteTranslations(locales, { sourceDir: __dirname, namespace: NAMESPACE });
});

test('every position, pattern column and the section title has a string in all seven sets', () => {
  expect(BUILT_KEYS.length).toBeGreaterThan(30);
  const missing = TRANSLATION_SETS.flatMap((set) => {
    const strings = setOf(set);
    return BUILT_KEYS.filter((key) => typeof strings[key] !== 'string' || strings[key].trim() === '').map((key) => `${set}: ${key}`);
  });
  expect(missing).toEqual([]);
  expect(setOf('CN')).toMatchObject({ section_title: '走势图', stat_current_missing: '当前遗漏', stat_heat: '冷热' });
  expect(setOf('TY')).toMatchObject({ section_title: '走勢圖', stat_current_missing: '當前遺漏', stat_heat: '冷熱' });
});
