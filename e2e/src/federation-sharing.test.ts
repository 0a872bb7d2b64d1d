import { createInstance } from '@module-federation/runtime';
import path from 'node:path';

// The federation config enforces the compatibility rule of shared/README.md: an app accepts the
// page's @platform/shared only with the same major and at least the minor it was built with,
// and bundles the wire contract (@platform/shared/contract) itself.

const repoRoot = path.resolve(__dirname, '..', '..');
const { createConfig, sharedLibraryRange } = require(path.join(repoRoot, 'tools', 'webpack', 'create-config.cjs'));
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
  test.each([
    ['shell', 'shell', true],
    ['mfe-auth', 'mfe_auth', false],
  ])('%s shares it as a singleton requiring ^major.minor.0 of its own version', (appDir, federationName, isHost) => {
    const [major, minor] = sharedVersion.split('.');
    const shared = sharedOf(appDir, federationName, isHost);
    // The index and its two kits (5.0.0), each a singleton of the package's version.
    for (const key of ['@platform/shared', '@platform/shared/forms', '@platform/shared/records']) {
      expect({ key, ...shared[key] }).toEqual({ key, singleton: true, requiredVersion: `^${major}.${minor}.0`, version: sharedVersion, strictVersion: true });
    }
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
    const [major, minor] = sharedVersion.split('.');
    const remote = sharedOf('mfe-auth', 'mfe_auth', false)['@platform/shared'];
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
