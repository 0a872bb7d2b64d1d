import { SERVER_ERROR_CODES } from '@platform/shared/contract';
import { MESSAGE_LANGUAGES, resolveLanguage, translate } from './messages';

describe('message catalogue', () => {
  it('has a text for every error code in every language', () => {
    for (const code of SERVER_ERROR_CODES) {
      const texts = MESSAGE_LANGUAGES.map((language) => translate(code, language, { detail: 'd' }));
      for (const text of texts) expect(text.trim()).not.toBe('');
      // Only the English text may be identical to English: the others are translated.
      expect(new Set(texts).size).toBeGreaterThan(MESSAGE_LANGUAGES.length - 3);
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('request.param.err', 'EN', { detail: 'body.name is required' })).toBe(
      'Invalid request parameter: body.name is required',
    );
    expect(translate('request.param.err', 'EN')).toBe('Invalid request parameter: {detail}');
  });
});

describe('resolveLanguage', () => {
  it.each([
    [undefined, 'EN'],
    ['', 'EN'],
    ['BN', 'BN'],
    ['bn', 'BN'],
    ['en-US', 'EN'],
    ['TY', 'TY'],
    ['TW', 'TY'],
    ['zh-TW', 'TY'],
    ['zh-Hant', 'TY'],
    ['zh-CN', 'CN'],
    ['ZH', 'CN'],
    ['VN', 'VI'],
    ['JA', 'EN'],
  ])('%s → %s', (header, expected) => {
    expect(resolveLanguage(header)).toBe(expected);
  });
});
