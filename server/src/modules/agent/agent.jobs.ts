import type pg from 'pg';
import { REALTIME_SALARY_INTERVAL_MS } from '@platform/shared/contract';
import type { Clock } from '../../config';
import { payDividends } from './dividend.service';
import { paySalaries } from './salary.service';
import { payRealtimeWages, type WageRunResult } from './wages.service';

// The real-time salary job (SPEC §1: settled and distributed every 5 minutes): each pass pays the
// lottery rounds settled since the last one (wages.service.ts). Every replica runs it; the rounds
// a pass takes are locked (SKIP LOCKED) and marked paid in its transaction, so two replicas at once
// pay each round once. AGENT_WAGE_INTERVAL_MS shortens the period (tests, development).

export class RealtimeWageJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<WageRunResult | undefined> | undefined;
  private closed = false;

  constructor(private readonly options: { pool: pg.Pool; clock: Clock; intervalMs?: number; onProblem?: (message: string, error?: unknown) => void }) {}

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs ?? REALTIME_SALARY_INTERVAL_MS);
    this.timer.unref();
  }

  runOnce(): Promise<WageRunResult | undefined> {
    if (this.running) return this.running;
    this.running = payRealtimeWages(this.options.pool, this.options.clock())
      .catch((error: unknown) => {
        this.options.onProblem?.('the real-time salary pass failed; retried next period', error);
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

/** AGENT_WAGE_INTERVAL_MS (at least 1000), or the 5 minutes of SPEC §1. */
export function wageIntervalFromEnv(env: NodeJS.ProcessEnv): number {
  const value = Number(env.AGENT_WAGE_INTERVAL_MS);
  return Number.isInteger(value) && value >= 1000 ? value : REALTIME_SALARY_INTERVAL_MS;
}

/**
 * Daily and hourly salary and dividends: every minute, each kind's (each dividend cycle's) last
 * finished period is settled for every merchant with contracts of the kind (salary.service.ts,
 * dividend.service.ts: once per (merchant, kind, cycle, period) whichever replica or tick gets
 * there first; the others find it paid).
 */
export class SalaryJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: { pool: pg.Pool; clock: Clock; intervalMs?: number; onProblem?: (message: string, error?: unknown) => void }) {}

  start(): void {
    if (this.timer || this.closed) return;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs ?? 60_000);
    this.timer.unref();
  }

  runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      for (const kind of ['hourly', 'daily'] as const) {
        try {
          await paySalaries(this.options.pool, kind, this.options.clock());
        } catch (error) {
          this.options.onProblem?.(`the ${kind} salary run failed; retried next minute`, error);
        }
      }
      try {
        await payDividends(this.options.pool, this.options.clock());
      } catch (error) {
        this.options.onProblem?.('the dividend run failed; retried next minute', error);
      }
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
