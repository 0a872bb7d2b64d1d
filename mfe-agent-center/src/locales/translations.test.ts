import path from 'node:path';
import { assertCompleteTranslations } from '@platform/shared/src/i18n/testing/translation-check';

test('every agentCenter string exists in all seven translation sets', () => {
  assertCompleteTranslations(path.join(__dirname), { sourceDir: path.join(__dirname, '..') });
});
