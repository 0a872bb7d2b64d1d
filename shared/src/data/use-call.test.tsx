import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { createApiClient, type ApiClient } from '../api/client';
import type { BusCommand } from '../bus/bus-types';
import { createEventBus, type EventBus } from '../bus/event-bus';
import { memberInfoCall, type ValueOf } from '@platform/contract';
import { i18n } from '../i18n/i18n-instance';
import { envelope, failure, startTestApiServer, type TestApiServer } from '../testing/test-api-server';
import { forgetCachedAnswers } from './call-cache';
import { useCall, type CallFetcher, type UseCallOptions } from './use-call';

let server: TestApiServer;
let bus: EventBus;
let api: ApiClient;
let commands: BusCommand[];

beforeAll(() => i18n.changeLanguage('EN'));

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  server = await startTestApiServer();
  bus = createEventBus({ initial: { language: 'EN', session: { token: 'tok-1', member: null, isAgent: 0 } } });
  commands = [];
  for (const type of ['toast', 'logout', 'openLogin'] as const) bus.on(type).subscribe((command) => commands.push(command));
  api = createApiClient({ bus, baseURL: server.origin });
  forgetCachedAnswers();
});

afterEach(async () => {
  api.dispose();
  bus.close();
  await server.close();
});

const loadMember: CallFetcher<ValueOf<typeof memberInfoCall>> = (signal) => api.call(memberInfoCall, { signal });

/** The server answers with the account the token belongs to, in the request's language. */
function answerMemberInfo(delayMs = 0) {
  server.on('GET /wps/member/info', (request) => ({
    delayMs,
    body: envelope({ account: `player-of-${String(request.headers.authorization)}`, nickname: `lang-${String(request.headers.language)}` }),
  }));
}

function renderCall<T>(fetcher: CallFetcher<T>, options: UseCallOptions = {}, deps: unknown[] = []) {
  let renders = 0;
  const view = renderHook(
    ({ deps: currentDeps }: { deps: unknown[] }) => {
      renders += 1;
      return useCall(fetcher, currentDeps, { bus, ...options });
    },
    { initialProps: { deps } },
  );
  return { ...view, renders: () => renders };
}

describe('useCall', () => {
  it('is loading at once, then holds the answer', async () => {
    answerMemberInfo();
    const { result } = renderCall(loadMember);
    expect(result.current.status).toBe('loading');

    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data).toMatchObject({ account: 'player-of-tok-1', nickname: 'lang-EN' });
    expect(result.current.error).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });

  it('holds the ApiError of a failed call, with its code, message and value', async () => {
    server.on('GET /wps/member/info', () => ({ status: 400, body: failure('member.locked', 'Account locked', { until: 5 }) }));
    const { result } = renderCall(loadMember);

    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ status: 400, errorCode: 'member.locked', message: 'Account locked', value: { until: 5 } });
    expect(result.current.data).toBeUndefined();
  });

  it('turns a failure that is not an ApiError into one, keeping the original as its cause', async () => {
    const bug = new TypeError('list is undefined');
    const { result } = renderCall(() => Promise.reject(bug));

    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ errorCode: 'client.error', message: 'Unknown error', cause: bug });
  });

  it('aborts the request on unmount and never updates state afterwards', async () => {
    answerMemberInfo(150);
    const consoleError = jest.spyOn(console, 'error');
    const signals: AbortSignal[] = [];
    const outcomes: Array<Promise<unknown>> = [];
    const { result, unmount, renders } = renderCall((signal) => {
      signals.push(signal);
      const answer = loadMember(signal);
      outcomes.push(answer.catch((error: unknown) => error));
      return answer;
    });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(result.current.status).toBe('loading');
    const rendersBeforeUnmount = renders();

    unmount();

    expect(signals[0].aborted).toBe(true);
    await expect(outcomes[0]).resolves.toMatchObject({ errorCode: 'request.canceled' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(renders()).toBe(rendersBeforeUnmount);
    expect(result.current.status).toBe('loading');
    expect(commands).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('aborts the run in flight when a new one starts, and applies only the newest answer', async () => {
    let answered = 0;
    server.on('GET /wps/member/info', () => {
      answered += 1;
      return { delayMs: answered === 1 ? 200 : 0, body: envelope({ account: `answer-${answered}` }) };
    });
    const signals: AbortSignal[] = [];
    const { result } = renderCall((signal) => {
      signals.push(signal);
      return loadMember(signal);
    });
    await waitFor(() => expect(server.requests).toHaveLength(1));

    act(() => result.current.refresh());

    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    expect(result.current.data).toMatchObject({ account: 'answer-2' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(result.current.data).toMatchObject({ account: 'answer-2' });
  });

  it('ignores a late answer of an aborted run even when the fetcher ignored the abort', async () => {
    const delays = [100, 0];
    const { result } = renderCall(() => {
      const delayMs = delays.shift() ?? 0;
      return new Promise<string>((resolve) => setTimeout(() => resolve(`answer after ${delayMs} ms`), delayMs));
    });

    act(() => result.current.refresh());

    await waitFor(() => expect(result.current.data).toBe('answer after 0 ms'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(result.current.data).toBe('answer after 0 ms');
  });

  it('loads again on refresh(), keeping the previous answer as staleData meanwhile', async () => {
    answerMemberInfo(50);
    const { result } = renderCall(loadMember);
    await waitFor(() => expect(result.current.status).toBe('success'));

    act(() => result.current.refresh());

    expect(result.current).toMatchObject({ status: 'loading', staleData: { account: 'player-of-tok-1' } });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(server.requests).toHaveLength(2);
  });

  it('loads again when the language on the bus changes, asking in the new language', async () => {
    answerMemberInfo(50);
    const { result } = renderCall(loadMember);
    await waitFor(() => expect(result.current.status).toBe('success'));

    act(() => bus.set('language', 'TH'));

    expect(result.current).toMatchObject({ status: 'loading', staleData: { nickname: 'lang-EN' } });
    await waitFor(() => expect(result.current.data).toMatchObject({ nickname: 'lang-TH' }));
    expect(server.requests.map((request) => request.headers.language)).toEqual(['EN', 'TH']);
  });

  it('loads again when the session changes, dropping what belonged to the previous account', async () => {
    answerMemberInfo(50);
    const { result } = renderCall(loadMember);
    await waitFor(() => expect(result.current.status).toBe('success'));

    act(() => bus.set('session', { token: 'tok-2', member: null, isAgent: 0 }));

    expect(result.current).toMatchObject({ status: 'loading', staleData: undefined });
    await waitFor(() => expect(result.current.data).toMatchObject({ account: 'player-of-tok-2' }));
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['tok-1', 'tok-2']);
  });

  it('with requiresSession, stays idle without a token and sends nothing (no login popup on logout)', async () => {
    answerMemberInfo();
    const { result } = renderCall(loadMember, { requiresSession: true });
    await waitFor(() => expect(result.current.status).toBe('success'));

    act(() => bus.set('session', { token: null, member: null, isAgent: null }));

    expect(result.current.status).toBe('idle');
    expect(result.current.data).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(1);
    expect(commands).toEqual([]);

    act(() => bus.set('session', { token: 'tok-3', member: null, isAgent: 0 }));
    await waitFor(() => expect(result.current.data).toMatchObject({ account: 'player-of-tok-3' }));
  });

  it('sends nothing while disabled, and runs again when its dependencies change', async () => {
    answerMemberInfo();
    const { result, rerender } = renderHook(
      ({ enabled, id }: { enabled: boolean; id: number }) => useCall(loadMember, [id], { bus, enabled }),
      { initialProps: { enabled: false, id: 1 } },
    );
    expect(result.current.status).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);

    rerender({ enabled: true, id: 1 });
    await waitFor(() => expect(result.current.status).toBe('success'));
    rerender({ enabled: true, id: 2 });
    await waitFor(() => expect(server.requests).toHaveLength(2));
    rerender({ enabled: true, id: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(2);
  });
});

describe('useCall with a cache key', () => {
  /** The member info, counting the runs the hooks start (a run is started in the effect, at once). */
  function countedLoad() {
    const signals: AbortSignal[] = [];
    const fetcher: CallFetcher<ValueOf<typeof memberInfoCall>> = (signal) => {
      signals.push(signal);
      return loadMember(signal);
    };
    return { fetcher, signals, runs: () => signals.length };
  }

  it('shows a kept answer from the first render of a later hook, and sends nothing for it', async () => {
    answerMemberInfo();
    const load = countedLoad();
    const first = renderCall(load.fetcher, { cache: 'member' });
    await waitFor(() => expect(first.result.current.status).toBe('success'));
    first.unmount();

    const statuses: string[] = [];
    const later = renderHook(() => {
      const result = useCall(load.fetcher, [], { bus, cache: 'member' });
      statuses.push(result.status);
      return result;
    });

    expect(later.result.current).toMatchObject({ status: 'success', data: { account: 'player-of-tok-1' } });
    expect(statuses[0]).toBe('success');
    expect(load.runs()).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('lets hooks that ask while it loads share the one request', async () => {
    answerMemberInfo(50);
    const load = countedLoad();
    const one = renderCall(load.fetcher, { cache: 'member' });
    const two = renderCall(load.fetcher, { cache: 'member' });
    expect(two.result.current.status).toBe('loading');

    await waitFor(() => expect(two.result.current.status).toBe('success'));
    await waitFor(() => expect(one.result.current.status).toBe('success'));
    expect(one.result.current.data).toBe(two.result.current.data);
    expect(load.runs()).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('aborts the shared request only when the last hook waiting for it goes', async () => {
    answerMemberInfo(100);
    const load = countedLoad();
    const one = renderCall(load.fetcher, { cache: 'member' });
    const two = renderCall(load.fetcher, { cache: 'member' });
    await waitFor(() => expect(server.requests).toHaveLength(1));

    one.unmount();
    expect(load.signals[0].aborted).toBe(false);
    await waitFor(() => expect(two.result.current.status).toBe('success'));

    expect(load.signals[0].aborted).toBe(false);
    two.unmount();
    // Gone once the answer was in: it stays kept for the next hook.
    expect(renderCall(load.fetcher, { cache: 'member' }).result.current.status).toBe('success');
    expect(load.runs()).toBe(1);
  });

  it('aborts the request when every hook waiting for it has gone, and the next hook asks afresh', async () => {
    answerMemberInfo(100);
    const load = countedLoad();
    const one = renderCall(load.fetcher, { cache: 'member' });
    const two = renderCall(load.fetcher, { cache: 'member' });
    await waitFor(() => expect(server.requests).toHaveLength(1));

    one.unmount();
    two.unmount();

    expect(load.signals[0].aborted).toBe(true);
    const next = renderCall(load.fetcher, { cache: 'member' });
    expect(next.result.current.status).toBe('loading');
    await waitFor(() => expect(next.result.current.status).toBe('success'));
    expect(load.runs()).toBe(2);
  });

  it('asks again on refresh() and keeps the new answer', async () => {
    let answered = 0;
    server.on('GET /wps/member/info', () => {
      answered += 1;
      return { body: envelope({ account: `answer-${answered}` }) };
    });
    const load = countedLoad();
    const first = renderCall(load.fetcher, { cache: 'member' });
    await waitFor(() => expect(first.result.current.data).toMatchObject({ account: 'answer-1' }));

    act(() => first.result.current.refresh());

    expect(first.result.current).toMatchObject({ status: 'loading', staleData: { account: 'answer-1' } });
    await waitFor(() => expect(first.result.current.data).toMatchObject({ account: 'answer-2' }));
    first.unmount();
    expect(renderCall(load.fetcher, { cache: 'member' }).result.current.data).toMatchObject({ account: 'answer-2' });
    expect(load.runs()).toBe(2);
  });

  it('keeps no failure: the next hook asks again', async () => {
    server.on('GET /wps/member/info', () => ({ status: 500, body: failure('server.busy', 'Busy') }));
    const load = countedLoad();
    const first = renderCall(load.fetcher, { cache: 'member' });
    await waitFor(() => expect(first.result.current.status).toBe('error'));
    first.unmount();
    answerMemberInfo();

    const next = renderCall(load.fetcher, { cache: 'member' });

    expect(next.result.current.status).toBe('loading');
    await waitFor(() => expect(next.result.current.data).toMatchObject({ account: 'player-of-tok-1' }));
    expect(load.runs()).toBe(2);
  });

  it("keeps answers per account: another session's hook never gets the previous account's answer", async () => {
    answerMemberInfo();
    const load = countedLoad();
    const first = renderCall(load.fetcher, { cache: 'member' });
    await waitFor(() => expect(first.result.current.status).toBe('success'));

    act(() => bus.set('session', { token: 'tok-2', member: null, isAgent: 0 }));

    expect(first.result.current).toMatchObject({ status: 'loading', staleData: undefined });
    await waitFor(() => expect(first.result.current.data).toMatchObject({ account: 'player-of-tok-2' }));
    first.unmount();
    expect(renderCall(load.fetcher, { cache: 'member' }).result.current.data).toMatchObject({ account: 'player-of-tok-2' });

    act(() => bus.set('session', { token: 'tok-1', member: null, isAgent: 0 }));
    const back = renderCall(load.fetcher, { cache: 'member' });
    expect(back.result.current).toMatchObject({ status: 'loading', staleData: undefined });
    await waitFor(() => expect(back.result.current.data).toMatchObject({ account: 'player-of-tok-1' }));
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['tok-1', 'tok-2', 'tok-1']);
  });

  it('keeps answers per language, those of the language in use only', async () => {
    answerMemberInfo();
    const load = countedLoad();
    const first = renderCall(load.fetcher, { cache: 'member' });
    await waitFor(() => expect(first.result.current.status).toBe('success'));

    act(() => bus.set('language', 'TH'));

    expect(first.result.current).toMatchObject({ status: 'loading', staleData: { nickname: 'lang-EN' } });
    await waitFor(() => expect(first.result.current.data).toMatchObject({ nickname: 'lang-TH' }));
    expect(renderCall(load.fetcher, { cache: 'member' }).result.current.data).toMatchObject({ nickname: 'lang-TH' });

    act(() => bus.set('language', 'EN'));
    await waitFor(() => expect(first.result.current.data).toMatchObject({ nickname: 'lang-EN' }));
    expect(server.requests.map((request) => request.headers.language)).toEqual(['EN', 'TH', 'EN']);
  });

  it('keeps each key apart, and nothing while idle', async () => {
    answerMemberInfo();
    const load = countedLoad();
    const first = renderCall(load.fetcher, { cache: 'member' });
    await waitFor(() => expect(first.result.current.status).toBe('success'));

    const other = renderCall(load.fetcher, { cache: 'member-again' });
    expect(other.result.current.status).toBe('loading');
    const idle = renderCall(load.fetcher, { cache: 'member', enabled: false });
    expect(idle.result.current.status).toBe('idle');

    await waitFor(() => expect(other.result.current.status).toBe('success'));
    expect(load.runs()).toBe(2);
  });
});
