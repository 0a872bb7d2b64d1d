// `npm run release -- <remote> [--version X.Y.Z]`: builds one remote into its own release folder,
// dist/remotes/<federationName>/<version>/, beside the releases already there, and prints how an
// operator rolls it out. A released version is never built over: a version whose folder exists is
// refused (give the next one with --version, or bump the remote's package.json). Nothing else
// under dist/ is touched, so the shell and the other remotes keep serving what they served.
// The version defaults to the remote's package.json version; the runtime range the release needs
// (@platform/shared, React) is read back from the manifest it wrote, which is what /remotes.json
// checks against the deployed shell before serving it (server/src/modules/remotes/compatibility.ts).
// `npm run release -- backoffice/<section> [--version X.Y.Z]` does the same for one section of the
// operator back office (backoffice/sections.json): built alone into
// dist/backoffice/assets/sections/<section>/<version>/, rolled out per brand from the back office's
// Releases section or `ops section-rollout`.
// Exit code 0: released; 1: the build failed; 2: refused (usage, unknown remote, version taken).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { precompress } from './build.mjs';
import { APPS, repoRoot, run } from './lib.mjs';

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/;

function refuse(message) {
  console.error(`release: ${message}`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { version: { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    return refuse(`${error.message}\nusage: npm run release -- <remote> [--version X.Y.Z]`);
  }
})();
const remotes = APPS.filter((app) => app.kind === 'remote');
if (positionals.length === 1 && positionals[0].startsWith('backoffice/')) await releaseSection(positionals[0].slice('backoffice/'.length));
if (positionals.length !== 1) refuse(`name one remote: ${remotes.map((app) => app.name).join(', ')}\nusage: npm run release -- <remote> [--version X.Y.Z]\n       npm run release -- backoffice/<section> [--version X.Y.Z]`);
const app = remotes.find((candidate) => candidate.name === positionals[0] || candidate.federationName === positionals[0]);
if (!app) refuse(`${positionals[0]} is not a remote; remotes: ${remotes.map((candidate) => candidate.name).join(', ')}`);
const version = values.version ?? JSON.parse(readFileSync(path.join(repoRoot, app.folder, 'package.json'), 'utf8')).version;
if (!VERSION.test(version)) refuse(`${version} is not a version (X.Y.Z or X.Y.Z-label)`);
const folder = path.join(repoRoot, 'dist', 'remotes', app.federationName, version);
if (existsSync(folder)) refuse(`${app.federationName} ${version} is already released (${path.relative(repoRoot, folder)}); release the next version with --version`);

console.log(`▶ releasing ${app.name} ${version} into ${path.relative(repoRoot, folder)}`);
const code = await run('npx', ['webpack', '--mode', 'production', '--config', path.join(app.folder, 'webpack.config.js')], {
  env: { NODE_OPTIONS: '--max-old-space-size=4096', REMOTE_VERSION: version },
});
if (code !== 0) {
  console.error(`✗ the build of ${app.name} ${version} failed`);
  process.exit(1);
}
precompress(folder);
const manifest = JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8'));
const needs = (manifest.shared ?? []).filter((entry) => entry.singleton).map((entry) => `${entry.name} ${entry.requiredVersion}`);
console.log(`✓ released ${app.federationName} ${version}; it needs of the shell: ${needs.join(', ') || 'nothing shared'}`);
console.log(`  roll it out (per merchant, refused if the deployed shell cannot run it):  ops remote-rollout ${app.federationName} ${version}`);
console.log(`  and back:                                                               ops remote-rollback ${app.federationName}`);

/** Builds one back office section alone as a release of its own, then exits. */
async function releaseSection(name) {
  const backOffice = APPS.find((candidate) => candidate.kind === 'backoffice');
  const { sections, kitVersion } = JSON.parse(readFileSync(path.join(repoRoot, backOffice.folder, 'sections.json'), 'utf8'));
  const section = sections.find((candidate) => candidate.name === name);
  if (!section) refuse(`${name} is not a back office section; sections: ${sections.map((candidate) => candidate.name).join(', ')}`);
  const sectionVersion = values.version ?? section.version;
  if (!VERSION.test(sectionVersion)) refuse(`${sectionVersion} is not a version (X.Y.Z or X.Y.Z-label)`);
  const target = path.join(repoRoot, 'dist', 'backoffice', 'assets', 'sections', name, sectionVersion);
  if (existsSync(target)) refuse(`back office section ${name} ${sectionVersion} is already released (${path.relative(repoRoot, target)}); release the next version with --version`);
  console.log(`▶ releasing back office section ${name} ${sectionVersion} into ${path.relative(repoRoot, target)}`);
  const built = await run('npx', ['webpack', '--mode', 'production', '--config', path.join(backOffice.folder, 'webpack.config.js')], {
    env: { NODE_OPTIONS: '--max-old-space-size=4096', BACKOFFICE_SECTION: name, SECTION_VERSION: sectionVersion },
  });
  if (built !== 0) {
    console.error(`✗ the build of back office section ${name} ${sectionVersion} failed`);
    process.exit(1);
  }
  precompress(target);
  // Its remoteEntry.js requires the kit it was built with, within the major (backoffice/webpack.config.js).
  console.log(`✓ released back office section ${name} ${sectionVersion}; it runs under a back office whose kit is ^${kitVersion}`);
  console.log(`  roll it out (per brand): the back office's Releases section, or  ops section-rollout ${name} ${sectionVersion}`);
  console.log(`  and back:                                                        ops section-rollback ${name}`);
  process.exit(0);
}
