import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { PeriodicJob, type PeriodicJobOptions, type RunTiming } from './periodic-job';
import { createPool } from './pool';

// The periodic-job runner on a real PostgreSQL, with two pools standing for two server processes
// sharing the database: leadership (a lock per run, a kept lock), shutdown, failures and lag.
// Intervals are a few milliseconds and every wait is for something the test can see (a run, a
// count, a witness job's runs), never for a fixed time.

let database: TestDatabase;
/** Two server processes: each checks its leader lock's connections out of its own pool. */
let processA: pg.Pool;
let processB: pg.Pool;
const started: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  processA = database.pool;
  processB = createPool(database.databaseUrl, 2);
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((job) => job.close()));
});

afterAll(async () => {
  await processB.end();
  await database.drop();
});

function periodicJob<Result>(options: PeriodicJobOptions<Result>): PeriodicJob<Result> {
  const job = new PeriodicJob(options);
  started.push(job);
  return job;
}

/** Polls until `condition` holds (a visible outcome), failing after timeoutMs. */
async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A promise the test resolves: holds a run in flight for as long as the test needs. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Advisory locks held in the test's database, by any session. */
async function advisoryLocks(): Promise<number> {
  const result = await processA.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
  );
  return result.rows[0].count;
}

it('with a lock per run, runs the job in one process at a time: the other skips the run while the lock is held', async () => {
  const held = gate();
  let firstRunning = false;
  let secondRuns = 0;
  const first = periodicJob({
    name: 'per_run_job',
    intervalMs: 60_000,
    leaderLock: { pool: processA, hold: 'per-run' },
    run: async () => {
      firstRunning = true;
      await held.opened;
      return 'first';
    },
  });
  const second = periodicJob({
    name: 'per_run_job',
    intervalMs: 60_000,
    leaderLock: { pool: processB, hold: 'per-run' },
    run: async () => {
      secondRuns++;
      return 'second';
    },
  });
  const firstRun = first.runOnce();
  await until(() => firstRunning);
  expect(await second.runOnce()).toBeUndefined();
  expect(secondRuns).toBe(0);
  held.open();
  expect(await firstRun).toBe('first');
  // The lock went with the run: the next run is whoever's comes first.
  expect(await second.runOnce()).toBe('second');
  expect(await advisoryLocks()).toBe(0);
});

it('with a kept lock, one process runs every tick until it shuts down, then another takes over', async () => {
  const runs = [0, 0];
  const jobs = [processA, processB].map((pool, index) =>
    periodicJob({
      name: 'kept_lock_job',
      intervalMs: 5,
      runAtStart: true,
      leaderLock: { pool, hold: 'kept' },
      run: async () => {
        runs[index]++;
      },
    }),
  );
  for (const job of jobs) job.start();
  await until(() => runs[0] + runs[1] >= 5);
  const leader = runs[0] > 0 ? 0 : 1;
  const follower = 1 - leader;
  expect(runs[follower]).toBe(0);
  // The lock is kept between runs, not only during them.
  expect(await advisoryLocks()).toBe(1);

  await jobs[leader].close();
  const ledRuns = runs[leader];
  await until(() => runs[follower] >= 3);
  expect(runs[leader]).toBe(ledRuns);
  await jobs[follower].close();
  expect(await advisoryLocks()).toBe(0);
});

it('close() waits for the run in flight, gives the lock up, and no run starts after it', async () => {
  const held = gate();
  const events: string[] = [];
  let runs = 0;
  const job = periodicJob({
    name: 'closing_job',
    intervalMs: 5,
    runAtStart: true,
    leaderLock: { pool: processA, hold: 'kept' },
    run: async () => {
      runs++;
      events.push('run started');
      await held.opened;
      events.push('run ended');
    },
  });
  job.start();
  await until(() => runs === 1);
  const closed = job.close().then(() => events.push('closed'));
  // Several turns of the event loop (a round trip to the database) while the run is held.
  expect(await advisoryLocks()).toBe(1);
  expect(events).toEqual(['run started']);
  held.open();
  await closed;
  expect(events).toEqual(['run started', 'run ended', 'closed']);
  expect(await advisoryLocks()).toBe(0);

  // A witness on the same interval runs three times meanwhile: the closed job's slots came and went.
  let witnessRuns = 0;
  const witness = periodicJob({
    name: 'witness_job',
    intervalMs: 5,
    run: async () => {
      witnessRuns++;
    },
  });
  witness.start();
  await until(() => witnessRuns >= 3);
  expect(runs).toBe(1);
  expect(await job.runOnce()).toBeUndefined();
  expect(runs).toBe(1);
});

it('reports a run that throws with the job’s failure message and error, and the next run still comes', async () => {
  const problems: [string, unknown][] = [];
  const failure = new Error('the first run fails');
  let runs = 0;
  const job = periodicJob({
    name: 'failing_job',
    intervalMs: 5,
    runAtStart: true,
    leaderLock: { pool: processA, hold: 'per-run' },
    failureMessage: 'the failing job failed; retried next run',
    onProblem: (message, error) => problems.push([message, error]),
    run: async () => {
      runs++;
      if (runs === 1) throw failure;
      return runs;
    },
  });
  job.start();
  await until(() => runs >= 3);
  expect(problems).toEqual([['the failing job failed; retried next run', failure]]);
  expect(await job.runOnce()).toBeGreaterThanOrEqual(3);
  await job.close();
  expect(await advisoryLocks()).toBe(0);
});

it('measures lag as the time a run started after it fell due', async () => {
  // The runner's time, stood still and moved by hand: as if the event loop had been held up for a
  // second between start() and the first slot.
  const startMs = Date.now();
  let nowMs = startMs;
  // Each run's own timing, read as it starts (a later run replaces lastRun).
  const timings: (RunTiming | undefined)[] = [];
  const job: PeriodicJob<void> = periodicJob({ name: 'late_job', intervalMs: 20, now: () => nowMs, run: async () => void timings.push(job.lastRun) });
  job.start();
  nowMs = startMs + 20 + 1000;
  await until(() => timings.length >= 1);
  expect(timings[0]).toEqual({ dueAtMs: startMs + 20, startedAtMs: startMs + 20 + 1000, lagMs: 1000 });
});

it('counts the lag of a run held back by an overrunning one from the first slot it skipped', async () => {
  const held = gate();
  const timings: (RunTiming | undefined)[] = [];
  const job: PeriodicJob<void> = periodicJob({
    name: 'overrun_job',
    intervalMs: 20,
    runAtStart: true,
    run: async () => {
      timings.push(job.lastRun);
      if (timings.length === 1) await held.opened;
    },
  });
  // A witness on the same grid: its third run shows the slots at 20 and 40 ms have long fallen due.
  let witnessRuns = 0;
  const witness = periodicJob({
    name: 'overrun_witness',
    intervalMs: 20,
    run: async () => {
      witnessRuns++;
    },
  });
  const before = Date.now();
  job.start();
  witness.start();
  const after = Date.now();
  await until(() => witnessRuns >= 3);
  expect(timings).toHaveLength(1);
  held.open();
  await until(() => timings.length >= 2);
  const { dueAtMs, lagMs } = timings[1]!;
  expect(dueAtMs).toBeGreaterThanOrEqual(before + 20);
  expect(dueAtMs).toBeLessThanOrEqual(after + 20);
  // Due at the slot at 20 ms, started at the slot at 60 ms or later.
  expect(lagMs).toBeGreaterThanOrEqual(40 - (after - before));
});
