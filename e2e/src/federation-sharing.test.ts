import { createInstance } from '@module-federation/runtime';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The federation config enforces the compatibility rule of shared/README.md: an app accepts the
// page's @platform/shared only with the same major and at least the minor it needs (for a remote,
// the newest of the exports it imports: shared/runtime-since.json), and bundles the wire contract
// (@platform/contract) itself.

const repoRoot = path.resolve(__dirname, '..', '..');
const { createConfig, sharedLibraryRange } = require(path.join(repoRoot, 'tools', 'webpack', 'create-config.cjs'));
const { compareVersions, runtimeRangeFor } = require(path.join(repoRoot, 'tools', 'webpack', 'runtime-range.cjs'));
const remotes: { folder: string; federationName: string; kind: string }[] = require(path.join(repoRoot, 'apps.json')).apps.filter((app: { kind: string }) => app.kind === 'remote');
const sharedVersion: string = require(path.join(repoRoot, 'shared', 'package.json')).version;

interface SharedEntry {
  singleton: boolean;
  requiredVersion: string;
  version: string;
  strictVersion: boolean;
}

function sharedOf(appDir: string, federationName: string, isHost: boolean): Record<string, SharedEntry> {
  const config = createConfig({ appDir: path.join(repoRoot, appDir), federationName, isHost, devPort: 1 })(undefined, { mode: 'production' });
  const federation = config.plugins.find((plugin: object) => plugin.constructor.name === 'ModuleFederationPlugin');
  return federation._options.shared;
}

describe('@platform/shared in the federation config', () => {
  test("the shell shares it as a singleton requiring ^major.minor.0 of its own version", () => {
    const [major, minor] = sharedVersion.split('.');
    const shared = sharedOf('shell', 'shell', true);
    // The index and its two kits (5.0.0), each a singleton of the package's version.
    for (const key of ['@platform/shared', '@platform/shared/forms', '@platform/shared/records']) {
      expect({ key, ...shared[key] }).toEqual({ key, singleton: true, requiredVersion: `^${major}.${minor}.0`, version: sharedVersion, strictVersion: true });
    }
  });

  test.each(remotes.map((remote) => [remote.folder, remote.federationName]))(
    "%s requires what it imports of the runtime (shared/runtime-since.json), not the version it was built with",
    (folder, federationName) => {
      const shared = sharedOf(folder, federationName, false);
      const range = runtimeRangeFor([path.join(repoRoot, folder, 'src'), path.join(repoRoot, 'ui-blocks', 'src')]);
      expect(range).toMatch(/^\^\d+\.\d+\.0$/);
      // Never more than the runtime there is, never another major.
      expect(compareVersions(range.slice(1), sharedVersion)).toBeLessThanOrEqual(0);
      expect(range.slice(1).split('.')[0]).toBe(sharedVersion.split('.')[0]);
      for (const key of ['@platform/shared', '@platform/shared/forms', '@platform/shared/records']) {
        expect({ key, ...shared[key] }).toEqual({ key, singleton: true, requiredVersion: range, version: sharedVersion, strictVersion: true });
      }
    },
  );

  describe('the range a remote requires', () => {
    const sources = mkdtempSync(path.join(os.tmpdir(), 'runtime-range-'));
    afterAll(() => rmSync(sources, { recursive: true, force: true }));
    const rangeOf = (code: string) => {
      const folder = mkdtempSync(path.join(sources, 'app-'));
      writeFileSync(path.join(folder, 'page.tsx'), code);
      return runtimeRangeFor([folder]);
    };
    const [major] = sharedVersion.split('.');
    const since = JSON.parse(readFileSync(path.join(repoRoot, 'shared', 'runtime-since.json'), 'utf8')) as Record<string, Record<string, string>>;

    test("is the major's first release for exports as old as the major, and the newest export's version otherwise", () => {
      expect(since['@platform/shared'].useT).toBe(`${major}.0.0`);
      expect(rangeOf("import { useT, Button } from '@platform/shared';")).toBe(`^${major}.0.0`);
      expect(rangeOf("import { useT, deviceId } from '@platform/shared';\nimport { TextField } from '@platform/shared/forms';")).toBe(`^${since['@platform/shared'].deviceId}`);
      expect(rangeOf("import { PaymentPasswordField } from '@platform/shared/forms';")).toBe(`^${since['@platform/shared/forms'].PaymentPasswordField}`);
      expect(rangeOf("export { deviceId } from '@platform/shared';")).toBe(`^${since['@platform/shared'].deviceId}`);
    });

    test('leaves out type-only imports, and takes a namespace import or an unknown name as needing the runtime there is', () => {
      expect(rangeOf("import type { ApiError } from '@platform/shared';\nimport { type CallResult, useT } from '@platform/shared';\nimport { deviceId } from './not-the-runtime';")).toBe(`^${major}.0.0`);
      expect(rangeOf("import * as runtime from '@platform/shared';")).toBe(`^${sharedVersion}`);
      expect(rangeOf("import { somethingNew } from '@platform/shared';")).toBe(`^${sharedVersion}`);
    });
  });

  test('shares the index and its kits only, not the contract or the HTML sanitizer: each app bundles those', () => {
    const keys = Object.keys(sharedOf('mfe-auth', 'mfe_auth', false));
    expect(keys.filter((key) => key.startsWith('@platform/shared'))).toEqual(['@platform/shared', '@platform/shared/forms', '@platform/shared/records']);
  });

  test('the range is the major and minor of the version, any patch', () => {
    expect(sharedLibraryRange('2.3.1')).toBe('^2.3.0');
    expect(sharedLibraryRange('10.0.7')).toBe('^10.0.0');
  });

  test('a copy on the page outside the range an app requires is refused, not used with a warning', () => {
    const remote = sharedOf('mfe-auth', 'mfe_auth', false)['@platform/shared'];
    const [major, minor] = remote.requiredVersion.slice(1).split('.');
    // A shell built on the previous minor (or the previous major) provides its copy to the page.
    const shellWith = (version: string) =>
      createInstance({
        name: `shell_${version.replace(/\W/g, '_')}`,
        remotes: [],
        shared: { '@platform/shared': { version, lib: () => ({ copy: version }), shareConfig: { singleton: true, requiredVersion: `^${version}` } } },
      });
    const load = (shellVersion: string) => shellWith(shellVersion).loadShareSync<{ copy: string }>('@platform/shared', { customShareInfo: { shareConfig: remote } })();
    const older = Number(minor) > 0 ? `${major}.${Number(minor) - 1}.9` : `${Number(major) - 1}.99.0`;
    expect(() => load(older)).toThrow(/does not satisfy the requirement/);
    expect(() => load(`${Number(major) + 1}.0.0`)).toThrow(/does not satisfy the requirement/);
    // The same minor, any patch: the shell's copy is used.
    expect(load(`${major}.${minor}.7`)).toEqual({ copy: `${major}.${minor}.7` });
  });
});
