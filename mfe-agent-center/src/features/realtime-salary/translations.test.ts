import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOTTERY_DEFAULT_GAME_CODES } from '@platform/contract';
import { assertCompleteTranslations } from '@platform/shared/testing';
import { NAMESPACE } from './translations';

const LOCALES = path.join(__dirname, 'locales');
const SETS = ['bn', 'cn', 'en', 'id', 'th', 'ty', 'vi'] as const;
/** The games every merchant starts with (the contract's LOTTERY_DEFAULT_GAME_CODES): their names are asked for as game_<gameCode>. */
const DEFAULT_GAME_CODES = LOTTERY_DEFAULT_GAME_CODES;

test(`every ${NAMESPACE} string exists in all seven translation sets`, () => {
  assertCompleteTranslations(LOCALES, { sourceDir: __dirname, namespace: NAMESPACE });
});

test('the default lottery games have names (game_<gameCode>) in all seven sets', () => {
  const missing = SETS.flatMap((set) => {
    const strings = JSON.parse(readFileSync(path.join(LOCALES, `${set}.json`), 'utf8')) as Record<string, unknown>;
    return DEFAULT_GAME_CODES.map((code) => `game_${code}`)
      .filter((key) => typeof strings[key] !== 'string' || (strings[key] as string).trim() === '')
      .map((key) => `${set}: ${key}`);
  });
  expect(missing).toEqual([]);
});
