import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import * as contract from '../../contract/src';

// The loader that takes the JSON Schemas out of the wire contract's rows in front-end builds
// (strip-contract-schemas.cjs): a contract file in, the same file out with rows without schemas.
const { stripContractSchemas } = require('./strip-contract-schemas.cjs') as {
  stripContractSchemas: (source: string, fileName?: string) => { code: string; rows: number; removed: number; unhandled: string[] };
};

const contractDir = path.resolve(__dirname, '..', '..', 'contract', 'src');
const SCHEMA_KEYS = ['query', 'body', 'params', 'value'];

const SAMPLE = `// A contract file.
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, type ValueOf } from './define-call';

const amount = { type: 'number', description: 'major units' } as const;

export const balanceSchema = {
  type: 'object',
  required: ['sumBalance'],
  properties: { sumBalance: amount },
} as const;

/** Reads the balance. */
export const balanceCall = /*#__PURE__*/ defineCall({
  name: 'balance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  moduleId: 'WALLET3',
  token: true,
  // The answer: one figure.
  value: balanceSchema,
});

export const transferCall = /*#__PURE__*/ defineCall({
  name: 'transfer',
  query: { type: 'object', properties: { dryRun: { type: 'boolean' } } },
  method: 'POST',
  body: {
    type: 'object',
    required: ['amount'],
    properties: { amount },
  },
  'params': { type: 'object' },
  path: '/wps/v2/wallets/transfer',
  moduleId: 'WALLET3',
  quiet: true,
  value: balanceCall.value
});

export const statusCall = /*#__PURE__*/ defineCall(({ name: 'status', method: 'GET', path: '/wps/system/status', moduleId: 'SYSTEM3', value } as const));

export type Balance = ValueOf<typeof balanceCall>;
export type Amount = FromSchema<typeof amount>;
export const description = { value: 'not a row: kept', body: 'kept too' };
`;

const EXPECTED = `// A contract file.
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, type ValueOf } from './define-call';

const amount = { type: 'number', description: 'major units' } as const;

export const balanceSchema = {
  type: 'object',
  required: ['sumBalance'],
  properties: { sumBalance: amount },
} as const;

/** Reads the balance. */
export const balanceCall = /*#__PURE__*/ defineCall({
  name: 'balance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  moduleId: 'WALLET3',
  token: true,


});

export const transferCall = /*#__PURE__*/ defineCall({
  name: 'transfer',

  method: 'POST',






  path: '/wps/v2/wallets/transfer',
  moduleId: 'WALLET3',
  quiet: true,

});

export const statusCall = /*#__PURE__*/ defineCall(({ name: 'status', method: 'GET', path: '/wps/system/status', moduleId: 'SYSTEM3', } as const));

export type Balance = ValueOf<typeof balanceCall>;
export type Amount = FromSchema<typeof amount>;
export const description = { value: 'not a row: kept', body: 'kept too' };
`;

/** The object literal passed to each `defineCall(…)` of a source, as TypeScript parses it. */
function rowsOf(source: string) {
  const file = ts.createSourceFile('rows.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const rows: string[][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineCall') {
      let argument = node.arguments[0];
      while (ts.isParenthesizedExpression(argument) || ts.isAsExpression(argument)) argument = argument.expression;
      if (ts.isObjectLiteralExpression(argument)) rows.push(argument.properties.map((property) => (property.name as ts.Identifier | ts.StringLiteral).text));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { rows, diagnostics: (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics };
}

describe('strip-contract-schemas', () => {
  it('takes query, body, params and value out of every row and keeps everything else as it was', () => {
    const { code, rows, removed, unhandled } = stripContractSchemas(SAMPLE, 'sample.ts');
    expect({ rows, removed, unhandled }).toEqual({ rows: 3, removed: 6, unhandled: [] });
    const out = rowsOf(code);
    expect(out.diagnostics).toEqual([]);
    expect(out.rows).toEqual([
      ['name', 'method', 'path', 'moduleId', 'token'],
      ['name', 'method', 'path', 'moduleId', 'quiet'],
      ['name', 'method', 'path', 'moduleId'],
    ]);
    // Each removed property leaves its line breaks: every other line keeps its number and text.
    expect(code.split('\n')).toHaveLength(SAMPLE.split('\n').length);
    expect(code).toBe(EXPECTED);
    expect(code).toContain("export const description = { value: 'not a row: kept', body: 'kept too' };");
    expect(code.match(/\/\*#__PURE__\*\/ defineCall\(/g)).toHaveLength(3);
    expect(code).not.toMatch(/value: balanceSchema|value: balanceCall\.value|dryRun|'params'/);
  });

  it('follows rows built by a function of the same file', () => {
    const source = `import { defineCall } from './define-call';
const historyQuery = { type: 'object' } as const;
function historyCall<const C extends string>(category: C) {
  const inner = () => ({ value: 'a nested function is its own' });
  return {
    name: \`personal\${category}History\`,
    method: 'GET',
    query: historyQuery,
    value: { type: 'object' },
    path: \`/wps/relay/getPersonal\${category}History\`,
  } as const;
}
const roomCall = (id: string) => ({ name: id, body: { type: 'object' }, method: 'POST' });
export const rngCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ historyCall('RNG'));
export const fishCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ historyCall('FISH'));
export const roomsCall = defineCall(roomCall('rooms'));
`;
    const { code, rows, removed, unhandled } = stripContractSchemas(source);
    expect({ rows, removed, unhandled }).toEqual({ rows: 3, removed: 3, unhandled: [] });
    expect(code).toContain("const inner = () => ({ value: 'a nested function is its own' });");
    expect(code).not.toMatch(/query: historyQuery|value: \{ type|body:/);
    expect(code).toContain("const roomCall = (id: string) => ({ name: id, method: 'POST' });");
  });

  it('leaves a row it cannot read as it is and says so', () => {
    const source = `import { defineCall } from './define-call';
const base = { method: 'GET', value: {} } as const;
export const a = defineCall({ ...base, name: 'a', body: {} });
export const b = defineCall(base);
export const c = defineCall(imported());
`;
    const { code, unhandled } = stripContractSchemas(source, 'odd.ts');
    expect(unhandled).toEqual([
      'odd.ts:3: a spread in a contract row is kept (it may carry schemas)',
      'odd.ts:4: a row that is not an object literal is kept as it is',
      'odd.ts:5: a row that is not an object literal is kept as it is',
    ]);
    expect(code).toContain("defineCall({ ...base, name: 'a', })");
    expect(code).toContain("const base = { method: 'GET', value: {} } as const;");
  });

  describe('the wire contract itself', () => {
    const files = readdirSync(contractDir).filter((name) => name.endsWith('.ts') && !name.includes('.test.'));
    let stripped: Record<string, unknown>;
    let outDir: string;

    beforeAll(() => {
      // Each file through the loader, compiled to CommonJS as it is, then loaded together.
      outDir = mkdtempSync(path.join(os.tmpdir(), 'stripped-contract-'));
      for (const name of files) {
        const { code, unhandled } = stripContractSchemas(readFileSync(path.join(contractDir, name), 'utf8'), name);
        expect(unhandled).toEqual([]);
        const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 }, fileName: name }).outputText;
        writeFileSync(path.join(outDir, name.replace(/\.ts$/, '.js')), js);
      }
      stripped = require(path.join(outDir, 'index.js'));
    });
    afterAll(() => rmSync(outDir, { recursive: true, force: true }));

    it('understands every row of every file', () => {
      const total = files.reduce((sum, name) => {
        const { rows, unhandled } = stripContractSchemas(readFileSync(path.join(contractDir, name), 'utf8'), name);
        expect(unhandled).toEqual([]);
        return sum + rows;
      }, 0);
      expect(total).toBeGreaterThan(100);
    });

    it('exports the same rows without their schemas, and every other export unchanged', () => {
      const exported = contract as Record<string, unknown>;
      expect(Object.keys(stripped).sort()).toEqual(Object.keys(exported).sort());
      let rows = 0;
      const isRow = (value: object) => 'path' in value && 'method' in value && 'moduleId' in value;
      // What the loader's output should export: rows (also inside objects and arrays, such as
      // BET_HISTORY_CALLS) without schemas, the rest as it is; functions by kind only.
      const expected = (value: unknown): unknown => {
        if (typeof value === 'function') return expect.any(Function);
        if (Array.isArray(value)) return value.map(expected);
        if (typeof value !== 'object' || value === null) return value;
        if (isRow(value)) {
          rows += 1;
          expect(Object.keys(value)).toContain('value');
          return Object.fromEntries(Object.entries(value).filter(([key]) => !SCHEMA_KEYS.includes(key)));
        }
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, expected(inner)]));
      };
      for (const [name, original] of Object.entries(exported)) {
        expect([name, stripped[name]]).toEqual([name, expected(original)]);
      }
      expect(rows).toBeGreaterThan(100);
    });
  });
});
