// One instance's life as a gateway or an orchestrator sees it: starting (routes not loaded yet),
// ready, then draining once it is told to stop. /readyz (modules/health) answers 200 only while
// ready, so a gateway that probes it stops sending new requests to an instance that starts or
// drains; /healthz keeps answering for liveness until the process ends.
//
// Draining ends every open event stream (the balance, draw, chat and crash streams all open theirs
// through http/event-stream.ts) with a `retry:` line first, so each browser reconnects, through
// the gateway, to an instance that stays; the delays are spread over a window so that the
// thousands of streams of one instance do not all come back in the same instant. A stream opened
// while draining is ended the same way at once. Requests in flight, money calls among them, are
// not cut: the server's close (main.ts) waits for them after the grace period.

export type InstanceState = 'starting' | 'ready' | 'draining';

/** The shortest and longest reconnect delay told to a stream ended by a drain. */
export const DRAIN_RETRY_MIN_MS = 500;
export const DRAIN_RETRY_MAX_MS = 5_000;

/** An open event stream, as the lifecycle ends it. */
export interface DrainableStream {
  /** Writes `retry: <ms>` and ends the stream. */
  endWithRetry(retryMs: number): void;
}

export class InstanceLifecycle {
  private current: InstanceState = 'starting';
  private readonly streams = new Set<DrainableStream>();

  constructor(private readonly random: () => number = Math.random) {}

  get state(): InstanceState {
    return this.current;
  }

  /** Open event streams (tests, metrics). */
  get openStreams(): number {
    return this.streams.size;
  }

  markReady(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  /** A reconnect delay for one stream ended by the drain, spread over the window. */
  retryDelayMs(): number {
    return Math.round(DRAIN_RETRY_MIN_MS + this.random() * (DRAIN_RETRY_MAX_MS - DRAIN_RETRY_MIN_MS));
  }

  /**
   * Tracks an open stream until `untrack` is called (its close). While draining the stream is
   * ended at once, with a retry delay, and not tracked.
   */
  track(stream: DrainableStream): () => void {
    if (this.current === 'draining') {
      stream.endWithRetry(this.retryDelayMs());
      return () => undefined;
    }
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** Not ready any more; every open stream is told to reconnect elsewhere and ended. */
  drain(): void {
    this.current = 'draining';
    const open = [...this.streams];
    this.streams.clear();
    for (const stream of open) stream.endWithRetry(this.retryDelayMs());
  }
}
