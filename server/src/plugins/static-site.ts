import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { GAME_CATEGORIES } from '@platform/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConfigCache } from '../db/config-cache';
import type { Failure } from '../http/error-handler';
import { PUBLIC_ASSETS_DIR } from '../paths';
import { GAME_CLIENTS } from './game-clients';
import type { MerchantResolver, ResolvedMerchant } from './merchant';

// The built front end: dist/shell at /, dist/remotes at /remotes/, the server's own images at
// /assets/, and the single-page-app fallback (any HTML navigation that is not an API or file
// path gets the shell's index.html, so /register or /promotions work on reload).

/** Files that name other files: they must always be fetched fresh. */
const NO_STORE_FILES = new Set(['index.html', 'service-worker.js', 'manifest.webmanifest', 'mf-manifest.json', 'remoteEntry.js']);
/** main.3f2a9c1b.js, 412.8d1e77aa0b.chunk.css: the content hash in the name makes them immutable. */
const CONTENT_HASHED = /(^|[.-])[0-9a-f]{8,}(\.chunk)?\.[A-Za-z0-9]+$/i;
/** Paths the SPA fallback never answers: they are the server's, not the shell's. */
const SERVER_PREFIXES = ['/wps', '/lgw', '/docs', '/remotes', '/assets', '/healthz', '/provider', '/jl', '/ops'];

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (main.3f2a9c1b.js.br) is cached as the file it encodes.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (NO_STORE_FILES.has(name)) return 'no-store';
  if (CONTENT_HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** A file of the shell's icons folder (dist/shell/icons/: the installed app's and the speed test's icons). */
function isIconFile(shellDir: string, filePath: string): boolean {
  const relative = path.relative(shellDir, filePath);
  return relative.split(path.sep)[0] === 'icons' && !relative.startsWith('..');
}

function isServerPath(urlPath: string): boolean {
  return SERVER_PREFIXES.some(
    (prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`) || urlPath.startsWith(`${prefix}.`),
  );
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * The banner group each page shows above it, by path: the remotes' routes (their src/routes.json,
 * `banner`; the shell's own table, shell/src/app/route-table.ts, for a release without one) for the
 * pages that show banners. The page names the group's first banner before any script runs, so the
 * browser fetches the first screen's largest image at once. A route a remote adds with a banner
 * shows it without this (the shell fetches the banners itself), only later.
 */
const BANNER_GROUP_BY_PATH = new Map<string, string>([
  ...['/', '/index', '/index.html', '/home'].map((p): [string, string] => [p, 'w_home']),
  // The lobby's games pages: every category's but the lottery's (a remote of its own), and hot.
  ...[...GAME_CATEGORIES.filter((category) => category.code !== 'LOTT').map((category) => category.route), '/hot'].map(
    (p): [string, string] => [p, 'w_games'],
  ),
  ...['/promotions', '/promoDetail'].map((p): [string, string] => [p, 'w_promotion']),
  ['/help', 'w_help'],
]);

export function bannerGroupOfPath(urlPath: string): string | null {
  const trimmed = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  if (trimmed.startsWith('/promotions/')) return 'w_promotion';
  return BANNER_GROUP_BY_PATH.get(trimmed) ?? null;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The address the shell shows a banner at (use-site-settings.ts resolveImageUrl: a relative
 * address goes under the site's imageBaseUrl), or null when the page must not name it: anything but
 * a same-site path or an http(s) address on an image origin the Content-Security-Policy allows
 * (img-src: the site itself, the imageCDNs and the imageBaseUrl).
 */
export function bannerPreloadUrl(url: string, imageBaseUrl: string | null, allowedImageUrls: string[]): string | null {
  if (!url) return null;
  const absolute = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
  const resolved = absolute || !imageBaseUrl ? url : `${imageBaseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  if (resolved.startsWith('/') && !resolved.startsWith('//')) return resolved;
  let origin: string;
  try {
    const parsed = new URL(resolved);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    origin = parsed.origin;
  } catch {
    return null;
  }
  const allowed = allowedImageUrls.some((source) => {
    try {
      return new URL(source).origin === origin;
    } catch {
      return false;
    }
  });
  return allowed ? resolved : null;
}

/** The shell's root element as index.html opens it (the build's minifier drops the quotes). */
const ROOT_OPENING = /<div id=(?:"root"|'root'|root)>/;

/**
 * index.html with the page's first banner: named in its head (a high-priority preload) and shown
 * in the boot splash (boot.css places it where the phone layout's banner comes), so the first
 * screen's largest image is fetched and painted before any script has run. The shell's first
 * render replaces the splash, and its own first slide takes the same address.
 */
export function withFirstBanner(html: string, imageUrl: string | null, group = ''): string {
  if (!imageUrl) return html;
  const head = html.indexOf('</head>');
  const rootMatch = ROOT_OPENING.exec(html);
  const root = rootMatch ? rootMatch.index : -1;
  if (head < 0 || root < head) return html;
  const href = escapeAttribute(imageUrl);
  const link = `<link rel="preload" as="image" fetchpriority="high" href="${href}" data-first-banner />\n`;
  // The group places it (boot.css): home's banner has margins, the other groups' fill the width.
  const image = `<img class="boot-banner" src="${href}" fetchpriority="high" alt="" data-first-banner data-group="${escapeAttribute(group)}" />`;
  const afterRoot = root + (rootMatch?.[0].length ?? 0);
  return `${html.slice(0, head)}${link}${html.slice(head, afterRoot)}${image}${html.slice(afterRoot)}`;
}

export interface StaticSiteOptions {
  /** The repository's dist/ (holding shell/ and remotes/); without it only /assets/ is served. */
  staticRoot?: string;
  /** Words the 404 envelope (app.ts's, over the whole message catalogue). */
  failure: Failure;
  /** With it, the shell's page names the merchant's first banner on the pages that show banners. */
  banners?: FirstBannerSources;
}

/** What the page needs to name a merchant's first banner (the modules' reads, given by app.ts). */
export interface FirstBannerSources {
  resolveMerchant: MerchantResolver;
  /** The first banner's image address per banner group. */
  firstBanners(merchant: ResolvedMerchant): Promise<Map<string, string>>;
  /** The site's image address and the image origins its content security policy allows. */
  imageSources(merchant: ResolvedMerchant): Promise<{ imageBaseUrl: string | null; imageUrls: string[] }>;
}

export async function registerStaticSite(
  app: FastifyInstance,
  { staticRoot, failure, banners: bannerSources }: StaticSiteOptions,
): Promise<void> {
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
      // '/' is a page like the others: the fallback below serves it (with its first banner named).
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath));
        // The site's icons may be read from another origin: the help page's mirror speed test, on
        // one mirror, times the icon of each other mirror (mfe-lobby features/speed-test). Under the
        // same-origin policy of everything else the browser would refuse each answer, and every
        // mirror but the page's own would look unreachable.
        if (isIconFile(shellDir, filePath)) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
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

  // Game providers' own pages (plugins/game-clients.ts): files under <mountPath>/assets/, and each
  // page of the client answers its index.html (read per request: a redeploy needs no restart).
  for (const client of staticRoot ? GAME_CLIENTS : []) {
    const clientDir = path.join(staticRoot as string, client.folder);
    if (!fs.existsSync(path.join(clientDir, 'index.html'))) continue;
    if (fs.existsSync(path.join(clientDir, 'assets'))) {
      await app.register(fastifyStatic, {
        root: path.join(clientDir, 'assets'),
        prefix: `${client.mountPath}/assets/`,
        decorateReply: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(filePath)),
      });
    }
    const clientIndex = path.join(clientDir, 'index.html');
    app.get(`${client.mountPath}/*`, { schema: { hide: true } }, async (request, reply) => {
      const urlPath = request.url.split('?')[0];
      if (!client.pages.test(urlPath)) return reply.status(404).send(failure(request, 'not.found'));
      try {
        const html = await fs.promises.readFile(clientIndex, 'utf8');
        return reply.status(200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
      } catch {
        return reply.status(404).send(failure(request, 'not.found'));
      }
    });
  }

  const indexFile = shellDir ? path.join(shellDir, 'index.html') : undefined;
  // Per merchant and config revision (banner and setting changes bump it): no query per page.
  const preloadCache = new ConfigCache();
  const firstBannerUrls = (sources: FirstBannerSources, merchant: ResolvedMerchant) =>
    preloadCache.get(merchant, 'first-banner-urls', async () => {
      const [banners, images] = await Promise.all([sources.firstBanners(merchant), sources.imageSources(merchant)]);
      const urls = new Map<string, string>();
      for (const [group, url] of banners) {
        const preload = bannerPreloadUrl(url, images.imageBaseUrl, images.imageUrls);
        if (preload) urls.set(group, preload);
      }
      return urls;
    });
  const bannerOf = async (request: FastifyRequest, urlPath: string): Promise<{ url: string; group: string } | null> => {
    const group = bannerGroupOfPath(urlPath);
    if (!group || !bannerSources) return null;
    try {
      const url = (await firstBannerUrls(bannerSources, await bannerSources.resolveMerchant(request))).get(group);
      return url ? { url, group } : null;
    } catch (error) {
      // The page works without it: the shell fetches the banners itself.
      request.log.warn({ err: error }, 'first banner not named in the page');
      return null;
    }
  };
  /**
   * Sends the shell's page for a navigation to `urlPath`; false (nothing sent) without a built shell.
   * A boolean, not the reply: a reply is thenable, and awaiting it waits for the response instead.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, urlPath: string): Promise<boolean> => {
    if (!indexFile) return false;
    try {
      // Read per request: a redeployed shell is served without a restart.
      const [file, banner] = await Promise.all([fs.promises.readFile(indexFile, 'utf8'), bannerOf(request, urlPath)]);
      const html = withFirstBanner(file, banner?.url ?? null, banner?.group);
      void reply.status(200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
      return true;
    } catch {
      // No built shell: the caller answers 404.
      return false;
    }
  };
  if (indexFile && fs.existsSync(indexFile)) {
    // The home page: the shell's page whatever the Accept header (as the static index was).
    app.get('/', async (request, reply) => {
      if (await sendPage(request, reply, '/')) return reply;
      return reply.status(404).send(failure(request, 'not.found'));
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0];
    if (wantsHtml(request) && !isServerPath(urlPath)) {
      if (await sendPage(request, reply, urlPath)) return reply;
    }
    // 404 in the envelope, for API paths and anything the static site does not serve.
    return reply.status(404).send(failure(request, 'not.found'));
  });
}
