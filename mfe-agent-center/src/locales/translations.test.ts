import path from 'node:path';
import { assertCompleteTranslations } from '@platform/shared/testing';

// The overlay's own strings (the menu); each page's are in its feature's namespace.
test('every agentCenter string exists in all seven translation sets', () => {
  assertCompleteTranslations(path.join(__dirname), { sourceDir: path.join(__dirname, '..', 'features', 'agent-center') });
});
