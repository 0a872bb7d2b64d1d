import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOTTERY_DEFAULT_GAME_CODES, LOTTERY_DEFAULT_GROUP_CODES } from '@platform/contract';
import { PLAYS } from '@platform/lottery-rules';
import { assertCompleteTranslations } from '@platform/shared/testing';
import { NAMESPACE } from './translations';

// The lottery's names in every translation set: the keys the source asks for, each play of the
// lottery module (a play added there must get its name here), and the games a merchant starts with.

const LOCALES = path.join(__dirname, 'locales');
const SETS = ['bn', 'cn', 'en', 'id', 'th', 'ty', 'vi'] as const;
/** The games and lobby groups every merchant starts with (the contract's LOTTERY_DEFAULT_GAME_CODES). */
const DEFAULT_GAME_CODES = LOTTERY_DEFAULT_GAME_CODES;
const DEFAULT_GAME_GROUPS = LOTTERY_DEFAULT_GROUP_CODES;

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

test('every play of the lottery module has its name (play_<code>) and its menu group (group_<group>) in all seven sets', () => {
  expect(PLAYS.length).toBeGreaterThan(0);
  const keys = [...new Set(PLAYS.flatMap((play) => [`play_${play.code}`, `group_${play.group}`]))];
  expect(missingKeys(keys)).toEqual([]);
});

test('the default games (game_<gameCode>) and their lobby groups (group_label_<code>) have names in all seven sets', () => {
  expect(missingKeys([...DEFAULT_GAME_CODES.map((code) => `game_${code}`), ...DEFAULT_GAME_GROUPS.map((code) => `group_label_${code}`)])).toEqual([]);
  expect(stringsOf('en')).toMatchObject({
    game_SSC1: '1-minute SSC',
    game_SSC5: '5-minute SSC',
    game_GD11X5: '3-minute 11x5',
    game_PK10: 'Speed Racing (75 s)',
    game_LHC5: 'Speed Mark Six (5 min)',
    game_VNMB: 'Vietnam Daily (house draw)',
    game_VN5: 'Fast Vietnam (5 min)',
  });
});
