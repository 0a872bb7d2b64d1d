// `npm start`: builds what changed since the last build, then serves shell, remotes and API on
// one port, on the embedded PostgreSQL (data under ./.data) unless DATABASE_URL is set.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { FRONT_END_APPS, newestMtime, repoRoot, run } from './lib.mjs';

function buildIsStale() {
  const stampFile = path.join(repoRoot, 'dist', '.build-stamp');
  if (!existsSync(stampFile) || !existsSync(path.join(repoRoot, 'server', 'dist', 'main.js'))) return true;
  const builtAt = Number(readFileSync(stampFile, 'utf8'));
  const sources = [...FRONT_END_APPS, 'shared', 'server', 'tools'].map((folder) => path.join(repoRoot, folder));
  return newestMtime(sources) > builtAt;
}

if (buildIsStale()) {
  if (!(await buildAll())) process.exit(1);
} else {
  console.log('✓ build is up to date');
}

const code = await run('node', [path.join('server', 'dist', 'main.js')], {
  env: { STATIC_ROOT: path.join(repoRoot, 'dist'), PORT: process.env.PORT ?? '3000' },
});
process.exit(code);
