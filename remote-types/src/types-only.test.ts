import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The interface must cost no bytes: every statement of the package is a type, an interface or a
// type-only import, so no bundle that imports it carries code of it.
test('the package declares types only', () => {
  const file = path.join(__dirname, 'index.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const valueStatements = source.statements.filter(
    (statement) =>
      !ts.isInterfaceDeclaration(statement) &&
      !ts.isTypeAliasDeclaration(statement) &&
      !(ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly),
  );
  expect(valueStatements.map((statement) => statement.getText(source).slice(0, 60))).toEqual([]);
});
