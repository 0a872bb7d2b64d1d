// What the benchmarks that start servers share: free ports, percentiles, the NOTIFY → LISTEN
// baseline every cross-process push is compared with, event-stream parsing, and the players a run
// needs (members with sessions, made through an app of the benchmark's own process).
import { randomUUID } from 'node:crypto';
import net from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free TCP port on the loopback interface. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The p-th percentile (nearest rank) of `values`. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** Bare NOTIFY → LISTEN round trips between two connections of `pg` at `url`: each one's ms. */
export async function notifyBaseline(pg, url, count) {
  const listener = new pg.Client({ connectionString: url });
  const notifier = new pg.Client({ connectionString: url });
  await listener.connect();
  await notifier.connect();
  const channel = `bench_baseline_${randomUUID().replaceAll('-', '')}`;
  try {
    await listener.query(`LISTEN ${channel}`);
    const waiting = new Map();
    listener.on('notification', (message) => waiting.get(message.payload)?.());
    const times = [];
    for (let index = 0; index < count; index++) {
      const payload = String(index);
      const arrived = new Promise((resolve) => waiting.set(payload, resolve));
      const started = performance.now();
      await notifier.query('SELECT pg_notify($1, $2)', [channel, payload]);
      await arrived;
      times.push(performance.now() - started);
      waiting.delete(payload);
    }
    return times;
  } finally {
    await listener.end();
    await notifier.end();
  }
}

/**
 * Splits what an event stream sent so far into its complete events ({ event, data, retry }, the
 * fields as sent) and the incomplete rest, to be kept for the next chunk.
 */
export function eventsIn(buffer) {
  const events = [];
  let rest = buffer;
  let end;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const fields = {};
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
    }
    events.push(fields);
  }
  return { events, rest };
}

/**
 * `count` members named `<prefix><i>` with a session each, made through an app built on `pool` in
 * this process with no background jobs, closed once they exist (the measured servers start after).
 * Each logs in from an address of its own (the log-in limits are per address); `each(member, app)`
 * runs for each before the app closes.
 */
export async function membersWithSessions({ buildApp, createMember, tokenFor }, pool, merchantId, prefix, count, { each } = {}) {
  const setup = await buildApp({ pool, logger: false, remoteOverrides: {}, c2cSweep: false, lotteryJobs: false, inhouse: { jobs: false }, delivery: false });
  const members = [];
  try {
    for (let index = 0; index < count; index++) {
      const username = `${prefix}${index}`;
      await createMember(pool, merchantId, { username, password: 'secret123' });
      const member = { username, token: await tokenFor(setup, username, 'secret123', `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`) };
      // Whatever else a member needs from the app before it closes (a deposit, say).
      await each?.(member, setup);
      members.push(member);
    }
    return members;
  } finally {
    await setup.close();
  }
}

/** Asks a child process to stop (SIGTERM unless told otherwise) and waits until it has exited. */
export async function stopChild(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await ended;
}
