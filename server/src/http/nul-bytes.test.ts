import type { Envelope } from '@platform/shared/contract';
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
