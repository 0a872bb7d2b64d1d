import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// shared/runtime-since.json names, for every value export of the runtime's shared entry points,
// the minor a caller of it needs (tools/webpack/runtime-range.cjs turns an app's imports into the
// range it requires). An export missing from it would count as needing the newest runtime, and a
// stale entry would hide a version an export needs: the table and the exports must be one list.

const repoRoot = path.resolve(__dirname, '..', '..');
const ENTRY_FILES: Record<string, string> = {
  '@platform/shared': 'shared/src/index.ts',
  '@platform/shared/forms': 'shared/src/forms/index.ts',
  '@platform/shared/records': 'shared/src/ui/records-table/index.ts',
};
const table = JSON.parse(readFileSync(path.join(repoRoot, 'shared', 'runtime-since.json'), 'utf8')) as Record<string, Record<string, string>>;
const runtimeVersion: string = JSON.parse(readFileSync(path.join(repoRoot, 'shared', 'package.json'), 'utf8')).version;

function valueExportsOf(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    resolveJsonModule: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  return new Map(
    files.map((file) => {
      const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
      const names = checker
        .getExportsOfModule(module)
        .filter((symbol) => ((symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol).flags & ts.SymbolFlags.Value) !== 0)
        .map((symbol) => symbol.name)
        .sort();
      return [file, names];
    }),
  );
}

test("the runtime's version table lists exactly the value exports of its shared entry points, each at a release of the current major", () => {
  const exports = valueExportsOf(Object.values(ENTRY_FILES).map((file) => path.join(repoRoot, file)));
  const [major, minor] = runtimeVersion.split('.').map(Number);
  for (const [entry, file] of Object.entries(ENTRY_FILES)) {
    expect({ entry, names: Object.keys(table[entry] ?? {}).sort() }).toEqual({ entry, names: exports.get(path.join(repoRoot, file)) });
    for (const [name, since] of Object.entries(table[entry])) {
      const [sinceMajor, sinceMinor, sincePatch] = since.split('.').map(Number);
      // A minor's first release: what a caller relies on arrives in a minor, never a patch.
      expect({ name, since, ok: sinceMajor === major && sinceMinor <= minor && sincePatch === 0 }).toEqual({ name, since, ok: true });
    }
  }
}, 60_000);
