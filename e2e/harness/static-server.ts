import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

/**
 * A separate origin serving one remote's build, as its own static service would in production,
 * so a test can stop it and start it again.
 */
export class RemoteStaticServer {
  private server: http.Server | null = null;

  constructor(
    private readonly root: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', this.url).pathname);
      const file = path.join(this.root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Cache-Control', 'no-store');
      // The tests' browsers send a Merchant header with every request (harness/test.ts), which
      // makes the cross-origin manifest fetch a preflighted one.
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*' }).end();
        return;
      }
      if (!file.startsWith(this.root) || !existsSync(file) || !statSync(file).isFile()) {
        response.writeHead(404).end('not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    });
    return new Promise((resolve) => this.server!.listen(this.port, '127.0.0.1', () => resolve()));
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
