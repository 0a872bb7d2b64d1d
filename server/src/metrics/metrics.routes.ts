import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { InstanceLifecycle } from '../http/lifecycle';
import { collectNodeMetrics, processRegistry } from './process-metrics';

// GET /metrics, in Prometheus' text format, for a Prometheus that scrapes each instance. Served
// on the operator listener only (app.ts), like the operator API: the site's listener answers it
// 404, so no gateway in front of the site publishes it. Per app: requests by route (the route's
// pattern, never the raw URL, so the series stay few), the database pool and the open event
// streams; with them the process's own (process-metrics.ts: jobs, ledger movements, Node's).

export const METRICS_PATH = '/metrics';

/** A request's route label: its pattern, or "unmatched" for a URL no route serves (404s). */
const routeOf = (url: string | undefined): string => url ?? 'unmatched';

export interface MetricsOptions {
  pool: pg.Pool;
  lifecycle: InstanceLifecycle;
}

export async function metricsRoutes(app: FastifyInstance, { pool, lifecycle }: MetricsOptions): Promise<void> {
  collectNodeMetrics();
  const registry = new Registry();
  const requests = new Counter({
    name: 'platform_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'platform_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'platform_db_pool_connections',
    help: "The requests' database pool: connections by state (idle, busy) and requests waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'platform_event_streams_open',
    help: 'Open server-sent event streams (balance, draw, chat, crash game) on this instance',
    registers: [registry],
    collect() {
      this.set(lifecycle.openStreams);
    },
  });
  new Gauge({
    name: 'platform_instance_ready',
    help: '1 while the instance is ready (as /readyz), 0 while it starts or drains',
    registers: [registry],
    collect() {
      this.set(lifecycle.state === 'ready' ? 1 : 0);
    },
  });

  // An event stream is hijacked and never passes onResponse: it is counted by the gauge above.
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request.routeOptions.url);
    if (route === METRICS_PATH) return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, {
    logLevel: 'warn', // scraped every few seconds
    schema: {
      tags: ['health'],
      summary: 'Prometheus metrics (operator listener only)',
      description: "Prometheus' text format: requests by route, pool, event streams, periodic jobs, ledger movements, Node's process metrics.",
      response: { 200: { type: 'string', description: 'text/plain; version=0.0.4' } },
    },
  }, async (_request, reply) => {
    const merged = Registry.merge([registry, processRegistry]);
    reply.header('Cache-Control', 'no-store').type(merged.contentType);
    return merged.metrics();
  });
}
