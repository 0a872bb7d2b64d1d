// What an app needs of the page's copy of the runtime (@platform/shared), read from what it
// imports: each export's version is in shared/runtime-since.json (the minor that last added to it
// something a caller may rely on), and the app requires `^<highest of those it imports>`. A remote
// released after a runtime minor it does not use keeps requiring the older minor, so it runs under
// a shell that was deployed before; one that uses something newer says so, and the registry will
// not serve it under an older shell (server/src/modules/remotes/compatibility.ts).
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const repoRoot = path.resolve(__dirname, '..', '..');
const RUNTIME_ENTRIES = ['@platform/shared', '@platform/shared/forms', '@platform/shared/records'];

function sinceTable() {
  return JSON.parse(readFileSync(path.join(repoRoot, 'shared', 'runtime-since.json'), 'utf8'));
}

/** Orders two X.Y.Z versions: negative when `a` is older, 0 when equal, positive when newer. */
const compareVersions = (a, b) => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

function sourceFilesUnder(folder) {
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFilesUnder(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|testing)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/**
 * The runtime exports `sourceDirs` import as values, per entry point: `{ '@platform/shared':
 * Set{'useT', …}, … }`. Type-only imports cost nothing at run time and are left out; a namespace
 * import or `export *` counts as every export.
 */
function runtimeImportsOf(sourceDirs) {
  const used = Object.fromEntries(RUNTIME_ENTRIES.map((entry) => [entry, new Set()]));
  for (const file of sourceDirs.flatMap(sourceFilesUnder)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('@platform/shared')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement);
      if (!isImport && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !used[specifier.text]) continue;
      const names = used[specifier.text];
      if (isImport) {
        const clause = statement.importClause;
        if (!clause || clause.isTypeOnly) continue;
        if (clause.name) names.add('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.add('*');
        else if (bindings) for (const element of bindings.elements) if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      } else {
        if (statement.isTypeOnly) continue;
        const clause = statement.exportClause;
        if (!clause || ts.isNamespaceExport(clause)) names.add('*');
        else for (const element of clause.elements) if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      }
    }
  }
  return used;
}

/**
 * The range of the runtime an app whose sources are in `sourceDirs` requires: `^<version>` of the
 * highest version among the exports it imports (the major's first release when it imports none
 * newer). An import the table does not know (a typo the type-check would catch, or an export not
 * yet listed) or a namespace import requires the runtime's current version.
 */
function runtimeRangeFor(sourceDirs) {
  const table = sinceTable();
  const current = JSON.parse(readFileSync(path.join(repoRoot, 'shared', 'package.json'), 'utf8')).version;
  const [major] = current.split('.');
  let needed = `${major}.0.0`;
  for (const [entry, names] of Object.entries(runtimeImportsOf(sourceDirs))) {
    for (const name of names) {
      const since = table[entry]?.[name] ?? current;
      if (compareVersions(since, needed) > 0) needed = since;
    }
  }
  return `^${needed}`;
}

module.exports = { runtimeRangeFor, runtimeImportsOf, compareVersions, RUNTIME_ENTRIES };
