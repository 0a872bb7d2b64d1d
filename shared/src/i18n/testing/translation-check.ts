// Checks a folder of locale files ({bn,cn,en,id,th,ty,vi}.json) against English, and the keys a
// source tree uses against English. Used by the shared library and by every app for its own strings:
//   import { assertCompleteTranslations } from '@platform/shared/testing';
// Node only (reads files): never imported by browser code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FALLBACK_TRANSLATION_SET, TRANSLATION_SETS, type TranslationSet } from '../language-options';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;

export function localeFileName(set: TranslationSet): string {
  return `${set.toLowerCase()}.json`;
}

/** Nested keys as i18next reads them: `a.b.c` → value. */
export function flattenTranslations(tree: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [nested, nestedValue] of flattenTranslations(value as Record<string, unknown>, path)) flat.set(nested, nestedValue);
    } else {
      flat.set(path, value);
    }
  }
  return flat;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))].sort();
}

function readLocale(dir: string, set: TranslationSet, problems: string[]): Map<string, unknown> | null {
  const file = join(dir, localeFileName(set));
  try {
    return flattenTranslations(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  } catch (error) {
    problems.push(`${set}: cannot read ${file}: ${(error as Error).message}`);
    return null;
  }
}

/**
 * Every problem of a locale folder: a file missing or unreadable, a key of English missing or
 * empty in another set, or a `{{placeholder}}` that differs from English. Plural keys (`_one`,
 * `_other`, …) only need the forms the language has, so one form of the key is enough.
 */
export function findTranslationProblems(dir: string): string[] {
  const problems: string[] = [];
  const english = readLocale(dir, FALLBACK_TRANSLATION_SET, problems);
  if (!english) return problems;
  for (const [key, value] of english) {
    if (typeof value !== 'string' || value.trim() === '') problems.push(`EN: "${key}" is empty`);
  }
  for (const set of TRANSLATION_SETS) {
    if (set === FALLBACK_TRANSLATION_SET) continue;
    const other = readLocale(dir, set, problems);
    if (!other) continue;
    const pluralBases = new Set([...other.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
    for (const [key, englishValue] of english) {
      const value = other.get(key);
      if (value === undefined) {
        if (PLURAL_SUFFIX.test(key) && pluralBases.has(key.replace(PLURAL_SUFFIX, ''))) continue;
        problems.push(`${set}: "${key}" is missing`);
      } else if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${set}: "${key}" is empty`);
      } else if (typeof englishValue === 'string' && placeholders(englishValue).join() !== placeholders(value).join()) {
        problems.push(`${set}: "${key}" has placeholders {${placeholders(value)}} but English has {${placeholders(englishValue)}}`);
      }
    }
  }
  return problems;
}

export interface TranslationCheckOptions {
  /** Also check that every literal key used under this source folder exists in English. */
  sourceDir?: string;
  /** The namespace of this locale folder: keys prefixed with another namespace are not checked. */
  namespace?: string;
  /** Translate functions besides `t` whose first argument is a key. */
  functions?: readonly string[];
}

/**
 * Throws, listing every problem, unless each of the 7 translation sets is complete (and, with
 * `sourceDir`, unless every key the source uses exists).
 */
export function assertCompleteTranslations(dir: string, options: TranslationCheckOptions = {}): void {
  const problems = findTranslationProblems(dir);
  if (options.sourceDir) {
    problems.push(...findMissingUsedKeys(options.sourceDir, dir, options.namespace ?? null, options.functions));
  }
  if (problems.length > 0) throw new Error(`Incomplete translations in ${dir}:\n  ${problems.join('\n  ')}`);
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry) && !/\.(test|spec)\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

export interface UsedKey {
  key: string;
  file: string;
}

/**
 * Literal keys a source tree asks for: string literals passed to `t` (or to the other translate
 * functions named in `functions`), `i18nKey` attributes and `headerKey` properties (records-table
 * columns), without or with a namespace prefix.
 * Keys prefixed with another namespace are left out (all prefixed keys when `namespace` is null);
 * test files are not read.
 */
export function findUsedKeys(srcDir: string, namespace: string | null, functions: readonly string[] = ['t']): UsedKey[] {
  const names = functions.map((name) => name.replace(/[$]/g, '\\$')).join('|');
  const patterns = [
    new RegExp(`\\b(?:${names})\\(\\s*(['"\`])([^'"\`$\\\\]+)\\1`, 'g'),
    /\bi18nKey=(['"])([^'"]+)\1/g,
    // Column headers of a RecordsTable, translated by the table.
    /\bheaderKey:\s*(['"])([^'"]+)\1/g,
  ];
  const used: UsedKey[] = [];
  for (const file of sourceFiles(srcDir)) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) {
        const separator = match[2].indexOf(':');
        if (separator >= 0 && match[2].slice(0, separator) !== namespace) continue;
        used.push({ key: separator >= 0 ? match[2].slice(separator + 1) : match[2], file });
      }
    }
  }
  return used;
}

/** Keys the source tree uses that English lacks, one line each. */
export function findMissingUsedKeys(
  srcDir: string,
  localeDir: string,
  namespace: string | null,
  functions?: readonly string[],
): string[] {
  const english = flattenTranslations(
    JSON.parse(readFileSync(join(localeDir, localeFileName(FALLBACK_TRANSLATION_SET)), 'utf8')) as Record<string, unknown>,
  );
  return findUsedKeys(srcDir, namespace, functions)
    .filter(({ key }) => !english.has(key) && !english.has(`${key}_one`) && !english.has(`${key}_other`))
    .map(({ key, file }) => `EN: "${key}" is used in ${file} but missing`);
}

/** Throws unless every literal key the source tree uses exists in English. */
export function assertUsedKeysExist(srcDir: string, localeDir: string, namespace: string | null, functions?: readonly string[]): void {
  const missing = findMissingUsedKeys(srcDir, localeDir, namespace, functions);
  if (missing.length > 0) throw new Error(`Keys used but missing in English:\n  ${missing.join('\n  ')}`);
}
