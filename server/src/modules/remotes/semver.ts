// Just enough semantic versioning to pick the newest deployed remote folder (1.10.0 > 1.9.3,
// 2.0.0 > 2.0.0-rc.1). Folder names that are not versions are ignored.

export interface Version {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

const VERSION = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version | undefined {
  const match = VERSION.exec(text);
  if (!match) return undefined;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

function compareIdentifiers(a: string, b: string): number {
  const aNumeric = /^\d+$/.test(a);
  const bNumeric = /^\d+$/.test(b);
  if (aNumeric && bNumeric) return Number(a) - Number(b);
  if (aNumeric) return -1; // numeric identifiers sort before alphanumeric ones
  if (bNumeric) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareVersions(a: Version, b: Version): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return core;
  // A release is newer than any of its pre-releases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) return b.prerelease.length - a.prerelease.length;
  for (let i = 0; i < Math.min(a.prerelease.length, b.prerelease.length); i++) {
    const order = compareIdentifiers(a.prerelease[i], b.prerelease[i]);
    if (order !== 0) return order;
  }
  return a.prerelease.length - b.prerelease.length;
}

/** The names that parse as versions, newest first; other names are dropped. */
export function sortNewestFirst(names: string[]): string[] {
  return names
    .map((name) => ({ name, version: parseVersion(name) }))
    .filter((item): item is { name: string; version: Version } => item.version !== undefined)
    .sort((a, b) => compareVersions(b.version, a.version))
    .map((item) => item.name);
}

/** Like sortNewestFirst, but every release comes before every pre-release. */
export function sortReleasesFirst(names: string[]): string[] {
  const sorted = sortNewestFirst(names);
  const isRelease = (name: string) => parseVersion(name)!.prerelease.length === 0;
  return [...sorted.filter(isRelease), ...sorted.filter((name) => !isRelease(name))];
}
