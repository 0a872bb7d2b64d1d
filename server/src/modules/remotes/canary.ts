import { createHash } from 'node:crypto';

// Which side of a remote's canary a device is on. The share is counted in 100 buckets; a device's
// bucket is drawn from its Device-Id (the random id the API client keeps in the browser's
// localStorage, shared/src/api/client.ts) and the remote's name, so:
//   - a device keeps its side on every page load while the canary runs (no flicker between
//     releases from one load to the next);
//   - raising the share only adds devices: those already on the canary stay on it;
//   - each remote draws its own split, so one device is not the guinea pig of every canary.
// A request without a usable Device-Id gets the stable release. The id is the caller's own, so a
// player can choose a side by choosing an id: a canary is a release the operator chose to serve,
// never a privilege.

/** The device's bucket for this remote, 0-99. */
export function canaryBucket(remote: string, deviceId: string): number {
  const digest = createHash('sha256').update(`${remote}\n${deviceId}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** Whether this device gets the canary of `remote` at `percent` (0: nobody, 100: everybody). */
export function onCanary(remote: string, deviceId: string | undefined, percent: number): boolean {
  return deviceId !== undefined && percent > 0 && canaryBucket(remote, deviceId) < percent;
}
