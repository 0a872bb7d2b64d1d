import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';

export interface HealthRoutesOptions {
  db: Db;
}

const statusSchema = { type: 'object', required: ['status'], properties: { status: { type: 'string' } } };

/** Liveness for load balancers and orchestrators: up only while the database answers. */
export async function healthRoutes(app: FastifyInstance, { db }: HealthRoutesOptions): Promise<void> {
  app.get('/healthz', {
    logLevel: 'warn', // probes every few seconds would drown the log
    schema: {
      tags: ['health'],
      summary: 'Health check (database reachable)',
      response: { 200: { ...statusSchema, description: 'Healthy' }, 503: { ...statusSchema, description: 'Database unreachable' } },
    },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await db.query('SELECT 1');
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
