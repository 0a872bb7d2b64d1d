import { act } from '@testing-library/react';
import type { Clock, Probe } from './measure';

// A pretend network for the speed test's tests: each mirror answers after the delays a test gives
// it (one per request, the last repeated), or fails. Time is virtual: `run()` delivers the answers
// in the order of the time they are due, moving the clock to each, so timings are exact and no
// test waits.

export type MirrorDelays = Record<string, readonly number[] | 'fail' | 'hang'>;

export interface TestNetwork {
  probe: Probe;
  now: Clock;
  /** Every URL asked, in order. */
  requests: { url: string; init: RequestInit }[];
  /** Delivers every answer due, in time order, until nothing is pending. */
  run(): Promise<void>;
}

export function testNetwork(delays: MirrorDelays): TestNetwork {
  let time = 1000;
  const asked = new Map<string, number>();
  const pending: { at: number; order: number; settle: () => void }[] = [];
  let order = 0;
  const requests: TestNetwork['requests'] = [];

  const probe: Probe = (url, init) => {
    requests.push({ url, init });
    const origin = new URL(url).origin;
    const plan = delays[origin] ?? 'fail';
    const index = asked.get(origin) ?? 0;
    asked.set(origin, index + 1);
    if (plan === 'fail') return Promise.reject(new TypeError('Failed to fetch'));
    return new Promise((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      // A hanging mirror never answers: only the timeout (or an abort) ends its request.
      if (plan === 'hang') return;
      const delay = plan[Math.min(index, plan.length - 1)];
      pending.push({ at: time + delay, order: order++, settle: () => resolve(undefined) });
    });
  };

  const run = async () => {
    for (;;) {
      // Let the code under test send what it sends next before picking the earliest answer.
      await act(async () => {
        for (let round = 0; round < 20; round += 1) await Promise.resolve();
      });
      if (pending.length === 0) return;
      pending.sort((a, b) => a.at - b.at || a.order - b.order);
      const next = pending.shift()!;
      time = next.at;
      next.settle();
    }
  };

  return { probe, now: () => time, requests, run };
}
