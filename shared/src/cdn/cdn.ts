// Image and game-launch CDNs (system status info.imageCDNs, info.launchGameCDNs): the bases are
// picked at random from the server's lists.
//
// Each list is a rotation: at start-up (configureCdns, from the system status) one base is picked
// at random, so a page's players spread over the CDNs and each page keeps to one (the browser's
// cache works); when a base fails, the rotation moves on to the next base of the list (wrapping),
// and so does every address made after that. @platform/shared is one copy per page (a federation
// singleton): the shell configures the rotation, every app of the page reads it.
//
//   - Images: cdnImageUrl(path) joins a server's relative image path to the current image base;
//     the site's imageBaseUrl is the last base to try after the CDNs. An <img> given
//     onError={cdnImageFallback} moves to the next base when its picture does not load, until
//     every base has been tried.
//   - Game launch: cdnLaunchUrl(game_url) joins a launch answer's relative path to the current
//     launch base when the list is not empty (otherwise the path stays this site's);
//     reportLaunchFailure(url) moves the rotation on, for the next launch.
// Absolute addresses (https:, //host, data:, blob:) are always used as they are.

/** Where the bases come from: the system status's info (and the site's image base). */
export interface CdnSettings {
  imageCDNs?: readonly string[] | null;
  launchGameCDNs?: readonly string[] | null;
  /** The site's own image base (info.site.imageBaseUrl): tried after every image CDN. */
  imageBaseUrl?: string | null;
}

/** A list of bases with a current one, picked at random, moved on by failures. */
export interface CdnRotation {
  /** The usable bases, in the configured order. */
  readonly bases: readonly string[];
  /** The base addresses are made with now, or null when the list is empty. */
  current(): string | null;
  /**
   * `failed` did not work: when it is still the current base, the next one becomes current.
   * Answers the base to use now (null when the list is empty).
   */
  moveOn(failed: string): string | null;
  /** The base after `base` in the list (wrapping), or null when `base` is the only one or unknown. */
  after(base: string): string | null;
}

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** True for an address with a scheme or a protocol-relative one: used as it is. */
export function isAbsoluteUrl(url: string): boolean {
  return ABSOLUTE.test(url);
}

/**
 * Only http(s) bases (or protocol-relative ones) are used: an operator's typo or a javascript:
 * value never becomes part of an address the page loads.
 */
export function isUsableBase(base: string): boolean {
  const text = base.trim();
  if (!text) return false;
  if (text.startsWith('//')) return !/\s/.test(text);
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(text);
  } catch {
    return false;
  }
}

/** `base` and a relative `path` joined with exactly one slash between them. */
export function joinBase(base: string, path: string): string {
  return `${base.trim().replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A rotation over `bases` whose first current base is picked by `random` (in [0, 1)). */
export function createCdnRotation(bases: readonly string[] | null | undefined, random: () => number = Math.random): CdnRotation {
  const usable = [...new Set((bases ?? []).map((base) => base.trim()).filter(isUsableBase))];
  let index = usable.length === 0 ? -1 : Math.min(usable.length - 1, Math.max(0, Math.floor(random() * usable.length)));
  return {
    bases: usable,
    current: () => (index < 0 ? null : usable[index]),
    moveOn(failed) {
      if (index >= 0 && usable[index] === failed.trim() && usable.length > 1) index = (index + 1) % usable.length;
      return index < 0 ? null : usable[index];
    },
    after(base) {
      const at = usable.indexOf(base.trim());
      return at < 0 || usable.length < 2 ? null : usable[(at + 1) % usable.length];
    },
  };
}

let imageRotation = createCdnRotation([]);
let launchRotation = createCdnRotation([]);
let siteImageBase: string | null = null;

/**
 * Takes the page's CDN lists (the shell, from the system status at start-up). Called again with
 * the same lists it keeps the current picks, so a status reload does not move a page's images.
 */
export function configureCdns(settings: CdnSettings, random: () => number = Math.random): void {
  const same = (rotation: CdnRotation, list: readonly string[] | null | undefined) =>
    createCdnRotation(list, () => 0).bases.join('\n') === rotation.bases.join('\n');
  if (!same(imageRotation, settings.imageCDNs)) imageRotation = createCdnRotation(settings.imageCDNs, random);
  if (!same(launchRotation, settings.launchGameCDNs)) launchRotation = createCdnRotation(settings.launchGameCDNs, random);
  const base = settings.imageBaseUrl?.trim();
  siteImageBase = base && isUsableBase(base) ? base : null;
}

/** The image bases in the order a failing picture tries them: the current CDN first, the site's own base last. */
function imageBasesFrom(start: string | null): string[] {
  const bases: string[] = [];
  const all = imageRotation.bases;
  if (start !== null && all.includes(start)) {
    const at = all.indexOf(start);
    for (let step = 0; step < all.length; step++) bases.push(all[(at + step) % all.length]);
  }
  if (siteImageBase && !bases.includes(siteImageBase)) bases.push(siteImageBase);
  return bases;
}

/** The current image base: an image CDN when any is configured, else the site's image base, else null. */
export function currentImageBase(): string | null {
  return imageRotation.current() ?? siteImageBase;
}

/** A server's image path on the current image base; absolute addresses and empty ones unchanged. */
export function cdnImageUrl(path: string): string {
  if (!path || isAbsoluteUrl(path)) return path;
  const base = currentImageBase();
  return base ? joinBase(base, path) : path;
}

/** On an <img> that fell back: the base its first address was on, and how many bases it has tried. */
const FIRST_BASE_ATTRIBUTE = 'data-cdn-first';
const TRIED_ATTRIBUTE = 'data-cdn-tried';

/** The base and relative path an image address was made from, if it is on one of the bases (longest first). */
function splitImageUrl(src: string): { base: string; path: string } | null {
  const bases = [...imageRotation.bases, ...(siteImageBase ? [siteImageBase] : [])].sort((a, b) => b.length - a.length);
  for (const base of bases) {
    const prefix = `${base.replace(/\/+$/, '')}/`;
    if (src.startsWith(prefix)) return { base, path: src.slice(prefix.length) };
  }
  return null;
}

/**
 * The address an image tries after `failedSrc` did not load, or null when none is left: the bases
 * in order from the one its first address was on (`firstBase`, the failed one's own when absent),
 * the site's image base last; `tried` is how many it has tried so far, the failed one included.
 * Every later picture of the page starts on the next base too.
 */
export function nextImageUrl(failedSrc: string, tried = 1, firstBase?: string | null): string | null {
  const split = splitImageUrl(failedSrc);
  if (!split) return null;
  imageRotation.moveOn(split.base);
  const first = firstBase ?? split.base;
  const order = imageBasesFrom(imageRotation.bases.includes(first) ? first : null);
  if (tried >= order.length) return null;
  return joinBase(order[tried], split.path);
}

/**
 * An <img> `error` handler (React's onError, or addEventListener('error')): the picture is asked
 * for on the next base, until every base has been tried once. Images whose address cdnImageUrl did
 * not make are left alone.
 */
export function cdnImageFallback(event: { currentTarget: EventTarget | null }): void {
  const image = event.currentTarget as HTMLImageElement | null;
  if (!image || typeof image.getAttribute !== 'function') return;
  const src = image.getAttribute('src') ?? '';
  const first = image.getAttribute(FIRST_BASE_ATTRIBUTE) ?? splitImageUrl(src)?.base ?? null;
  const tried = Number(image.getAttribute(TRIED_ATTRIBUTE) ?? '1') || 1;
  const next = nextImageUrl(src, tried, first);
  if (!next || !first) return;
  image.setAttribute(FIRST_BASE_ATTRIBUTE, first);
  image.setAttribute(TRIED_ATTRIBUTE, String(tried + 1));
  image.setAttribute('src', next);
}

/** The current game-launch base, or null when the merchant has no launch CDN. */
export function currentLaunchBase(): string | null {
  return launchRotation.current();
}

/**
 * What the game frame opens for a launch answer's game_url: a relative path on the current launch
 * CDN when the merchant has any, otherwise (and for absolute addresses) the game_url itself.
 */
export function cdnLaunchUrl(gameUrl: string): string {
  if (!gameUrl || isAbsoluteUrl(gameUrl)) return gameUrl;
  const base = launchRotation.current();
  if (!base) return gameUrl;
  // The frame takes http(s) addresses only: a protocol-relative base gets the page's own scheme.
  const scheme = base.startsWith('//') ? (globalThis.location?.protocol === 'http:' ? 'http:' : 'https:') : '';
  return `${scheme}${joinBase(base, gameUrl)}`;
}

/**
 * A launch address made by cdnLaunchUrl did not open: the next launch uses the next CDN. Answers
 * the same game on the next base (null when there is no other base, or the address is not on one).
 */
export function reportLaunchFailure(failedUrl: string): string | null {
  // A protocol-relative base was given the page's scheme by cdnLaunchUrl.
  const address = (base: string) => (base.startsWith('//') ? failedUrl.replace(/^https?:/, '') : failedUrl);
  const base = launchRotation.bases.find((candidate) => address(candidate).startsWith(`${candidate.replace(/\/+$/, '')}/`));
  if (!base) return null;
  const next = launchRotation.after(base);
  launchRotation.moveOn(base);
  return next ? cdnLaunchUrl(address(base).slice(base.replace(/\/+$/, '').length + 1)) : null;
}
