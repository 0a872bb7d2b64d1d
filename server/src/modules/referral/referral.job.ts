import type pg from 'pg';
import type { Clock } from '../../config';
import { PeriodicJob } from '../../db/periodic-job';
import { runReferrals, type ReferralRunResult } from './referral.service';

// Invite a friend's job: every few minutes one replica at a time (a leader lock per run) advances
// every open friend (paying the invitation reward of those who qualified), counts each closed day
// once and pays the day's rebates. Friends are advanced under their row's lock and every payment
// has its ledger key, so runs that overlap, a run after a crash, or the inviter's page advancing
// the same friend pay once.

export interface ReferralJobOptions {
  db: pg.Pool;
  clock: Clock;
  intervalMs?: number;
  onProblem?: (message: string, error: unknown) => void;
}

export function createReferralJob(options: ReferralJobOptions): PeriodicJob<ReferralRunResult> {
  return new PeriodicJob({
    name: 'referral_rewards',
    intervalMs: options.intervalMs ?? 5 * 60_000,
    leaderLock: { pool: options.db, hold: 'per-run' },
    failureMessage: 'paying invite-a-friend rewards failed; retried next round',
    onProblem: options.onProblem,
    run: () => runReferrals(options.db, options.clock()),
  });
}
