// The Content-Security-Policy of each kind of answer.
//
// A page of the site (the shell's index.html) runs the shell's scripts from this origin and the
// remotes' scripts from the origins the operator allowed (remote_origin) or REMOTE_OVERRIDES
// names. Nothing else runs: no inline script, no eval, no plugin. Module Federation loads a
// remote's mf-manifest.json with fetch (connect-src), its remoteEntry.js and chunks with <script>
// (script-src) and its CSS with <link> (style-src); the remotes' web fonts and images come from
// the same origins. Images may also come from the configured image CDNs, and the game frame may
// show pages of the configured game-launch CDNs. React sets style attributes through the CSSOM,
// which style-src does not govern; no app injects <style> elements (CSS is extracted to files).
//
// Anything that is not a page (the API's JSON, images, fonts, CSS) gets `default-src 'none'`: if
// it is ever opened as a document (an uploaded SVG, an envelope), it can run and load nothing.
// A script served here may run as a worker (the service worker): it may reach this origin only.

const SELF = "'self'";
const NONE = "'none'";

/** Origins a page of a merchant may use, beyond its own. */
export interface DocumentSources {
  /** Remote code: scripts, styles, fonts, images, manifests (operator-allowed and REMOTE_OVERRIDES). */
  remoteOrigins: readonly string[];
  /** Images besides the site's and the remotes' own (imageCDNs, the site's imageBaseUrl). */
  imageOrigins: readonly string[];
  /** Pages the game frame (/game) may show (launchGameCDNs). */
  frameOrigins: readonly string[];
  /** Development servers (REMOTE_OVERRIDES): their hot-reload web socket is allowed as well. */
  devOrigins: readonly string[];
  /**
   * The merchant has a Google tag (info.analytics.gtagId): the page may run gtag.js and send its
   * hits (ANALYTICS_SOURCES). The shell adds the tag, after consent where the merchant requires it.
   */
  analytics?: boolean;
  /**
   * The merchant's Firebase SMS channel (info.firebaseSms), by its auth domain: the login and
   * registration forms may run Firebase phone sign-in (FIREBASE_PHONE_SOURCES and that domain).
   */
  firebaseAuthDomain?: string | null;
  /**
   * The site's mirror domains (domain_route): the help page's speed test times a small file on
   * each from the browser, so the page may send requests there (connect-src). Nothing of theirs runs.
   */
  mirrorOrigins?: readonly string[];
}

/**
 * What Firebase phone sign-in needs of a page's policy (Firebase's documented CSP for Auth): the
 * reCAPTCHA that guards the SMS (script and frame), the Identity Toolkit and token calls, and the
 * project's auth domain (its frame).
 */
export const FIREBASE_PHONE_SOURCES = {
  script: ['https://www.google.com', 'https://www.gstatic.com', 'https://apis.google.com'],
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.google.com'],
  frame: ['https://www.google.com', 'https://recaptcha.google.com'],
} as const;

/** What Google's tag needs of a page's policy (its documented CSP for GA4): the script, its hits and pixels. */
export const ANALYTICS_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
} as const;

export const NO_SOURCES: DocumentSources = { remoteOrigins: [], imageOrigins: [], frameOrigins: [], devOrigins: [] };

/** scheme://host[:port], nothing a policy could misread (no quote, space, comma or semicolon). */
const SAFE_ORIGIN = /^(https?|wss?):\/\/([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(:[0-9]{1,5})?$/;

/**
 * The origin of an operator-written URL or host ("https://cdn.example/img/", "cdn.example",
 * "//cdn.example"), or undefined when it names none a policy can carry. A bare host means https.
 */
export function originOf(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return SAFE_ORIGIN.test(url.origin) ? url.origin : undefined;
}

/** Distinct safe origins of `values`, in order. */
export function originsOf(values: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const value of values) {
    const origin = originOf(value);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/** The web-socket origin of a development server's origin (webpack-dev-server's hot reload). */
function socketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

function serialize(directives: (readonly [string, ...string[]])[]): string {
  return directives.map((directive) => [...new Set(directive)].join(' ')).join('; ');
}

/** The policy of a page of the site: `secure` when the page came over TLS. */
export function documentPolicy(sources: DocumentSources, { secure }: { secure: boolean }): string {
  const remote = originsOf(sources.remoteOrigins);
  const dev = originsOf(sources.devOrigins);
  const images = originsOf(sources.imageOrigins);
  const frames = originsOf(sources.frameOrigins);
  const mirrors = originsOf(sources.mirrorOrigins ?? []);
  const analytics = sources.analytics ? ANALYTICS_SOURCES : { script: [], connect: [], img: [] };
  const firebaseDomain = sources.firebaseAuthDomain ? originOf(sources.firebaseAuthDomain) : undefined;
  const firebase = firebaseDomain
    ? { script: FIREBASE_PHONE_SOURCES.script, connect: FIREBASE_PHONE_SOURCES.connect, frame: [...FIREBASE_PHONE_SOURCES.frame, firebaseDomain] }
    : { script: [], connect: [], frame: [] };
  const directives: (readonly [string, ...string[]])[] = [
    ['default-src', SELF],
    ['base-uri', SELF],
    ['object-src', NONE],
    ['script-src', SELF, ...remote, ...dev, ...analytics.script, ...firebase.script],
    ['script-src-attr', NONE],
    ['style-src', SELF, ...remote, ...dev],
    ['font-src', SELF, ...remote, ...dev],
    // data: for the captcha picture and the small images webpack inlines.
    ['img-src', SELF, 'data:', ...remote, ...dev, ...images, ...analytics.img],
    ['media-src', SELF, ...images],
    ['connect-src', SELF, ...remote, ...dev, ...dev.map(socketOrigin), ...analytics.connect, ...firebase.connect, ...mirrors],
    // The game frame shows in-house games from this origin and vendors' games from their CDNs.
    ['frame-src', SELF, ...frames, ...firebase.frame],
    ['worker-src', SELF],
    ['manifest-src', SELF],
    ['form-action', SELF],
    // Only the site itself may frame its pages: /game frames the in-house games it serves.
    ['frame-ancestors', SELF],
  ];
  if (secure) directives.push(['upgrade-insecure-requests']);
  return serialize(directives);
}

/**
 * The policy of a game provider's own page served here (plugins/game-clients.ts: /jl/play/…,
 * /jl/verify): its scripts, styles and API on this origin only (no remote, CDN or other frame),
 * and only the site itself may frame it (the lobby's /game page); X-Frame-Options SAMEORIGIN
 * (helmet's) says the same to older browsers.
 */
export function gamePagePolicy({ secure }: { secure: boolean }): string {
  const directives: (readonly [string, ...string[]])[] = [
    ['default-src', SELF],
    ['base-uri', SELF],
    ['object-src', NONE],
    ['script-src', SELF],
    ['script-src-attr', NONE],
    ['style-src', SELF],
    ['font-src', SELF],
    ['img-src', SELF, 'data:'],
    ['media-src', SELF],
    ['connect-src', SELF],
    ['frame-src', NONE],
    ['worker-src', NONE],
    ['manifest-src', SELF],
    ['form-action', SELF],
    ['frame-ancestors', SELF],
  ];
  if (secure) directives.push(['upgrade-insecure-requests']);
  return serialize(directives);
}

/**
 * The policy of the operator back office's page (plugins/back-office.ts, on the operator listener
 * only): its scripts, styles and API on its own origin, images it was given as data (receipts) or
 * made itself (a CSV download's blob), and nobody may frame it (clickjacking a cashier).
 */
export function backOfficePagePolicy({ secure }: { secure: boolean }): string {
  const directives: (readonly [string, ...string[]])[] = [
    ['default-src', SELF],
    ['base-uri', SELF],
    ['object-src', NONE],
    ['script-src', SELF],
    ['script-src-attr', NONE],
    ['style-src', SELF],
    ['font-src', SELF],
    ['img-src', SELF, 'data:', 'blob:'],
    ['connect-src', SELF],
    ['frame-src', NONE],
    ['worker-src', NONE],
    ['form-action', SELF],
    ['frame-ancestors', NONE],
  ];
  if (secure) directives.push(['upgrade-insecure-requests']);
  return serialize(directives);
}

/** The policy of everything that is not a page: nothing may run or load, nobody may frame it. */
export const RESOURCE_POLICY = serialize([
  ['default-src', NONE],
  ['frame-ancestors', NONE],
]);

/** A script may run as a worker (service-worker.js): it may reach this origin only. */
export const SCRIPT_POLICY = serialize([
  ['default-src', SELF],
  ['frame-ancestors', NONE],
]);
