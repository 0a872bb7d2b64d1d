// A real HTTP server for the API client's tests: the client's requests cross a real network edge
// (fetch on jsdom's XMLHttpRequest, CORS preflight and cookies included) and are answered with
// envelopes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Header names as sent, in order, once per occurrence. */
  headerNames: string[];
  body: string;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Answer after this long (timeouts). */
  delayMs?: number;
  /** Never answer: the request stays open until the server closes. */
  hang?: boolean;
  /** Response headers besides the JSON content type (Set-Cookie). */
  headers?: Record<string, string>;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface TestApiServer {
  origin: string;
  requests: RecordedRequest[];
  /** Routes keyed 'METHOD /path'. */
  on(route: string, handler: Handler): void;
  close(): Promise<void>;
}

export const envelope = (value: unknown) => ({ success: true, value, message: null, errorCode: null });
export const failure = (errorCode: string, message: string, value: unknown = null) => ({ success: false, value, message, errorCode });

export async function startTestApiServer(allowedOrigin = 'http://localhost'): Promise<TestApiServer> {
  const routes = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const delayed = new Set<ReturnType<typeof setTimeout>>();

  const cors = (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('Access-Control-Allow-Origin', allowedOrigin);
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    const asked = request.headers['access-control-request-headers'];
    if (asked) response.setHeader('Access-Control-Allow-Headers', asked);
  };

  const server: Server = createServer((request, response) => {
    cors(request, response);
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', 'http://test');
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        headerNames: request.rawHeaders.filter((_, index) => index % 2 === 0),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${recorded.path}`);
      const reply: Reply = handler ? await handler(recorded) : { status: 404, body: failure('not.found', 'Not found') };
      if (reply.hang) return;
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers });
        response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      };
      if (!reply.delayMs) {
        send();
        return;
      }
      const timer = setTimeout(() => {
        delayed.delete(timer);
        send();
      }, reply.delayMs);
      delayed.add(timer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    on(route, handler) {
      routes.set(route, handler);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delayed) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
