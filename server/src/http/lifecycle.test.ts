import { DRAIN_RETRY_MAX_MS, DRAIN_RETRY_MIN_MS, InstanceLifecycle } from './lifecycle';

// The instance's states as /readyz reports them, and what draining does to the open streams.

const stream = () => {
  const ended: number[] = [];
  return { ended, endWithRetry: (retryMs: number) => ended.push(retryMs) };
};

it('starts, becomes ready once, and never goes back from draining', () => {
  const lifecycle = new InstanceLifecycle();
  expect(lifecycle.state).toBe('starting');
  lifecycle.markReady();
  expect(lifecycle.state).toBe('ready');
  lifecycle.drain();
  lifecycle.markReady();
  expect(lifecycle.state).toBe('draining');
});

it('ends every open stream once on a drain, with delays spread over the window, and forgets closed ones', () => {
  const draws = [0, 0.5, 1];
  const lifecycle = new InstanceLifecycle(() => draws.shift() ?? 0.25);
  lifecycle.markReady();
  const [a, b, c, closed] = [stream(), stream(), stream(), stream()];
  lifecycle.track(a);
  lifecycle.track(b);
  lifecycle.track(c);
  lifecycle.track(closed)();
  expect(lifecycle.openStreams).toBe(3);
  lifecycle.drain();
  lifecycle.drain();
  expect([a.ended, b.ended, c.ended, closed.ended]).toEqual([[DRAIN_RETRY_MIN_MS], [2750], [DRAIN_RETRY_MAX_MS], []]);
  expect(lifecycle.openStreams).toBe(0);
});

it('ends a stream opened while draining at once, without keeping it', () => {
  const lifecycle = new InstanceLifecycle(() => 0.5);
  lifecycle.drain();
  const late = stream();
  lifecycle.track(late);
  expect(late.ended).toEqual([2750]);
  expect(lifecycle.openStreams).toBe(0);
});
