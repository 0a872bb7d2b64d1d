// Contract data reaches a remote from the remote's own bundle, never through the runtime singleton.
//
// '@platform/shared' (and its kits '/forms', '/records') is a federation singleton: the page runs
// the shell's copy. '@platform/contract' is bundled by each app. A page key, a feature
// switch's id or any other value of the contract taken through the singleton is the *shell's*
// copy of it, so a remote released with a new page or switch would not see it until the shell is
// redeployed. This check fails a remote that imports, from the singleton's entry points, a value
// the contract exports (types are erased: they may come from anywhere).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The runtime singleton's entry points, as apps import them. */
export const RUNTIME_ENTRIES = ['@platform/shared', '@platform/shared/forms', '@platform/shared/records'];

/** The names of the values (not types) the contract exports, following `export *`. */
export function contractValueNames(repoRoot) {
  const entry = path.join(repoRoot, 'contract/src/index.ts');
  const program = ts.createProgram([entry], { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`cannot read the exports of ${entry}`);
  const names = new Set();
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (target.flags & ts.SymbolFlags.Value) names.add(symbol.name);
  }
  return names;
}

/**
 * Each value the contract exports that `file` imports from a runtime entry point:
 * [{ from: file, to: '<entry> → <name>' }].
 */
export function contractImportsFromRuntime(repoRoot, file, contractValues) {
  const text = readFileSync(path.resolve(repoRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !RUNTIME_ENTRIES.includes(specifier.text)) continue;
    const typeOnly = ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly : statement.isTypeOnly;
    if (typeOnly) continue;
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) continue;
    for (const element of bindings.elements) {
      if (element.isTypeOnly) continue;
      const name = (element.propertyName ?? element.name).text;
      if (contractValues.has(name)) found.push({ from: file, to: `${specifier.text} → ${name}` });
    }
  }
  return found;
}
