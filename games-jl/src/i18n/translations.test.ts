import path from 'node:path';
import { assertCompleteTranslations } from '@platform/shared/testing';
import { NAMESPACE, TRANSLATION_SETS, translationSetOf } from './i18n';

test('the 7 translation sets are complete and hold every key the pages use', () => {
  assertCompleteTranslations(path.join(__dirname, '..', 'locales'), { sourceDir: path.join(__dirname, '..'), namespace: NAMESPACE });
});

test("the launch URL's language picks its translation set (English for any other)", () => {
  expect(TRANSLATION_SETS).toEqual(['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI']);
  expect(translationSetOf('bn')).toBe('BN');
  expect(translationSetOf('TW')).toBe('TY');
  expect(translationSetOf('CN')).toBe('CN');
  expect(translationSetOf('JA')).toBe('EN');
  expect(translationSetOf(null)).toBe('EN');
});
