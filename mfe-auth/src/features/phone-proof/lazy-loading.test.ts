// The Firebase JS SDK stays out of the auth remote's main bundle: only firebase-phone-sdk.ts imports
// it, and that file is reached only through the dynamic import() of load-firebase-phone.ts (a
// webpack chunk of its own, fetched where a merchant has the channel). Type-only imports are erased.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const srcDir = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.(test|testing)\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** What a file imports statically as values (not `import type`), and what it imports with import(). */
function importsOf(source: string): { static: string[]; dynamic: string[] } {
  const staticImports = [...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((match) => match[1]);
  const required = [...source.matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]);
  const dynamic = [...source.matchAll(/\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]);
  return { static: [...staticImports, ...required], dynamic };
}

const files = sourceFiles(srcDir).map((path) => ({ file: relative(srcDir, path), ...importsOf(readFileSync(path, 'utf8')) }));

test('only features/phone-proof/firebase-phone-sdk.ts imports the Firebase SDK', () => {
  const importers = files.filter((entry) => [...entry.static, ...entry.dynamic].some((name) => name === 'firebase' || name.startsWith('firebase/')));
  expect(importers.map((entry) => entry.file)).toEqual([join('features', 'phone-proof', 'firebase-phone-sdk.ts')]);
});

test('and that file is loaded only lazily, by import() into a chunk of its own', () => {
  const statically = files.filter((entry) => entry.static.some((name) => /(^|\/)firebase-phone-sdk$/.test(name)));
  expect(statically.map((entry) => entry.file)).toEqual([]);
  const lazily = files.filter((entry) => entry.dynamic.some((name) => /(^|\/)firebase-phone-sdk$/.test(name)));
  expect(lazily.map((entry) => entry.file)).toEqual([join('features', 'phone-proof', 'load-firebase-phone.ts')]);
  const loader = readFileSync(join(__dirname, 'load-firebase-phone.ts'), 'utf8');
  expect(loader).toMatch(/import\(\s*\/\* webpackChunkName: "firebase-phone" \*\/\s*'\.\/firebase-phone-sdk'\s*\)/);
});
