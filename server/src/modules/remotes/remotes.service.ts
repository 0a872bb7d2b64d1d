import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteManifestEntry } from '@platform/contract';
import type { Db } from '../../db/pool';
import type { ResolvedMerchant } from '../../plugins/merchant';
import { onCanary } from './canary';
import { incompatibilities, MANIFEST_FILE, releaseShared, shellSingletons, type Incompatibility, type ShellSingletons } from './compatibility';
import { releaseRoutes, type InvalidRoutesListener } from './release-routes';
import { sortReleasesFirst } from './semver';

// /remotes.json: where the shell loads each micro-frontend from. Precedence per remote:
//   1. REMOTE_OVERRIDES (development: a remote's dev server),
//   2. remote_registry.entry_url (an operator pins or swaps a remote), only on an origin the
//      operator allowed in remote_origin (migration 011) or as a path on the site itself: an entry
//      elsewhere is ignored (and logged), since whatever it names runs as the site's own code; a
//      release of the site's own that the deployed shell cannot run (compatibility.ts) is ignored
//      (and logged) too,
//   3. the newest release deployed under <staticRoot>/remotes/<name>/<version>/mf-manifest.json
//      that the deployed shell can run (an older compatible one when the newest is not).
//      A pre-release (1.3.0-rc.1) deployed beside a release is served only when an operator pins
//      it, or when nothing but pre-releases is deployed.
// And over all but the development override: the merchant's canary (remote_registry.canary_version,
// migration 052), a deployed release the shell can run served instead to canary_percent of the
// devices, each device keeping its side (canary.ts).
// Read on every request: a new deploy or an operator's change is seen by the next page load.
// An entry served from a release folder of the site carries that release's routes (its
// routes.json, release-routes.ts); any other entry (a dev server, an operator's own URL) none.

export { MANIFEST_FILE };

export interface RemotesContext {
  staticRoot?: string;
  overrides: Record<string, string>;
}

/**
 * Told of a registry entry that is not served: not on an allowed origin, a release of the site's
 * own the deployed shell cannot run (`problems`), or a canary whose release is not deployed
 * (`canary`, no `problems`) or cannot run.
 */
export type RefusedEntryListener = (remote: { name: string; entryUrl: string; problems?: Incompatibility[]; canary?: boolean }) => void;

export interface ListRemotesOptions {
  /** The asking browser's Device-Id: which side of a canary it is on (none: the stable side). */
  deviceId?: string;
  onRefused?: RefusedEntryListener;
  onInvalidRoutes?: InvalidRoutesListener;
}

/** scheme://host[:port] of an absolute http(s) URL, as written (lower-cased); no user info. */
const ABSOLUTE_ENTRY = /^(https?:\/\/[^/?#\\@]+)(?:[/?#]|$)/i;
/** A path on the site itself; not "//host" nor "/\host", which browsers read as another host. */
const SITE_PATH = /^\/[^/\\]/;

/**
 * Where an entry URL loads code from: 'site' for a path on the site's own origin, the origin of an
 * absolute http(s) URL, or undefined for anything else (another scheme, user info, a relative
 * path). The same rule as the database's remote_entry_url_allowed (migration 011).
 */
export function entryOrigin(url: string): 'site' | string | undefined {
  if (SITE_PATH.test(url)) return 'site';
  const match = ABSOLUTE_ENTRY.exec(url);
  return match ? match[1].toLowerCase() : undefined;
}

/** The origins the operator allowed for this merchant's remotes (remote_origin). */
export async function allowedRemoteOrigins(db: Db, merchant: Pick<ResolvedMerchant, 'id'>): Promise<string[]> {
  const result = await db.query<{ origin: string }>('SELECT origin FROM remote_origin WHERE merchant_id = $1 ORDER BY origin', [merchant.id]);
  return result.rows.map((row) => row.origin);
}

/** The origins of the REMOTE_OVERRIDES entries (development servers): allowed by configuration. */
export function overrideOrigins(overrides: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(overrides)) {
    const origin = entryOrigin(url);
    if (origin && origin !== 'site') origins.add(origin);
  }
  return [...origins].sort();
}

/**
 * Every origin this merchant's pages may load remote code from: the operator's allowed origins
 * and those of REMOTE_OVERRIDES. The Content-Security-Policy is built from it.
 */
export async function remoteOrigins(db: Db, merchant: ResolvedMerchant, overrides: Record<string, string>): Promise<string[]> {
  return [...new Set([...(await allowedRemoteOrigins(db, merchant)), ...overrideOrigins(overrides)])].sort();
}

async function fileExists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** A version folder of a remote that holds a manifest, and why the shell cannot run it (empty: it can). */
export interface DeployedRelease {
  version: string;
  problems: Incompatibility[];
}

/**
 * The version folders of a remote that hold a manifest, releases first, newest first, each with
 * its incompatibilities with the deployed shell (`shell` undefined: none checked).
 */
export async function deployedReleases(staticRoot: string, name: string, shell: ShellSingletons | undefined): Promise<DeployedRelease[]> {
  let entries: string[];
  try {
    entries = (await fs.readdir(path.join(staticRoot, 'remotes', name), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return []; // nothing deployed for this remote
  }
  const releases: DeployedRelease[] = [];
  for (const version of sortReleasesFirst(entries)) {
    if (!(await fileExists(path.join(staticRoot, 'remotes', name, version, MANIFEST_FILE)))) continue;
    const shared = shell ? await releaseShared(staticRoot, name, version) : [];
    releases.push({ version, problems: shell ? incompatibilities(shared ?? [], shell) : [] });
  }
  return releases;
}

/** The newest version folder of a remote that holds a manifest and that the shell can run, releases first. */
export async function newestDeployedVersion(staticRoot: string, name: string, shell?: ShellSingletons): Promise<string | undefined> {
  return (await deployedReleases(staticRoot, name, shell)).find((release) => release.problems.length === 0)?.version;
}

/** `/remotes/<name>/<version>/mf-manifest.json`: a pin to a release deployed on the site itself. */
export const siteReleaseEntry = (name: string, version: string): string => `/remotes/${name}/${version}/${MANIFEST_FILE}`;

/** The release a site-path entry names for this remote (undefined: another kind of entry). */
function siteReleaseVersion(name: string, entryUrl: string): string | undefined {
  const prefix = `/remotes/${name}/`;
  const suffix = `/${MANIFEST_FILE}`;
  if (!entryUrl.startsWith(prefix) || !entryUrl.endsWith(suffix)) return undefined;
  const version = entryUrl.slice(prefix.length, -suffix.length);
  return /^[0-9A-Za-z.+-]+$/.test(version) ? version : undefined;
}

/**
 * Why a release deployed on the site cannot be served: 'missing' when no manifest of it is
 * deployed, its incompatibilities with the shell otherwise (empty: it can be served).
 */
async function siteReleaseProblems(staticRoot: string, name: string, version: string, shell: ShellSingletons | undefined): Promise<Incompatibility[] | 'missing'> {
  const shared = await releaseShared(staticRoot, name, version);
  if (!shared) return 'missing';
  return shell ? incompatibilities(shared, shell) : [];
}

interface RegistryRow {
  name: string;
  entry_url: string | null;
  version: string | null;
  canary_version: string | null;
  canary_percent: number;
}

export async function listRemotes(
  db: Db,
  merchant: Pick<ResolvedMerchant, 'id'>,
  context: RemotesContext,
  { deviceId, onRefused = () => undefined, onInvalidRoutes = () => undefined }: ListRemotesOptions = {},
): Promise<RemoteManifestEntry[]> {
  const [rows, allowed] = await Promise.all([
    db.query<RegistryRow>(
      'SELECT name, entry_url, version, canary_version, canary_percent FROM remote_registry WHERE merchant_id = $1 AND enabled ORDER BY name',
      [merchant.id],
    ),
    allowedRemoteOrigins(db, merchant),
  ]);
  const isAllowed = (url: string) => {
    const origin = entryOrigin(url);
    return origin === 'site' || (origin !== undefined && allowed.includes(origin));
  };
  const shell = context.staticRoot ? await shellSingletons(context.staticRoot) : undefined;
  const stableEntry = async (row: RegistryRow): Promise<RemoteManifestEntry | undefined> => {
    if (row.entry_url) {
      const pinned = siteReleaseVersion(row.name, row.entry_url);
      const problems = pinned && context.staticRoot && shell ? incompatibilities((await releaseShared(context.staticRoot, row.name, pinned)) ?? [], shell) : [];
      if (isAllowed(row.entry_url) && problems.length === 0) return { name: row.name, entry: row.entry_url, version: row.version };
      // Not served: the deployed build stands in for it, as if the entry were cleared.
      onRefused({ name: row.name, entryUrl: row.entry_url, ...(problems.length ? { problems } : {}) });
    }
    if (!context.staticRoot) return undefined;
    const version = await newestDeployedVersion(context.staticRoot, row.name, shell);
    return version ? { name: row.name, entry: siteReleaseEntry(row.name, version), version } : undefined;
  };
  const entries = await Promise.all(
    rows.rows.map(async (row): Promise<RemoteManifestEntry | undefined> => {
      const override = context.overrides[row.name];
      if (override) return { name: row.name, entry: override, version: null };
      if (row.canary_version && context.staticRoot && onCanary(row.name, deviceId, row.canary_percent)) {
        const problems = await siteReleaseProblems(context.staticRoot, row.name, row.canary_version, shell);
        const entry = siteReleaseEntry(row.name, row.canary_version);
        if (problems !== 'missing' && problems.length === 0) return { name: row.name, entry, version: row.canary_version };
        // The canary's folder was removed, or the shell changed since it was set: the stable side.
        onRefused({ name: row.name, entryUrl: entry, canary: true, ...(problems === 'missing' ? {} : { problems }) });
      }
      return stableEntry(row);
    }),
  );
  const withRoutes = async (entry: RemoteManifestEntry): Promise<RemoteManifestEntry> => {
    const release = siteReleaseVersion(entry.name, entry.entry);
    const routes = release && context.staticRoot ? await releaseRoutes(context.staticRoot, entry.name, release, onInvalidRoutes) : undefined;
    return routes ? { ...entry, routes } : entry;
  };
  return Promise.all(entries.filter((entry): entry is RemoteManifestEntry => entry !== undefined).map(withRoutes));
}
