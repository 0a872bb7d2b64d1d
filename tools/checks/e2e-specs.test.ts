import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Browser tests run on several workers, each in a merchant of its own (e2e/harness/merchant.ts).
// A spec using Playwright's own `test` would act in the default merchant, racing other workers.

const testsDir = path.resolve(__dirname, '..', '..', 'e2e', 'tests');

describe('browser test specs', () => {
  const specs = readdirSync(testsDir).filter((name) => name.endsWith('.spec.ts'));

  test.each(specs)("%s takes `test` from the harness (its worker's merchant)", (spec) => {
    const source = readFileSync(path.join(testsDir, spec), 'utf8');
    expect(source).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\.\/harness\/test';/);
    expect(source).not.toMatch(/from '@playwright\/test'/);
  });
});
