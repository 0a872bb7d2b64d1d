import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Failure } from '../http/error-handler';
import { BACK_OFFICE_FOLDER, BACK_OFFICE_PATH } from './back-office-path';
import { cacheControlFor } from './static-site';

export { BACK_OFFICE_FOLDER, BACK_OFFICE_PATH, isBackOfficePath } from './back-office-path';

// The operator back office (backoffice/, apps.json kind "backoffice"; built by scripts/build.mjs
// into dist/backoffice): a single-page app for the merchant's staff, served on the operator
// listener only. Its routes are under BACK_OFFICE_PATH, beside the operator API it calls
// (/ops/v1), so app.ts's listener rule (operator routes never on the site's listener, nothing else
// on the operator's) covers it without another list. Files under /ops/assets/; every other page
// path answers its index.html (read per request: a redeploy needs no restart).

export interface BackOfficeOptions {
  /** The repository's dist/; without it (or without a built back office) only the API is served. */
  staticRoot?: string;
  /** Words the 404 envelope. */
  failure: Failure;
  /** The operator API's prefix: an unknown path under it is the API's 404, never the page. */
  apiPrefix: string;
}

/** Registers the back office's pages when it is built; answers whether it is served. */
export async function registerBackOffice(app: FastifyInstance, { staticRoot, failure, apiPrefix }: BackOfficeOptions): Promise<boolean> {
  if (!staticRoot) return false;
  const dir = path.join(staticRoot, BACK_OFFICE_FOLDER);
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  if (fs.existsSync(path.join(dir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(dir, 'assets'),
      prefix: `${BACK_OFFICE_PATH}/assets/`,
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(filePath)),
    });
  }
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath === apiPrefix || urlPath.startsWith(`${apiPrefix}/`)) return reply.status(404).send(failure(request, 'not.found'));
    try {
      const html = await fs.promises.readFile(indexFile, 'utf8');
      return reply.status(200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
    } catch {
      return reply.status(404).send(failure(request, 'not.found'));
    }
  };
  app.get(BACK_OFFICE_PATH, { schema: { hide: true } }, page);
  app.get(`${BACK_OFFICE_PATH}/*`, { schema: { hide: true } }, page);
  return true;
}
