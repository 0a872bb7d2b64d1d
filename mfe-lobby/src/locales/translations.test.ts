import { readdirSync } from 'node:fs';
import path from 'node:path';
import { assertCompleteTranslations, assertUsedKeysExist } from '@platform/shared/testing';

// The game screens (features/games), the promotions pages (features/promotions), the point mall
// (features/point-mall), the help page (features/help), its speed test (features/speed-test) and
// the download page (features/download) have a namespace of their own, checked by their own test.
const OWN_NAMESPACE_FEATURES = new Set(['download', 'games', 'help', 'point-mall', 'promotions', 'speed-test']);

test('every lobby string exists in all seven translation sets', () => {
  assertCompleteTranslations(path.join(__dirname));
  const features = path.join(__dirname, '..', 'features');
  for (const feature of readdirSync(features)) {
    if (!OWN_NAMESPACE_FEATURES.has(feature)) assertUsedKeysExist(path.join(features, feature), __dirname, null);
  }
});
