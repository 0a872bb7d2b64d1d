// Builds everything `npm start` serves: the server (TypeScript → server/dist), the shell
// (dist/shell), each remote into its own versioned folder (dist/remotes/<name>/<version>) and
// each game client into dist/games/<mountPath> (games-jl → dist/games/jl), and the operator back
// office into dist/backoffice.
// An app whose sources did not change since its last build is not built again: each build
// leaves a stamp (dist/.build-stamps/<app>) holding the content hash of what went into it.
// Usage: node scripts/build.mjs [--force] [app ...]   (default: all; --force ignores the stamps)
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { appNamed, BUILDABLE_APPS, contentHash, FRONT_END_APPS, gameOutputDir, pool, repoRoot, run } from './lib.mjs';

const stampsDir = path.join(repoRoot, 'dist', '.build-stamps');

/** Repository paths whose content decides an app's build (tests are left out by contentHash). */
function buildInputs(name) {
  const app = appNamed(name);
  // Dependency versions and the app list (exposed modules) go into every build.
  const common = ['package-lock.json', 'apps.json'];
  // The server runs the wire contract, the in-house games' engines and the lottery's rules compiled with it.
  if (app.kind === 'server') return [app.folder, 'contract', 'inhouse-games', 'lottery-rules', ...common];
  // Games do not use the UI blocks or the lottery; the shell and the remotes bundle what they import of them.
  const bundled = app.kind === 'game' ? ['shared', 'contract', 'inhouse-games'] : app.kind === 'backoffice' ? ['contract'] : ['shared', 'contract', 'ui-blocks', 'inhouse-games', 'lottery-rules'];
  return [app.folder, ...bundled, 'tools/webpack', 'tsconfig.base.json', ...common];
}

/** The files a finished build of the app leaves behind. */
function buildOutputs(name) {
  const app = appNamed(name);
  // The server runs the wire contract, the in-house games' engine and the lottery's rules from their compiled copies, built with it (tsc -b).
  if (app.kind === 'server') return [path.join(repoRoot, app.folder, 'dist', 'main.js'), path.join(repoRoot, 'contract', 'dist', 'index.js'), path.join(repoRoot, 'inhouse-games', 'dist', 'index.js'), path.join(repoRoot, 'lottery-rules', 'dist', 'index.js')];
  if (app.kind === 'shell') return [path.join(repoRoot, 'dist', 'shell', 'index.html')];
  if (app.kind === 'game') return [path.join(gameOutputDir(app), 'index.html')];
  if (app.kind === 'backoffice') {
    // The host page, and each section's container at the release sections.json names.
    const { sections } = JSON.parse(readFileSync(path.join(repoRoot, app.folder, 'sections.json'), 'utf8'));
    const sectionEntries = sections.map(({ name, version }) => path.join(repoRoot, 'dist', 'backoffice', 'assets', 'sections', name, version, 'remoteEntry.js'));
    return [path.join(repoRoot, 'dist', 'backoffice', 'index.html'), ...sectionEntries];
  }
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, app.folder, 'package.json'), 'utf8'));
  return [path.join(repoRoot, 'dist', 'remotes', app.federationName, version, 'mf-manifest.json')];
}

/** The folder a front-end app's build writes. */
function outputDir(name) {
  return path.dirname(buildOutputs(name)[0]);
}

/** Text files worth compressing; index.html is left out: the server reads it per request. */
const COMPRESSIBLE = /\.(js|css|json|svg|webmanifest|txt)$/;
/** Below this size compression gains nothing (one packet either way). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside every text file of a built
 * app, which the server sends as they are to a browser that accepts them (server/src/plugins/
 * static-site.ts: preCompressed), instead of compressing on every request. Source maps are left
 * out: browsers fetch them only with developer tools open. Returns the number of files.
 */
export function precompress(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (statSync(file).size < COMPRESS_MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}

/** True when the app's last build is there and was made from the sources as they are now. */
function isUpToDate(name, hash) {
  const stamp = path.join(stampsDir, name);
  return buildOutputs(name).every((file) => existsSync(file)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

export async function buildAll(apps = BUILDABLE_APPS, { force = false } = {}) {
  const started = Date.now();
  mkdirSync(stampsDir, { recursive: true });
  const hashes = Object.fromEntries(apps.map((name) => [name, contentHash(buildInputs(name))]));
  const unchanged = force ? [] : apps.filter((name) => isUpToDate(name, hashes[name]));
  if (unchanged.length) console.log(`✓ unchanged since their last build: ${unchanged.join(', ')}`);
  // A build made before the build compressed its files gets its compressed copies now.
  for (const name of unchanged.filter((candidate) => FRONT_END_APPS.includes(candidate) && appNamed(candidate).kind !== 'game' && appNamed(candidate).kind !== 'backoffice')) {
    const entry = path.join(outputDir(name), appNamed(name).kind === 'shell' ? 'main.js' : 'remoteEntry.js');
    if (!existsSync(`${entry}.br`)) precompress(outputDir(name));
  }
  const toBuild = apps.filter((name) => !unchanged.includes(name));

  const failures = [];
  const finished = (name, code) => {
    const stamp = path.join(stampsDir, name);
    if (code === 0) writeFileSync(stamp, hashes[name]);
    else {
      rmSync(stamp, { force: true });
      failures.push(name);
    }
  };
  for (const name of toBuild.filter((name) => appNamed(name).kind === 'server')) {
    console.log(`▶ building ${name}`);
    finished(name, await run('npm', ['run', 'build', '--workspace', appNamed(name).folder]));
  }
  // Two at a time: these machines have two cores.
  await pool(toBuild.filter((name) => FRONT_END_APPS.includes(name)), 2, async (name) => {
    console.log(`▶ building ${name}`);
    const code = await run('npx', ['webpack', '--mode', 'production', '--config', path.join(appNamed(name).folder, 'webpack.config.js')], {
      env: { NODE_OPTIONS: '--max-old-space-size=4096' },
    });
    if (code === 0) precompress(outputDir(name));
    finished(name, code);
  });
  if (failures.length) {
    console.error(`✗ build failed: ${failures.join(', ')}`);
    return false;
  }
  if (toBuild.length) console.log(`✓ built ${toBuild.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const requested = args.filter((arg) => arg !== '--force');
  const unknown = requested.filter((name) => !BUILDABLE_APPS.includes(name));
  if (unknown.length) {
    console.error(`unknown app ${unknown.join(', ')}; apps: ${BUILDABLE_APPS.join(', ')}`);
    process.exit(2);
  }
  const ok = await buildAll(requested.length ? requested : undefined, { force: args.includes('--force') });
  process.exit(ok ? 0 : 1);
}
