import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';

export interface HealthRoutesOptions {
  db: Db;
  /** The configuration revision this instance serves from memory; undefined while it reads the database each time. */
  configRevision?: () => string | undefined;
}

const healthSchema = {
  type: 'object',
  required: ['status', 'instanceId', 'startedAt'],
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    instanceId: { type: 'string', format: 'uuid', description: 'New on every start of the server: a changed id means a restart' },
    startedAt: { type: 'string', format: 'date-time', description: 'When this server instance started' },
    configRevision: {
      type: ['string', 'null'],
      description:
        'The configuration revision this instance serves from memory (null while it reads the database on every request): ' +
        'an operator change has reached the instance once this is at least the stored revision',
    },
  },
} as const;

/**
 * Liveness for load balancers and orchestrators: up only while the database answers. It names
 * the instance and its start time, so a deployment (or a test) can tell a restart from a swap of
 * static files.
 */
export async function healthRoutes(app: FastifyInstance, { db, configRevision }: HealthRoutesOptions): Promise<void> {
  const instance = { instanceId: randomUUID(), startedAt: new Date().toISOString() };
  app.get('/healthz', {
    logLevel: 'warn', // probes every few seconds would drown the log
    schema: {
      tags: ['health'],
      summary: 'Health check (database reachable)',
      response: { 200: { ...healthSchema, description: 'Healthy' }, 503: { ...healthSchema, description: 'Database unreachable' } },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await db.query('SELECT 1');
      return { status: 'ok', ...instance, configRevision: configRevision?.() ?? null };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', ...instance, configRevision: configRevision?.() ?? null });
    }
  });
}
