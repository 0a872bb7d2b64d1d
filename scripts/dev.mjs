// `npm run dev -- <app> [app ...]`: hot reload for the apps being changed.
//   - the API server runs from the TypeScript sources (rebuilt and restarted on change when
//     `server` is named), serving the production build of every app not being changed;
//   - each named front-end app runs in webpack-dev-server; /remotes.json points at the dev
//     server of each named remote (REMOTE_OVERRIDES), so the built shell loads it from there.
// Open http://localhost:3100 when developing the shell, http://localhost:3000 otherwise.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { FRONT_END_APPS, repoRoot, run } from './lib.mjs';

const DEV_PORTS = { shell: 3100, 'mfe-auth': 3101, 'mfe-lobby': 3102, 'mfe-lottery': 3103, 'mfe-member-center': 3104, 'mfe-agent-center': 3105 };
const FEDERATION_NAMES = { 'mfe-auth': 'mfe_auth', 'mfe-lobby': 'mfe_lobby', 'mfe-lottery': 'mfe_lottery', 'mfe-member-center': 'mfe_member_center', 'mfe-agent-center': 'mfe_agent_center' };

const requested = process.argv.slice(2);
const unknown = requested.filter((app) => !FRONT_END_APPS.includes(app) && app !== 'server');
if (requested.length === 0 || unknown.length) {
  console.error(`usage: npm run dev -- <app> [app ...]   apps: ${[...FRONT_END_APPS, 'server'].join(', ')}`);
  process.exit(2);
}

// What is not being developed is served from its production build: build the missing ones.
const missing = FRONT_END_APPS.filter((app) => !requested.includes(app)).filter((app) =>
  app === 'shell' ? !existsSync(path.join(repoRoot, 'dist', 'shell', 'index.html')) : !existsSync(path.join(repoRoot, 'dist', 'remotes', FEDERATION_NAMES[app])),
);
if (!existsSync(path.join(repoRoot, 'server', 'dist', 'main.js'))) missing.push('server');
if (missing.length && !(await buildAll(missing))) process.exit(1);

const overrides = requested
  .filter((app) => FEDERATION_NAMES[app])
  .map((app) => `${FEDERATION_NAMES[app]}=http://localhost:${DEV_PORTS[app]}/mf-manifest.json`)
  .join(',');

const serverEnv = { STATIC_ROOT: path.join(repoRoot, 'dist'), REMOTE_OVERRIDES: overrides, PORT: '3000' };
const jobs = [];
if (requested.includes('server')) {
  // tsc in watch mode and node's own watcher restart the API on every change.
  jobs.push(run('npx', ['tsc', '-b', '-w', '--preserveWatchOutput', path.join('server', 'tsconfig.build.json')]));
  jobs.push(run('node', ['--watch-path', path.join('server', 'dist'), path.join('server', 'dist', 'main.js')], { env: serverEnv }));
} else {
  jobs.push(run('node', [path.join('server', 'dist', 'main.js')], { env: serverEnv }));
}
for (const app of requested.filter((app) => FRONT_END_APPS.includes(app))) {
  jobs.push(run('npx', ['webpack', 'serve', '--mode', 'development', '--config', path.join(app, 'webpack.config.js')]));
}
console.log(`dev: ${requested.join(', ')} — open http://localhost:${requested.includes('shell') ? 3100 : 3000}`);
await Promise.all(jobs);
