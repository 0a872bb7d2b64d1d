import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import type { SecretsKey } from '../../secrets-key';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { rotateProviderSecret } from './provider-secret';
import * as queries from './provider.queries';

// The game vendors' desk of the operator API (/ops/v1/games, registered behind its token check by
// app.ts through operatorRoutes' extraRoutes; the command-line tool's `games …` commands): the
// vendors and their state, maintenance windows (launches answer vendor_under_maintenance, the
// provider API refuses bets) and the rotation of a vendor's signing secret. Every change is
// audited; the secret itself is never written to the audit trail. A change bumps the config
// revision (migration 033): the launch and the provider API read it on their next request.

/** The longest reason kept with a window. */
export const MAINTENANCE_REASON_MAX = 200;

const vassalageParams: JsonSchema = {
  type: 'object',
  required: ['vassalage'],
  properties: { vassalage: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$', description: 'vendor code, e.g. JL' } },
};

const windowSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'startsAt', 'endsAt', 'reason', 'current'],
  properties: {
    id: { type: 'integer' },
    startsAt: { type: 'integer', description: 'epoch ms' },
    endsAt: { type: ['integer', 'null'], description: 'epoch ms; null: until further notice' },
    reason: { type: 'string' },
    current: { type: 'boolean', description: 'under way now' },
  },
};

const windowOf = (window: queries.MaintenanceWindow, nowMs: number) => ({
  id: window.id,
  startsAt: window.startsAtMs,
  endsAt: window.endsAtMs,
  reason: window.reason,
  current: window.startsAtMs <= nowMs && (window.endsAtMs === null || window.endsAtMs > nowMs),
});

/** The merchant's provider row of `vassalage` (upper-cased); 404 provider.vendor.unknown without one. */
async function providerOf(db: pg.Pool, merchantId: number, vassalage: string): Promise<queries.VendorOverviewRow & { provider: NonNullable<queries.VendorOverviewRow['provider']> }> {
  const row = (await queries.selectVendorOverview(db, merchantId)).find((vendor) => vendor.vassalage === vassalage.toUpperCase());
  if (!row?.provider) throw new AppError(404, 'provider.vendor.unknown', { detail: vassalage });
  return row as queries.VendorOverviewRow & { provider: NonNullable<queries.VendorOverviewRow['provider']> };
}

/** The desk's routes; the secrets key seals rotated secrets. */
export function gameProviderOperatorRoutes(secretsKey: SecretsKey): FastifyPluginAsync<{ db: pg.Pool; clock: Clock }> {
  return async (app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }) => {
    app.get('/games/vendors', {
      schema: apiSchema({
        tags: ['operator'],
        summary: 'Game vendors: connection, secret, session length and maintenance windows not over yet',
        description: 'Every vendor code of the merchant. adapter null with provider false: no provider row (launches answer game.vendor.not_connected).',
        headers: bearerHeader,
        value: {
          type: 'object',
          required: ['list'],
          properties: {
            list: {
              type: 'array',
              items: {
                type: 'object',
                required: ['vassalage', 'categories', 'provider', 'adapter', 'enabled', 'hasSecret', 'sessionMinutes', 'maintenance'],
                properties: {
                  vassalage: { type: 'string' },
                  categories: { type: 'array', items: { type: 'string' } },
                  provider: { type: 'boolean', description: 'a provider row exists' },
                  adapter: { type: ['string', 'null'], description: 'null: not connected' },
                  enabled: { type: 'boolean' },
                  hasSecret: { type: 'boolean' },
                  sessionMinutes: { type: ['integer', 'null'] },
                  maintenance: { type: 'array', items: windowSchema },
                },
              },
            },
          },
        },
      }),
    }, async (request) => {
      const merchantId = operatorOf(request).merchantId;
      const nowMs = clock();
      const [vendors, windows] = await Promise.all([queries.selectVendorOverview(db, merchantId), queries.selectMaintenanceWindows(db, merchantId, nowMs)]);
      return ok({
        list: vendors.map((vendor) => ({
          vassalage: vendor.vassalage,
          categories: vendor.categories,
          provider: vendor.provider !== undefined,
          adapter: vendor.provider?.adapter ?? null,
          enabled: vendor.provider?.enabled ?? false,
          hasSecret: vendor.provider?.hasSecret ?? false,
          sessionMinutes: vendor.provider?.sessionMinutes ?? null,
          maintenance: windows.filter((window) => window.vassalage === vendor.vassalage).map((window) => windowOf(window, nowMs)),
        })),
      });
    });

    // A vendor as a change of its maintenance records it: its windows not over yet.
    const maintenanceOf = async (merchantId: number, vassalage: string, nowMs: number) => ({
      maintenance: (await queries.selectMaintenanceWindows(db, merchantId, nowMs)).filter((window) => window.vassalage === vassalage).map((window) => windowOf(window, nowMs)),
    });
    // Whether the vendor has a signing secret: the trail never holds the secret itself.
    const hasSecret = async (merchantId: number, vassalage: string) =>
      (await queries.selectVendorOverview(db, merchantId)).find((vendor) => vendor.vassalage === vassalage)?.provider?.hasSecret ?? false;

    app.post<{ Params: { vassalage: string }; Body: { startsAt?: number; endsAt?: number | null; reason: string } }>('/games/vendors/:vassalage/maintenance', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "Schedule a vendor's maintenance",
        description:
          'From startsAt (default now) to endsAt (null or absent: until cleared). During it launches answer vendor_under_maintenance with the window and the provider API refuses bets (503 provider.vendor.maintenance); wins and rollbacks still settle. 400 provider.maintenance.invalid: endsAt not after startsAt, or already past.',
        headers: bearerHeader,
        params: vassalageParams,
        body: {
          type: 'object',
          required: ['reason'],
          additionalProperties: false,
          properties: {
            startsAt: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000, description: 'epoch ms; default now' },
            endsAt: { type: ['integer', 'null'], minimum: 0, maximum: 8_640_000_000_000_000, description: 'epoch ms; null: until cleared' },
            reason: { type: 'string', minLength: 1, maxLength: MAINTENANCE_REASON_MAX },
          },
        },
        value: windowSchema,
      }),
    }, async (request) => {
      const operator = operatorOf(request);
      const vassalage = request.params.vassalage.toUpperCase();
      const nowMs = clock();
      const startsAtMs = request.body.startsAt ?? nowMs;
      const endsAtMs = request.body.endsAt ?? null;
      const reason = request.body.reason;
      return auditedChange(
        auditContextOf(request, db, clock),
        { action: 'vendor_maintenance.set', targetType: 'game_vendor', targetId: vassalage, asked: { startsAt: startsAtMs, endsAt: endsAtMs, reason } },
        async () => {
          await providerOf(db, operator.merchantId, vassalage);
          if (endsAtMs !== null && (endsAtMs <= startsAtMs || endsAtMs <= nowMs)) throw new AppError(400, 'provider.maintenance.invalid');
          const before = await maintenanceOf(operator.merchantId, vassalage, nowMs);
          const id = await queries.insertMaintenance(db, { merchantId: operator.merchantId, vassalage, startsAtMs, endsAtMs, reason });
          return { before, after: await maintenanceOf(operator.merchantId, vassalage, nowMs), value: ok(windowOf({ id, vassalage, startsAtMs, endsAtMs, reason }, nowMs)) };
        },
      );
    });

    app.delete<{ Params: { vassalage: string } }>('/games/vendors/:vassalage/maintenance', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "End a vendor's maintenance now",
        description: 'Windows under way end now, windows not started yet are removed (ended ones stay as history). Launches and bets work again at once.',
        headers: bearerHeader,
        params: vassalageParams,
        value: {
          type: 'object',
          required: ['ended', 'removed'],
          properties: { ended: { type: 'integer', description: 'windows under way, ended now' }, removed: { type: 'integer', description: 'windows to come, removed' } },
        },
      }),
    }, async (request) => {
      const operator = operatorOf(request);
      const vassalage = request.params.vassalage.toUpperCase();
      return auditedChange(auditContextOf(request, db, clock), { action: 'vendor_maintenance.clear', targetType: 'game_vendor', targetId: vassalage }, async () => {
        await providerOf(db, operator.merchantId, vassalage);
        const nowMs = clock();
        const before = await maintenanceOf(operator.merchantId, vassalage, nowMs);
        const cleared = await queries.endMaintenance(db, operator.merchantId, vassalage, nowMs);
        // A window ended now ends at now: no longer among those not over.
        return { before, after: { ...(await maintenanceOf(operator.merchantId, vassalage, nowMs)), ...cleared }, value: ok(cleared) };
      });
    });

    app.post<{ Params: { vassalage: string } }>('/games/vendors/:vassalage/secret', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "Rotate a vendor's signing secret",
        description:
          'A new random secret replaces the old one at once: calls signed with the old one are refused (401 provider.signature.invalid). The answer is the only place the new secret is shown (hand it to the vendor; the in-house vendor reads it itself). Not kept in the audit trail.',
        headers: bearerHeader,
        params: vassalageParams,
        value: { type: 'object', required: ['vassalage', 'secret'], properties: { vassalage: { type: 'string' }, secret: { type: 'string' } } },
      }),
    }, async (request) => {
      const operator = operatorOf(request);
      const vassalage = request.params.vassalage.toUpperCase();
      return auditedChange(auditContextOf(request, db, clock), { action: 'vendor_secret.rotate', targetType: 'game_vendor', targetId: vassalage }, async () => {
        await providerOf(db, operator.merchantId, vassalage);
        const had = await hasSecret(operator.merchantId, vassalage);
        const secret = await rotateProviderSecret(db, secretsKey, operator.merchantId, vassalage);
        if (!secret) throw new AppError(404, 'provider.vendor.unknown', { detail: vassalage });
        return { before: { hasSecret: had }, after: { hasSecret: await hasSecret(operator.merchantId, vassalage), secretChanged: true }, value: ok({ vassalage, secret }) };
      });
    });
  };
}
