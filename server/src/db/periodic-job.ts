import type pg from 'pg';
import { systemClock, type Clock } from '../config';
import { jobLagSeconds, jobRunSeconds, jobRuns } from '../metrics/process-metrics';
import { sessionPoolOf } from './pool';

// The one runner of the server's periodic jobs (the lottery scheduler, the crash rounds, the
// in-house recovery, the C2C deadline sweep, the agents' real-time wages and salaries). A job is
// its name, its interval and its run; the runner does the rest the same way for every job:
// - leadership: which process runs the job when several replicas share the database (a PostgreSQL
//   session advisory lock named after the job, see LeaderLock), or every process for a job whose
//   runs are safe side by side;
// - the interval: a run falls due every intervalMs on a fixed grid from start() (and at start()
//   itself for a job that asks). A run never overlaps the job's previous run in this process: a
//   slot that falls due while one is still going is skipped, and the next run waits for its slot;
// - lag: how long after it fell due a run started (the event loop held up, an earlier run
//   overrunning its slots), kept in lastRun;
// - failures: a run that throws (or whose leadership cannot be taken) is reported to onProblem
//   with the job's failure message and its error, and the next run is tried when it falls due;
// - metrics: each run this process leads is counted by outcome and timed, and a scheduled run's
//   lag kept (metrics/process-metrics.ts, served on /metrics);
// - shutdown: close() schedules nothing more, waits for a run in flight, starts no other and
//   gives the leadership up, so another replica takes the job over at its next run.

/**
 * The lock's key, computed by the database from the job's name: the key each job's lock has always
 * had, so a replica still on an older version and an updated one exclude each other.
 */
const TRY_LOCK_SQL = 'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked';
const UNLOCK_SQL = 'SELECT pg_advisory_unlock(hashtextextended($1, 0))';

export interface LeaderLock {
  /** Where the lock's connection is checked out (a session advisory lock lives on its connection). */
  pool: pg.Pool;
  /**
   * 'per-run': tried at the start of each run and released at its end. A process that finds it
   * taken skips that run; whichever process gets there first runs the next one.
   * 'kept': tried before each run until taken, then kept between runs on a connection of its own
   * until close(), so one process leads for as long as it lives. When that process or connection
   * dies PostgreSQL releases the lock, and another process takes over at its next run.
   */
  hold: 'per-run' | 'kept';
}

export interface PeriodicJobOptions<Result> {
  /** Names the job; with a leader lock also the lock: hashtextextended(name, 0). */
  name: string;
  intervalMs: number;
  run: () => Promise<Result>;
  /** Without one, every process runs the job: its runs must be safe side by side. */
  leaderLock?: LeaderLock;
  /** A first run at start(), instead of one interval later. */
  runAtStart?: boolean;
  /** What a failed run is reported as (with its error). Default: "<name> failed; retried next run". */
  failureMessage?: string;
  /** Told of every failed run (logged by the app). */
  onProblem?: (message: string, error?: unknown) => void;
  /**
   * The time runs fall due and start by (their lag); default the system's. Not the jobs' own
   * clock, which tests move by hand while the timers keep real time.
   */
  now?: Clock;
}

/** When a scheduled run fell due and when it started. */
export interface RunTiming {
  /** Its slot, or the first slot skipped while an earlier run was still going. */
  dueAtMs: number;
  startedAtMs: number;
  /** startedAtMs − dueAtMs. */
  lagMs: number;
}

export class PeriodicJob<Result> {
  private readonly now: Clock;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private closed = false;
  private running: Promise<Result | undefined> | undefined;
  /** The first slot skipped because a run was still going: the next scheduled run was due then. */
  private skippedSlotMs: number | undefined;
  private timing: RunTiming | undefined;
  /** The kept leader lock's connection, with the listener that drops it when the connection fails. */
  private leader: { client: pg.PoolClient; lost: (error: Error) => void } | undefined;

  constructor(private readonly options: PeriodicJobOptions<Result>) {
    this.now = options.now ?? systemClock;
  }

  /** The last scheduled run that started in this process (runOnce() outside the schedule has no slot). */
  get lastRun(): RunTiming | undefined {
    return this.timing;
  }

  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    const startMs = this.now();
    if (this.options.runAtStart) void this.begin(startMs);
    this.schedule(startMs + this.options.intervalMs);
  }

  /**
   * One run now, outside the schedule (tests step a job by hand); a run in flight is joined
   * instead. Its result, or undefined when another process leads, the job is closed or the run
   * failed (reported to onProblem).
   */
  runOnce(): Promise<Result | undefined> {
    return this.running ?? this.begin(undefined);
  }

  /** Schedules nothing more, waits for a run in flight, then gives the leadership up. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await this.resign();
  }

  private schedule(dueAtMs: number): void {
    this.timer = setTimeout(() => this.fallDue(dueAtMs), Math.max(0, dueAtMs - this.now()));
    this.timer.unref();
  }

  private fallDue(dueAtMs: number): void {
    if (this.closed) return;
    // Timers keep the event loop's time, which may run a millisecond or so ahead of this clock:
    // a slot is never run before it is due by this clock.
    if (this.now() < dueAtMs) {
      this.schedule(dueAtMs);
      return;
    }
    if (this.running) this.skippedSlotMs ??= dueAtMs;
    else void this.begin(this.skippedSlotMs ?? dueAtMs);
    // The next slot of the grid still ahead: slots that passed while the event loop was held up
    // are not run one after another to catch up.
    const { intervalMs } = this.options;
    const slotsToNext = Math.floor((this.now() - dueAtMs) / intervalMs) + 1;
    this.schedule(dueAtMs + slotsToNext * intervalMs);
  }

  private begin(dueAtMs: number | undefined): Promise<Result | undefined> {
    if (dueAtMs !== undefined) this.skippedSlotMs = undefined;
    const run = this.lead(dueAtMs).finally(() => {
      this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async lead(dueAtMs: number | undefined): Promise<Result | undefined> {
    if (this.closed) return undefined;
    const lock = this.options.leaderLock;
    try {
      if (!lock) return await this.runNow(dueAtMs);
      // A session lock needs a session: a pool behind a pooler lends its direct connections (pool.ts).
      if (lock.hold === 'kept') return (await this.keepLock(sessionPoolOf(lock.pool))) ? await this.runNow(dueAtMs) : undefined;
      return await this.withLockForRun(sessionPoolOf(lock.pool), () => this.runNow(dueAtMs));
    } catch (error) {
      this.options.onProblem?.(this.options.failureMessage ?? `${this.options.name} failed; retried next run`, error);
      return undefined;
    }
  }

  private async runNow(dueAtMs: number | undefined): Promise<Result | undefined> {
    // close() may have come while the leadership was being taken.
    if (this.closed) return undefined;
    const startedAtMs = this.now();
    if (dueAtMs !== undefined) {
      this.timing = { dueAtMs, startedAtMs, lagMs: startedAtMs - dueAtMs };
      jobLagSeconds.set({ job: this.options.name }, this.timing.lagMs / 1000);
    }
    const endTimer = jobRunSeconds.startTimer({ job: this.options.name });
    try {
      const result = await this.options.run();
      jobRuns.inc({ job: this.options.name, outcome: 'ok' });
      return result;
    } catch (error) {
      jobRuns.inc({ job: this.options.name, outcome: 'failed' });
      throw error;
    } finally {
      endTimer();
    }
  }

  private async withLockForRun(pool: pg.Pool, run: () => Promise<Result | undefined>): Promise<Result | undefined> {
    const client = await pool.connect();
    // Until the lock is known to be free, the connection may hold it: then it is destroyed instead
    // of going back to the pool, which ends its session and the lock with it. A connection failing
    // between two queries must not crash the process either (the pool listens only while idle).
    let mayHoldLock = true;
    const ignoreConnectionError = (): void => undefined;
    client.on('error', ignoreConnectionError);
    try {
      if (!(await this.tryLock(client))) {
        mayHoldLock = false;
        return undefined;
      }
      try {
        return await run();
      } finally {
        await client.query(UNLOCK_SQL, [this.options.name]);
        mayHoldLock = false;
      }
    } finally {
      client.off('error', ignoreConnectionError);
      client.release(mayHoldLock);
    }
  }

  private async keepLock(pool: pg.Pool): Promise<boolean> {
    if (this.leader) return true;
    const client = await pool.connect();
    let locked: boolean;
    try {
      locked = await this.tryLock(client);
    } catch (error) {
      client.release(true);
      throw error;
    }
    if (!locked) {
      client.release();
      return false;
    }
    // A failed connection took the lock with its session: this process no longer leads, and tries
    // to lead again at its next run.
    const lost = (error: Error): void => {
      if (this.leader?.client !== client) return;
      this.leader = undefined;
      client.off('error', lost);
      client.release(error);
    };
    client.on('error', lost);
    this.leader = { client, lost };
    return true;
  }

  private async resign(): Promise<void> {
    const leader = this.leader;
    if (!leader) return;
    this.leader = undefined;
    let unlocked = false;
    try {
      await leader.client.query(UNLOCK_SQL, [this.options.name]);
      unlocked = true;
    } catch {
      // Destroying the connection below ends its session, which releases the lock all the same.
    }
    leader.client.off('error', leader.lost);
    leader.client.release(!unlocked);
  }

  private async tryLock(client: pg.PoolClient): Promise<boolean> {
    const result = await client.query<{ locked: boolean }>(TRY_LOCK_SQL, [this.options.name]);
    return result.rows[0].locked;
  }
}
