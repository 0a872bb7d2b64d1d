import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Browser tests run on several workers, each in a merchant of its own (e2e/harness/merchant.ts).
// A spec using Playwright's own `test` would act in the default merchant, racing other workers.

// A spec that starts a whole site of its own, on a database of its own, races nobody there, and
// none of the harness's merchants exist in it: it keeps Playwright's `test`.
const OWN_SITE = new Set(['cluster.spec.ts']);

const testsDir = path.resolve(__dirname, '..', '..', 'e2e', 'tests');

describe('browser test specs', () => {
  const specs = readdirSync(testsDir).filter((name) => name.endsWith('.spec.ts') && !OWN_SITE.has(name));

  test.each([...OWN_SITE])('%s starts a site of its own (a cluster on a database of its own)', (spec) => {
    const source = readFileSync(path.join(testsDir, spec), 'utf8');
    expect(source).toMatch(/DATA_DIR: dataDir/);
    expect(source).toMatch(/DATABASE_URL: ''/);
  });

  test.each(specs)("%s takes `test` from the harness (its worker's merchant)", (spec) => {
    const source = readFileSync(path.join(testsDir, spec), 'utf8');
    expect(source).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\.\/harness\/test';/);
    expect(source).not.toMatch(/from '@playwright\/test'/);
  });
});
