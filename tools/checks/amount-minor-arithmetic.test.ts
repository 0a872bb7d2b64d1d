import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Money in the browser is AmountMinor (shared/src/money): read from the wire with
// amountMinorFromMajor, sent with amountMajorForWire, typed and shown with parseAmountInput and
// amountInputText. Arithmetic on it anywhere else is how float division and copies of the
// conversion crept back in (`amountMinor / 100` in five money calls), so none is allowed outside
// shared/src/money: the check asks the type checker which operands are AmountMinor.

const root = path.resolve(__dirname, '..', '..');
const MONEY_MODULE = path.join(root, 'shared', 'src', 'money') + path.sep;
const workspaces = (JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8')) as { apps: { folder: string; kind: string }[] }).apps;
const apps = workspaces.filter((app) => ['shell', 'remote', 'game'].includes(app.kind));
/** The libraries the apps compile as source (the runtime, the UI blocks, the domain libraries): checked with them. */
const libraries = workspaces.filter((app) => app.kind === 'library');

const ARITHMETIC = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.PercentEqualsToken,
]);

/** Every `file:line: expression` of arithmetic on an AmountMinor in the given sources, outside the money module. */
export function amountMinorArithmetic(program: ts.Program, isChecked: (fileName: string) => boolean): string[] {
  const checker = program.getTypeChecker();
  const isAmountMinor = (node: ts.Node): boolean => {
    const type = checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    return parts.some((part) => part.aliasSymbol?.name === 'AmountMinor' || checker.typeToString(part).includes('AmountMinor'));
  };
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    const fileName = path.resolve(source.fileName);
    if (source.isDeclarationFile || fileName.startsWith(MONEY_MODULE) || !isChecked(fileName)) continue;
    const visit = (node: ts.Node): void => {
      const arithmetic =
        (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind) && (isAmountMinor(node.left) || isAmountMinor(node.right))) ||
        ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && node.operator !== ts.SyntaxKind.ExclamationToken && isAmountMinor(node.operand));
      if (arithmetic) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${path.relative(root, fileName)}:${line + 1}: ${node.getText(source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** One program over every front-end app and the shared library, with the apps' own compiler options. */
function frontEndProgram(): ts.Program {
  const rootNames = new Set<string>();
  let options: ts.CompilerOptions = {};
  for (const app of apps) {
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, app.folder, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (!parsed) throw new Error(`Cannot read ${app.folder}/tsconfig.json`);
    parsed.fileNames.forEach((fileName) => rootNames.add(fileName));
    options = parsed.options;
  }
  return ts.createProgram({ rootNames: [...rootNames], options: { ...options, noEmit: true, incremental: false, tsBuildInfoFile: undefined } });
}

const isSource = (fileName: string): boolean => !/\.test\.tsx?$/.test(fileName) && !fileName.includes(`${path.sep}node_modules${path.sep}`);

test('no front-end code outside shared/src/money does arithmetic on AmountMinor', () => {
  const folders = [...apps, ...libraries].map((app) => path.join(root, app.folder) + path.sep);
  const found = amountMinorArithmetic(frontEndProgram(), (fileName) => isSource(fileName) && folders.some((folder) => fileName.startsWith(folder)));
  expect(found).toEqual([]);
}, 300_000);

test('the check finds float division, remainders, sums and negation of AmountMinor', () => {
  const fileName = path.join(root, 'mfe-member-center', 'src', 'probe.ts');
  const text = [
    "import type { AmountMinor } from '@platform/shared';",
    'declare const amountMinor: AmountMinor;',
    'declare const maybe: AmountMinor | null;',
    'export const major = amountMinor / 100;',
    'export const cents = amountMinor % 100;',
    'export const sum = 1 + amountMinor;',
    'export const negative = -amountMinor;',
    'export const fine = amountMinor > 0 && maybe !== null;',
  ].join('\n');
  const host = ts.createCompilerHost({ strict: true, noEmit: true });
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === fileName ? text : readFile(name));
  host.fileExists = ((exists) => (name: string) => path.resolve(name) === fileName || exists(name))(host.fileExists.bind(host));
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === fileName ? ts.createSourceFile(name, text, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram({ rootNames: [fileName], options: { strict: true, noEmit: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, skipLibCheck: true }, host });
  expect(amountMinorArithmetic(program, (name) => name === fileName).map((line) => line.replace(/^.*?: /, ''))).toEqual([
    'amountMinor / 100',
    'amountMinor % 100',
    '1 + amountMinor',
    '-amountMinor',
  ]);
}, 120_000);
