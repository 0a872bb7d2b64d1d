import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { deployedSections, SECTION_NAME_PATTERN, sectionPins, servedRelease, servedSections } from './backoffice-sections';
import { RELEASE_VERSION_PATTERN } from './remotes.operator-routes';
import { sortNewestFirst } from './semver';

// The operators' side of the back office's sections (/ops/v1; the command-line tool's
// `section-releases`, `section-rollout`, `section-rollback` and `section-follow`), per merchant:
// what every signed-in operator's browser loads (GET /backoffice/sections), and for admins the
// deployed releases of each section, pinning one (a roll-out, or a roll-back to the release before
// the one served), or following the newest again. Each change is audited once, with what the
// merchant was pinned to and served before it and after it. One change of a section at a time per
// merchant (an advisory lock in the change's transaction): two admins rolling the same section
// back at once step back one release each, in turn, and each audit row says from what to what.

/** A section's releases as admins see them. */
export interface SectionReleases {
  name: string;
  /** The release the merchant pinned (null: the newest is served); kept even when its folder was removed. */
  pinned: string | null;
  /** The release the merchant's operators load now (null: none deployed). */
  serving: string | null;
  releases: { version: string; compatible: boolean; problem: string }[];
}

/** What a change's audit row records before and after it. */
interface SectionState {
  pinned: string | null;
  serving: string | null;
}

const NAME = { type: 'string', pattern: SECTION_NAME_PATTERN } as const;
const VERSION = { type: 'string', pattern: RELEASE_VERSION_PATTERN } as const;

/** Every deployed section (sorted by name) with its releases, what the merchant pinned and what it is served. */
export async function listSectionReleases(db: Db, staticRoot: string | undefined, merchantId: number): Promise<SectionReleases[]> {
  const [sections, pins] = await Promise.all([deployedSections(staticRoot), sectionPins(db, merchantId)]);
  return sections.map((section) => ({
    name: section.name,
    pinned: pins.get(section.name) ?? null,
    serving: servedRelease(section, pins.get(section.name)) ?? null,
    releases: section.releases.map((version) => ({ version, compatible: !section.problems[version], problem: section.problems[version] ?? '' })),
  }));
}

/** One section's row, read inside the change's transaction; 404 backoffice.section.unknown when its folder is not deployed. */
async function sectionRow(client: pg.PoolClient, staticRoot: string | undefined, merchantId: number, name: string): Promise<SectionReleases> {
  const section = (await listSectionReleases(client, staticRoot, merchantId)).find((candidate) => candidate.name === name);
  if (!section) throw new AppError(404, 'backoffice.section.unknown', { detail: name });
  return section;
}

const stateOf = (section: SectionReleases): SectionState => ({ pinned: section.pinned, serving: section.serving });

/**
 * Runs one change of a section in a transaction holding that merchant's section lock, and answers
 * it as auditedChange wants: the row before, the row after (what the route answers).
 */
async function changeSection(
  db: pg.Pool,
  staticRoot: string | undefined,
  merchantId: number,
  name: string,
  write: (client: pg.PoolClient, before: SectionReleases) => Promise<void>,
): Promise<{ before: SectionState; after: SectionState; value: SectionReleases }> {
  return withTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`backoffice_section:${merchantId}:${name}`]);
    const before = await sectionRow(client, staticRoot, merchantId, name);
    await write(client, before);
    const after = await sectionRow(client, staticRoot, merchantId, name);
    return { before: stateOf(before), after: stateOf(after), value: after };
  });
}

const pin = (client: pg.PoolClient, merchantId: number, name: string, version: string) =>
  client.query(
    `INSERT INTO backoffice_section_release (merchant_id, name, version) VALUES ($1, $2, $3)
     ON CONFLICT (merchant_id, name) DO UPDATE SET version = EXCLUDED.version, pinned_at = now()`,
    [merchantId, name, version],
  );

/** Pins a deployed release of a section for this merchant. */
export function rollOutSection(db: pg.Pool, staticRoot: string | undefined, merchantId: number, name: string, version: string) {
  return changeSection(db, staticRoot, merchantId, name, async (client, section) => {
    const release = section.releases.find((candidate) => candidate.version === version);
    if (!release) throw new AppError(404, 'backoffice.section.release.missing', { detail: `${name} ${version}` });
    if (!release.compatible) throw new AppError(409, 'backoffice.section.incompatible', { detail: `${name} ${version}: ${release.problem}` });
    await pin(client, merchantId, name, version);
  });
}

/**
 * The deployed release just older than the one served that the back office can run, in version
 * order (a pre-release counts in its place); undefined: none.
 */
export function sectionReleaseBefore(section: Pick<SectionReleases, 'serving' | 'releases'>): string | undefined {
  const runnable = new Set(section.releases.filter((release) => release.compatible).map((release) => release.version));
  const ordered = sortNewestFirst(section.releases.map((release) => release.version));
  const index = section.serving === null ? -1 : ordered.indexOf(section.serving);
  return index >= 0 ? ordered.slice(index + 1).find((version) => runnable.has(version)) : undefined;
}

/** Pins the release just before the one served now; 409 backoffice.section.nothing.before when none is deployed. */
export function rollBackSection(db: pg.Pool, staticRoot: string | undefined, merchantId: number, name: string) {
  return changeSection(db, staticRoot, merchantId, name, async (client, section) => {
    const previous = sectionReleaseBefore(section);
    if (!previous) throw new AppError(409, 'backoffice.section.nothing.before', { detail: `${name} ${section.serving ?? '(none served)'}` });
    await pin(client, merchantId, name, previous);
  });
}

/** Removes the merchant's pin of a section: the newest release is served again. */
export function followSection(db: pg.Pool, staticRoot: string | undefined, merchantId: number, name: string) {
  return changeSection(db, staticRoot, merchantId, name, async (client) => {
    await client.query('DELETE FROM backoffice_section_release WHERE merchant_id = $1 AND name = $2', [merchantId, name]);
  });
}

const sectionReleasesValue = {
  type: 'object',
  required: ['name', 'pinned', 'serving', 'releases'],
  properties: {
    name: { type: 'string' },
    pinned: { type: ['string', 'null'], description: 'the release this merchant pinned (kept even when its folder was removed); null: the newest is served' },
    serving: { type: ['string', 'null'], description: "what this merchant's operators load now; null: no release deployed" },
    releases: {
      type: 'array',
      description: 'deployed releases (folders holding remoteEntry.js), newest first, releases before pre-releases',
      items: {
        type: 'object',
        required: ['version', 'compatible', 'problem'],
        properties: {
          version: { type: 'string' },
          compatible: { type: 'boolean', description: 'whether the deployed back office can run it (its kit in the range the release was built against)' },
          problem: { type: 'string', description: "why it cannot run ('' when it can)" },
        },
      },
    },
  },
} as const;

const sectionsValue = {
  type: 'object',
  required: ['sections'],
  properties: {
    sections: {
      type: 'array',
      description: 'every deployed section with a release, sorted by name',
      items: {
        type: 'object',
        required: ['name', 'version', 'entry'],
        properties: {
          name: { type: 'string' },
          version: { type: 'string', description: 'the release served to this merchant' },
          entry: { type: 'string', description: 'the URL of its remoteEntry.js, on the site itself' },
        },
      },
    },
  },
} as const;

const nameBody = { type: 'object', required: ['name'], additionalProperties: false, properties: { name: NAME } } as const;

export function backOfficeSectionsOperatorRoutes(staticRoot: string | undefined): FastifyPluginAsync<{ db: pg.Pool; clock: Clock }> {
  return async (app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }) => {
    app.get('/backoffice/sections', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "The back office's sections the signed-in operator's browser loads: each deployed section, the release served to this merchant and its entry URL",
        headers: bearerHeader,
        value: sectionsValue,
      }),
    }, async (request) => ok({ sections: await servedSections(db, staticRoot, operatorOf(request).merchantId) }));

    app.get('/backoffice/section-releases', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "The deployed releases of each back-office section, and what this merchant pinned and is served",
        headers: bearerHeader,
        value: { type: 'array', items: sectionReleasesValue },
      }),
    }, async (request) => ok(await listSectionReleases(db, staticRoot, operatorOf(request).merchantId)));

    app.post<{ Body: { name: string; version: string } }>('/backoffice/section-releases/rollout', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "Serve a deployed release of a back-office section to this merchant's operators (pinned)",
        description:
          '404 backoffice.section.unknown: no such section deployed; 404 backoffice.section.release.missing: that version of it is not deployed; 409 backoffice.section.incompatible: the deployed back office cannot run it.',
        headers: bearerHeader,
        body: { type: 'object', required: ['name', 'version'], additionalProperties: false, properties: { name: NAME, version: VERSION } },
        value: sectionReleasesValue,
      }),
    }, async (request) => {
      const { name, version } = request.body;
      return auditedChange(auditContextOf(request, db, clock), { action: 'backoffice_section.rollout', targetType: 'backoffice_section', targetId: name, asked: { version } }, async () => {
        const change = await rollOutSection(db, staticRoot, operatorOf(request).merchantId, name, version);
        return { ...change, value: ok(change.value) };
      });
    });

    app.post<{ Body: { name: string } }>('/backoffice/section-releases/rollback', {
      schema: apiSchema({
        tags: ['operator'],
        summary: 'Serve the release of a back-office section just before the one served now (pinned)',
        description: '404 backoffice.section.unknown: no such section deployed; 409 backoffice.section.nothing.before: no older release of it is deployed.',
        headers: bearerHeader,
        body: nameBody,
        value: sectionReleasesValue,
      }),
    }, async (request) => {
      const { name } = request.body;
      return auditedChange(auditContextOf(request, db, clock), { action: 'backoffice_section.rollback', targetType: 'backoffice_section', targetId: name }, async () => {
        const change = await rollBackSection(db, staticRoot, operatorOf(request).merchantId, name);
        return { ...change, value: ok(change.value) };
      });
    });

    app.post<{ Body: { name: string } }>('/backoffice/section-releases/follow', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "Remove this merchant's pin of a back-office section: its newest release is served again",
        description: '404 backoffice.section.unknown: no such section deployed.',
        headers: bearerHeader,
        body: nameBody,
        value: sectionReleasesValue,
      }),
    }, async (request) => {
      const { name } = request.body;
      return auditedChange(auditContextOf(request, db, clock), { action: 'backoffice_section.follow', targetType: 'backoffice_section', targetId: name }, async () => {
        const change = await followSection(db, staticRoot, operatorOf(request).merchantId, name);
        return { ...change, value: ok(change.value) };
      });
    });
  };
}
