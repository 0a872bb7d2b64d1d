import { PeriodicJob } from '../../db/periodic-job';
import type { CrashGame } from './crash.service';
import { recoverPendingRounds, type InhouseDeps } from './slots.service';

// The recovery job: every intervalMs (default 30 s), on one replica at a time (a session advisory
// lock taken and released each round, as the C2C sweep does: db/periodic-job.ts), it finishes what
// a crash or an unreachable wallet left between a bet and its win: slot rounds still pending, crash
// bets not settled. Everything it sends repeats the original transaction ids, so the provider
// answers a repeat with its first answer and no money moves twice. It runs once at start-up too.

export interface InhouseRecoveryOptions {
  deps: InhouseDeps;
  crash: CrashGame;
  intervalMs?: number;
  /** How old an unfinished round must be before the job takes it over from its request. */
  olderThanMs?: number;
  onProblem?: (message: string, error?: unknown) => void;
}

/** The job: a round's result is the rounds and bets it finished, or undefined when another replica holds the lock. */
export function createInhouseRecovery(options: InhouseRecoveryOptions): PeriodicJob<number> {
  const { deps, crash, onProblem } = options;
  return new PeriodicJob({
    name: 'inhouse_recovery',
    intervalMs: options.intervalMs ?? 30_000,
    runAtStart: true,
    leaderLock: { pool: deps.db, hold: 'per-run' },
    failureMessage: 'in-house recovery failed; retried next round',
    onProblem,
    run: async () => {
      const codes = new Map<number, string | undefined>();
      const merchantCodeOf = async (merchantId: number) => {
        if (!codes.has(merchantId)) codes.set(merchantId, (await deps.db.query<{ code: string }>('SELECT code FROM merchant WHERE id = $1', [merchantId])).rows[0]?.code);
        return codes.get(merchantId);
      };
      const olderThanMs = options.olderThanMs ?? 30_000;
      const rounds = await recoverPendingRounds(deps, merchantCodeOf, olderThanMs, onProblem);
      const bets = await crash.recover(merchantCodeOf, olderThanMs);
      return rounds + bets;
    },
  });
}
