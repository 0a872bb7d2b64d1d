// `npm run cluster`: the production shape on one machine, without Docker. PostgreSQL (the embedded
// one, data in DATA_DIR as `npm start` keeps it, or DATABASE_URL), PgBouncer in transaction mode
// in front of it, three API instances on ports of their own, and the nginx gateway serving the
// whole site on one port: deploy/nginx/gateway.conf, the file docker-compose.yml mounts, with its
// service addresses replaced by this machine's (the API instances as one upstream; the shell and
// each remote served by nginx from dist/ as deploy/nginx/static.conf serves them in their images).
// The instances' requests and money calls go through PgBouncer (APP_POOLER_URL); LISTEN and the
// jobs' leader locks keep a direct connection (server/src/db/pool.ts). Runs in the foreground
// until Ctrl-C, or `npm run cluster -- --stop` from another terminal. Needs Debian's nginx (or
// nginx-light) and pgbouncer packages. README.md "Several instances" says what each variable does.
//
//   CLUSTER_PORT       the gateway's port (default 8080)
//   CLUSTER_BASE_PORT  the first of the ports behind it (default 3100): API i on base + i, its
//                      operator listener on base + 10 + i, PgBouncer on base + 20, the static sites
//                      from base + 30
//   CLUSTER_INSTANCES  how many API instances (default 3)
//   CLUSTER_STATE_DIR  where the generated configuration, pid files and logs go (default .data/cluster)
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { localServerEnv, schemaCacheEnv, repoRoot } from './lib.mjs';

const args = process.argv.slice(2);
const gatewayPort = Number(process.env.CLUSTER_PORT || 8080);
const basePort = Number(process.env.CLUSTER_BASE_PORT || 3100);
const instanceCount = Number(process.env.CLUSTER_INSTANCES || 3);
const stateDir = path.resolve(process.env.CLUSTER_STATE_DIR || path.join(repoRoot, '.data', 'cluster'));
const pidFile = path.join(stateDir, 'cluster.pid');

/** The static sites the gateway routes to (compose service → folder of dist/). */
const STATIC_SITES = [
  ['web-shell', 'shell'],
  ['web-mfe-auth', 'remotes/mfe_auth'],
  ['web-mfe-lobby', 'remotes/mfe_lobby'],
  ['web-mfe-lottery', 'remotes/mfe_lottery'],
  ['web-mfe-member-center', 'remotes/mfe_member_center'],
  ['web-mfe-agent-center', 'remotes/mfe_agent_center'],
];

const apiPort = (index) => basePort + 1 + index;
const opsPort = (index) => basePort + 11 + index;
const poolerPort = basePort + 20;
const staticPort = (index) => basePort + 30 + index;

/** `--stop`: asks the running cluster to stop (SIGTERM) and waits until its process is gone. */
async function stopRunningCluster() {
  if (!existsSync(pidFile)) {
    console.log(`No cluster is running (no ${path.relative(repoRoot, pidFile)}).`);
    return;
  }
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (!isAlive(pid)) {
    rmSync(pidFile, { force: true });
    console.log(`The cluster (process ${pid}) had already stopped.`);
    return;
  }
  process.kill(pid, 'SIGTERM');
  while (isAlive(pid)) await sleep(200);
  console.log(`Cluster (process ${pid}) stopped.`);
}

async function runCluster() {
  for (const [command, pkg] of [
    ['nginx', 'nginx-light'],
    ['pgbouncer', 'pgbouncer'],
  ]) {
    if (!commandPath(command)) {
      console.error(`npm run cluster needs ${command}: apt-get install -y ${pkg}`);
      process.exit(1);
    }
  }
  if (existsSync(pidFile) && isAlive(Number(readFileSync(pidFile, 'utf8')))) {
    console.error(`A cluster is already running (process ${readFileSync(pidFile, 'utf8')}): npm run cluster -- --stop`);
    process.exit(1);
  }
  if (!(await buildAll())) process.exit(1);
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(path.join(stateDir, 'nginx-temp'), { recursive: true });
  writeFileSync(pidFile, String(process.pid));

  const children = [];
  let database;
  let stopping = false;
  let serving = false;
  const stopAll = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping the cluster: the gateway, then each instance (drained), PgBouncer, PostgreSQL.');
    const ordered = [...children].reverse();
    for (const child of ordered) {
      if (child.exitCode === null && child.signalCode === null) child.kill(child.stopSignal);
      await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));
    }
    await database?.stop();
    rmSync(pidFile, { force: true });
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));
  // A part that ends while the cluster starts fails the start (it would never come up); once it
  // serves, the others go on without it, as behind a real gateway, and an API instance that ended
  // is started again a second later, as a supervisor (compose's restart policy) would.
  const watch = (child, restart) => {
    children.push(child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`${child.label} ended (${signal ?? `exit ${code}`})${serving ? '; the others go on' : ': the cluster does not start'}.`);
      if (!serving) return void stopAll(1);
      if (!restart) return;
      children.splice(children.indexOf(child), 1);
      setTimeout(() => {
        if (stopping) return;
        console.log(`${child.label}: starting again.`);
        watch(restart(), restart);
      }, 1000);
    });
    return child;
  };

  // The server's own start-up of PostgreSQL: the embedded one (the app role's password new at each
  // start) or DATABASE_URL with APP_DATABASE_URL.
  const require = createRequire(import.meta.url);
  const { startDatabase } = require(path.join(repoRoot, 'server', 'dist', 'main.js'));
  const { readConfig } = require(path.join(repoRoot, 'server', 'dist', 'config.js'));
  try {
    database = await startDatabase(readConfig(), { libraryHandlesSignals: false });
  } catch (error) {
    console.error(error);
    rmSync(pidFile, { force: true });
    process.exit(1);
  }
  console.log(`Database: ${database.description}`);
  if (!database.appDatabaseUrl) {
    console.error('npm run cluster needs APP_DATABASE_URL with DATABASE_URL: PgBouncer serves the app role');
    await stopAll(1);
  }
  const app = new URL(database.appDatabaseUrl);

  watch(startPgBouncer(app));
  const poolerUrl = new URL(database.appDatabaseUrl);
  poolerUrl.host = `127.0.0.1:${poolerPort}`;

  const startInstance = (index) =>
    start(`api-${index + 1}`, process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
      ...localServerEnv(),
      ...schemaCacheEnv(),
      DATABASE_URL: database.databaseUrl,
      APP_DATABASE_URL: database.appDatabaseUrl,
      APP_POOLER_URL: poolerUrl.toString(),
      PORT: String(apiPort(index)),
      OPS_PORT: String(opsPort(index)),
      STATIC_ROOT: path.join(repoRoot, 'dist'),
      // Only the gateway, on this machine, says who the client is.
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_GRACE_MS: process.env.SHUTDOWN_GRACE_MS ?? '2000',
      // Names its database connections (pg_stat_activity.application_name): which instance leads a job.
      PGAPPNAME: `api-${index + 1}`,
    });
  // The first instance alone migrates and seeds (and writes the development secrets key the others
  // read); the others start once it is ready.
  watch(startInstance(0), () => startInstance(0));
  await waitReady(apiPort(0), () => stopping);
  for (let index = 1; index < instanceCount; index += 1) watch(startInstance(index), () => startInstance(index));
  for (let index = 1; index < instanceCount; index += 1) await waitReady(apiPort(index), () => stopping);

  writeFileSync(path.join(stateDir, 'nginx.conf'), nginxConfig());
  const nginx = start('gateway', commandPath('nginx'), ['-p', stateDir, '-c', path.join(stateDir, 'nginx.conf')], {});
  nginx.stopSignal = 'SIGQUIT';
  watch(nginx);
  await waitHttp(`http://127.0.0.1:${gatewayPort}/healthz`, () => stopping);
  if (stopping) return;
  serving = true;
  console.log(`Cluster serving at http://localhost:${gatewayPort}: ${instanceCount} API instances (ports ${apiPort(0)}-${apiPort(instanceCount - 1)}), PgBouncer on ${poolerPort}.`);
}

function startPgBouncer(app) {
  const config = path.join(stateDir, 'pgbouncer.ini');
  const users = path.join(stateDir, 'pgbouncer-users.txt');
  const database = decodeURIComponent(app.pathname.slice(1));
  writeFileSync(
    config,
    [
      '[databases]',
      `${database} = host=${app.hostname} port=${app.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${poolerPort}`,
      'unix_socket_dir =',
      'pool_mode = transaction',
      'auth_type = scram-sha-256',
      `auth_file = ${users}`,
      'max_client_conn = 2000',
      'default_pool_size = 20',
      // node-postgres sends no other start-up parameter PgBouncer would refuse.
      'ignore_startup_parameters = extra_float_digits',
      'server_reset_query =',
      // After PostgreSQL restarts, a failed log-in is tried again a second later, not 15.
      'server_login_retry = 1',
      // Every client's log-in and log-out would drown the instances' lines.
      'log_connections = 0',
      'log_disconnections = 0',
      'stats_period = 300',
      '',
    ].join('\n'),
  );
  writeFileSync(users, `"${decodeURIComponent(app.username)}" "${decodeURIComponent(app.password)}"\n`, { mode: 0o600 });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // PgBouncer refuses to run as root: it switches to nobody, who must read its files.
    const nobody = Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim());
    chownSync(users, nobody, -1);
    chmodSync(stateDir, 0o755);
  }
  const child = start('pgbouncer', commandPath('pgbouncer'), [...(asRoot ? ['-u', 'nobody'] : []), config], {});
  child.stopSignal = 'SIGINT';
  return child;
}

/** gateway.conf with this machine's addresses, and a static site per web-* service (static.conf). */
function nginxConfig() {
  const gateway = readFileSync(path.join(repoRoot, 'deploy', 'nginx', 'gateway.conf'), 'utf8');
  const staticSite = readFileSync(path.join(repoRoot, 'deploy', 'nginx', 'static.conf'), 'utf8');
  let adapted = gateway.replace(/listen 80;/, `listen ${gatewayPort};`).replaceAll('http://api:3000', 'http://api_instances');
  STATIC_SITES.forEach(([service], index) => {
    adapted = adapted.replaceAll(`http://${service}:8080`, `http://127.0.0.1:${staticPort(index)}`);
  });
  if (/http:\/\/(api|web-[a-z-]+):/.test(adapted)) throw new Error('deploy/nginx/gateway.conf names a service npm run cluster does not know');
  const sites = STATIC_SITES.map(([, folder], index) =>
    staticSite.replace(/listen 8080;/, `listen 127.0.0.1:${staticPort(index)};`).replace(/root [^;]+;/, `root ${path.join(repoRoot, 'dist', folder)};`),
  );
  const temp = path.join(stateDir, 'nginx-temp');
  return [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(stateDir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 4096; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(temp, kind)};`),
    // A refused connection or a timeout takes an instance out for 5 s; a request not yet sent is
    // tried on the next (nginx never resends one that was, unless it is idempotent).
    '  upstream api_instances {',
    ...Array.from({ length: instanceCount }, (_, index) => `    server 127.0.0.1:${apiPort(index)} max_fails=1 fail_timeout=5s;`),
    '  }',
    ...sites.map((site) => indent(site)),
    indent(adapted),
    '}',
    '',
  ].join('\n');
}

const indent = (text) =>
  text
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');

/** Starts a child process whose output lines are prefixed with its label. */
function start(label, command, commandArgs, env) {
  const child = spawn(command, commandArgs, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.label = label;
  // <label>.pid in the state directory: what a fault test kills (kill -9 an instance).
  writeFileSync(path.join(stateDir, `${label}.pid`), String(child.pid));
  child.stopSignal = 'SIGTERM';
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
    });
  }
  return child;
}

async function waitReady(port, stopped) {
  await waitHttp(`http://127.0.0.1:${port}/readyz`, stopped);
}

/** Waits for a 200 from `url` (the visible outcome, however long start-up takes). */
async function waitHttp(url, stopped) {
  for (;;) {
    if (stopped()) return;
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
}

function commandPath(command) {
  for (const directory of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', ...(process.env.PATH ?? '').split(':')]) {
    const candidate = path.join(directory, command);
    if (directory && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (args.includes('--stop')) await stopRunningCluster();
else await runCluster();
