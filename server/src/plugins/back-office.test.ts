import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestContext } from '../testing/test-app';

// The operator back office's pages (plugins/back-office.ts), from a built dist/backoffice: served
// on the operator listener only, beside the operator API, with a policy that keeps it unframed;
// the player site's listener answers none of it.

let context: TestContext;
let staticRoot: string;
let site: string;
let ops: string;

beforeAll(async () => {
  staticRoot = mkdtempSync(path.join(os.tmpdir(), 'back-office-'));
  mkdirSync(path.join(staticRoot, 'backoffice', 'assets'), { recursive: true });
  writeFileSync(path.join(staticRoot, 'backoffice', 'index.html'), '<!doctype html><html><head><title>Back office</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(staticRoot, 'backoffice', 'assets', 'main.0123abcd.js'), 'console.log("back office")');
  context = await createTestApp({ balanceStreams: false, staticRoot });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  site = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
  const listener = await context.app.listenOperatorApi({ port: 0, host: '127.0.0.1' });
  ops = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await context.close();
  rmSync(staticRoot, { recursive: true, force: true });
});

it("sends the operator listener's root to the back office, and answers its pages with its page", async () => {
  const root = await fetch(`${ops}/`, { redirect: 'manual' });
  expect([root.status, root.headers.get('location')]).toEqual([302, '/ops/']);
  for (const page of ['/ops', '/ops/', '/ops/deposits', '/ops/audit?operator=alice']) {
    const response = await fetch(`${ops}${page}`, { headers: { accept: 'text/html' } });
    expect({ page, status: response.status, type: response.headers.get('content-type') }).toEqual({ page, status: 200, type: 'text/html; charset=utf-8' });
    expect(await response.text()).toContain('<title>Back office</title>');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
  }
});

it('serves its files, content-hashed ones for good', async () => {
  const file = await fetch(`${ops}/ops/assets/main.0123abcd.js`);
  expect(file.status).toBe(200);
  expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect((await fetch(`${ops}/ops/assets/missing.js`)).status).toBe(404);
});

it('keeps an unknown operator API path the API\'s 404, never the page', async () => {
  const response = await fetch(`${ops}/ops/v1/no-such-route`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ success: false, errorCode: 'not.found' });
});

it("is not served on the player site's listener", async () => {
  for (const page of ['/ops', '/ops/', '/ops/deposits', '/ops/assets/main.0123abcd.js']) {
    const response = await fetch(`${site}${page}`, { headers: { accept: 'text/html' } });
    expect({ page, status: response.status }).toEqual({ page, status: 404 });
  }
  // The site's root stays the site's.
  expect((await fetch(`${site}/`, { redirect: 'manual' })).status).not.toBe(302);
});
