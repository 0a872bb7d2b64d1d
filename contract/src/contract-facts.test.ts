import { CLIENT_ERROR_CODES, ERROR_CODES, PLATFORM_ERROR_CODES, SERVER_ERROR_CODES } from './error-codes';
import { MODULE_IDS } from './feature-switches';
import { GAME_CATEGORIES, GAME_CATEGORY_CODES } from './game-categories';
import { AGENT_MEMBER_TYPES, GUEST_MEMBER_TYPE, isAgentMemberType, PLAIN_MEMBER_TYPE } from './member-types';

const duplicatesOf = (values: readonly unknown[]) => values.filter((value, index) => values.indexOf(value) !== index);

describe('the contract facts', () => {
  it('lists every error code once, in exactly one group', () => {
    expect(duplicatesOf(ERROR_CODES)).toEqual([]);
    expect(ERROR_CODES).toHaveLength(SERVER_ERROR_CODES.length + Object.keys(CLIENT_ERROR_CODES).length + PLATFORM_ERROR_CODES.length);
  });

  it('names each whitelabel module once', () => {
    expect(duplicatesOf(Object.values(MODULE_IDS))).toEqual([]);
  });

  it('gives each game category its own code and route, in navigation order', () => {
    expect(duplicatesOf(GAME_CATEGORY_CODES)).toEqual([]);
    expect(duplicatesOf(GAME_CATEGORIES.map((category) => category.route))).toEqual([]);
    expect(GAME_CATEGORY_CODES).toEqual(['LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'COCKFIGHT', 'INHOUSE']);
  });

  it('tells agents from plain members and guests', () => {
    expect([PLAIN_MEMBER_TYPE, ...AGENT_MEMBER_TYPES, GUEST_MEMBER_TYPE, null, undefined].map(isAgentMemberType)).toEqual([
      false, true, true, true, true, false, false, false,
    ]);
  });
});
