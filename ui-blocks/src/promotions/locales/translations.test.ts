import path from 'node:path';
import { assertCompleteTranslations } from '@platform/shared/testing';

test('every promotion string exists in all seven translation sets', () => {
  assertCompleteTranslations(path.join(__dirname), { sourceDir: path.join(__dirname, '..') });
});
