// Builds everything `npm start` serves: the server (TypeScript → server/dist), the shell
// (dist/shell) and each remote into its own versioned folder (dist/remotes/<name>/<version>).
// Usage: node scripts/build.mjs [app ...]   (default: all)
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { FRONT_END_APPS, pool, repoRoot, run } from './lib.mjs';

export async function buildAll(apps = [...FRONT_END_APPS, 'server']) {
  const started = Date.now();
  const failures = [];
  if (apps.includes('server')) {
    console.log('▶ building server');
    if ((await run('npm', ['run', 'build', '--workspace', 'server'])) !== 0) failures.push('server');
  }
  const frontEnd = apps.filter((app) => FRONT_END_APPS.includes(app));
  // Two at a time: these machines have two cores.
  await pool(frontEnd, 2, async (app) => {
    console.log(`▶ building ${app}`);
    const code = await run('npx', ['webpack', '--mode', 'production', '--config', path.join(app, 'webpack.config.js')], {
      env: { NODE_OPTIONS: '--max-old-space-size=4096' },
    });
    if (code !== 0) failures.push(app);
  });
  if (failures.length) {
    console.error(`✗ build failed: ${failures.join(', ')}`);
    return false;
  }
  mkdirSync(path.join(repoRoot, 'dist'), { recursive: true });
  writeFileSync(path.join(repoRoot, 'dist', '.build-stamp'), String(Date.now()));
  console.log(`✓ built ${apps.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const requested = process.argv.slice(2);
  const ok = await buildAll(requested.length ? requested : undefined);
  process.exit(ok ? 0 : 1);
}
