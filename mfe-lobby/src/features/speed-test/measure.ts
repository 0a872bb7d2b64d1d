// Timing the site's mirrors from the player's browser: what the player's own network makes of
// each, which no server-side check can tell. Each mirror is asked several times for one small
// file; the middle time (the median) counts, so one slow answer (the first one's connection set-up,
// a hiccup) does not decide the ranking.

/**
 * The small file each mirror is asked for: the site's icon (a few hundred bytes), which every
 * mirror serves, the service worker never answers for another origin, and the server lets another
 * origin read (server/src/plugins/static-site.ts gives the icons a cross-origin resource policy).
 */
export const PROBE_PATH = '/icons/icon.svg';
export const DEFAULT_SAMPLES = 5;
/** A mirror that has not answered in this long counts as not answering. */
export const DEFAULT_TIMEOUT_MS = 4000;

/** Sends one request (the browser's fetch by default); resolves when the answer's headers are in. */
export type Probe = (url: string, init: RequestInit) => Promise<unknown>;
/** Milliseconds from a fixed point (performance.now by default). */
export type Clock = () => number;

export interface MeasureOptions {
  samples?: number;
  timeoutMs?: number;
  probe?: Probe;
  now?: Clock;
  /** The page's own origin: a mirror on it is asked as the site's own file, another as an opaque one. */
  pageOrigin?: string;
  /** Ends the measuring (the page left, a new run started). */
  signal?: AbortSignal;
}

export interface MirrorResult {
  /** The mirror's origin (https://m1.example.com). */
  origin: string;
  /** Each answered request's time, in ms, in the order sent. */
  samples: number[];
  /** The median of the samples, or null when the mirror did not answer (unreachable). */
  medianMs: number | null;
}

/** The middle value (the mean of the two middle ones for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The origin of a mirror as the operator wrote it (https://m1.example.com, m1.example.com/,
 * //m1.example.com), or null when it names no http(s) site. A bare host means https.
 */
export function mirrorOrigin(domain: string): string | null {
  const text = domain.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

const browserProbe: Probe = (url, init) => fetch(url, init);
const browserClock: Clock = () => performance.now();

/** One request, failing after `timeoutMs` or when `signal` aborts. */
async function probeOnce(probe: Probe, url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs);
  signal?.addEventListener('abort', abort);
  try {
    await probe(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * Times `samples` requests to the mirror, one after another (never in parallel: they would queue
 * behind each other and time the queue). Each asks the file afresh: no cache (`no-store`, and a
 * query no cache has seen). Another origin's file is fetched `no-cors`: the page cannot read it,
 * and need not, only time it. The first failure ends the mirror's run: a mirror that fails once is
 * not waited on four more times; with no answered request it is unreachable.
 */
export async function measureMirror(origin: string, options: MeasureOptions = {}): Promise<MirrorResult> {
  const { samples = DEFAULT_SAMPLES, timeoutMs = DEFAULT_TIMEOUT_MS, probe = browserProbe, now = browserClock, pageOrigin, signal } = options;
  const init: RequestInit = { cache: 'no-store', mode: origin === pageOrigin ? 'same-origin' : 'no-cors', credentials: 'omit', referrerPolicy: 'no-referrer' };
  const times: number[] = [];
  const run = Math.random().toString(36).slice(2, 10);
  for (let index = 0; index < samples && !signal?.aborted; index += 1) {
    const started = now();
    try {
      await probeOnce(probe, `${origin}${PROBE_PATH}?speedtest=${run}-${index}`, init, timeoutMs, signal);
    } catch {
      break;
    }
    times.push(now() - started);
  }
  return { origin, samples: times, medianMs: median(times) };
}

/**
 * Fastest first: the mirrors that answered by their median (the operator's order between equal
 * ones), then those that did not, in the operator's order.
 */
export function rankMirrors(results: readonly MirrorResult[]): MirrorResult[] {
  const order = (result: MirrorResult) => (result.medianMs === null ? Number.POSITIVE_INFINITY : result.medianMs);
  return results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => order(a.result) - order(b.result) || a.index - b.index)
    .map(({ result }) => result);
}
