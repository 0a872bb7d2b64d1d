import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteManifestEntry } from '@platform/shared/contract';
import type { Db } from '../../db/pool';
import type { ResolvedMerchant } from '../../plugins/merchant';
import { sortReleasesFirst } from './semver';

// /remotes.json: where the shell loads each micro-frontend from. Precedence per remote:
//   1. REMOTE_OVERRIDES (development: a remote's dev server),
//   2. remote_registry.entry_url (an operator pins or swaps a remote),
//   3. the newest release deployed under <staticRoot>/remotes/<name>/<version>/mf-manifest.json.
//      A pre-release (1.3.0-rc.1) deployed beside a release is a canary: it is served only when an
//      operator pins it, or when nothing but pre-releases is deployed.
// Read on every request: a new deploy or an operator's change is seen by the next page load.

export const MANIFEST_FILE = 'mf-manifest.json';

export interface RemotesContext {
  staticRoot?: string;
  overrides: Record<string, string>;
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

export async function listRemotes(db: Db, merchant: ResolvedMerchant, context: RemotesContext): Promise<RemoteManifestEntry[]> {
  const rows = await db.query<{ name: string; entry_url: string | null; version: string | null }>(
    'SELECT name, entry_url, version FROM remote_registry WHERE merchant_id = $1 AND enabled ORDER BY name',
    [merchant.id],
  );
  const entries = await Promise.all(
    rows.rows.map(async (row): Promise<RemoteManifestEntry | undefined> => {
      const override = context.overrides[row.name];
      if (override) return { name: row.name, entry: override, version: null };
      if (row.entry_url) return { name: row.name, entry: row.entry_url, version: row.version };
      if (!context.staticRoot) return undefined;
      const version = await newestDeployedVersion(context.staticRoot, row.name);
      return version
        ? { name: row.name, entry: `/remotes/${row.name}/${version}/${MANIFEST_FILE}`, version }
        : undefined;
    }),
  );
  return entries.filter((entry): entry is RemoteManifestEntry => entry !== undefined);
}
