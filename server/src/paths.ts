import path from 'node:path';

// This file is server/src/paths.ts, or server/dist/paths.js once built: both sit one level
// below server/, so paths derived from it work from any working directory.

/** The server package folder. */
export const SERVER_ROOT = path.resolve(__dirname, '..');
/** The repository root (the npm workspace root). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');
export const DEFAULT_SEED_FILE = path.join(SERVER_ROOT, 'seed', 'default-merchant.json');
/** Served at /assets/: the images the seed refers to. */
export const PUBLIC_ASSETS_DIR = path.join(SERVER_ROOT, 'public', 'assets');
