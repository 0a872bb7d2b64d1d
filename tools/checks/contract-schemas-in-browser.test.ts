import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Front-end builds strip the JSON Schemas out of every contract row (tools/webpack/
// strip-contract-schemas.cjs): in the browser a row's `query`, `body`, `params` and `value` are
// gone. Code of the apps that reads them works in unit tests (which compile the contract whole)
// and breaks on the built site, so none may: a bound a form needs is a constant of the contract.

const root = path.resolve(__dirname, '..', '..');
const apps = (JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8')) as { apps: { folder: string; kind: string }[] }).apps.filter((app) =>
  ['shell', 'remote', 'game'].includes(app.kind),
);

function sourcesOf(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourcesOf(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

test.each(apps.map((app) => app.folder))('%s reads no contract row’s schemas', (folder) => {
  const readers = sourcesOf(path.join(root, folder, 'src')).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, at: `${path.relative(root, file)}:${index + 1}` }))
      .filter(({ line }) => /\w+Call\.(body|query|params|value)\b/.test(line))
      .map(({ at }) => at),
  );
  expect(readers).toEqual([]);
});
