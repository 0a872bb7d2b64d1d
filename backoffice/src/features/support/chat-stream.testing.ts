// A stand-in for the operator API's event stream in unit tests: each fetch of /chat/events
// answers a stream the test writes to (`push`) and ends (`end`), as the server's would.

export interface StubStream {
  push: (text: string) => void;
  end: () => void;
}

export function stubEventStreams() {
  const streams: StubStream[] = [];
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
    const queue: Uint8Array[] = [];
    let ended = false;
    let wake: (() => void) | null = null;
    const encoder = new TextEncoder();
    const stream: StubStream = {
      push: (text) => {
        queue.push(encoder.encode(text));
        wake?.();
      },
      end: () => {
        ended = true;
        wake?.();
      },
    };
    init?.signal?.addEventListener('abort', stream.end);
    streams.push(stream);
    const read = async (): Promise<{ done: boolean; value?: Uint8Array }> => {
      while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
      const value = queue.shift();
      return value ? { done: false, value } : { done: true };
    };
    return { ok: true, status: 200, body: { getReader: () => ({ read }) } } as unknown as Response;
  });
  return { fetch, streams, requests };
}

/** One event as the server writes it. */
export const sse = (event: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
