import path from 'node:path';
import { assertCompleteTranslations } from '@platform/shared/testing';
import { NAMESPACE } from './translations';

it('has every string of the C2C panels in all 7 languages, and every key they use', () => {
  assertCompleteTranslations(path.join(__dirname, 'locales'), { sourceDir: __dirname, namespace: NAMESPACE });
});
