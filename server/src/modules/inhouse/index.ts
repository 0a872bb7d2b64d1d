// The in-house (JL) game server: provably fair slots and the multiplayer crash game,
// played through the seamless-wallet API like an outside vendor's games (modules/game-provider).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { PeriodicJob } from '../../db/periodic-job';
import { sessionConnectionOf } from '../../db/pool';
import type { SecretsKey } from '../../secrets-key';
import { CrashGame } from './crash.service';
import { createInhouseRecovery } from './inhouse.jobs';
import { inhouseRoutes } from './inhouse.routes';
import { fetchTransport, injectTransportOnceReady, ProviderClient } from './provider-client';
import type { InhouseDeps } from './slots.service';

export { inhouseMessages } from './inhouse.messages';
export { inhouseOperatorRoutes } from './inhouse.operator-routes';
export { CrashGame, createCrashScheduler, CRASH_CHANNEL, BETTING_MS, PAUSE_MS, crashPointOf, maskName } from './crash.service';
export { createInhouseRecovery } from './inhouse.jobs';
export { ProviderClient, injectTransport, fetchTransport, JL_VASSALAGE } from './provider-client';
export { recoverPendingRounds, type InhouseDeps } from './slots.service';
export { serverSeedHash, nodeHmacSha256 } from './fairness';

export interface InhouseOptions {
  /** The provider API's base URL (fetch); default: this app itself through app.inject. */
  providerBaseUrl?: string;
  /** Run the crash rounds (on the replica holding the leader lock) and the recovery job. Default: INHOUSE_JOBS, else on unless NODE_ENV=test. */
  jobs?: boolean | { crashTickMs?: number; recoveryIntervalMs?: number };
}

/** INHOUSE_JOBS=1/0; unset: on, except under NODE_ENV=test (jest), where a test starts them itself. */
export function inhouseJobsFromEnv(env: NodeJS.ProcessEnv): boolean {
  if (env.INHOUSE_JOBS === '1') return true;
  if (env.INHOUSE_JOBS === '0') return false;
  return env.NODE_ENV !== 'test';
}

/** The game server of one app: its routes, its crash game (streams, scheduler) and recovery job. */
export class InhouseServer {
  readonly deps: InhouseDeps;
  readonly crash: CrashGame;
  readonly recovery: PeriodicJob<number>;

  constructor(
    app: FastifyInstance,
    options: { pool: pg.Pool; clock: Clock; secretsKey: SecretsKey; providerBaseUrl?: string; onProblem?: (message: string, error?: unknown) => void },
  ) {
    const transport = options.providerBaseUrl ? fetchTransport(options.providerBaseUrl) : injectTransportOnceReady(app);
    this.deps = {
      db: options.pool,
      clock: options.clock,
      secretsKey: options.secretsKey,
      provider: new ProviderClient({ db: options.pool, secretsKey: options.secretsKey, transport, clock: options.clock }),
    };
    this.crash = new CrashGame({ deps: this.deps, connection: sessionConnectionOf(options.pool), onProblem: options.onProblem });
    this.recovery = createInhouseRecovery({ deps: this.deps, crash: this.crash, onProblem: options.onProblem });
  }

  /** The /jl/v1 routes (register inside the merchant scope). */
  readonly routes = async (scope: FastifyInstance): Promise<void> => inhouseRoutes(scope, { deps: this.deps, crash: this.crash });

  async start(jobs: InhouseOptions['jobs']): Promise<void> {
    await this.crash.start();
    if (jobs) {
      const settings = typeof jobs === 'object' ? jobs : {};
      this.crash.startScheduler({ tickMs: settings.crashTickMs });
      this.recovery.start();
    }
  }

  async close(): Promise<void> {
    await this.recovery.close();
    await this.crash.close();
  }
}
