import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Remotes meet only through @platform/shared (event bus, API client): a remote importing another
// remote or the shell, or the shell importing a remote's source, would tie their deployments
// together; and apps take the router, RxJS and i18next from @platform/shared (the page's one copy),
// never from the packages. Checked with dependency-cruiser (tools/dependency-check/check-dependencies.mjs).

interface DependencyReport {
  checkedFiles: number;
  violations: { rule: string; from: string; to: string }[];
}

it('no remote imports another remote or the shell, the shell imports no remote source, no app imports the router, RxJS or i18next itself, the shared kits reach the package only through its index, and no remote takes contract data through the runtime singleton', () => {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const output = execFileSync(process.execPath, [path.join(repoRoot, 'tools/dependency-check/check-dependencies.mjs'), 'frontend'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const report = JSON.parse(output) as DependencyReport;
  expect(report.checkedFiles).toBeGreaterThan(50);
  expect(report.violations.map(({ rule, from, to }) => `${rule}: ${from} → ${to}`)).toEqual([]);
}, 120_000);

// The runtime singleton ('@platform/shared', '/forms', '/records') is the shell's copy at run time;
// contract data taken through it (page keys, switch ids, error codes) would be the shell's too, and
// a remote released with a new page or switch would not see it. The rule is checked above over
// every remote; here it is shown failing on the imports it forbids, and only on those.
it('fails a remote that takes contract data from the runtime singleton, not one that takes it from the contract or takes types', () => {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-imports-'));
  try {
    const file = path.join(dir, 'remote-page.tsx');
    writeFileSync(
      file,
      [
        "import { CLIENT_ERROR_CODES, useT, type ApiError } from '@platform/shared';",
        "import { MEMBER_CENTER_PAGES as pages } from '@platform/shared';",
        "import type { ModuleName } from '@platform/shared';",
        "import { type MODULE_IDS as Ids, useSiteConfig } from '@platform/shared/forms';",
        "import { AGENT_CENTER_PAGES, isModuleOn } from '@platform/contract';",
        "export { switchReader } from '@platform/shared/forms';",
      ].join('\n'),
    );
    const output = execFileSync(process.execPath, [path.join(repoRoot, 'tools/dependency-check/check-dependencies.mjs'), 'contract-imports', file], { cwd: repoRoot, encoding: 'utf8' });
    const report = JSON.parse(output) as DependencyReport;
    expect(report.violations.map(({ rule, to }) => `${rule}: ${to}`)).toEqual([
      'contract-data-from-runtime: @platform/shared → CLIENT_ERROR_CODES',
      'contract-data-from-runtime: @platform/shared → MEMBER_CENTER_PAGES',
      'contract-data-from-runtime: @platform/shared/forms → switchReader',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
