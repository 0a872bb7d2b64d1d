// The member's chat pushed by the server (GET /wps/chat/events, a text/event-stream): each new
// message of their conversations, conversation changes, the operator's typing and the unread
// count. Read with fetch, not EventSource, so the session token travels in the Authorization
// header as on every call, never in a URL (as the balance stream does). Every (re)connection asks
// for the messages after the last one the page holds (`after`), so a drop loses nothing, and the
// page keeps each message once by its id, so nothing shows twice. A stream that ends (the server
// ends each after a few minutes) or drops is opened again; a refused one (401, 403, 404) is not.
// Going offline drops the connection at once (a dead connection may otherwise hang unnoticed),
// and coming back online reconnects without waiting out the pause.
import { createEventParser, api as defaultApi, type ServerSentEvent } from '@platform/shared';
import { CHAT_STREAM_RETRY_MS, chatEventsCall } from '@platform/contract';

/** The longest wait between two attempts while the stream keeps failing. */
export const CHAT_STREAM_MAX_RETRY_MS = 30_000;

/** One event of the chat stream (its `id` is the message id of a `message` event). */
export type ChatStreamEvent = ServerSentEvent;

type Reader = { read(): Promise<{ done: boolean; value?: Uint8Array | string }>; cancel?(): Promise<void> };
export type ChatStreamFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; cache: 'no-store' },
) => Promise<{ status: number; ok: boolean; body: { getReader(): Reader } | null }>;

export type ChatStreamState = 'open' | 'retrying' | 'stopped';

export interface ChatStreamOptions {
  token: string;
  /** The newest message id the page holds (0: none), read at each (re)connection. */
  after: () => number;
  onEvent: (event: ChatStreamEvent) => void;
  /** open: connected; retrying: dropped, trying again; stopped: refused for good. */
  onState?: (state: ChatStreamState) => void;
  /** Aborting ends the stream for good (the window closed, the session changed). */
  signal: AbortSignal;
  /** The headers of each attempt, as the API client sends them. */
  headers?: (token: string) => Record<string, string>;
  /** The network edge: the browser's fetch (read at each attempt) by default. */
  fetch?: ChatStreamFetch;
}

/** Statuses after which trying again cannot help: no session, chat switched off, no such route. */
const FINAL_STATUSES = new Set([401, 403, 404]);

/** Waits `ms`, or less when the stream is stopped or `wake` is called (the browser came back online). */
function pause(ms: number, signal: AbortSignal, onWake: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    onWake(done);
  });
}

/**
 * Follows the member's chat stream until `signal` aborts or the server refuses it; resolves then.
 * Never rejects: a failure is retried, with growing pauses while it keeps failing.
 */
export async function followChatStream({
  token,
  after,
  onEvent,
  onState,
  signal,
  headers = (sessionToken) => defaultApi.headersFor(chatEventsCall, sessionToken),
  fetch: fetchImpl,
}: ChatStreamOptions): Promise<void> {
  let retryMs = CHAT_STREAM_RETRY_MS;
  let failures = 0;
  // Back online since the last attempt began: the next one goes at once (also when the browser
  // said so while that attempt was still failing).
  let cameOnline = false;
  let wake: (() => void) | null = null;
  const onOnline = () => {
    cameOnline = true;
    wake?.();
  };
  window.addEventListener('online', onOnline);
  try {
    while (!signal.aborted) {
      let received = false;
      let failed = false;
      cameOnline = false;
      const attempt = new AbortController();
      const stop = () => attempt.abort();
      signal.addEventListener('abort', stop);
      window.addEventListener('offline', stop);
      try {
        const request = fetchImpl ?? (globalThis.fetch as unknown as ChatStreamFetch | undefined);
        if (!request) return;
        // Nothing held yet: no `after` (only what is new; after=0 would replay every conversation's history).
        const last = after();
        const url = last > 0 ? `${chatEventsCall.path}?after=${last}` : chatEventsCall.path;
        const response = await request(url, { headers: { ...headers(token), Accept: 'text/event-stream' }, signal: attempt.signal, cache: 'no-store' });
        if (FINAL_STATUSES.has(response.status)) {
          onState?.('stopped');
          return;
        }
        if (!response.ok || !response.body) throw new Error(`chat stream answered ${response.status}`);
        onState?.('open');
        const reader = response.body.getReader();
        // An abort (offline, closed) ends the read at once, whatever the body does with the signal.
        attempt.signal.addEventListener('abort', () => void reader.cancel?.().catch(() => undefined));
        const decoder = new TextDecoder();
        const parser = createEventParser();
        while (!attempt.signal.aborted) {
          const { done, value } = await reader.read();
          if (done || attempt.signal.aborted) break;
          const text = typeof value === 'string' ? value : decoder.decode(value, { stream: true });
          for (const event of parser.push(text)) {
            if (event.retryMs !== undefined) retryMs = event.retryMs;
            if (event.event === 'message' && !event.data) continue;
            received = true;
            onEvent(event);
          }
        }
      } catch {
        // Dropped or refused on the way: tried again below (an abort ends the loop).
        failed = true;
      } finally {
        signal.removeEventListener('abort', stop);
        window.removeEventListener('offline', stop);
      }
      if (signal.aborted) return;
      // A stream the server ended after delivering is simply reopened (no notice to the member);
      // one that dropped (offline too) or keeps failing is reported and waits longer each time.
      if (failed || attempt.signal.aborted || !received) onState?.('retrying');
      failures = received ? 0 : failures + 1;
      if (cameOnline) continue;
      await pause(Math.min(retryMs * 2 ** Math.max(0, failures - 1), CHAT_STREAM_MAX_RETRY_MS), signal, (done) => (wake = done));
      wake = null;
    }
  } finally {
    window.removeEventListener('online', onOnline);
  }
}
