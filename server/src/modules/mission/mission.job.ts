import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { payDueLeaderboards, type LeaderboardRunResult } from './mission.service';

// Leaderboard prizes, paid by a job once a mission has ended: every minute one replica at a time
// (a leader lock per run) pays the missions that are due. Each mission is paid in one transaction
// under its row lock and marked paid in it, and each rank's movement has its own ledger key, so
// runs that overlap across replicas, or a run after a crash, pay once.

export interface MissionJobOptions {
  db: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

export function createMissionLeaderboardJob(options: MissionJobOptions): PeriodicJob<LeaderboardRunResult> {
  return new PeriodicJob({
    name: 'mission_leaderboard_pay',
    intervalMs: options.intervalMs ?? 60_000,
    leaderLock: { pool: options.db, hold: 'per-run' },
    failureMessage: 'paying the mission leaderboards failed; retried next round',
    onProblem: options.onProblem,
    run: () => payDueLeaderboards(options.db, options.clock()),
  });
}
