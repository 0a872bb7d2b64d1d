// The test helpers must never reach a production bundle: nothing the public entry imports,
// directly or through other modules, may live in src/testing/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const srcDir = resolve(__dirname, '..');

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every source file reachable from `entry` through relative imports and re-exports. */
function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
  }
  return seen;
}

test('the public entries reach the library but none of its test helpers', () => {
  const reached = [
    ...reachableFrom(join(srcDir, 'index.ts')),
    ...reachableFrom(join(srcDir, 'forms', 'index.ts')),
    ...reachableFrom(join(srcDir, 'ui', 'records-table', 'index.ts')),
  ].map((file) => relative(srcDir, file));
  expect(reached).toEqual(expect.arrayContaining(['forms/use-form.ts', 'api/client.ts', 'ui/show-notice.tsx', 'ui/records-table/records-table.tsx']));
  expect(reached.filter((file) => file.startsWith('testing/') || file.includes('/testing/'))).toEqual([]);
});

test('the test helpers are their own entry point of the package', () => {
  const pkg = JSON.parse(readFileSync(join(srcDir, '..', 'package.json'), 'utf8')) as { exports: Record<string, string> };
  expect(pkg.exports['.']).toBe('./src/index.ts');
  expect(pkg.exports['./testing']).toBe('./src/testing/index.ts');
  expect(pkg.exports['./forms']).toBe('./src/forms/index.ts');
  expect(pkg.exports['./records']).toBe('./src/ui/records-table/index.ts');
});
