import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Comments, READMEs and test titles say what they mean in their own words, or point at a file of
// this repository. Someone who clones it has none of the planning documents the code was built
// from (the product specification, the reference of the legacy deployment, the tickets), so a
// pointer such as "SPEC §2" or "issue 11" tells them nothing; the fact it stood for is written
// down where it is used instead.
//
// Left out: migrations up to 090, applied and checksummed (server/src/db/migrate.ts: editing one
// would stop a database that ran it from starting), and the list of messages whose wording the
// specification fixes (shared/src/i18n/spec-messages.ts with its check, which name its sections).

const root = path.resolve(__dirname, '..', '..');
const CITATION = /\b(?:issue \d+|SPEC §|SPEC\.md|REFERENCE\.md|REFERENCE §|LOTTERY\.md|ARCHITECTURE\.md|TOOLCHAIN\.md|STYLE\.md)/i;
const TEXT = /\.(?:[cm]?[jt]sx?|sql|css|md|json|sh|ya?ml|conf)$/;
const LEFT_OUT = [/^server\/migrations\/0(?:[0-8]\d|090)_/, /^shared\/src\/i18n\/spec-messages\.ts$/, /^tools\/checks\/spec-messages\.test\.ts$/, /^tools\/checks\/own-words\.test\.ts$/];

test('no tracked file cites the planning documents or tickets a clone does not have', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => TEXT.test(file) && !LEFT_OUT.some((pattern) => pattern.test(file)));
  expect(files.length).toBeGreaterThan(1000);
  const found: string[] = [];
  for (const file of files) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  expect(found).toEqual([]);
});
