import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { storedSchemaCompilers } from './compiled-schemas';

// The store must behave exactly as fastify's own compilers (it only keeps what they build), read
// what it kept on the next start, and never use a kept function for a schema that changed.

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'compiled-schemas-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A route whose schemas use what the site's do: coercion, defaults, formats, described patterns, dropped extras. */
async function appWith(store: string | undefined, minimumAge = 18): Promise<FastifyInstance> {
  const app = Fastify({
    ...(store ? { schemaController: storedSchemaCompilers(store) } : {}),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, verbose: true } },
  });
  app.setErrorHandler((error, _request, reply) => {
    const issue = (error as { validation?: { keyword: string; parentSchema?: { description?: string }; instancePath: string }[] }).validation?.[0];
    void reply.status(400).send({ keyword: issue?.keyword, path: issue?.instancePath, described: issue?.parentSchema?.description ?? null });
  });
  app.post(
    '/members/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        querystring: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'code', 'age'],
          properties: {
            email: { type: 'string', format: 'email' },
            code: { type: 'string', pattern: '^[A-Z]{3}$', description: 'three capital letters' },
            age: { type: 'integer', minimum: minimumAge },
            language: { type: 'string', default: 'EN' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } }, body: { type: 'object', additionalProperties: true }, note: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
          },
        },
      },
    },
    async (request) => ({ id: (request.params as { id: number }).id, tags: (request.query as { tags?: string[] }).tags, body: request.body, note: null, secret: 'never sent' }),
  );
  await app.ready();
  return app;
}

const REQUESTS = [
  { url: '/members/7?tags=a', payload: { email: 'a@b.example', code: 'ABC', age: '21', extra: 'dropped' } },
  { url: '/members/x', payload: { email: 'a@b.example', code: 'ABC', age: 21 } },
  { url: '/members/7', payload: { email: 'not an address', code: 'ABC', age: 21 } },
  { url: '/members/7', payload: { email: 'a@b.example', code: 'abc', age: 21 } },
  { url: '/members/7', payload: { email: 'a@b.example', code: 'ABC', age: 17 } },
  { url: '/members/7', payload: { code: 'ABC', age: 30 } },
];

async function answers(app: FastifyInstance): Promise<string[]> {
  const all: string[] = [];
  for (const request of REQUESTS) {
    const response = await app.inject({ method: 'POST', ...request });
    all.push(`${response.statusCode} ${response.body}`);
  }
  await app.close();
  return all;
}

it('answers as fastify does without it, on the start that compiles and on the start that reads', async () => {
  const expected = await answers(await appWith(undefined));
  expect(expected[0]).toBe('200 {"id":7,"tags":["a"],"body":{"email":"a@b.example","code":"ABC","age":21,"language":"EN"},"note":null}');
  expect(expected[3]).toBe('400 {"keyword":"pattern","path":"/code","described":"three capital letters"}');

  expect(await answers(await appWith(folder))).toEqual(expected);
  const kept = readdirSync(folder).sort();
  // params, querystring, body and the 200 response.
  expect(kept.filter((name) => name.startsWith('validator-'))).toHaveLength(3);
  expect(kept.filter((name) => name.startsWith('serializer-'))).toHaveLength(1);
  expect(kept.filter((name) => name.endsWith('.tmp'))).toEqual([]);

  expect(await answers(await appWith(folder))).toEqual(expected);
  expect(readdirSync(folder).sort()).toEqual(kept);
});

it('loads what it kept instead of compiling again', async () => {
  await (await appWith(folder)).close();
  // Every kept serializer replaced by one that answers a marker: the next start must use it.
  for (const name of readdirSync(folder).filter((file) => file.startsWith('serializer-'))) {
    writeFileSync(path.join(folder, name), "module.exports = function () { return '{\"kept\":true}' }");
  }
  const app = await appWith(folder);
  const response = await app.inject({ method: 'POST', ...REQUESTS[0] });
  await app.close();
  expect(response.body).toBe('{"kept":true}');
});

it('compiles a schema that changed instead of using the function kept for the old one', async () => {
  await (await appWith(folder, 18)).close();
  const before = readdirSync(folder);
  const stricter = await appWith(folder, 30);
  const response = await stricter.inject({ method: 'POST', ...REQUESTS[0] });
  await stricter.close();
  expect(response.statusCode).toBe(400);
  expect(JSON.parse(response.body)).toMatchObject({ keyword: 'minimum', path: '/age' });
  // Only the body's validator is new.
  expect(readdirSync(folder).filter((name) => !before.includes(name))).toHaveLength(1);
});
