import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import type { InstanceLifecycle } from '../../http/lifecycle';

export interface HealthRoutesOptions {
  db: Db;
  /** The configuration revision this instance serves from memory; undefined while it reads the database each time. */
  configRevision?: () => string | undefined;
  /** Starting, ready or draining: /readyz answers 200 only while ready. */
  lifecycle: InstanceLifecycle;
}

/** Whether the database answers a probe; a failure is logged as the probe's. */
async function databaseAnswers(db: Db, request: FastifyRequest, probe: string): Promise<boolean> {
  try {
    await db.query('SELECT 1');
    return true;
  } catch (error) {
    request.log.error({ err: error }, `${probe}: database unreachable`);
    return false;
  }
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
export async function healthRoutes(app: FastifyInstance, { db, configRevision, lifecycle }: HealthRoutesOptions): Promise<void> {
  const instance = { instanceId: randomUUID(), startedAt: new Date().toISOString() };
  readinessRoute(app, { db, lifecycle, instanceId: instance.instanceId });
  app.get('/healthz', {
    logLevel: 'warn', // probes every few seconds would drown the log
    schema: {
      tags: ['health'],
      summary: 'Health check (database reachable)',
      response: { 200: { ...healthSchema, description: 'Healthy' }, 503: { ...healthSchema, description: 'Database unreachable' } },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const revision = configRevision?.() ?? null;
    if (await databaseAnswers(db, request, 'health check')) return { status: 'ok', ...instance, configRevision: revision };
    return reply.status(503).send({ status: 'unavailable', ...instance, configRevision: revision });
  });
}

const readinessSchema = {
  type: 'object',
  required: ['status', 'instanceId'],
  properties: {
    status: {
      type: 'string',
      enum: ['ready', 'starting', 'draining', 'unavailable'],
      description: 'ready: send it requests; starting or draining: send them elsewhere; unavailable: its database does not answer',
    },
    instanceId: { type: 'string', format: 'uuid', description: 'As /healthz: new on every start' },
  },
} as const;

/**
 * Readiness for a gateway or an orchestrator (http/lifecycle.ts): 200 only while the instance is
 * ready and its database answers; 503 while it starts, once it drains (it is shutting down: its
 * event streams were told to reconnect elsewhere, its requests in flight still finish), or when
 * the database is down. Liveness stays /healthz.
 */
function readinessRoute(app: FastifyInstance, { db, lifecycle, instanceId }: { db: Db; lifecycle: InstanceLifecycle; instanceId: string }): void {
  app.get('/readyz', {
    logLevel: 'warn',
    schema: {
      tags: ['health'],
      summary: 'Readiness (take requests, or not while starting or draining)',
      response: { 200: { ...readinessSchema, description: 'Ready' }, 503: { ...readinessSchema, description: 'Starting, draining, or database unreachable' } },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (lifecycle.state !== 'ready') return reply.status(503).send({ status: lifecycle.state, instanceId });
    if (await databaseAnswers(db, request, 'readiness')) return { status: 'ready', instanceId };
    return reply.status(503).send({ status: 'unavailable', instanceId });
  });
}
