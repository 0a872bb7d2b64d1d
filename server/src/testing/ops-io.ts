import type { FastifyInstance } from 'fastify';
import type { OpsIo } from '../scripts/ops';

/**
 * The ops command-line tool wired to an app in the test's own process: its requests go through
 * app.inject, authenticated as the operator `token`, and each line it prints lands in `lines`.
 */
export function opsIoViaInject(app: FastifyInstance, token: string, lines: string[]): OpsIo {
  const fetchViaInject: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const response = await app.inject({ method: (init?.method ?? 'GET') as 'POST', url: url.pathname + url.search, headers: init?.headers as Record<string, string>, payload: init?.body as string | undefined });
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
  };
  return { env: { OPS_URL: 'http://ops.test', OPS_TOKEN: token }, fetch: fetchViaInject, write: (line) => lines.push(line) };
}
