export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The operator API's own listener (the server's OPS_PORT): the ops tool talks to it. */
export const E2E_OPS_PORT = Number(process.env.E2E_OPS_PORT ?? E2E_PORT + 1);
export const E2E_OPS_URL = `http://127.0.0.1:${E2E_OPS_PORT}`;
