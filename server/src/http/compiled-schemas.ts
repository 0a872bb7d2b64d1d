import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { StandaloneValidator } from '@fastify/ajv-compiler';
import { StandaloneSerializer } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// Compiling every route's schemas is most of an instance's start: Ajv builds each request
// validator and fast-json-stringify each response serializer when the app gets ready (about 3 s of
// CPU for the whole API). Both can write what they build as plain JavaScript ("standalone" code).
// This store keeps that code in a folder, one file per schema, named by a digest of everything the
// compiled function depends on: the schema itself, the part of the request it checks, the shared
// schemas it may refer to, the compiler's options and the compilers' versions. A start that finds
// a file loads it instead of compiling; a schema that changed has another digest, so it is compiled
// (and stored) again, and a stale function is never used. Files are written whole under a
// temporary name, then renamed, so several processes may share one folder.

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;
type BuildValidator = NonNullable<CompilersFactory['buildValidator']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;

/** The generated code requires the compilers' runtime helpers: resolved where the compilers live. */
const requireForValidators = createRequire(require.resolve('@fastify/ajv-compiler'));
const requireForSerializers = createRequire(require.resolve('@fastify/fast-json-stringify-compiler'));

const versionOf = (load: NodeJS.Require, name: string): string => (load(`${name}/package.json`) as { version: string }).version;
const COMPILER_VERSIONS = JSON.stringify({
  ajv: versionOf(requireForValidators, 'ajv'),
  ajvCompiler: versionOf(require, '@fastify/ajv-compiler'),
  ajvFormats: versionOf(requireForValidators, 'ajv-formats'),
  fastJsonStringify: versionOf(requireForSerializers, 'fast-json-stringify'),
  serializerCompiler: versionOf(require, '@fastify/fast-json-stringify-compiler'),
});

const digest = (...parts: string[]): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 40);
};

/** Runs stored CommonJS code as a module whose `require` resolves from `load`'s place. */
function evaluate(code: string, load: NodeJS.Require): unknown {
  const module = { exports: {} as unknown };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own generated code, read from our own folder
  new Function('require', 'module', 'exports', code)(load, module, module.exports);
  return module.exports;
}

function readStored(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function store(file: string, code: string): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, code);
  renameSync(temporary, file);
}

/** What a route's schema is compiled from, as fastify passes it to a compiler. */
interface RouteSchema {
  schema?: unknown;
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
}

const routeKey = ({ schema, httpPart, httpStatus, contentType }: RouteSchema): string =>
  JSON.stringify({ schema, httpPart, httpStatus, contentType });

/** Options as the compilers were given them, without the code generation's own switches. */
const optionsKey = (options: unknown): string =>
  JSON.stringify(options, (key, value: unknown) => (key === 'code' || key === 'mode' ? undefined : value));

/**
 * fastify's `schemaController` keeping compiled validators and serializers in `folder` (made if
 * missing). The compiling is fastify's own compilers', with the options fastify gives them.
 */
export function storedSchemaCompilers(folder: string): SchemaController {
  mkdirSync(folder, { recursive: true });

  /**
   * One compiler of routes' schemas in one context (its shared schemas and options): each schema
   * read from its file when kept, else compiled by the standalone compiler `writer` makes (which
   * stores the code through `keep`), and then loaded from what it stored, so a start that compiles
   * runs the same code as the starts that read it.
   */
  const kept = (
    kind: 'validator' | 'serializer',
    context: string,
    load: NodeJS.Require,
    writer: (keep: (route: RouteSchema, code: string) => void) => (route: RouteSchema) => unknown,
  ) => {
    const fileOf = (route: RouteSchema) => path.join(folder, `${kind}-${digest(COMPILER_VERSIONS, context, routeKey(route))}.js`);
    let compile: ((route: RouteSchema) => unknown) | undefined;
    return (route: RouteSchema) => {
      const file = fileOf(route);
      const stored = readStored(file);
      if (stored !== undefined) return evaluate(stored, load);
      compile ??= writer((compiled, code) => store(fileOf(compiled), code));
      compile(route);
      return evaluate(readFileSync(file, 'utf8'), load);
    };
  };

  // Copies of the options: each standalone compiler switches code generation on in those it is given.
  const buildValidator = ((externalSchemas: Parameters<ReturnType<typeof StandaloneValidator>>[0], ajvOptions: { customOptions?: object }) =>
    kept('validator', optionsKey({ externalSchemas, ajvOptions }), requireForValidators, (keep) =>
      StandaloneValidator({ readMode: false, storeFunction: keep })(externalSchemas, { ...ajvOptions, customOptions: { ...ajvOptions.customOptions } }) as (route: RouteSchema) => unknown,
    )) as unknown as BuildValidator;
  const buildSerializer = ((externalSchemas: unknown, serializerOptions: object = {}) =>
    kept('serializer', optionsKey({ externalSchemas, serializerOptions }), requireForSerializers, (keep) =>
      StandaloneSerializer({ readMode: false, storeFunction: keep })(externalSchemas, { ...serializerOptions }) as (route: RouteSchema) => unknown,
    )) as unknown as BuildSerializer;

  return { compilersFactory: { buildValidator, buildSerializer } };
}
