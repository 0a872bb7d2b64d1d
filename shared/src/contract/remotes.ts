// `/remotes.json` (server module remotes/): not a /wps call, read by the shell's loader.

/** Federation name → URL of that remote's mf-manifest.json. */
export interface RemoteManifestEntry {
  name: string;
  entry: string;
  version: string | null;
}
