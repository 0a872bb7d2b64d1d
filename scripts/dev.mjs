// `npm run dev -- <app> [app ...]`: hot reload for the apps being changed.
//   - the API server runs from the TypeScript sources (rebuilt and restarted on change when
//     `server` is named), serving the production build of every app not being changed;
//   - each named front-end app runs in webpack-dev-server; /remotes.json points at the dev
//     server of each named remote (REMOTE_OVERRIDES), so the built shell loads it from there.
// Open http://localhost:3100 when developing the shell, http://localhost:3000 otherwise.
import path from 'node:path';
import { buildAll } from './build.mjs';
import { appNamed, BUILDABLE_APPS, FRONT_END_APPS, localServerEnv, schemaCacheEnv, repoRoot, run } from './lib.mjs';

const requested = process.argv.slice(2);
const unknown = requested.filter((app) => !BUILDABLE_APPS.includes(app));
if (requested.length === 0 || unknown.length) {
  console.error(`usage: npm run dev -- <app> [app ...]   apps: ${BUILDABLE_APPS.join(', ')}`);
  process.exit(2);
}

// What is not being developed is served from its production build: build it where it is
// missing or its sources changed (the server always: it runs every app).
const served = BUILDABLE_APPS.filter((app) => !requested.includes(app) || appNamed(app).kind === 'server');
if (!(await buildAll(served))) process.exit(1);

const overrides = requested
  .map(appNamed)
  .filter((app) => app.kind === 'remote')
  .map((app) => `${app.federationName}=http://localhost:${app.devPort}/mf-manifest.json`)
  .join(',');

const serverPort = appNamed('server').devPort;
const serverEnv = { ...localServerEnv(), ...schemaCacheEnv(), STATIC_ROOT: path.join(repoRoot, 'dist'), REMOTE_OVERRIDES: overrides, PORT: String(serverPort) };
const jobs = [];
if (requested.includes('server')) {
  // tsc in watch mode and node's own watcher restart the API on every change.
  jobs.push(run('npx', ['tsc', '-b', '-w', '--preserveWatchOutput', path.join('server', 'tsconfig.build.json')]));
  jobs.push(run('node', ['--watch-path', path.join('server', 'dist'), path.join('server', 'dist', 'main.js')], { env: serverEnv }));
} else {
  jobs.push(run('node', [path.join('server', 'dist', 'main.js')], { env: serverEnv }));
}
for (const app of requested.filter((app) => FRONT_END_APPS.includes(app))) {
  jobs.push(run('npx', ['webpack', 'serve', '--mode', 'development', '--config', path.join(appNamed(app).folder, 'webpack.config.js')]));
}
console.log(`dev: ${requested.join(', ')} — open http://localhost:${requested.includes('shell') ? appNamed('shell').devPort : serverPort}`);
await Promise.all(jobs);
