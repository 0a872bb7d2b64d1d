// The operators' live feed of the merchant's chat (GET /ops/v1/chat/events, a text/event-stream),
// read with fetch rather than EventSource so that the operator's token travels in the
// Authorization header, never in a URL. A stream that drops (the server ends each after a while,
// a network blip, a restart) is opened again after the server's `retry:` advice; each time it is
// open the console lists again, since what happened in between was not pushed.
import { CHAT_STREAM_RETRY_MS } from '@platform/contract';
import { OPS_API_PREFIX } from '@backoffice/kit';
// The parser is a pure function of the text (no state of the player site's runtime), so the back
// office bundles its own copy of the one the player site's streams use.
import { createEventParser } from '../../../../shared/src/api/server-sent-events';

export type StreamStatus = 'connecting' | 'open' | 'down' | 'refused';

export interface ChatStreamOptions {
  token: () => string | null;
  language: () => string;
  /** Each event: its name (`message`, `conversation`, `typing`, `resync`) and its data, parsed. */
  onEvent: (event: string, data: unknown) => void;
  /** `open`: list again now; `refused`: the server said no (the status and its words), no retry. */
  onStatus: (status: StreamStatus, detail?: { status: number; message: string | null }) => void;
  fetch?: typeof fetch;
  /** Waits before a reconnect (tests shorten it). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const defaultWait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/** Opens the stream and keeps it open until the answered function is called. */
export function openChatStream({ token, language, onEvent, onStatus, fetch: fetchImpl, wait = defaultWait }: ChatStreamOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let retryMs = CHAT_STREAM_RETRY_MS;

  const readOnce = async (): Promise<'again' | 'stop'> => {
    onStatus('connecting');
    const current = token();
    if (!current) return 'stop';
    let response: Response;
    try {
      response = await (fetchImpl ?? fetch)(`${OPS_API_PREFIX}/chat/events`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${current}`, language: language() },
        cache: 'no-store',
        signal,
      });
    } catch {
      return 'again';
    }
    if (!response.ok || !response.body) {
      // A refusal (signed out, a role without the stream) does not get better by asking again; a
      // server error or a proxy's page might.
      if (response.status >= 400 && response.status < 500) {
        let message: string | null = null;
        try {
          message = ((await response.json()) as { message?: string | null }).message ?? null;
        } catch {
          // Not the API's envelope.
        }
        onStatus('refused', { status: response.status, message });
        return 'stop';
      }
      return 'again';
    }
    onStatus('open');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = createEventParser();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (event.retryMs !== undefined) retryMs = event.retryMs;
          if (!event.data) continue;
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            continue;
          }
          onEvent(event.event, data);
        }
      }
    } catch {
      // Dropped: opened again below.
    }
    return 'again';
  };

  void (async () => {
    while (!signal.aborted) {
      const next = await readOnce();
      if (signal.aborted || next === 'stop') return;
      onStatus('down');
      await wait(retryMs, signal);
    }
  })();

  return () => controller.abort();
}
