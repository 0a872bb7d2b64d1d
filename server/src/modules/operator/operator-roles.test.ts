import type { Envelope } from '@platform/contract';
import type { RouteOptions } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { OPERATOR_API_PREFIX } from './operator.routes';
import { OPERATOR_ROLES, OPERATOR_ROUTE_ROLES, type OperatorRole } from './operator-roles';
import { operatorLogin } from './operator.testing';

// The route-by-role matrix of the operator API: every route registered under /ops/v1 (whichever
// module adds it) is in the table of operator-roles.ts, and an operator of each role is let
// through exactly the routes the table gives that role, refused (403 operator.role.forbidden,
// before anything is read or done) on every other.

let context: TestContext;
const routes: string[] = [];
const tokens = {} as Record<OperatorRole, string>;

beforeAll(async () => {
  context = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!route.url.startsWith(`${OPERATOR_API_PREFIX}/`)) return;
      for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${route.url.slice(OPERATOR_API_PREFIX.length)}`);
    },
  });
  await context.app.ready();
  for (const role of OPERATOR_ROLES) tokens[role] = (await operatorLogin(context, { username: `matrix-${role}`, role })).token;
});

afterAll(async () => {
  await context.close();
});

/** The route's path with every parameter filled with something that names nothing. */
const concrete = (path: string): string => path.replace(/:number/g, '999999').replace(/:orderId/g, 'C999999').replace(/:id/g, '999999').replace(/:[a-zA-Z]+/g, 'nobody');

it('lists every operator route, and nothing that is not one', () => {
  const registered = routes.filter((route) => route !== 'POST /session').sort();
  expect(registered).toEqual(Object.keys(OPERATOR_ROUTE_ROLES).sort());
});

it('lets each role call exactly its routes', async () => {
  const outcome: Record<string, Record<string, 'allowed' | 'forbidden'>> = {};
  const expected: Record<string, Record<string, 'allowed' | 'forbidden'>> = {};
  // The logout last: it ends the token.
  const ordered = [...Object.keys(OPERATOR_ROUTE_ROLES).filter((route) => route !== 'DELETE /session'), 'DELETE /session'];
  for (const role of OPERATOR_ROLES) {
    for (const route of ordered) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      const response = await context.app.inject({ method, url: `${OPERATOR_API_PREFIX}${concrete(path)}`, headers: { authorization: `Bearer ${tokens[role]}` } });
      const forbidden = response.statusCode === 403 && json<Envelope<null>>(response).errorCode === 'operator.role.forbidden';
      (outcome[route] ??= {})[role] = forbidden ? 'forbidden' : 'allowed';
      (expected[route] ??= {})[role] = role === 'admin' || OPERATOR_ROUTE_ROLES[route].includes(role) ? 'allowed' : 'forbidden';
    }
  }
  expect(outcome).toEqual(expected);
  // Each role other than admin is refused somewhere: the matrix is not all-open.
  for (const role of OPERATOR_ROLES.filter((name) => name !== 'admin')) expect(Object.values(outcome).some((row) => row[role] === 'forbidden')).toBe(true);
});

it('refuses before acting: a content operator cannot credit a member, and nothing moves', async () => {
  const { token } = await operatorLogin(context, { username: 'matrix-writer', role: 'content' });
  const response = await context.app.inject({
    method: 'POST',
    url: `${OPERATOR_API_PREFIX}/members/nobody/adjustments`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'role-check-0001' },
    payload: { amount: 10, direction: 'credit', reason: 'not mine to give' },
  });
  expect([response.statusCode, json<Envelope<null>>(response).errorCode]).toEqual([403, 'operator.role.forbidden']);
  const adjusted = await context.pool.query("SELECT 1 FROM operator_action WHERE action = 'balance.adjust'");
  expect(adjusted.rowCount).toBe(0);
  // The attempt itself is in the audit trail.
  const refused = await context.pool.query<{ outcome: string; error_code: string; detail: { route: string } }>(
    "SELECT a.outcome, a.error_code, a.detail FROM operator_action a JOIN operator o ON o.id = a.operator_id WHERE o.username = 'matrix-writer' AND a.action = 'route.call'",
  );
  expect(refused.rows).toEqual([{ outcome: 'refused', error_code: 'operator.role.forbidden', detail: { route: 'POST /members/:username/adjustments' } }]);
});
