import { composeCatalogue, defineMessages, MESSAGE_LANGUAGES, resolveLanguage, translate } from './messages';

// The machinery; the composed catalogue (every code, every language, one owner per code) is
// checked in src/messages.test.ts.

const texts = (word: string) => Object.fromEntries(MESSAGE_LANGUAGES.map((language) => [language, `${word} ${language}`])) as Record<(typeof MESSAGE_LANGUAGES)[number], string>;

describe('translate', () => {
  const part = defineMessages({
    'request.param.err': { ...texts('param'), EN: 'Invalid request parameter: {detail}' },
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate(part, 'request.param.err', 'EN', { detail: 'body.name is required' })).toBe('Invalid request parameter: body.name is required');
    expect(translate(part, 'request.param.err', 'EN')).toBe('Invalid request parameter: {detail}');
  });

  it('answers in the language asked for', () => {
    expect(translate(part, 'request.param.err', 'BN')).toBe('param BN');
  });
});

describe('composeCatalogue', () => {
  const a = defineMessages({ 'not.found': texts('a'), 'system.err': texts('a') });
  const b = defineMessages({ 'captcha.err': texts('b') });

  it('puts the parts together', () => {
    const catalogue = composeCatalogue({ a, b });
    expect(Object.keys(catalogue).sort()).toEqual(['captcha.err', 'not.found', 'system.err']);
    expect(translate(catalogue, 'captcha.err', 'TH')).toBe('b TH');
  });

  it('refuses a code that two parts define, naming both', () => {
    const twice = defineMessages({ 'system.err': texts('c') });
    expect(() => composeCatalogue({ a, b, twice })).toThrow('message code system.err is defined by two parts: a and twice');
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
