import type { AddressInfo } from 'node:net';
import { readConfig } from '../../config';
import { createTestApp, type TestContext } from '../../testing/test-app';

// The operator API is served on a listener of its own (server/README.md "Operators"): the site's
// listener answers its routes 404 as if they did not exist, and the operator listener answers
// nothing but them.

let context: TestContext;
let site: string;
let ops: string;

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  site = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
  const listener = await context.app.listenOperatorApi({ port: 0, host: '127.0.0.1' });
  ops = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await context.close();
});

const login = (base: string) =>
  fetch(`${base}/ops/v1/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ merchant: 'DEFAULT', username: 'nobody', password: 'x', otp: '000000' }) });

it("is not served on the site's listener, whatever the path's spelling", async () => {
  const response = await login(site);
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ success: false, errorCode: 'not.found' });
  for (const path of ['/ops/v1/audit', '/ops/v1/deposits?status=pending', '/ops/v1/c2c']) {
    expect((await fetch(`${site}${path}`, { headers: { authorization: 'Bearer x' } })).status).toBe(404);
  }
});

it('is served on its own listener, which serves nothing else', async () => {
  const response = await login(ops);
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ errorCode: 'operator.login.failed' });
  expect((await fetch(`${ops}/api/health`)).status).toBe(404);
  expect((await fetch(`${ops}/wps/system/status`)).status).toBe(404);
  expect((await fetch(`${ops}/`)).status).toBe(404);
});

it('listens on 127.0.0.1:3001 unless configured', () => {
  expect(readConfig({})).toMatchObject({ opsPort: 3001, opsHost: '127.0.0.1' });
  expect(readConfig({ OPS_PORT: '4001', OPS_HOST: '10.0.0.5' })).toMatchObject({ opsPort: 4001, opsHost: '10.0.0.5' });
});
