// What the Releases section can offer for one remote, from what GET /ops/v1/remotes/releases
// answers, and what each change would do: the page asks the operator to confirm "from → to"
// before calling the server, which decides by the same rules (server/src/modules/remotes/
// remotes.operator-routes.ts) and may still refuse, e.g. when a release was removed meanwhile.
import semver from 'semver';

/** A remote as GET /remotes/releases answers it for the operator's brand. */
export interface RemoteReleases {
  name: string;
  /** The release the brand's registry pins (null: the newest one the shell can run is served). */
  pinned: string | null;
  /** What every device outside a canary is served now (null: nothing). */
  serving: string | null;
  /** The release served instead to `percent` % of the devices (null: no canary). */
  canary: { version: string; percent: number } | null;
  /** The deployed releases, newest first (releases before pre-releases). */
  releases: { version: string; compatible: boolean; problems: string }[];
}

/** A roll-back's answer: the remote after it, and the canary it ended (null: it pinned the release before). */
export type RollBackAnswer = RemoteReleases & { endedCanary: string | null };

/**
 * Semantic version order (1.10.0 after 1.9.3, 2.0.0 after 2.0.0-rc.1), as the server orders
 * releases (semver, as server/src/modules/remotes/compatibility.ts); negative when `a` is older.
 * Names that are not versions sort before every version.
 */
export function compareVersions(a: string, b: string): number {
  const left = semver.valid(a);
  const right = semver.valid(b);
  if (!left || !right) return (left ? 1 : 0) - (right ? 1 : 0);
  return semver.compare(left, right);
}

const compatibleVersions = (remote: RemoteReleases): string[] => remote.releases.filter((release) => release.compatible).map((release) => release.version);

/**
 * The release before the one served: the newest one the shell can run that is older by version
 * order (a pre-release rolls back to the release before it); undefined when there is none.
 */
export function releaseBefore(remote: RemoteReleases): string | undefined {
  const serving = remote.serving;
  const compatible = compatibleVersions(remote);
  // As the server: nothing before a release it does not list as one the shell can run (an entry of the operator's own, say).
  if (serving === null || !compatible.includes(serving) || !semver.valid(serving)) return undefined;
  const older = compatible.filter((version) => semver.valid(version) && compareVersions(version, serving) < 0);
  return older.sort((a, b) => compareVersions(b, a))[0];
}

/** What a roll-back would do: end the canary, or serve the release before to every device. */
export type RollBackPlan = { kind: 'endCanary'; canary: { version: string; percent: number }; to: string | null } | { kind: 'previous'; from: string; to: string };

/** What rolling back does now (undefined: nothing to roll back to, which the server refuses). */
export function rollBackPlan(remote: RemoteReleases): RollBackPlan | undefined {
  if (remote.canary) return { kind: 'endCanary', canary: remote.canary, to: remote.serving };
  const previous = releaseBefore(remote);
  return previous && remote.serving ? { kind: 'previous', from: remote.serving, to: previous } : undefined;
}

/**
 * The releases a roll-out or a canary may serve: those the shell can run but the one every device
 * outside a canary is served already (the server refuses a canary of it; ending a canary is a
 * roll-back's work). Rolling out the canary's release promotes it to every device.
 */
export function changeChoices(remote: RemoteReleases): string[] {
  return compatibleVersions(remote).filter((version) => version !== remote.serving);
}

export const CANARY_MIN_PERCENT = 1;
export const CANARY_MAX_PERCENT = 100;

/**
 * A canary's share of the devices as typed: a whole number of per cent, 1–100 (what the server
 * takes; a canary is ended by rolling back, not by a share of 0). undefined: not a share.
 */
export function parseCanaryShare(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const percent = Number(trimmed);
  return percent >= CANARY_MIN_PERCENT && percent <= CANARY_MAX_PERCENT ? percent : undefined;
}
