// `npm start`: builds the apps whose sources changed since their last build (see build.mjs),
// then serves shell, remotes and API on one port, on the embedded PostgreSQL (data under ./.data)
// unless DATABASE_URL is set. Codes and reset links the site sends are in its log (localServerEnv);
// without SECRETS_KEY the server keeps a development key in .data/secrets.key. The payment
// gateway simulator runs (PAYMENT_SIMULATOR=1); the operator API listens on 127.0.0.1:3001.
import path from 'node:path';
import { buildAll } from './build.mjs';
import { localServerEnv, schemaCacheEnv, repoRoot, run } from './lib.mjs';

if (!(await buildAll())) process.exit(1);

const code = await run('node', [path.join('server', 'dist', 'main.js')], {
  env: { ...localServerEnv(), ...schemaCacheEnv(), STATIC_ROOT: path.join(repoRoot, 'dist'), PORT: process.env.PORT ?? '3000' },
});
process.exit(code);
