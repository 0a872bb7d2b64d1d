import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteManifestEntry } from '@platform/shared/contract';
import type { Db } from '../../db/pool';
import type { ResolvedMerchant } from '../../plugins/merchant';
import { sortReleasesFirst } from './semver';

// /remotes.json: where the shell loads each micro-frontend from. Precedence per remote:
//   1. REMOTE_OVERRIDES (development: a remote's dev server),
//   2. remote_registry.entry_url (an operator pins or swaps a remote), only on an origin the
//      operator allowed in remote_origin (migration 011) or as a path on the site itself: an entry
//      elsewhere is ignored (and logged), since whatever it names runs as the site's own code,
//   3. the newest release deployed under <staticRoot>/remotes/<name>/<version>/mf-manifest.json.
//      A pre-release (1.3.0-rc.1) deployed beside a release is a canary: it is served only when an
//      operator pins it, or when nothing but pre-releases is deployed.
// Read on every request: a new deploy or an operator's change is seen by the next page load.

export const MANIFEST_FILE = 'mf-manifest.json';

export interface RemotesContext {
  staticRoot?: string;
  overrides: Record<string, string>;
}

/** Told of a registry entry that is not on an allowed origin (it is not served). */
export type RefusedEntryListener = (remote: { name: string; entryUrl: string }) => void;

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
export async function allowedRemoteOrigins(db: Db, merchant: ResolvedMerchant): Promise<string[]> {
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

/** The newest version folder of a remote that actually holds a manifest, releases first. */
export async function newestDeployedVersion(staticRoot: string, name: string): Promise<string | undefined> {
  let entries: string[];
  try {
    entries = (await fs.readdir(path.join(staticRoot, 'remotes', name), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return undefined; // nothing deployed for this remote
  }
  for (const folder of sortReleasesFirst(entries)) {
    if (await fileExists(path.join(staticRoot, 'remotes', name, folder, MANIFEST_FILE))) return folder;
  }
  return undefined;
}

export async function listRemotes(
  db: Db,
  merchant: ResolvedMerchant,
  context: RemotesContext,
  onRefused: RefusedEntryListener = () => undefined,
): Promise<RemoteManifestEntry[]> {
  const [rows, allowed] = await Promise.all([
    db.query<{ name: string; entry_url: string | null; version: string | null }>(
      'SELECT name, entry_url, version FROM remote_registry WHERE merchant_id = $1 AND enabled ORDER BY name',
      [merchant.id],
    ),
    allowedRemoteOrigins(db, merchant),
  ]);
  const isAllowed = (url: string) => {
    const origin = entryOrigin(url);
    return origin === 'site' || (origin !== undefined && allowed.includes(origin));
  };
  const entries = await Promise.all(
    rows.rows.map(async (row): Promise<RemoteManifestEntry | undefined> => {
      const override = context.overrides[row.name];
      if (override) return { name: row.name, entry: override, version: null };
      if (row.entry_url) {
        if (isAllowed(row.entry_url)) return { name: row.name, entry: row.entry_url, version: row.version };
        // Not served: the deployed build stands in for it, as if the entry were cleared.
        onRefused({ name: row.name, entryUrl: row.entry_url });
      }
      if (!context.staticRoot) return undefined;
      const version = await newestDeployedVersion(context.staticRoot, row.name);
      return version
        ? { name: row.name, entry: `/remotes/${row.name}/${version}/${MANIFEST_FILE}`, version }
        : undefined;
    }),
  );
  return entries.filter((entry): entry is RemoteManifestEntry => entry !== undefined);
}
