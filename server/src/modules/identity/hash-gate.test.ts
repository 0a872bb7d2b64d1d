import { AppError } from '../../http/envelope';
import { defaultHashGateLimits, HashGate } from './hash-gate';
import { hashPassword, passwordHashGate, verifyPassword } from './password-hash';

// The cap on concurrent password hashing: a bounded queue, verifications first, a clear refusal.

/** Work that runs until the test lets it finish. */
function held(): { work: () => Promise<string>; release: () => void; started: Promise<void> } {
  let release!: () => void;
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    work: async () => {
      markStarted();
      await done;
      return 'done';
    },
    release,
    started,
  };
}

const busy = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ran',
    (error: unknown) => (error instanceof AppError ? `${error.statusCode} ${error.errorCode}` : String(error)),
  );

it('runs at most `concurrency` at once, queues up to the bound, and refuses past it with 503 server.busy', async () => {
  const gate = new HashGate({ concurrency: 2, maxQueued: { verify: 3, hash: 2 } });
  const running = [held(), held()];
  const runs = running.map((task) => gate.run('hash', task.work));
  await Promise.all(running.map((task) => task.started));
  const queued = [held(), held()];
  const queuedRuns = queued.map((task) => gate.run('hash', task.work));
  expect(gate.stats()).toMatchObject({ running: 2, queued: { verify: 0, hash: 2 } });

  // The hash lane is full: refused at once, nothing started.
  expect(await busy(gate.run('hash', async () => 'never'))).toBe('503 server.busy');
  expect(gate.stats().refused).toBe(1);

  for (const task of [...running, ...queued]) task.release();
  expect(await Promise.all([...runs, ...queuedRuns])).toEqual(['done', 'done', 'done', 'done']);
  expect(gate.stats()).toMatchObject({ running: 0, queued: { verify: 0, hash: 0 }, highWater: { hash: 2 } });
});

it('serves a waiting verification before every waiting hash', async () => {
  const gate = new HashGate({ concurrency: 1, maxQueued: { verify: 4, hash: 4 } });
  const first = held();
  const firstRun = gate.run('hash', first.work);
  await first.started;
  const order: string[] = [];
  const waiting = [
    gate.run('hash', async () => order.push('hash 1')),
    gate.run('hash', async () => order.push('hash 2')),
    gate.run('verify', async () => order.push('login')),
  ];
  first.release();
  await Promise.all([firstRun, ...waiting]);
  expect(order).toEqual(['login', 'hash 1', 'hash 2']);
});

it('frees the slot of work that fails', async () => {
  const gate = new HashGate({ concurrency: 1, maxQueued: { verify: 0, hash: 0 } });
  await expect(gate.run('hash', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await gate.run('hash', async () => 'next')).toBe('next');
  expect(gate.stats().running).toBe(0);
});

it('puts real argon2 calls through the process gate, and a full gate is no answer about a password', async () => {
  const limits = passwordHashGate.stats();
  expect(limits.running).toBe(0);
  passwordHashGate.configure({ concurrency: 1, maxQueued: { verify: 0, hash: 0 } });
  try {
    const blocker = held();
    const blocked = passwordHashGate.run('hash', blocker.work);
    await blocker.started;
    // verifyPassword swallows unreadable hashes as "no match"; a refusal must not become one.
    expect(await busy(verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'x'))).toBe('503 server.busy');
    expect(await busy(hashPassword('kestrel42'))).toBe('503 server.busy');
    blocker.release();
    await blocked;
    const hash = await hashPassword('kestrel42');
    expect(await verifyPassword(hash, 'kestrel42')).toBe(true);
    expect(await verifyPassword(hash, 'kestrel43')).toBe(false);
  } finally {
    passwordHashGate.configure(defaultHashGateLimits());
  }
});
