import { availableParallelism } from 'node:os';
import { AppError } from '../../http/envelope';

// A cap on concurrent password hashing. One argon2id call holds 19 MiB and a libuv thread for
// 30-50 ms; left unbounded, a flood of registrations (one or two hashes each) queues thousands of
// them, takes every thread the process has (files and crypto share that pool) and makes each
// login wait behind the whole queue. So:
//   - at most `concurrency` hashes run at once;
//   - waiting work sits in one of two bounded lanes, and verifications (logins, password checks)
//     are always served before new hashes (registrations, changes, resets): a login waits for
//     one running hash to end, not for the registration flood;
//   - a lane that is full refuses at once with 503 server.busy instead of growing without end.

export type HashLane = 'verify' | 'hash';

export interface HashGateLimits {
  /** Hashes running at once. */
  concurrency: number;
  /** Calls that may wait in each lane; one more is refused (503 server.busy). */
  maxQueued: Record<HashLane, number>;
}

export interface HashGateStats {
  running: number;
  queued: Record<HashLane, number>;
  /** The longest each lane has been since the gate was made (or reset). */
  highWater: Record<HashLane, number>;
  /** Calls refused because their lane was full. */
  refused: number;
}

/**
 * Two threads of the default four-thread libuv pool, or one per core on a smaller machine, so
 * the pool keeps a thread for files and other crypto.
 */
export function defaultHashGateLimits(): HashGateLimits {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return { concurrency: Math.max(1, Math.min(availableParallelism(), pool - 2)), maxQueued: { verify: 64, hash: 16 } };
}

export class HashGate {
  private running = 0;
  private readonly waiting: Record<HashLane, (() => void)[]> = { verify: [], hash: [] };
  private highWater: Record<HashLane, number> = { verify: 0, hash: 0 };
  private refused = 0;

  constructor(private limits: HashGateLimits) {}

  /** New limits for calls from now on (tests; a start-up option). */
  configure(limits: HashGateLimits): void {
    this.limits = limits;
    this.highWater = { verify: 0, hash: 0 };
    this.refused = 0;
  }

  stats(): HashGateStats {
    return {
      running: this.running,
      queued: { verify: this.waiting.verify.length, hash: this.waiting.hash.length },
      highWater: { ...this.highWater },
      refused: this.refused,
    };
  }

  /** Runs `work` when a slot is free, ahead of new hashes when it is a verification. */
  async run<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
    } else {
      const queue = this.waiting[lane];
      if (queue.length >= this.limits.maxQueued[lane]) {
        this.refused += 1;
        throw new AppError(503, 'server.busy');
      }
      // The slot of a finishing call is handed over as it is: `running` stays counted.
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        this.highWater[lane] = Math.max(this.highWater[lane], queue.length);
      });
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.verify.shift() ?? this.waiting.hash.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
