import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOTTERY_DEFAULT_GAME_CODES, LOTTERY_DEFAULT_GROUP_CODES, LOTTERY_KINDS } from '@platform/contract';
import { TRANSLATION_SETS } from '@platform/shared';
import { assertCompleteTranslations, assertUsedKeysExist } from '@platform/shared/testing';

// The 'lottery' namespace: the exposed pages' titles, the games and groups every screen names, and
// the keys of the features that use it. The lobby and the betting screen have namespaces of their
// own, checked by their own tests.
const FEATURES_OF_THIS_NAMESPACE = ['lottery', 'vn-lottery', 'games'];

/** The games every merchant starts with (server/src/modules/lottery/games.ts) and their groups. */
const DEFAULT_GAME_CODES = LOTTERY_DEFAULT_GAME_CODES;
const GROUP_CODES = LOTTERY_DEFAULT_GROUP_CODES;

const setOf = (set: string): Record<string, string> => JSON.parse(readFileSync(path.join(__dirname, `${set.toLowerCase()}.json`), 'utf8'));

test('every lottery string exists in all seven translation sets', () => {
  assertCompleteTranslations(__dirname);
  for (const feature of FEATURES_OF_THIS_NAMESPACE) assertUsedKeysExist(path.join(__dirname, '..', 'features', feature), __dirname, null);
});

test('the default games and every game group have a name in all seven sets', () => {
  // A group per kind, except the southern and central Vietnamese kind, whose games are in two groups.
  expect(GROUP_CODES).toEqual([...LOTTERY_KINDS.filter((kind) => kind !== 'VN18'), 'VNS', 'VNC']);
  const missing = TRANSLATION_SETS.flatMap((set) => {
    const strings = setOf(set);
    return [...DEFAULT_GAME_CODES.map((code) => `game_${code}`), ...GROUP_CODES.map((code) => `group_label_${code}`)].filter((key) => !strings[key]?.trim()).map((key) => `${set}: ${key}`);
  });
  expect(missing).toEqual([]);
  expect(setOf('EN')).toMatchObject({
    game_SSC1: '1-minute SSC',
    game_SSC5: '5-minute SSC',
    game_GD11X5: '3-minute 11x5',
    game_PK10: 'Speed Racing (75 s)',
    game_LHC5: 'Speed Mark Six (5 min)',
    game_VNMB: 'Vietnam Daily (house draw)',
    game_VN5: 'Fast Vietnam (5 min)',
  });
});
