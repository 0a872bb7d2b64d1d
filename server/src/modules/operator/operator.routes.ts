import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { clientIpOf } from '../../http/request-context';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from './audit-context';
import { cashierRoutes } from './cashier.routes';
import { OPERATOR_ROLES, roleMayCall, routesOf } from './operator-roles';
import type { SecretsKey } from '../../secrets-key';
import { operatorMessagesRoutes } from './messages.routes';
import { deliveriesRoutes } from './deliveries.routes';
import { auditRoutes } from './audit.routes';
import { dashboardRoutes } from './dashboard.routes';
import { membersRoutes } from './members.routes';
import { memberCareRoutes } from './member-care.routes';
import { adjustmentsRoutes } from './adjustments.routes';
import {
  audited,
  auditedChange,
  auditFailedLogin,
  auditRoleRefusal,
  authenticateOperator,
  loginOperator,
  revokeOperatorToken,
  setMemberBlocked,
  type TokenOperator,
} from './operator.service';

// The operator API (/ops/v1): the back office's way to act on a merchant's money and members,
// used by the command-line tool (server/src/scripts/ops.ts). Outside the merchant scope of the
// site's /wps routes: an operator's merchant is the one their account belongs to, whatever host
// or header the request names, and a member's session token never opens these routes (nor an
// operator's token the member routes). Every action is audited (operator.service.ts: audited).

export interface OperatorRoutesOptions {
  db: pg.Pool;
  /** Opens the operators' authenticator secrets (SECRETS_KEY). */
  secretsKey: SecretsKey;
  clock?: Clock;
  /** Routes other modules add behind the same token check (app.ts: the C2C desk of modules/c2c). */
  extraRoutes?: FastifyPluginAsync<{ db: pg.Pool; clock: Clock }>[];
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: TokenOperator | null;
  }
  interface FastifyContextConfig {
    /** false: the operator API route needs no operator token (the login). */
    operatorAuth?: boolean;
  }
}

export const OPERATOR_API_PREFIX = '/ops/v1';

const reasonSchema = { type: 'string', minLength: 1, maxLength: 500, description: 'Why: kept in the audit trail (and shown to the member where the action says so)' };

const operatorSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'username', 'merchantCode', 'role'],
  properties: { id: { type: 'integer' }, username: { type: 'string' }, merchantCode: { type: 'string' }, role: { type: 'string', enum: OPERATOR_ROLES } },
};

export async function operatorRoutes(app: FastifyInstance, { db, secretsKey, clock = systemClock, extraRoutes = [] }: OperatorRoutesOptions): Promise<void> {
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.operatorAuth === false) return;
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
    if (token === '') throw new AppError(401, 'operator.token.invalid');
    const operator = await authenticateOperator(db, token, clock());
    if (!operator) throw new AppError(401, 'operator.token.invalid');
    request.operator = operator;
    // The role's routes (operator-roles.ts), checked before anything of the request is read.
    const path = request.routeOptions.url?.slice(OPERATOR_API_PREFIX.length) ?? '';
    if (!roleMayCall(operator.role, request.method, path)) {
      // A refusal by role is audited too: an operator trying what their role does not allow.
      await auditRoleRefusal(db, { merchantId: operator.merchantId, operatorId: operator.id, route: `${request.method} ${path}`, requestId: request.id, clientIp: clientIpOf(request), nowMs: clock() });
      throw new AppError(403, 'operator.role.forbidden', { role: operator.role });
    }
  });
  // Deposits and withdrawals (cashier.routes.ts), behind the same token check.
  await app.register(cashierRoutes, { db, clock });
  // Platform messages to members, and customer service's box (messages.routes.ts).
  await app.register(operatorMessagesRoutes, { db, clock });
  // SMS and e-mail deliveries, and the merchant's SMS provider (deliveries.routes.ts).
  await app.register(deliveriesRoutes, { db, clock, secretsKey });
  // The audit trail, its search and CSV download (audit.routes.ts).
  await app.register(auditRoutes, { db, clock });
  // The merchant's figures per day for the back office's dashboard (dashboard.routes.ts).
  await app.register(dashboardRoutes, { db, clock });
  // The player lookup (members.routes.ts).
  await app.register(membersRoutes, { db, clock });
  // Customer service's member actions: temporary password, second-factor reset, notes (member-care.routes.ts).
  await app.register(memberCareRoutes, { db, clock });
  // Balance adjustments with four eyes above the merchant's threshold (adjustments.routes.ts).
  await app.register(adjustmentsRoutes, { db, clock });
  for (const routes of extraRoutes) await app.register(routes, { db, clock });

  app.post<{ Body: { merchant: string; username: string; password: string; otp?: string } }>('/session', {
    config: { operatorAuth: false },
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Operator login',
      description:
        "Password and a code of the operator's authenticator (otp, each code once). Answers an API token for 8 hours. Five failures for a name within 15 minutes lock it for 15 minutes (429).",
      body: {
        type: 'object',
        required: ['merchant', 'username', 'password'],
        additionalProperties: false,
        properties: {
          merchant: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$', description: 'merchant code' },
          username: { type: 'string', minLength: 1, maxLength: 40 },
          password: { type: 'string', minLength: 1, maxLength: 200 },
          otp: { type: 'string', pattern: '^[0-9]{6}$', description: "the authenticator's current code" },
        },
      },
      value: {
        type: 'object',
        required: ['token', 'expiresAt', 'operator'],
        properties: { token: { type: 'string' }, expiresAt: { type: 'integer', description: 'epoch ms' }, operator: operatorSchema },
      },
    }),
  }, async (request) => {
    const { merchant, username, password, otp } = request.body;
    const nowMs = clock();
    try {
      const login = await loginOperator(db, secretsKey, { merchantCode: merchant, username, password, otp, clientIp: clientIpOf(request), nowMs });
      await audited(
        { db, merchantId: login.operator.merchantId, operatorId: login.operator.id, requestId: request.id, clientIp: clientIpOf(request), now: clock },
        { action: 'login' },
        async () => undefined,
      );
      const { id, username: name, merchantCode, role } = login.operator;
      return ok({ token: login.token, expiresAt: login.expiresAt, operator: { id, username: name, merchantCode, role } });
    } catch (error) {
      if (error instanceof AppError) {
        await auditFailedLogin(db, { merchantCode: merchant, username, errorCode: error.errorCode, requestId: request.id, clientIp: clientIpOf(request), nowMs });
      }
      throw error;
    }
  });

  app.get('/session', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Who the token belongs to, when it stops working, and what the role may call',
      description:
        'For a back office opened with a token it kept: the operator, the expiry of the token (epoch ms) and the routes its role may call ' +
        '("GET /deposits", as operator-roles.ts names them), so that it shows only what will not be refused. Every route checks the role again.',
      headers: bearerHeader,
      value: {
        type: 'object',
        required: ['operator', 'expiresAt', 'permissions'],
        properties: {
          operator: operatorSchema,
          expiresAt: { type: 'integer', description: 'epoch ms' },
          permissions: { type: 'array', items: { type: 'string' }, description: 'method and path under /ops/v1' },
        },
      },
    }),
  }, async (request) => {
    const { id, username, merchantCode, role, tokenExpiresAt } = operatorOf(request);
    return ok({ operator: { id, username, merchantCode, role }, expiresAt: tokenExpiresAt, permissions: routesOf(role) });
  });

  app.delete('/session', {
    schema: apiSchema({ tags: ['operator'], summary: 'Operator logout: the token stops working', headers: bearerHeader, value: { type: 'null' } }),
  }, async (request) => {
    await audited(auditContextOf(request, db, clock), { action: 'logout' }, () => revokeOperatorToken(db, operatorOf(request).tokenId, clock()));
    return ok(null);
  });

  for (const [verb, blocked] of [['block', true], ['unblock', false]] as const) {
    app.post<{ Params: { username: string }; Body: { reason: string } }>(`/members/:username/${verb}`, {
      schema: apiSchema({
        tags: ['operator'],
        summary: blocked ? 'Block a member: their sessions end and they cannot log in' : "Lift a member's block (the operator's or their agent's)",
        description: blocked ? "The block is the operator's: the member's agent cannot lift it." : undefined,
        headers: bearerHeader,
        params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
        body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason: reasonSchema } },
        value: { type: 'null' },
      }),
    }, async (request) => {
      const operator = operatorOf(request);
      return auditedChange(
        auditContextOf(request, db, clock),
        { action: `member.${verb}`, targetType: 'member', targetId: request.params.username, asked: { reason: request.body.reason } },
        async () => {
          const change = await setMemberBlocked(db, { merchantId: operator.merchantId, username: request.params.username, blocked, nowMs: clock() });
          return { before: change.before, after: change.after, value: ok(null) };
        },
      );
    });
  }
}
