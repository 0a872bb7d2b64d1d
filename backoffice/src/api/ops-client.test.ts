import { createOpsClient, OpsError, queryString } from './ops-client';

// The network edge of the client is stubbed here (a fetch that answers as the operator API does);
// the browser test (e2e/tests/backoffice.spec.ts) runs it against the real server.

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(respond: (url: string, init: RequestInit) => Response | Promise<Response>, token: string | null = 'tok') {
  const onSessionEnded = jest.fn();
  const calls: { url: string; init: RequestInit }[] = [];
  const api = createOpsClient({
    token: () => token,
    language: () => 'CN',
    onSessionEnded,
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond(url, init);
    }) as typeof fetch,
  });
  return { api, calls, onSessionEnded };
}

it('calls the operator API with the token and the language, and answers the envelope value', async () => {
  const { api, calls } = client(() => answer(200, { success: true, value: { list: [1] } }));
  await expect(api.get('/deposits', { status: 'pending', limit: 5, empty: '', none: undefined })).resolves.toEqual({ list: [1] });
  expect(calls[0].url).toBe('/ops/v1/deposits?status=pending&limit=5');
  expect(calls[0].init.headers).toMatchObject({ Authorization: 'Bearer tok', language: 'CN' });
  await api.post('/deposits/D1/approve', { amount: 5 });
  expect(calls[1].init).toMatchObject({ method: 'POST', body: '{"amount":5}' });
});

it("throws the server's refusal with its words and code", async () => {
  const { api, onSessionEnded } = client(() => answer(403, { success: false, value: null, errorCode: 'operator.role.forbidden', message: 'Your role may not do this' }));
  const error = await api.post('/deposits/D1/approve').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(OpsError);
  expect(error).toMatchObject({ status: 403, errorCode: 'operator.role.forbidden', message: 'Your role may not do this' });
  expect(onSessionEnded).not.toHaveBeenCalled();
});

it('ends the session on a 401 of a signed-in call, not of the sign-in itself', async () => {
  const expired = client(() => answer(401, { success: false, value: null, errorCode: 'operator.unauthorized', message: 'Sign in again' }));
  await expect(expired.api.get('/deposits')).rejects.toMatchObject({ status: 401 });
  expect(expired.onSessionEnded).toHaveBeenCalledTimes(1);
  const signingIn = client(() => answer(401, { success: false, value: null, errorCode: 'operator.login.failed', message: 'Wrong name, password or code' }), null);
  await expect(signingIn.api.post('/session', {})).rejects.toMatchObject({ message: 'Wrong name, password or code' });
  expect(signingIn.onSessionEnded).not.toHaveBeenCalled();
});

it('says so clearly when the server cannot be reached or answers something else than JSON', async () => {
  const offline = client(() => Promise.reject(new TypeError('Failed to fetch')));
  await expect(offline.api.get('/audit')).rejects.toMatchObject({ errorCode: 'network', status: 0 });
  const proxy = client(() => new Response('<html>Bad gateway</html>', { status: 502 }));
  await expect(proxy.api.get('/audit')).rejects.toMatchObject({ status: 502, message: 'The server answered 502.' });
});

it('downloads a file as a blob, and a refused download as the refusal', async () => {
  const ok = client(() => new Response('a,b\n1,2\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
  const file = await ok.api.download('/audit.csv', { action: 'deposit.' });
  expect(file.size).toBe(8);
  expect(ok.calls[0].url).toBe('/ops/v1/audit.csv?action=deposit.');
  const refused = client(() => answer(403, { success: false, value: null, errorCode: 'operator.role.forbidden', message: 'No' }));
  await expect(refused.api.download('/audit.csv')).rejects.toMatchObject({ errorCode: 'operator.role.forbidden' });
});

it('builds query strings without empty values', () => {
  expect(queryString({ a: 1, b: null, c: '', d: 'x y' })).toBe('?a=1&d=x+y');
  expect(queryString({})).toBe('');
});
