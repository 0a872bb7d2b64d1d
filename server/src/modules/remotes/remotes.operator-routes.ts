import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, audited, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { describeIncompatibilities, shellSingletons, type ShellSingletons } from './compatibility';
import { deployedReleases, listRemotes, siteReleaseEntry, type DeployedRelease } from './remotes.service';
import { sortNewestFirst } from './semver';

// The operators' side of the remotes (/ops/v1; the command-line tool's `remote-releases`,
// `remote-rollout`, `remote-canary` and `remote-rollback`), per merchant (each brand its own
// registry: one brand can run a lobby another does not), audited: which releases of each remote are
// deployed on this site and which the deployed shell can run (compatibility.ts); rolling one out
// to everyone (the merchant's registry row pins it, and any canary ends); a canary (a release
// served to a share of the devices, canary.ts); rolling back (a running canary ends; without one,
// the release before the one served is pinned). A release the shell cannot run is refused here,
// when it is written, with the reason; /remotes.json also skips such a pin or canary should the
// shell change later (remotes.service.ts). Each change's audit entry holds what the devices were
// served before it and after it (releaseChange: the release everyone gets and the canary).

export interface RemoteReleases {
  name: string;
  /** The release the merchant's registry pins (null: the newest compatible one is served). */
  pinned: string | null;
  /** The version /remotes.json serves now outside a canary (null: none, or an entry that names no version). */
  serving: string | null;
  /** The release served instead to `percent` % of the devices (null: no canary). */
  canary: { version: string; percent: number } | null;
  releases: { version: string; compatible: boolean; problems: string }[];
}

interface RegistryRow {
  name: string;
  entryUrl: string | null;
  version: string | null;
  canaryVersion: string | null;
  canaryPercent: number;
}

const REGISTRY_COLUMNS = 'name, entry_url AS "entryUrl", version, canary_version AS "canaryVersion", canary_percent AS "canaryPercent"';

/** A remote's name and a release's version as operators write them (the API's schemas and the ops tool). */
export const REMOTE_NAME_PATTERN = '^[a-z][a-z0-9_]{1,40}$';
export const RELEASE_VERSION_PATTERN = '^[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$';
const NAME = { type: 'string', pattern: REMOTE_NAME_PATTERN } as const;
const VERSION = { type: 'string', pattern: RELEASE_VERSION_PATTERN } as const;

async function registryRow(db: pg.Pool, merchantId: number, name: string): Promise<RegistryRow> {
  const found = await db.query<RegistryRow>(`SELECT ${REGISTRY_COLUMNS} FROM remote_registry WHERE merchant_id = $1 AND name = $2`, [merchantId, name]);
  if (!found.rows[0]) throw new AppError(404, 'remote.unknown', { detail: name });
  return found.rows[0];
}

async function shellOf(staticRoot: string | undefined): Promise<ShellSingletons | undefined> {
  return staticRoot ? shellSingletons(staticRoot) : undefined;
}

/** Each remote of the merchant with its deployed releases, what is pinned and what is served. */
export async function listReleases(db: pg.Pool, staticRoot: string | undefined, merchantId: number): Promise<RemoteReleases[]> {
  const rows = await db.query<RegistryRow>(`SELECT ${REGISTRY_COLUMNS} FROM remote_registry WHERE merchant_id = $1 ORDER BY name`, [merchantId]);
  const shell = await shellOf(staticRoot);
  // What the shell's pages get, by the same rules (development overrides aside).
  const served = new Map((await listRemotes(db, { id: merchantId }, { staticRoot, overrides: {} })).map((entry) => [entry.name, entry.version]));
  return Promise.all(
    rows.rows.map(async (row) => {
      const releases: DeployedRelease[] = staticRoot ? await deployedReleases(staticRoot, row.name, shell) : [];
      return {
        name: row.name,
        pinned: row.entryUrl && row.version && row.entryUrl === siteReleaseEntry(row.name, row.version) ? row.version : null,
        serving: served.get(row.name) ?? null,
        canary: row.canaryVersion ? { version: row.canaryVersion, percent: row.canaryPercent } : null,
        releases: releases.map((release) => ({ version: release.version, compatible: release.problems.length === 0, problems: describeIncompatibilities(release.problems) })),
      };
    }),
  );
}

/** A deployed release the shell can run; refused with the reason otherwise. */
async function servableRelease(staticRoot: string | undefined, name: string, version: string): Promise<void> {
  const releases = staticRoot ? await deployedReleases(staticRoot, name, await shellOf(staticRoot)) : [];
  const release = releases.find((candidate) => candidate.version === version);
  if (!release) throw new AppError(404, 'remote.release.unknown', { detail: `${name} ${version}` });
  if (release.problems.length) throw new AppError(409, 'remote.release.incompatible', { detail: `${name} ${version} needs ${describeIncompatibilities(release.problems)}` });
}

async function releasesOf(db: pg.Pool, staticRoot: string | undefined, merchantId: number, name: string): Promise<RemoteReleases> {
  return (await listReleases(db, staticRoot, merchantId)).find((remote) => remote.name === name) as RemoteReleases;
}

/**
 * Pins a deployed release the shell can run, for every device: a running canary ends (rolling
 * out the canary's release is how it is promoted). Refused with the reason when the shell cannot
 * run it.
 */
export async function rollOut(db: pg.Pool, staticRoot: string | undefined, merchantId: number, name: string, version: string): Promise<RemoteReleases> {
  await registryRow(db, merchantId, name);
  await servableRelease(staticRoot, name, version);
  await db.query('UPDATE remote_registry SET entry_url = $3, version = $4, canary_version = NULL, canary_percent = 0 WHERE merchant_id = $1 AND name = $2', [
    merchantId,
    name,
    siteReleaseEntry(name, version),
    version,
  ]);
  return releasesOf(db, staticRoot, merchantId, name);
}

/**
 * Serves a deployed release the shell can run to `percent` % of the devices (1-100), each device
 * keeping its side; the others keep the release served now. Setting it again changes the share
 * or the release. Refused when it is the release everyone is served already.
 */
export async function setCanary(db: pg.Pool, staticRoot: string | undefined, merchantId: number, name: string, version: string, percent: number): Promise<RemoteReleases> {
  await registryRow(db, merchantId, name);
  await servableRelease(staticRoot, name, version);
  if ((await releasesOf(db, staticRoot, merchantId, name)).serving === version) throw new AppError(409, 'remote.canary.serving', { detail: `${name} ${version}` });
  await db.query('UPDATE remote_registry SET canary_version = $3, canary_percent = $4 WHERE merchant_id = $1 AND name = $2', [merchantId, name, version, percent]);
  return releasesOf(db, staticRoot, merchantId, name);
}

/** What a roll-back did: ended a canary, or pinned the release before the one served. */
export type RollBack = RemoteReleases & { endedCanary: string | null };

/**
 * With a canary running: ends it (every device back on the release served to the others; that is
 * what an operator rolling back a bad canary wants, and nobody else's release changes). Without
 * one: pins the newest release the shell can run that is older than the one served now, by version
 * order (a pinned pre-release rolls back to the release before it).
 */
export async function rollBack(db: pg.Pool, staticRoot: string | undefined, merchantId: number, name: string): Promise<RollBack> {
  const row = await registryRow(db, merchantId, name);
  if (row.canaryVersion) {
    await db.query('UPDATE remote_registry SET canary_version = NULL, canary_percent = 0 WHERE merchant_id = $1 AND name = $2', [merchantId, name]);
    return { ...(await releasesOf(db, staticRoot, merchantId, name)), endedCanary: row.canaryVersion };
  }
  const current = await releasesOf(db, staticRoot, merchantId, name);
  const previous = releaseBefore(current);
  if (!previous) throw new AppError(409, 'remote.rollback.none', { detail: `${name} ${current.serving ?? '(none served)'}` });
  return { ...(await rollOut(db, staticRoot, merchantId, name, previous)), endedCanary: null };
}

/**
 * The release a roll-back without a canary pins: the newest one the shell can run that is older
 * than the one served now, by version order (undefined: none).
 */
export function releaseBefore(remote: Pick<RemoteReleases, 'serving' | 'releases'>): string | undefined {
  const compatible = sortNewestFirst(remote.releases.filter((release) => release.compatible).map((release) => release.version));
  const index = remote.serving === null ? -1 : compatible.indexOf(remote.serving);
  return index >= 0 ? compatible[index + 1] : undefined;
}

/** What a merchant's devices are served of a remote, as the audit trail records it before and after a change. */
export interface ServedState {
  /** What every device outside a canary gets (null: nothing). */
  serving: string | null;
  /** The release a share of the devices gets instead (null: no canary). */
  canary: { version: string; percent: number } | null;
}

const servedState = (remote: RemoteReleases | undefined): ServedState | null => (remote ? { serving: remote.serving, canary: remote.canary } : null);

/**
 * The audit detail of a change: what the devices were served before it and what they are served
 * once it is done (`after` is what was asked: a refused change left `before` in place). null: no
 * such remote in the registry.
 */
export async function releaseChange(
  db: pg.Pool,
  staticRoot: string | undefined,
  merchantId: number,
  name: string,
  change: { rollout: string } | { canary: { version: string; percent: number } } | { rollback: true },
): Promise<{ before: ServedState | null; after: ServedState | null }> {
  const current = (await listReleases(db, staticRoot, merchantId)).find((remote) => remote.name === name);
  const before = servedState(current);
  if (!before || !current) return { before: null, after: null };
  if ('rollout' in change) return { before, after: { serving: change.rollout, canary: null } };
  if ('canary' in change) return { before, after: { serving: before.serving, canary: change.canary } };
  // A roll-back ends a running canary; without one, it pins the release before (none: refused, nothing changes).
  if (before.canary) return { before, after: { serving: before.serving, canary: null } };
  return { before, after: { serving: releaseBefore(current) ?? before.serving, canary: null } };
}

const releasesProperties = {
    name: { type: 'string' },
    pinned: { type: ['string', 'null'], description: 'the release the registry pins; null: the newest compatible one is served' },
    serving: { type: ['string', 'null'], description: 'what /remotes.json serves now outside a canary' },
    canary: {
      type: ['object', 'null'],
      description: 'the release served instead to a share of the devices; null: no canary',
      required: ['version', 'percent'],
      properties: { version: { type: 'string' }, percent: { type: 'integer', minimum: 1, maximum: 100 } },
    },
    releases: {
      type: 'array',
      description: 'deployed releases, newest first (releases before pre-releases)',
      items: {
        type: 'object',
        required: ['version', 'compatible', 'problems'],
        properties: { version: { type: 'string' }, compatible: { type: 'boolean' }, problems: { type: 'string', description: 'why the deployed shell cannot run it; empty when it can' } },
      },
    },
} as const;

const releasesValue = { type: 'object', required: ['name', 'pinned', 'serving', 'canary', 'releases'], properties: releasesProperties } as const;

const rollBackValue = {
  type: 'object',
  required: ['name', 'pinned', 'serving', 'canary', 'releases', 'endedCanary'],
  properties: { ...releasesProperties, endedCanary: { type: ['string', 'null'], description: 'the canary release the roll-back ended; null: it pinned the release before instead' } },
} as const;

export function remotesOperatorRoutes(staticRoot: string | undefined): FastifyPluginAsync<{ db: pg.Pool; clock: Clock }> {
  return async (app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }) => {
    app.get('/remotes/releases', {
      schema: apiSchema({
        tags: ['operator'],
        summary: 'The deployed releases of each remote, whether the deployed shell can run each, and what is pinned and served',
        headers: bearerHeader,
        value: { type: 'array', items: releasesValue },
      }),
    }, async (request) => ok(await listReleases(db, staticRoot, operatorOf(request).merchantId)));

    app.post<{ Body: { name: string; version: string } }>('/remotes/rollout', {
      schema: apiSchema({
        tags: ['operator'],
        summary: 'Serve a deployed release of a remote to every device of this merchant (pinned in its registry; a running canary ends)',
        description:
          '404 remote.unknown: no such remote in the registry; 404 remote.release.unknown: that version is not deployed; 409 remote.release.incompatible: the deployed shell cannot run it (detail: which shared module and range).',
        headers: bearerHeader,
        body: { type: 'object', required: ['name', 'version'], additionalProperties: false, properties: { name: NAME, version: VERSION } },
        value: releasesValue,
      }),
    }, async (request) => {
      const { merchantId } = operatorOf(request);
      const { name, version } = request.body;
      const change = await releaseChange(db, staticRoot, merchantId, name, { rollout: version });
      return audited(auditContextOf(request, db, clock), { action: 'remote.rollout', targetType: 'remote', targetId: name, detail: { version, ...change } }, async () =>
        ok(await rollOut(db, staticRoot, merchantId, name, version)),
      );
    });

    app.post<{ Body: { name: string; version: string; percent: number } }>('/remotes/canary', {
      schema: apiSchema({
        tags: ['operator'],
        summary: 'Serve a deployed release of a remote to a share of this merchant\'s devices (each keeps its side); the others keep the release served now',
        description:
          '404 remote.unknown; 404 remote.release.unknown; 409 remote.release.incompatible (as for a roll-out); 409 remote.canary.serving: everyone is served that release already. Setting it again changes the share or the release; a roll-back ends it, a roll-out of its release promotes it.',
        headers: bearerHeader,
        body: {
          type: 'object',
          required: ['name', 'version', 'percent'],
          additionalProperties: false,
          properties: { name: NAME, version: VERSION, percent: { type: 'integer', minimum: 1, maximum: 100, description: 'share of the devices, in per cent' } },
        },
        value: releasesValue,
      }),
    }, async (request) => {
      const { merchantId } = operatorOf(request);
      const { name, version, percent } = request.body;
      const change = await releaseChange(db, staticRoot, merchantId, name, { canary: { version, percent } });
      return audited(auditContextOf(request, db, clock), { action: 'remote.canary', targetType: 'remote', targetId: name, detail: { version, percent, ...change } }, async () =>
        ok(await setCanary(db, staticRoot, merchantId, name, version, percent)),
      );
    });

    app.post<{ Body: { name: string } }>('/remotes/rollback', {
      schema: apiSchema({
        tags: ['operator'],
        summary: 'End a running canary; without one, serve the release before the one served now (the newest older one the shell can run), pinned',
        description: '404 remote.unknown: no such remote in the registry; 409 remote.rollback.none: no canary runs and no older release the shell can run is deployed.',
        headers: bearerHeader,
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: NAME } },
        value: rollBackValue,
      }),
    }, async (request) => {
      const { merchantId } = operatorOf(request);
      const { name } = request.body;
      const change = await releaseChange(db, staticRoot, merchantId, name, { rollback: true });
      return audited(auditContextOf(request, db, clock), { action: 'remote.rollback', targetType: 'remote', targetId: name, detail: { ...change } }, async () =>
        ok(await rollBack(db, staticRoot, merchantId, name)),
      );
    });
  };
}
