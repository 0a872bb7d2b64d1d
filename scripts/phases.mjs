// The phases of `npm test` and their wall times. scripts/test.mjs writes a log of lines
// `[<seconds since start>s] <text>`: one `━━ k/4 <phase>` line as each phase starts and, last,
// the `N passed, N failed` line. A phase lasts until the next one starts (the last one until the
// log's last line). `npm run bench` compares such a log with a baseline in the same format.

export const PHASES = ['type-check', 'unit and server integration tests (Jest)', 'production build', 'browser tests (Playwright + Chromium)'];
const SHORT_NAMES = ['type-check', 'jest', 'build', 'browser'];

/** Seconds per phase (type-check, jest, build, browser) and in all, from a phases log. */
export function parsePhases(log) {
  const lines = [...log.matchAll(/^\[(\d+)s\] (.*)$/gm)].map((match) => ({ at: Number(match[1]), text: match[2] }));
  if (lines.length === 0) throw new Error('not a phases log: no `[Ns] …` lines');
  const end = Math.max(...lines.map((line) => line.at));
  const starts = lines.flatMap((line) => {
    const header = /^━━ (\d+)\/\d+ /.exec(line.text);
    return header ? [{ index: Number(header[1]) - 1, at: line.at }] : [];
  });
  const seconds = {};
  starts.forEach((start, position) => {
    seconds[SHORT_NAMES[start.index]] = (starts[position + 1]?.at ?? end) - start.at;
  });
  const summary = lines.map((line) => /(\d+) passed, (\d+) failed/.exec(line.text)).filter(Boolean).at(-1);
  return { seconds, total: end - (starts[0]?.at ?? 0), ...(summary ? { passed: Number(summary[1]), failed: Number(summary[2]) } : {}) };
}

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A table of the phase times, with their ratio to a baseline's when one is given. */
export function formatPhases(log, baselineLog) {
  const current = parsePhases(log);
  const baseline = baselineLog ? parsePhases(baselineLog) : null;
  const row = (name, seconds, before) => {
    const ratio = before ? `   ${minutes(before).padStart(6)} before → ×${(seconds / before).toFixed(2)}` : '';
    return `  ${name.padEnd(11)} ${minutes(seconds).padStart(6)}${ratio}`;
  };
  const rows = SHORT_NAMES.filter((name) => name in current.seconds).map((name) => row(name, current.seconds[name], baseline?.seconds[name]));
  rows.push(row('total', current.total, baseline?.total));
  return rows.join('\n');
}
