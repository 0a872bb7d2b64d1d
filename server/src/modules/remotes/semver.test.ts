import { parseVersion, sortNewestFirst, sortReleasesFirst } from './semver';

const newestVersion = (names: string[]): string | undefined => sortNewestFirst(names)[0];

describe('sortNewestFirst', () => {
  it('sorts a whole list', () => {
    expect(sortNewestFirst(['1.0.0', 'latest', '1.10.0', '1.10.0-rc.1', '1.2.0'])).toEqual(['1.10.0', '1.10.0-rc.1', '1.2.0', '1.0.0']);
  });

  it('orders numerically, not alphabetically', () => {
    expect(newestVersion(['1.9.3', '1.10.0', '1.2.0'])).toBe('1.10.0');
    expect(newestVersion(['0.9.0', '10.0.0', '9.99.99'])).toBe('10.0.0');
  });

  it('puts a release after its pre-releases', () => {
    expect(newestVersion(['2.0.0-rc.1', '2.0.0', '2.0.0-beta.5'])).toBe('2.0.0');
    expect(newestVersion(['2.0.0-rc.2', '2.0.0-rc.10', '1.9.0'])).toBe('2.0.0-rc.10');
    expect(newestVersion(['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-1'])).toBe('1.0.0-alpha.1');
  });

  it('ignores names that are not versions', () => {
    expect(newestVersion(['latest', 'current', '1.0', '1.0.0.0'])).toBeUndefined();
    expect(newestVersion(['latest', 'v1.2.3'])).toBe('v1.2.3');
    expect(parseVersion('01.0.0')).toBeUndefined();
  });
});

describe('sortReleasesFirst', () => {
  it('puts every release before any pre-release, each group newest first', () => {
    expect(sortReleasesFirst(['1.0.0', '2.0.0-e2e', '1.1.0', '3.0.0-rc.1', 'latest'])).toEqual(['1.1.0', '1.0.0', '3.0.0-rc.1', '2.0.0-e2e']);
  });

  it('still offers pre-releases when nothing else is deployed', () => {
    expect(sortReleasesFirst(['0.1.0-alpha', '0.1.0-beta'])[0]).toBe('0.1.0-beta');
  });
});
