import type { Envelope } from '@platform/contract';
import { loginRequest } from '../modules/member/member.testing';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { pathOfNulByte } from './nul-bytes';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

test('finds a NUL character at any depth, in values and keys', () => {
  expect(pathOfNulByte({ a: 'x', b: [{ c: 'y' }] })).toBeNull();
  expect(pathOfNulByte('a\u0000b')).toBe('(value)');
  expect(pathOfNulByte({ a: { b: ['ok', 'x\u0000'] } })).toBe('a.b[1]');
  expect(pathOfNulByte({ ['k\u0000']: 1 })).toBe('."k\\u0000"');
});

test('walks a value nested 100,000 levels deep without overflowing the stack', () => {
  let deep: unknown = 'x\u0000';
  for (let level = 0; level < 100_000; level += 1) deep = level % 2 ? [deep] : { a: deep };
  expect(pathOfNulByte(deep)).toMatch(/^\[0\]\.a\[0\]\.a/);
  let clean: unknown = 'x';
  for (let level = 0; level < 100_000; level += 1) clean = [clean, { b: clean === 'x' ? 'y' : 1 }];
  expect(pathOfNulByte(clean)).toBeNull();
});

test('a JSON body nested thousands of levels deep is answered, never with a 500 (fuzz finding)', async () => {
  const depth = 20_000;
  const deepArray = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  // A route whose body schema keeps unknown fields: the nested value reaches the NUL-byte check.
  const kept = await context.app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    headers: { 'content-type': 'application/json' },
    payload: `{"os":"web","deep":${deepArray}}`,
  });
  expect(kept.statusCode).toBeLessThan(500);
  // No route at all: the 404 still parses the body first.
  const unknown = await context.app.inject({ method: 'POST', url: '/wps/nothing/here', headers: { 'content-type': 'application/json' }, payload: deepArray });
  expect(unknown.statusCode).toBe(404);
  expect(json<Envelope<null>>(unknown)).toMatchObject({ success: false, errorCode: 'not.found' });
});

test('a NUL character in a query is a clear 400, not a database failure', async () => {
  const response = await context.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=%00abc' });
  expect(response.statusCode).toBe(400);
  expect(json<Envelope<null>>(response)).toMatchObject({ success: false, errorCode: 'request.param.err', value: null });
  expect(json<Envelope<null>>(response).message).toMatch(/query code contains a NUL character/);
});

test('a NUL character inside an encrypted body is refused after decryption', async () => {
  const response = await loginRequest(context.app, { username: 'player\u0000x', password: 'secret12' });
  expect(response.statusCode).toBe(400);
  expect(json<Envelope<null>>(response)).toMatchObject({ success: false, errorCode: 'request.param.err' });
  expect(json<Envelope<null>>(response).message).toMatch(/body username contains a NUL character/);
});
