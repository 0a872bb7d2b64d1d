/**
 * The answers `useCall` keeps for its `cache` option, for the page's lifetime. An answer is the
 * account's and the language's it was asked in (a session token and a language, its scope), like
 * every answer of useCall: the cache holds those of the scope in use only, and forgets the rest
 * when a hook asks in another.
 */

interface SharedRun {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Hooks still waiting for the answer: the request is aborted when the last of them goes. */
  waiting: number;
  settled: boolean;
}

interface Entry {
  scope: string;
  answer?: { value: unknown };
  run?: SharedRun;
}

const entries = new Map<string, Entry>();

/** The scope of an answer: the session token and the language it was asked in. */
export function cacheScope(token: string | null, language: string): string {
  return JSON.stringify([token, language]);
}

/** Forgets what other accounts and languages were answered: they are of no further use. */
function forgetOtherScopes(scope: string): void {
  for (const [key, entry] of entries) if (entry.scope !== scope) entries.delete(key);
}

/** The answer kept for `key` in `scope`, if there is one. */
export function keptAnswer(key: string, scope: string): { value: unknown } | undefined {
  const entry = entries.get(key);
  return entry?.scope === scope ? entry.answer : undefined;
}

/**
 * The answer for `key` in `scope`: joins the request in flight for it, or starts one with
 * `fetcher` (always a new one when `fresh`: a refresh). The caller's `signal` ends its wait; the
 * request itself is aborted once nobody waits for it. A success is kept, a failure is not.
 */
export function sharedRun<T>(key: string, scope: string, fetcher: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, fresh: boolean): Promise<T> {
  forgetOtherScopes(scope);
  let entry = entries.get(key);
  if (!entry) {
    entry = { scope };
    entries.set(key, entry);
  }
  let run = entry.run;
  if (!run || fresh) {
    const controller = new AbortController();
    const started: SharedRun = { promise: Promise.resolve(), controller, waiting: 0, settled: false };
    const owner = entry;
    started.promise = fetcher(controller.signal).then(
      (value) => {
        started.settled = true;
        if (owner.run === started) {
          owner.answer = { value };
          owner.run = undefined;
        }
        return value;
      },
      (error: unknown) => {
        started.settled = true;
        if (owner.run === started) owner.run = undefined;
        throw error;
      },
    );
    // Each waiter handles the failure; with none left (all gone), it is nobody's to report.
    started.promise.catch(() => undefined);
    entry.run = started;
    run = started;
  }
  const joined = run;
  const owner = entry;
  joined.waiting += 1;
  signal.addEventListener(
    'abort',
    () => {
      joined.waiting -= 1;
      if (joined.waiting > 0 || joined.settled) return;
      joined.controller.abort();
      // The next hook to ask starts afresh instead of joining an aborted request.
      if (owner.run === joined) owner.run = undefined;
    },
    { once: true },
  );
  return joined.promise as Promise<T>;
}

/** Forgets every kept answer (a clean page for the next test). */
export function forgetCachedAnswers(): void {
  entries.clear();
}
