// Helpers shared by the repository scripts (build, start, dev, test, bench).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The one app list (apps.json): every workspace with its folder, kind (library, shell, remote,
 * server, tests), federation name, dev port and, for a remote, its exposed modules.
 */
export const APPS = JSON.parse(readFileSync(path.join(repoRoot, 'apps.json'), 'utf8')).apps;

/**
 * The front-end apps (the shell, the remotes, the game clients and the back office), each built on
 * its own by webpack. A game client (kind "game") is a game provider's own pages, not a federated
 * remote; the back office (kind "backoffice") is the operators' app, served on their listener only.
 */
export const FRONT_END_APPS = APPS.filter((app) => app.kind === 'shell' || app.kind === 'remote' || app.kind === 'game' || app.kind === 'backoffice').map((app) => app.name);

/** Where a game client's build goes: dist/games/<mountPath> (served under its mountPath, e.g. /jl). */
export function gameOutputDir(app) {
  return path.join(repoRoot, 'dist', 'games', app.mountPath.replace(/^\/+/, ''));
}

/** Everything `npm run build` / `npm run dev` accept by name. */
export const BUILDABLE_APPS = [...FRONT_END_APPS, ...APPS.filter((app) => app.kind === 'server').map((app) => app.name)];

export function appNamed(name) {
  const app = APPS.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`${name} is not in apps.json`);
  return app;
}

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} exited with ${code}`);
    process.exit(code);
  }
}

/** Runs async jobs with at most `limit` at a time; resolves with their results in order. */
export async function pool(items, limit, job) {
  const results = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await job(items[index], index);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * SHA-256 of the paths and contents of the files under the given repository-relative paths
 * (folders or files). node_modules, dist, dot-files and tests (`*.test.*`) are skipped: none of
 * them goes into a build.
 */
export function contentHash(relativePaths) {
  const hash = createHash('sha256');
  const add = (relative) => {
    const full = path.join(repoRoot, relative);
    if (!existsSync(full)) return;
    hash.update(`${relative}\0`);
    hash.update(readFileSync(full));
    hash.update('\0');
  };
  const walk = (relative) => {
    const entries = readdirSync(path.join(repoRoot, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.') || entry.name.includes('.test.')) continue;
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else add(child);
    }
  };
  for (const relative of relativePaths) {
    const full = path.join(repoRoot, relative);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) walk(relative);
    else add(relative);
  }
  return hash.digest('hex');
}

/**
 * Environment of a server started for local use (`npm start`, `npm run dev`): SMS codes and reset
 * links go to its log (NOTIFICATION_LOG_SECRETS=1), since the outbox keeps them sealed, and the
 * payment gateway simulator runs (PAYMENT_SIMULATOR=1). Not when NODE_ENV=production (the server
 * refuses both there); a variable the caller set is left as it is.
 */
export function localServerEnv() {
  if (process.env.NODE_ENV === 'production') return {};
  return {
    ...(process.env.NOTIFICATION_LOG_SECRETS === undefined ? { NOTIFICATION_LOG_SECRETS: '1' } : {}),
    // The payment gateway simulator (the demo channels' payments, pages under /dev/gateway) runs
    // only when asked for; a local site asks, unless the caller chose otherwise.
    ...(process.env.PAYMENT_SIMULATOR === undefined ? { PAYMENT_SIMULATOR: '1' } : {}),
  };
}

/**
 * Where the server keeps its routes' compiled validators and serializers between starts
 * (server/src/http/compiled-schemas.ts): an instance that starts again skips compiling them.
 */
export function schemaCacheEnv() {
  return { SCHEMA_CACHE_DIR: process.env.SCHEMA_CACHE_DIR || path.join(repoRoot, 'node_modules', '.cache', 'compiled-schemas') };
}
