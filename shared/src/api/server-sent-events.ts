// A text/event-stream read with fetch, split into its events: what the balance stream
// (balance/balance-stream.ts) and the shell's chat stream read. Both are read with fetch rather
// than EventSource so that the session token travels in the Authorization header, never in a URL;
// this is the part of EventSource they then need.

/** One server-sent event: its name, data, and the `id:` and `retry:` lines when it carried them. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
  /** The server's `retry:` advice, when the block carried one. */
  retryMs?: number;
}

/**
 * Splits a text/event-stream into events, chunk by chunk: `push` returns the events the chunk
 * completed. (The subset of the format the servers here write: event, data, id, retry; several
 * data lines are joined with a line feed; comments are skipped.)
 */
export function createEventParser(): { push: (chunk: string) => ServerSentEvent[] } {
  let buffer = '';
  return {
    push(chunk) {
      buffer += chunk.replace(/\r\n?/g, '\n');
      const events: ServerSentEvent[] = [];
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: ServerSentEvent = { event: 'message', data: '' };
        let hasField = false;
        for (const line of block.split('\n')) {
          if (!line || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event.event = value;
          else if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
          else if (field === 'id') event.id = value;
          else if (field === 'retry' && /^\d+$/.test(value)) event.retryMs = Number(value);
          else continue;
          hasField = true;
        }
        if (hasField) events.push(event);
      }
      return events;
    },
  };
}
