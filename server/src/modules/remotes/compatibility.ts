import fs from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';

// Whether a remote build can run under the deployed shell. The page runs one copy of each
// federation singleton (React, react-dom, @platform/shared and its kits): the shell's. Module
// Federation without strictVersion only warns when a remote asks for a range that copy does not
// satisfy, and then runs the remote on it anyway. So the server checks before anyone loads it:
// a remote release is compatible when every singleton its manifest requires, and the shell
// provides, is provided in a version inside the remote's required range. A singleton the shell
// does not provide (a kit the shell never loads) is the remote's own to bring.
//
// Both sides are read from the builds' own mf-manifest.json (tools/webpack/create-config.cjs writes
// `shared: [{ name, version, requiredVersion, singleton }]`): <staticRoot>/shell/ for the shell,
// <staticRoot>/remotes/<name>/<version>/ for each release.

export const MANIFEST_FILE = 'mf-manifest.json';

interface SharedEntry {
  name: string;
  version?: string;
  requiredVersion?: string;
  singleton?: boolean | null;
}

/** What the shell provides: singleton name → version. */
export type ShellSingletons = ReadonlyMap<string, string>;

/** One reason a release cannot run under the shell. */
export interface Incompatibility {
  shared: string;
  required: string;
  shell: string;
}

async function readShared(file: string): Promise<SharedEntry[] | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const manifest = JSON.parse(text) as { shared?: unknown };
    return Array.isArray(manifest.shared) ? (manifest.shared as SharedEntry[]).filter((entry) => entry && typeof entry.name === 'string') : [];
  } catch {
    return undefined;
  }
}

/**
 * The singletons of the deployed shell (undefined when no shell build with a manifest is deployed,
 * e.g. a development server: then nothing is checked).
 */
export async function shellSingletons(staticRoot: string): Promise<ShellSingletons | undefined> {
  const shared = await readShared(path.join(staticRoot, 'shell', MANIFEST_FILE));
  if (!shared) return undefined;
  return new Map(shared.filter((entry) => entry.singleton && entry.version).map((entry) => [entry.name, entry.version as string]));
}

/** The shared modules a release's manifest requires (undefined: no readable manifest there). */
export async function releaseShared(staticRoot: string, name: string, version: string): Promise<SharedEntry[] | undefined> {
  return readShared(path.join(staticRoot, 'remotes', name, version, MANIFEST_FILE));
}

/** Why a release with these shared requirements cannot run under the shell (empty: it can). */
export function incompatibilities(required: readonly SharedEntry[], shell: ShellSingletons): Incompatibility[] {
  const problems: Incompatibility[] = [];
  for (const entry of required) {
    if (!entry.singleton || !entry.requiredVersion) continue;
    const provided = shell.get(entry.name);
    if (provided === undefined) continue;
    if (!semver.satisfies(provided, entry.requiredVersion, { includePrerelease: true })) {
      problems.push({ shared: entry.name, required: entry.requiredVersion, shell: provided });
    }
  }
  return problems;
}

/** The problems in words, for an operator: "@platform/shared ^6.0.0 (the shell has 5.6.0)". */
export const describeIncompatibilities = (problems: readonly Incompatibility[]): string =>
  problems.map((problem) => `${problem.shared} ${problem.required} (the shell has ${problem.shell})`).join('; ');
