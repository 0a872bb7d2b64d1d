import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DependencyList } from 'react';
import { ApiError, CLIENT_ERROR_CODES, isApiError } from '../api/api-error';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { useBusState } from '../bus/use-bus-state';
import { translateCommon } from '../i18n/i18n-instance';

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
}

export type CallResult<T> = CallState<T> & {
  /** Loads again (a retry button, after an action changed the data). */
  refresh: () => void;
};

const IDLE = { status: 'idle', data: undefined, error: undefined } as const;

function loadingState<T>(staleData: T | undefined): CallState<T> {
  return { status: 'loading', data: undefined, error: undefined, staleData };
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
  const { enabled = true, requiresSession = false, bus = defaultBus } = options;
  const token = useBusState('session', bus).token;
  const language = useBusState('language', bus);
  const active = enabled && (!requiresSession || token !== null);

  const [state, setState] = useState<CallState<T>>(() => (active ? loadingState<T>(undefined) : IDLE));
  const [runCount, setRunCount] = useState(0);
  const refresh = useCallback(() => setRunCount((count) => count + 1), []);

  // The fetcher is usually a new closure each render: runs use the latest one, and `deps` say
  // when a run is due.
  const fetcherRef = useRef(fetcher);
  useLayoutEffect(() => {
    fetcherRef.current = fetcher;
  });
  const tokenOfLastRun = useRef(token);

  useEffect(() => {
    const sessionChanged = tokenOfLastRun.current !== token;
    tokenOfLastRun.current = token;
    if (!active) {
      setState(IDLE);
      return undefined;
    }
    const controller = new AbortController();
    setState((previous) => {
      const staleData = sessionChanged ? undefined : latestDataOf(previous);
      return previous.status === 'loading' && previous.staleData === staleData ? previous : loadingState(staleData);
    });
    fetcherRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data, error: undefined });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', data: undefined, error: toApiError(error) });
      },
    );
    return () => controller.abort();
    // `deps` stand for what the fetcher reads; the fetcher itself is read through the ref.
  }, [active, token, language, runCount, ...deps]);

  return { ...state, refresh };
}
