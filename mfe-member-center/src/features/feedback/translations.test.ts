import path from 'node:path';
import { assertCompleteTranslations } from '@platform/shared/testing';
import { NAMESPACE } from './translations';

test(`every ${NAMESPACE} string exists in all seven translation sets`, () => {
  assertCompleteTranslations(path.join(__dirname, 'locales'), { sourceDir: __dirname, namespace: NAMESPACE });
});
