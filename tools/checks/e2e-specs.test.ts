import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Browser tests run on several workers, each in a merchant of its own (e2e/harness/merchant.ts).
// A spec using Playwright's own `test`, or `page.request` (the browser's host name, which Node
// cannot resolve), would act in the wrong merchant or not at all.

const testsDir = path.resolve(__dirname, '..', '..', 'e2e', 'tests');

describe('browser test specs', () => {
  const specs = readdirSync(testsDir).filter((name) => name.endsWith('.spec.ts'));

  test.each(specs)('%s takes `test` from the harness and calls the API through the `request` fixture', (spec) => {
    const source = readFileSync(path.join(testsDir, spec), 'utf8');
    expect(source).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\.\/harness\/test';/);
    expect(source).not.toMatch(/from '@playwright\/test'/);
    expect(source).not.toMatch(/\bpage\.request\b/);
  });
});
