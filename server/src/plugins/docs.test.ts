import { buildApp } from '../app';
import { apiDocsEnabled } from '../config';
import { createTestApp, json, type TestContext } from '../testing/test-app';

// /docs (the OpenAPI document and its UI) is a map of every route: served in development, and in
// production only when the operator turns it on (API_DOCS=1).

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

async function docsOf(env: NodeJS.ProcessEnv) {
  const app = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {}, apiDocs: apiDocsEnabled(env) });
  try {
    const document = await app.inject({ method: 'GET', url: '/docs/json' });
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    // The document is still built (tests and tools read app.swagger()), only not served.
    const built = app.swagger() as { paths: Record<string, unknown> };
    return { document, ui, built };
  } finally {
    await app.close();
  }
}

it('is not served in production', async () => {
  const { document, ui, built } = await docsOf({ NODE_ENV: 'production' });
  expect(document.statusCode).toBe(404);
  expect(document.body).not.toContain('openapi');
  expect(ui.statusCode).toBe(404);
  expect(json<{ errorCode: string }>(document).errorCode).toBe('not.found');
  expect(built.paths).toHaveProperty('/wps/system/status');
});

it('is served in production when API_DOCS=1', async () => {
  const { document, ui } = await docsOf({ NODE_ENV: 'production', API_DOCS: '1' });
  expect(document.statusCode).toBe(200);
  expect(json<{ openapi: string }>(document).openapi).toMatch(/^3\./);
  expect(ui.statusCode).toBe(200);
});

it('is served in development, and hidden there with API_DOCS=0', async () => {
  expect((await docsOf({ NODE_ENV: 'development' })).document.statusCode).toBe(200);
  expect((await docsOf({ NODE_ENV: 'development', API_DOCS: '0' })).document.statusCode).toBe(404);
});

it('buildApp reads NODE_ENV and API_DOCS when not told', async () => {
  const saved = { NODE_ENV: process.env.NODE_ENV, API_DOCS: process.env.API_DOCS, PAYMENT_SIMULATOR: process.env.PAYMENT_SIMULATOR };
  process.env.NODE_ENV = 'production';
  delete process.env.API_DOCS;
  // The tests' environment runs the payment simulator, which production refuses.
  delete process.env.PAYMENT_SIMULATOR;
  try {
    const app = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {} });
    try {
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  } finally {
    process.env.NODE_ENV = saved.NODE_ENV;
    if (saved.API_DOCS === undefined) delete process.env.API_DOCS;
    else process.env.API_DOCS = saved.API_DOCS;
    if (saved.PAYMENT_SIMULATOR !== undefined) process.env.PAYMENT_SIMULATOR = saved.PAYMENT_SIMULATOR;
  }
});
