import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SECTION_STRINGS } from '../testing/i18n';
import { STRINGS } from './i18n';

// Both translation sets say everything, with the same placeholders, and every literal key the
// sources ask for exists: the host's strings with every section's merged in, as the host has them
// once each section is loaded. Each section keeps to keys of its own, so that loading one never
// replaces another's words or the host's.

const merged = (language: 'EN' | 'CN') => Object.assign({}, STRINGS[language], ...SECTION_STRINGS[language]) as Record<string, unknown>;
const en = merged('EN');
const cn = merged('CN');

it('gives each section top-level keys of its own', () => {
  for (const language of ['EN', 'CN'] as const) {
    const owners = new Map(Object.keys(STRINGS[language]).map((key) => [key, 'host']));
    SECTION_STRINGS[language].forEach((strings, index) => {
      for (const key of Object.keys(strings)) {
        expect({ key, claimedBy: owners.get(key) }).toEqual({ key, claimedBy: undefined });
        owners.set(key, `section ${index}`);
      }
    });
  }
});

const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  typeof value === 'string'
    ? { [prefix]: value }
    : Object.assign({}, ...Object.entries(value as Record<string, unknown>).map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)));

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

it('has the same keys and placeholders in English and Chinese, none empty', () => {
  const english = flatten(en);
  const chinese = flatten(cn);
  expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
  for (const [key, text] of Object.entries(english)) {
    expect({ key, empty: !text.trim() || !chinese[key].trim() }).toEqual({ key, empty: false });
    expect({ key, placeholders: placeholders(chinese[key]) }).toEqual({ key, placeholders: placeholders(text) });
  }
});

it('has every literal key the sources use', () => {
  const english = flatten(en);
  const sources: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) sources.push(readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(__dirname, '..'));
  const keys = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/\bt\('([a-zA-Z0-9_.]+)'/g)) keys.add(match[1]);
    for (const match of source.matchAll(/label: '([a-z]+\.[a-zA-Z.]+)'/g)) keys.add(match[1]);
    for (const match of source.matchAll(/title: '([a-z]+\.[a-zA-Z.]+)'/g)) keys.add(match[1]);
  }
  expect(keys.size).toBeGreaterThan(50);
  expect([...keys].filter((key) => !(key in english))).toEqual([]);
});
