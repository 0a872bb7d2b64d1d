import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { assertCompleteTranslations, assertUsedKeysExist } from '@platform/shared/testing';

// The promotions block has its own namespace and sets (promotions/locales): its keys are checked there.
const OWN_SETS = new Set(['locales', 'promotions']);

test('every blocks string exists in all seven translation sets', () => {
  assertCompleteTranslations(path.join(__dirname));
  const source = path.join(__dirname, '..');
  for (const entry of readdirSync(source)) {
    if (OWN_SETS.has(entry) || !statSync(path.join(source, entry)).isDirectory()) continue;
    assertUsedKeysExist(path.join(source, entry), __dirname, null);
  }
});
