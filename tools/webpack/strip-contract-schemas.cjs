// A webpack loader for the wire contract's sources (contract/src) in front-end builds: it
// removes the JSON Schemas (`query`, `body`, `params`, `value`) from every row (`defineCall({…})`).
// The browser never reads a row's schemas: the API client sends a call by its name, method, path,
// module id and flags; the schemas type the request and answer at compile time (tsc reads the
// source, not this output) and the server validates with them (it compiles the contract with tsc,
// without this loader). Without the properties, the schema constants they named are referenced by
// nothing and the minifier drops them (~6 KiB gzip of the home page's contract chunk at the time);
// each row keeps its `#__PURE__` annotation, so unused rows are still dropped whole.
//
// It edits the source text at the positions TypeScript's parser gives (no pattern matching on
// text): each removed property becomes as many line breaks as it spanned, so every other line of
// the file keeps its number (stack traces and source maps of the contract stay right).
//
// A row is understood when `defineCall`'s argument is an object literal (through parentheses,
// `as const`, `satisfies`), or a call of a function of the same file that returns object literals
// (bet-history.ts builds its rows with `historyCall(category)`); anything else, or a spread inside
// a row (it could carry schemas), is left as it is and reported as a build warning.
const ts = require('typescript');

/** A row's properties that only describe the wire (JSON Schemas): never read in the browser. */
const SCHEMA_PROPERTIES = new Set(['query', 'body', 'params', 'value']);

/** `x`, `(x)`, `x as const`, `x satisfies T`, `<T>x` → x. */
function unwrap(node) {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isTypeAssertionExpression(current)) {
    current = current.expression;
  }
  return current;
}

/** A property's name as written (`value`, `'value'`), undefined when computed. */
function propertyName(property) {
  const { name } = property;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

/** The object literals a function (declaration, or arrow/function expression) returns. */
function returnedObjectLiterals(fn) {
  const found = [];
  if (!fn.body) return found;
  if (!ts.isBlock(fn.body)) {
    const returned = unwrap(fn.body);
    if (ts.isObjectLiteralExpression(returned)) found.push(returned);
    return found;
  }
  const visit = (node) => {
    // A nested function's returns are its own.
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) {
      const returned = unwrap(node.expression);
      if (ts.isObjectLiteralExpression(returned)) found.push(returned);
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

/** The file's top-level functions by name: `function f() {}` and `const f = () => …`. */
function topLevelFunctions(sourceFile) {
  const functions = new Map();
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) functions.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const initializer = declaration.initializer && unwrap(declaration.initializer);
        if (ts.isIdentifier(declaration.name) && initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))) {
          functions.set(declaration.name.text, initializer);
        }
      }
    }
  }
  return functions;
}

/**
 * The contract source `source` without its rows' schemas.
 * @param {string} source  TypeScript source of a contract file
 * @param {string} [fileName]
 * @returns {{ code: string, rows: number, removed: number, unhandled: string[] }}
 *   rows: `defineCall(…)` calls found; removed: properties taken out; unhandled: what was left as
 *   it is, each as `<file>:<line>: <why>`.
 */
function stripContractSchemas(source, fileName = 'contract.ts') {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const functions = topLevelFunctions(sourceFile);
  const ranges = [];
  const unhandled = [];
  const stripped = new Set();
  let rows = 0;
  const where = (node) => `${fileName}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;

  const stripObject = (object) => {
    if (stripped.has(object)) return;
    stripped.add(object);
    for (const property of object.properties) {
      if (ts.isSpreadAssignment(property)) {
        unhandled.push(`${where(property)}: a spread in a contract row is kept (it may carry schemas)`);
        continue;
      }
      if (!SCHEMA_PROPERTIES.has(propertyName(property))) continue;
      // From the end of the previous property's comma (or the brace) through this one's comma:
      // its comments go with it, and the next property keeps its own.
      const start = property.pos;
      const afterProperty = ts.skipTrivia(source, property.end);
      const end = source[afterProperty] === ',' ? afterProperty + 1 : property.end;
      ranges.push({ start, end });
    }
  };

  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineCall') {
      rows += 1;
      const argument = node.arguments[0] && unwrap(node.arguments[0]);
      if (argument && ts.isObjectLiteralExpression(argument)) {
        stripObject(argument);
      } else if (argument && ts.isCallExpression(argument) && ts.isIdentifier(argument.expression) && functions.has(argument.expression.text)) {
        const objects = returnedObjectLiterals(functions.get(argument.expression.text));
        if (!objects.length) unhandled.push(`${where(node)}: ${argument.expression.text}() returns no object literal`);
        objects.forEach(stripObject);
      } else {
        unhandled.push(`${where(node)}: a row that is not an object literal is kept as it is`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);

  let code = source;
  for (const { start, end } of ranges.sort((a, b) => b.start - a.start)) {
    const lineBreaks = source.slice(start, end).split('\n').length - 1;
    code = code.slice(0, start) + '\n'.repeat(lineBreaks) + code.slice(end);
  }
  return { code, rows, removed: ranges.length, unhandled };
}

/** The webpack loader. */
function stripContractSchemasLoader(source) {
  const { code, unhandled } = stripContractSchemas(source, this.resourcePath);
  for (const message of unhandled) this.emitWarning(new Error(`strip-contract-schemas: ${message}`));
  return code;
}

module.exports = stripContractSchemasLoader;
module.exports.stripContractSchemas = stripContractSchemas;
module.exports.SCHEMA_PROPERTIES = SCHEMA_PROPERTIES;
