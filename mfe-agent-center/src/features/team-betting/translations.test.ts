import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOTTERY_BET_STATES, LOTTERY_DEFAULT_GAME_CODES } from '@platform/contract';
import { PLAYS } from '@platform/lottery-rules';
import { assertCompleteTranslations } from '@platform/shared/testing';
import { LOTTO_AREAS } from './team-betting-api';
import { NAMESPACE } from './translations';

// The page's strings in every translation set: the keys the source asks for, the keys it builds
// (each bet state, each lottery area), each play of the lottery module (a play added there must get
// its name here), and the games a merchant starts with.

const LOCALES = path.join(__dirname, 'locales');
const SETS = ['bn', 'cn', 'en', 'id', 'th', 'ty', 'vi'] as const;
/** The games every merchant starts with (the contract's LOTTERY_DEFAULT_GAME_CODES). */
const DEFAULT_GAME_CODES = LOTTERY_DEFAULT_GAME_CODES;

const stringsOf = (set: (typeof SETS)[number]): Record<string, unknown> => JSON.parse(readFileSync(path.join(LOCALES, `${set}.json`), 'utf8')) as Record<string, unknown>;

/** `set: key` for each key a set lacks or leaves empty. */
function missingKeys(keys: readonly string[]): string[] {
  return SETS.flatMap((set) => {
    const strings = stringsOf(set);
    return keys.filter((key) => typeof strings[key] !== 'string' || (strings[key] as string).trim() === '').map((key) => `${set}: ${key}`);
  });
}

test(`every ${NAMESPACE} string exists in all seven translation sets`, () => {
  assertCompleteTranslations(LOCALES, { sourceDir: __dirname, namespace: NAMESPACE });
});

test('every bet state (status_<state>) and lottery area (area_<area>) has its name in all seven sets', () => {
  expect(missingKeys([...LOTTERY_BET_STATES.map((status) => `status_${status}`), ...LOTTO_AREAS.map((area) => `area_${area}`)])).toEqual([]);
});

test('every play of the lottery module (play_<code>) and the default games (game_<gameCode>) have names in all seven sets', () => {
  expect(PLAYS.length).toBeGreaterThan(0);
  expect(missingKeys([...PLAYS.map((play) => `play_${play.code}`), ...DEFAULT_GAME_CODES.map((code) => `game_${code}`)])).toEqual([]);
});
