import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Failure } from '../http/error-handler';
import { PUBLIC_ASSETS_DIR } from '../paths';

// The built front end: dist/shell at /, dist/remotes at /remotes/, the server's own images at
// /assets/, and the single-page-app fallback (any HTML navigation that is not an API or file
// path gets the shell's index.html, so /register or /promotions work on reload).

/** Files that name other files: they must always be fetched fresh. */
const NO_STORE_FILES = new Set(['index.html', 'service-worker.js', 'manifest.webmanifest', 'mf-manifest.json', 'remoteEntry.js']);
/** main.3f2a9c1b.js, 412.8d1e77aa0b.chunk.css: the content hash in the name makes them immutable. */
const CONTENT_HASHED = /(^|[.-])[0-9a-f]{8,}(\.chunk)?\.[A-Za-z0-9]+$/i;
/** Paths the SPA fallback never answers: they are the server's, not the shell's. */
const SERVER_PREFIXES = ['/wps', '/lgw', '/docs', '/remotes', '/assets', '/healthz'];

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (main.3f2a9c1b.js.br) is cached as the file it encodes.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (NO_STORE_FILES.has(name)) return 'no-store';
  if (CONTENT_HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

function isServerPath(urlPath: string): boolean {
  return SERVER_PREFIXES.some(
    (prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`) || urlPath.startsWith(`${prefix}.`),
  );
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

export interface StaticSiteOptions {
  /** The repository's dist/ (holding shell/ and remotes/); without it only /assets/ is served. */
  staticRoot?: string;
  /** Words the 404 envelope (app.ts's, over the whole message catalogue). */
  failure: Failure;
}

export async function registerStaticSite(app: FastifyInstance, { staticRoot, failure }: StaticSiteOptions): Promise<void> {
  // Several @fastify/static instances: only one may decorate reply (none needs to).
  await app.register(fastifyStatic, {
    root: PUBLIC_ASSETS_DIR,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=86400'),
  });

  const shellDir = staticRoot ? path.join(staticRoot, 'shell') : undefined;
  const remotesDir = staticRoot ? path.join(staticRoot, 'remotes') : undefined;
  if (shellDir && fs.existsSync(shellDir)) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      decorateReply: false,
      // The build writes .br and .gz beside each text file (scripts/build.mjs): sent as they are,
      // with Content-Encoding and Vary, to a browser that accepts them; others get the file.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(filePath)),
    });
  }
  if (remotesDir && fs.existsSync(remotesDir)) {
    await app.register(fastifyStatic, {
      root: remotesDir,
      prefix: '/remotes/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // Remotes may be loaded by a shell on another origin (dev servers, a CDN): by CORS, and by
        // a plain <script> despite the same-origin Cross-Origin-Resource-Policy of everything else.
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        reply.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  }

  const indexFile = shellDir ? path.join(shellDir, 'index.html') : undefined;
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0];
    if (indexFile && wantsHtml(request) && !isServerPath(urlPath)) {
      try {
        // Read per request: a redeployed shell is served without a restart.
        const html = await fs.promises.readFile(indexFile);
        return reply.status(200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
      } catch {
        // No built shell: fall through to the 404 envelope.
      }
    }
    // 404 in the envelope, for API paths and anything the static site does not serve.
    return reply.status(404).send(failure(request, 'not.found'));
  });
}
