import { isDeepStrictEqual } from 'node:util';
import * as contract from '@platform/contract';
import type { CallDefinition } from '@platform/contract';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestContext } from './testing/test-app';

// The server and the front end meet only through @platform/contract. This test builds the
// app, sees every route it registers, and fails when the two drift apart: a call row without a
// route, a /wps route without a row, or a route validating or documenting other schemas than
// its row's.

/**
 * /wps routes no front-end call names, with why. Everything else under /wps needs a row.
 */
const SERVER_ONLY_ROUTES = new Set([
  // Social login: browser navigations answered with 302 redirects, never called through the API client.
  'GET /wps/session/oauth/:provider/start',
  'GET /wps/session/oauth/:provider/callback',
  // Uploaded banner images (modules/content): the address an <img> loads, answered with the image itself.
  'GET /wps/content/images/:name',
]);

const isCall = (entry: unknown): entry is CallDefinition =>
  typeof entry === 'object' && entry !== null && 'name' in entry && 'method' in entry && 'path' in entry && 'value' in entry;

const CALLS: CallDefinition[] = (Object.values(contract) as unknown[]).filter(isCall);

interface SeenRoute {
  key: string;
  schema: Record<string, unknown>;
}

let context: TestContext;
const routes = new Map<string, SeenRoute>();

beforeAll(async () => {
  context = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // Fastify adds a HEAD for every GET by itself.
        if (method === 'HEAD') continue;
        const key = `${method} ${route.url}`;
        routes.set(key, { key, schema: (route.schema ?? {}) as Record<string, unknown> });
      }
    },
  });
  await context.app.ready();
});

afterAll(async () => {
  await context.close();
});

const keyOf = (call: CallDefinition) => `${call.method} ${call.path}`;

/** The `value` schema inside a route's 200 envelope. */
function valueSchemaOf(schema: Record<string, unknown>): unknown {
  const response = schema.response as Record<string, { properties?: { value?: unknown } }> | undefined;
  return response?.[200]?.properties?.value;
}

describe('the wire contract', () => {
  it('finds the rows and the routes it compares', () => {
    expect(CALLS.length).toBeGreaterThanOrEqual(39);
    expect(new Set(CALLS.map((call) => call.name)).size).toBe(CALLS.length);
    // Rows outside /wps (the game-provider API, the in-house game server) are compared below too.
    expect([...routes.keys()].filter((key) => key.includes(' /wps/')).length).toBeGreaterThanOrEqual(CALLS.filter((call) => call.path.startsWith('/wps/')).length);
  });

  it('every call row has a server route', () => {
    const missing = CALLS.filter((call) => !routes.has(keyOf(call))).map((call) => `${call.name}: ${keyOf(call)}`);
    expect(missing).toEqual([]);
  });

  it('every /wps route has a call row, unless it is listed as server-only', () => {
    const rowKeys = new Set(CALLS.map(keyOf));
    const orphans = [...routes.keys()].filter((key) => key.split(' ')[1].startsWith('/wps/') && !rowKeys.has(key) && !SERVER_ONLY_ROUTES.has(key));
    expect(orphans).toEqual([]);
    for (const key of SERVER_ONLY_ROUTES) expect({ key, registered: routes.has(key) }).toEqual({ key, registered: true });
  });

  it("every route validates and documents exactly its row's schemas", () => {
    const differences: string[] = [];
    for (const call of CALLS) {
      const route = routes.get(keyOf(call));
      if (!route) continue;
      const pairs: [string, unknown, unknown][] = [
        ['query', call.query, route.schema.querystring],
        ['params', call.params, route.schema.params],
        ['body', call.body, route.schema.body],
        ['value', call.value, valueSchemaOf(route.schema)],
      ];
      for (const [part, expected, registered] of pairs) {
        if (!isDeepStrictEqual(expected, registered)) {
          differences.push(`${call.name} (${keyOf(call)}) ${part}:\n  row:   ${JSON.stringify(expected)}\n  route: ${JSON.stringify(registered)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
