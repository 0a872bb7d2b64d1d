import type { FastifyReply, FastifyRequest } from 'fastify';

// A server-sent event stream (text/event-stream) on a route's reply: the balance push, the draw
// push and the crash game's stream all open theirs here. The reply is hijacked, so the headers the
// hooks set so far (security headers) are written with the stream's own; events are numbered; a
// comment line keeps proxies from closing a quiet stream; the stream ends after its lifetime (the
// client reconnects, and whatever the route checks is checked again), or when the instance drains
// (http/lifecycle.ts), with a `retry:` line telling the browser when to come back.

export interface EventStreamOptions {
  /** How long a browser waits before reconnecting (the `retry:` line). */
  retryMs: number;
  /** Ended after this long. */
  lifetimeMs: number;
  keepAliveMs?: number;
  /**
   * Numbers events 1, 2, 3… (default). false: an event carries an id only when its sender gives
   * one (the chat stream: a message's id, which a reconnect sends back as Last-Event-ID, so other
   * events must not move it).
   */
  numbered?: boolean;
}

export interface EventStream {
  /** Writes one event whose data is `data` as JSON; `id` is its `id:` line instead of the next number. */
  send(event: string, data: unknown, id?: number | string): void;
  end(): void;
  /** Runs once the stream is closed, by either side. */
  onClose(cleanup: () => void): void;
}

export const EVENT_STREAM_KEEP_ALIVE_MS = 25_000;

export function openEventStream(request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions): EventStream {
  reply.hijack();
  const stream = reply.raw;
  const hookHeaders = Object.fromEntries(Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined));
  stream.writeHead(200, {
    ...hookHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx (deploy/nginx) must pass each event on at once.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  stream.write(`retry: ${options.retryMs}\n\n`);
  let eventId = 0;
  // A stream ended by a drain may still be sent to by its route until its close is heard: nothing
  // is written after the end.
  const write = (text: string) => {
    if (!stream.writableEnded) stream.write(text);
  };
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), options.keepAliveMs ?? EVENT_STREAM_KEEP_ALIVE_MS);
  const lifetime = setTimeout(() => stream.end(), options.lifetimeMs);
  const untrack = request.server.lifecycle?.track({
    endWithRetry: (retryMs) => {
      if (!stream.writableEnded) stream.end(`retry: ${retryMs}\n\n`);
    },
  });
  stream.on('close', () => {
    clearInterval(keepAlive);
    clearTimeout(lifetime);
    untrack?.();
  });
  return {
    send(event, data, id) {
      let idLine = '';
      if (id !== undefined) idLine = `id: ${id}\n`;
      else if (options.numbered !== false) idLine = `id: ${(eventId += 1)}\n`;
      write(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => stream.end(),
    onClose: (cleanup) => stream.on('close', cleanup),
  };
}
