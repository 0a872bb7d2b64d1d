import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The process's own metrics (prom-client), kept by the code that does the work wherever it runs:
// the periodic jobs' runs (db/periodic-job.ts) and the ledger's movements (modules/ledger). One
// registry per process, since those are module-level code that no app instance owns; each app's
// /metrics (metrics/metrics.routes.ts) answers them with its own (requests, pool, streams).
// Node's own (CPU, memory, event-loop lag, handles) are collected here once, prefixed `process_`
// and `nodejs_` as prom-client names them.

export const processRegistry = new Registry();

let defaultsCollected = false;
/** Node's default metrics, registered once per process on first use. */
export function collectNodeMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
}

export const jobRuns = new Counter({
  name: 'platform_job_runs_total',
  help: 'Runs of the periodic jobs that this process led, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

export const jobRunSeconds = new Histogram({
  name: 'platform_job_run_duration_seconds',
  help: 'How long a periodic job run took, by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
  registers: [processRegistry],
});

export const jobLagSeconds = new Gauge({
  name: 'platform_job_lag_seconds',
  help: 'How long after it fell due the last scheduled run of a job started (event loop held up, earlier run overrunning)',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export const ledgerMovements = new Counter({
  name: 'platform_ledger_movements_total',
  help: 'Ledger transactions inserted by this process, by kind: counted at the insert (one its database transaction then rolls back is counted too; a replayed idempotency key is not)',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});
