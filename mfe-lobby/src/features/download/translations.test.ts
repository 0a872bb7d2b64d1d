import path from 'node:path';
import { assertCompleteTranslations, assertUsedKeysExist } from '@platform/shared/testing';
import { NAMESPACE } from './translations';

test('every string of the download page exists in all seven translation sets', () => {
  assertCompleteTranslations(path.join(__dirname, 'locales'), { sourceDir: __dirname, namespace: NAMESPACE });
  // The page title is one of the lobby's ('lobby' namespace, read with lobbyT).
  assertUsedKeysExist(__dirname, path.join(__dirname, '..', '..', 'locales'), null, ['lobbyT']);
});
