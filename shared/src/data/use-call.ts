import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DependencyList } from 'react';
import { ApiError, CLIENT_ERROR_CODES, isApiError } from '../api/api-error';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { useBusState } from '../bus/use-bus-state';
import { translateCommon } from '../i18n/i18n-instance';
import { cacheScope, keptAnswer, sharedRun } from './call-cache';

/**
 * Where one request stands. `data` exists only on success and `error` only on failure; while a
 * new answer loads, `staleData` is the previous answer (kept across a refresh, a language change
 * or new dependencies, dropped when the session changes: it belonged to another account).
 */
export type CallState<T> =
  | { status: 'idle'; data: undefined; error: undefined }
  | { status: 'loading'; data: undefined; error: undefined; staleData: T | undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: ApiError };

export type CallStatus = CallState<unknown>['status'];

/** Loads something. It must pass `signal` on to the request so that an abort cancels it. */
export type CallFetcher<T> = (signal: AbortSignal) => Promise<T>;

export interface UseCallOptions {
  /** False: nothing is sent and the state stays idle (a form not yet submitted, a closed panel). */
  enabled?: boolean;
  /**
   * Nothing is sent without a session token (the state stays idle): a member-centre call must
   * not open the login popup when the player logs out while the page is still on screen.
   */
  requiresSession?: boolean;
  /** The bus whose session and language the call follows; the page's bus by default. */
  bus?: EventBus;
  /**
   * Keeps the answer for the page's lifetime under this key, one per account and language (the
   * session token and the language on the bus, as every run): a hook that mounts later with the
   * key shows it from its first render and sends nothing, hooks that ask while it loads share the
   * one request (aborted when the last of them goes), `refresh()` asks again and keeps the new
   * answer, a failure is not kept. For what several components or pages read unchanged (the
   * country list, the registration rules). The key names the answer: put into it whatever the
   * fetcher reads besides the session and the language.
   */
  cache?: string;
}

export type CallResult<T> = CallState<T> & {
  /** Loads again (a retry button, after an action changed the data). */
  refresh: () => void;
};

const IDLE = { status: 'idle', data: undefined, error: undefined } as const;

function loadingState<T>(staleData: T | undefined): CallState<T> {
  return { status: 'loading', data: undefined, error: undefined, staleData };
}

function successState<T>(data: T): CallState<T> {
  return { status: 'success', data, error: undefined };
}

function latestDataOf<T>(state: CallState<T>): T | undefined {
  if (state.status === 'success') return state.data;
  if (state.status === 'loading') return state.staleData;
  return undefined;
}

/** A fetcher's failure as an ApiError: anything else is a bug on our side, kept as the cause. */
function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const wrapped = new ApiError({ status: 0, errorCode: CLIENT_ERROR_CODES.client, message: translateCommon('unknown_error') });
  wrapped.cause = error;
  return wrapped;
}

/**
 * Runs `fetcher` and follows its answer. It runs again when `deps` change, when the session
 * token or the language on the bus changes (answers are per account and localised by the
 * server), and on `refresh()`. A run still in flight is aborted when another starts and on
 * unmount, and its answer is never applied.
 */
export function useCall<T>(fetcher: CallFetcher<T>, deps: DependencyList, options: UseCallOptions = {}): CallResult<T> {
  const { enabled = true, requiresSession = false, bus = defaultBus, cache } = options;
  const token = useBusState('session', bus).token;
  const language = useBusState('language', bus);
  const active = enabled && (!requiresSession || token !== null);

  const [state, setState] = useState<CallState<T>>(() => {
    if (!active) return IDLE;
    const kept = cache === undefined ? undefined : keptAnswer(cache, cacheScope(token, language));
    return kept ? successState(kept.value as T) : loadingState<T>(undefined);
  });
  const [runCount, setRunCount] = useState(0);
  const refresh = useCallback(() => setRunCount((count) => count + 1), []);

  // The fetcher is usually a new closure each render: runs use the latest one, and `deps` say
  // when a run is due.
  const fetcherRef = useRef(fetcher);
  useLayoutEffect(() => {
    fetcherRef.current = fetcher;
  });
  const tokenOfLastRun = useRef(token);
  const runCountOfLastRun = useRef(runCount);

  useEffect(() => {
    const sessionChanged = tokenOfLastRun.current !== token;
    tokenOfLastRun.current = token;
    const refreshed = runCountOfLastRun.current !== runCount;
    runCountOfLastRun.current = runCount;
    if (!active) {
      setState(IDLE);
      return undefined;
    }
    const scope = cacheScope(token, language);
    const kept = cache === undefined || refreshed ? undefined : keptAnswer(cache, scope);
    if (kept) {
      setState((previous) => (previous.status === 'success' && previous.data === kept.value ? previous : successState(kept.value as T)));
      return undefined;
    }
    const controller = new AbortController();
    setState((previous) => {
      const staleData = sessionChanged ? undefined : latestDataOf(previous);
      return previous.status === 'loading' && previous.staleData === staleData ? previous : loadingState(staleData);
    });
    const answer =
      cache === undefined ? fetcherRef.current(controller.signal) : sharedRun(cache, scope, fetcherRef.current, controller.signal, refreshed);
    answer.then(
      (data) => {
        if (!controller.signal.aborted) setState(successState(data));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', data: undefined, error: toApiError(error) });
      },
    );
    return () => controller.abort();
    // `deps` stand for what the fetcher reads; the fetcher itself is read through the ref.
  }, [active, token, language, runCount, cache, ...deps]);

  return { ...state, refresh };
}
