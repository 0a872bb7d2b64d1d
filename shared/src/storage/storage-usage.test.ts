// Storage keys against the code: every session key of STORAGE_KEYS is either written by some app
// of the site, or documented in DERIVED_SESSION_KEYS with why it is derived instead, never both.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DERIVED_SESSION_KEYS, STORAGE_KEYS } from './storage-keys';

const REPOSITORY = join(__dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry) && !/\.(test|spec)\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** The browser apps' sources: the shared library, the shell and every remote. */
function appSources(): string[] {
  const apps = readdirSync(REPOSITORY).filter((entry) => entry === 'shared' || entry === 'shell' || entry.startsWith('mfe-') || entry === 'games-jl');
  return apps.flatMap((app) => sourceFiles(join(REPOSITORY, app, 'src')));
}

/** Session keys some source writes: sessionStore.set('key', …) or sessionStorage.setItem('key', …). */
function writtenSessionKeys(): Set<string> {
  const written = new Set<string>();
  const writes = /sessionStore\.set\(\s*'([A-Za-z_]+)'|sessionStorage\.setItem\(\s*'([A-Za-z_]+)'/g;
  for (const file of appSources()) {
    for (const match of readFileSync(file, 'utf8').matchAll(writes)) written.add(match[1] ?? match[2]);
  }
  return written;
}

describe('the storage keys of the session', () => {
  const written = writtenSessionKeys();
  const sessionKeys = Object.keys(STORAGE_KEYS.session);
  const derived = Object.keys(DERIVED_SESSION_KEYS);

  it('lists the storage keys that nothing reads: derived, each with its reason', () => {
    expect(derived.sort()).toEqual(['consolidated', 'enableContract', 'enableSalary', 'gameVendor', 'index_notice', 'routers', 'settings', 'whitelabel']);
    for (const reason of Object.values(DERIVED_SESSION_KEYS)) expect(reason.length).toBeGreaterThan(40);
  });

  it('has a writer for every other session key (iframeUrl: the game frame keeps its address for a reload)', () => {
    expect(sessionKeys.filter((key) => !derived.includes(key) && !written.has(key))).toEqual([]);
    expect(written.has('iframeUrl')).toBe(true);
    expect(written.has('merchantCode')).toBe(true);
  });

  it('writes none of the derived keys (a writer takes the key off the list)', () => {
    expect(derived.filter((key) => written.has(key))).toEqual([]);
  });
});
