import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The server's dependency rules (tools/dependency-check/check-dependencies.mjs, dependency-cruiser):
// modules meet only through their index.ts, no file depends on itself, no two modules depend on
// each other even indirectly, test helpers stay in tests, plumbing never imports a module.

interface DependencyReport {
  checkedFiles: number;
  violations: { rule: string; from: string; to: string; cycle?: string[] }[];
  moduleCycles: string[][];
}

let report: DependencyReport;

beforeAll(() => {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const output = execFileSync(process.execPath, [path.join(repoRoot, 'tools/dependency-check/check-dependencies.mjs'), 'server'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  report = JSON.parse(output) as DependencyReport;
}, 120_000);

it('checks the whole of server/src', () => {
  expect(report.checkedFiles).toBeGreaterThan(100);
});

it('finds no cycle between server modules', () => {
  expect(report.moduleCycles.map((cycle) => cycle.join(' ↔ '))).toEqual([]);
});

it('finds no import breaking a dependency rule', () => {
  const lines = report.violations.map(({ rule, from, to, cycle }) => `${rule}: ${from} → ${to}${cycle ? ` (via ${cycle.join(' → ')})` : ''}`);
  expect(lines).toEqual([]);
});
