import { SERVER_ERROR_CODES } from '@platform/contract';
import { MESSAGE_LANGUAGES, translate } from './i18n/messages';
import { CATALOGUE, MESSAGE_PARTS } from './messages';

describe('message catalogue', () => {
  it('has a text for every error code in every language', () => {
    for (const code of SERVER_ERROR_CODES) {
      const texts = MESSAGE_LANGUAGES.map((language) => translate(CATALOGUE, code, language, { detail: 'd' }));
      for (const text of texts) expect(text.trim()).not.toBe('');
      // Only the English text may be identical to English: the others are translated.
      expect(new Set(texts).size).toBeGreaterThan(MESSAGE_LANGUAGES.length - 3);
    }
  });

  it('has nothing but the contract codes', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual([...SERVER_ERROR_CODES].sort());
  });

  it('gives every code one owner', () => {
    // composeCatalogue throws on a code two parts hold (this file would not load); this names them.
    const owners = new Map<string, string[]>();
    for (const [owner, part] of Object.entries(MESSAGE_PARTS)) {
      for (const code of Object.keys(part)) owners.set(code, [...(owners.get(code) ?? []), owner]);
    }
    expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it('fills placeholders from the caller', () => {
    expect(translate(CATALOGUE, 'request.param.err', 'EN', { detail: 'body.name is required' })).toBe(
      'Invalid request parameter: body.name is required',
    );
    expect(translate(CATALOGUE, 'TOO_MANY_REQUESTS', 'EN', { minutes: '15' })).toBe('too many requests, try again after 15 minutes');
  });
});
