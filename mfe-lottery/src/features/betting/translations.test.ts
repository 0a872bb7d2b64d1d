import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TRANSLATION_SETS } from '@platform/shared';
import { LOTTERY_BET_STATES } from '@platform/contract';
import { ALL_TRANSLATION_KEYS } from '@platform/lottery-rules';
import { assertCompleteTranslations } from '@platform/shared/testing';
import { LOTTERY_FAILURES, OTHER_FAILURE_KEYS } from './bet-errors';
import { MONEY_MODES } from './bet-options';
import { VN18_PRIZE_ROWS, VN_PRIZE_ROWS } from './draw-numbers';
import { QUICK_PICKS } from './picker';
import { NAMESPACE } from './translations';

const locales = path.join(__dirname, 'locales');
const setOf = (set: string): Record<string, string> => JSON.parse(readFileSync(path.join(locales, `${set.toLowerCase()}.json`), 'utf8'));

/** Keys this screen builds from a value (the source checks see literal keys only). */
const BUILT_KEYS = [
  ...Object.values(LOTTERY_FAILURES).map((failure) => failure.key),
  ...OTHER_FAILURE_KEYS,
  ...MONEY_MODES.map((mode) => `money_mode_${mode}`),
  ...QUICK_PICKS.map((quick) => `quick_${quick}`),
  ...LOTTERY_BET_STATES.map((state) => `bet_status_${state}`),
  ...VN_PRIZE_ROWS.map(([key]) => key),
  ...VN18_PRIZE_ROWS.map(([key]) => key),
  ...['red', 'blue', 'green'].map((colour) => `colour_${colour}`),
];

test('every string of the betting screen exists in all seven translation sets', () => {
  assertCompleteTranslations(locales, { sourceDir: __dirname, namespace: NAMESPACE });
});

test('every key the plays use (ALL_TRANSLATION_KEYS) and every key the screen builds exists in all seven sets', () => {
  expect(ALL_TRANSLATION_KEYS.length).toBeGreaterThan(0);
  const missing = TRANSLATION_SETS.flatMap((set) => {
    const strings = setOf(set);
    return [...ALL_TRANSLATION_KEYS, ...BUILT_KEYS].filter((key) => typeof strings[key] !== 'string' || strings[key].trim() === '').map((key) => `${set}: ${key}`);
  });
  expect(missing).toEqual([]);
});
