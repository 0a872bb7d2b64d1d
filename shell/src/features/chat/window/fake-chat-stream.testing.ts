// The chat stream's network edge, played by a test: each connection the page opens is recorded
// (its URL and headers), and the test sends events on it, ends it or drops it. Tests only.
import type { ChatStreamFetch } from './chat-stream';

type Chunk = { value: string } | { done: true } | { error: Error };

export class FakeChatConnection {
  private readonly chunks: Chunk[] = [];
  private wake: (() => void) | null = null;
  closed = false;

  constructor(
    readonly url: string,
    readonly headers: Record<string, string>,
    signal: AbortSignal,
  ) {
    signal.addEventListener('abort', () => this.push({ error: new DOMException('aborted', 'AbortError') }));
  }

  /** The `after` the page asked for, or null without one. */
  get after(): number | null {
    const value = new URL(this.url, 'http://localhost').searchParams.get('after');
    return value === null ? null : Number(value);
  }

  private push(chunk: Chunk): void {
    if (this.closed) return;
    if (!('value' in chunk)) this.closed = true;
    this.chunks.push(chunk);
    this.wake?.();
  }

  /** Sends one event (its data as JSON), with an `id:` line when given. */
  send(event: string, data: unknown, id?: number): void {
    this.push({ value: `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n` });
  }

  /** Raw text, as the server writes it (a `retry:` line, a comment). */
  write(text: string): void {
    this.push({ value: text });
  }

  /** The server ends the stream (as it does after a few minutes). */
  end(): void {
    this.push({ done: true });
  }

  /** The network drops the connection. */
  drop(): void {
    this.push({ error: new TypeError('network error') });
  }

  response() {
    const reader = {
      read: async (): Promise<{ done: boolean; value?: string }> => {
        while (this.chunks.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
        const chunk = this.chunks.shift()!;
        if ('error' in chunk) throw chunk.error;
        if ('done' in chunk) return { done: true };
        return { done: false, value: chunk.value };
      },
      cancel: async () => this.push({ done: true }),
    };
    return { status: 200, ok: true, body: { getReader: () => reader } };
  }
}

/** Every connection the page opened, in order; `fetch` is what the engine is given. */
export class FakeChatStream {
  readonly connections: FakeChatConnection[] = [];
  /** A status to answer the next connections with instead of a stream (401: refused). */
  refuseWith: number | null = null;

  fetch: ChatStreamFetch = async (url, init) => {
    if (this.refuseWith !== null) return { status: this.refuseWith, ok: false, body: null };
    const connection = new FakeChatConnection(url, init.headers, init.signal);
    this.connections.push(connection);
    // Short pauses between attempts: the tests do not wait out the server's three seconds.
    connection.write('retry: 5\n\n');
    return connection.response();
  };

  latest(): FakeChatConnection {
    const last = this.connections[this.connections.length - 1];
    if (!last) throw new Error('no chat stream was opened');
    return last;
  }

  /** The connections still open. */
  open(): FakeChatConnection[] {
    return this.connections.filter((connection) => !connection.closed);
  }
}
