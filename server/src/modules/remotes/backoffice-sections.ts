import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/pool';
import { BACK_OFFICE_FOLDER, BACK_OFFICE_PATH } from '../../plugins/back-office-path';
import { RELEASE_VERSION_PATTERN } from './remotes.operator-routes';
import semver from 'semver';
import { sortReleasesFirst } from './semver';

// The back office's sections (dashboard, players, cashier, …): each a Module Federation container
// built and released alone, deployed as <staticRoot>/backoffice/assets/sections/<name>/<version>/
// (its remoteEntry.js, mf-manifest.json and hashed chunks), which the back office's static route
// serves at /ops/assets/sections/<name>/<version>/. A version folder counts as a release once its
// remoteEntry.js is there (a copy still under way does not). Each merchant is served, per section,
// the release it pinned (backoffice_section_release, migration 084) while that folder is still
// deployed, else the newest release by the rule of the players' remotes (semver.ts): a pre-release
// only when pinned, or when nothing but pre-releases is deployed. A pin whose folder was removed is
// ignored, not an error: the operators must still get a working back office.
// A release the deployed back office cannot run is never served nor pinned: each release's
// section.json names the range of the host's kit it was built against, the host's kit.json the
// kit it provides (backoffice/webpack.config.js writes both); outside the range, the newest
// release that fits is served instead and a roll-out to it is refused with the reason.
// Read on every request, like /remotes.json: a deploy or a pin is seen on the next page load.

/** A section's name as its folder and the operators write it (the API's schemas, the ops tool, migration 084). */
export const SECTION_NAME_PATTERN = '^[a-z][a-z0-9-]{1,40}$';
/** The file that makes a version folder a deployed release, and that the back office loads. */
export const SECTION_ENTRY_FILE = 'remoteEntry.js';

const SECTION_NAME = new RegExp(SECTION_NAME_PATTERN);
const RELEASE_VERSION = new RegExp(RELEASE_VERSION_PATTERN);

/** Where the sections are deployed under the static root. */
const sectionsFolder = (staticRoot: string): string => path.join(staticRoot, BACK_OFFICE_FOLDER, 'assets', 'sections');

/** The URL the back office loads a release of a section from. */
export const sectionEntry = (name: string, version: string): string => `${BACK_OFFICE_PATH}/assets/sections/${name}/${version}/${SECTION_ENTRY_FILE}`;

/** A section's folder and its deployed releases, releases first, newest first. */
export interface DeployedSection {
  name: string;
  releases: string[];
  /** Why the deployed back office cannot run a release, by version (absent: it can). */
  problems: Record<string, string>;
}

/** The kit the deployed back office provides (its kit.json), undefined when it says none. */
async function hostKit(staticRoot: string): Promise<string | undefined> {
  const described = await readJson(path.join(staticRoot, BACK_OFFICE_FOLDER, 'kit.json'));
  return typeof described?.kit === 'string' && semver.valid(described.kit) ? described.kit : undefined;
}

async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const content: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    return typeof content === 'object' && content !== null ? (content as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // absent or unreadable: nothing said
  }
}

/** Why a release cannot run under a host providing `kit` (undefined: it can, or nothing says otherwise). */
async function releaseProblem(staticRoot: string, name: string, version: string, kit: string | undefined): Promise<string | undefined> {
  if (!kit) return undefined;
  const needs = (await readJson(path.join(sectionsFolder(staticRoot), name, version, 'section.json')))?.kit;
  if (typeof needs !== 'string') return undefined;
  return semver.satisfies(kit, needs, { includePrerelease: true }) ? undefined : `it needs the back office's kit ${needs} (the back office has ${kit})`;
}

async function folderNames(folder: string): Promise<string[]> {
  try {
    return (await fs.readdir(folder, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return []; // nothing deployed there
  }
}

async function fileExists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The version folders of one section that hold its remoteEntry.js, releases first, newest first. */
async function deployedSectionReleases(staticRoot: string, name: string): Promise<string[]> {
  const folder = path.join(sectionsFolder(staticRoot), name);
  const versions = (await folderNames(folder)).filter((version) => RELEASE_VERSION.test(version));
  const deployed = await Promise.all(versions.map(async (version) => ((await fileExists(path.join(folder, version, SECTION_ENTRY_FILE))) ? version : undefined)));
  return sortReleasesFirst(deployed.filter((version): version is string => version !== undefined));
}

/**
 * Every section folder deployed (sorted by name), with its releases; a folder whose name is not a
 * section's is ignored. A section may have no release yet (nothing served of it).
 */
export async function deployedSections(staticRoot: string | undefined): Promise<DeployedSection[]> {
  if (!staticRoot) return [];
  const names = (await folderNames(sectionsFolder(staticRoot))).filter((name) => SECTION_NAME.test(name)).sort();
  const kit = await hostKit(staticRoot);
  return Promise.all(
    names.map(async (name) => {
      const releases = await deployedSectionReleases(staticRoot, name);
      const problems: Record<string, string> = {};
      for (const version of releases) {
        const problem = await releaseProblem(staticRoot, name, version, kit);
        if (problem) problems[version] = problem;
      }
      return { name, releases, problems };
    }),
  );
}

/** The merchant's pins: section name → pinned version. */
export async function sectionPins(db: Db, merchantId: number): Promise<Map<string, string>> {
  const pins = await db.query<{ name: string; version: string }>('SELECT name, version FROM backoffice_section_release WHERE merchant_id = $1', [merchantId]);
  return new Map(pins.rows.map((row) => [row.name, row.version]));
}

/**
 * The release served of a section: the pin while its folder is deployed and the back office can
 * run it, else the newest such release (undefined: none).
 */
export function servedRelease(section: DeployedSection, pinned: string | undefined): string | undefined {
  const runnable = section.releases.filter((version) => !section.problems[version]);
  if (pinned !== undefined && runnable.includes(pinned)) return pinned;
  return runnable[0];
}

/** A section as the back office loads it. */
export interface ServedSection {
  name: string;
  version: string;
  entry: string;
}

/** What this merchant's operators load: every deployed section with a release, sorted by name, each with the release served. */
export async function servedSections(db: Db, staticRoot: string | undefined, merchantId: number): Promise<ServedSection[]> {
  const [sections, pins] = await Promise.all([deployedSections(staticRoot), sectionPins(db, merchantId)]);
  return sections.flatMap((section) => {
    const version = servedRelease(section, pins.get(section.name));
    return version ? [{ name: section.name, version, entry: sectionEntry(section.name, version) }] : [];
  });
}
