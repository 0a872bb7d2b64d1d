import { registerRemotes } from '@module-federation/enhanced/runtime';
import { deviceId, type RemoteManifestEntry } from '@platform/shared';
import { REMOTE_NAMES, type RemoteName } from './remote-names';

const registered = new Map<RemoteName, RemoteManifestEntry>();

function isKnownRemote(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/**
 * Reads the operator's remote list and registers each remote's mf-manifest.json with the
 * federation runtime. Fetched with no-store so a swapped remote reaches users on their next load;
 * with this browser's Device-Id, which decides its side of a remote's canary (the same side on
 * every load).
 * A failure here leaves every remote slot showing its "temporarily unavailable" panel; the
 * shell's own chrome still works.
 */
export async function loadRemoteManifest(fetchImpl: typeof fetch = fetch): Promise<RemoteManifestEntry[]> {
  let entries: RemoteManifestEntry[] = [];
  try {
    const response = await fetchImpl('/remotes.json', { cache: 'no-store', headers: { Accept: 'application/json', 'Device-Id': deviceId() } });
    if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error('remotes.json is not a list');
    entries = body.filter(
      (entry): entry is RemoteManifestEntry =>
        typeof entry?.name === 'string' && typeof entry?.entry === 'string' && isKnownRemote(entry.name),
    );
  } catch (error) {
    console.error('[remotes] could not read /remotes.json', error);
    return [];
  }
  for (const entry of entries) registered.set(entry.name as RemoteName, entry);
  registerRemotes(entries.map(({ name, entry }) => ({ name, entry })));
  return entries;
}

export function getRegisteredRemote(name: RemoteName): RemoteManifestEntry | undefined {
  return registered.get(name);
}

/**
 * Forgets what the runtime cached for one remote (manifest, entry script, failures) so that a
 * retry really asks the network again.
 */
export function resetRemote(name: RemoteName): void {
  const entry = registered.get(name);
  if (entry) registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
}
