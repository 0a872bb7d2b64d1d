import { execFileSync } from 'node:child_process';
import path from 'node:path';

// Remotes meet only through @platform/shared (event bus, API client): a remote importing another
// remote or the shell, or the shell importing a remote's source, would tie their deployments
// together; and apps take the router, RxJS and i18next from @platform/shared (the page's one copy),
// never from the packages. Checked with dependency-cruiser (tools/dependency-check/check-dependencies.mjs).

interface DependencyReport {
  checkedFiles: number;
  violations: { rule: string; from: string; to: string }[];
}

it('no remote imports another remote or the shell, the shell imports no remote source, no app imports the router, RxJS or i18next itself, and the shared kits reach the package only through its index', () => {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const output = execFileSync(process.execPath, [path.join(repoRoot, 'tools/dependency-check/check-dependencies.mjs'), 'frontend'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const report = JSON.parse(output) as DependencyReport;
  expect(report.checkedFiles).toBeGreaterThan(50);
  expect(report.violations.map(({ rule, from, to }) => `${rule}: ${from} → ${to}`)).toEqual([]);
}, 120_000);
