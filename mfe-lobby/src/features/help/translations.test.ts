import path from 'node:path';
import { DEPOSIT_METHODS } from '@platform/contract';
import { assertCompleteTranslations, assertUsedKeysExist } from '@platform/shared/testing';
import english from './locales/en.json';
import { DEPOSIT_GUIDES } from './deposit-guide';
import { NAMESPACE } from './translations';

test('every string of the help page exists in all seven translation sets', () => {
  assertCompleteTranslations(path.join(__dirname, 'locales'), { sourceDir: __dirname, namespace: NAMESPACE });
  // The page title is one of the lobby's ('lobby' namespace, read with lobbyT).
  assertUsedKeysExist(__dirname, path.join(__dirname, '..', '..', 'locales'), null, ['lobbyT']);
});

test('the deposit guide has a name, a note and its steps for every deposit method', () => {
  for (const method of DEPOSIT_METHODS) {
    const guide = DEPOSIT_GUIDES[method];
    expect(guide.steps.length).toBeGreaterThan(2);
    for (const key of [guide.name, guide.note, ...guide.steps]) expect({ method, key, exists: key in english }).toEqual({ method, key, exists: true });
  }
});
