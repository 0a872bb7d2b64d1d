import { BehaviorSubject, Observable, Subject, filter } from 'rxjs';
import type { BusCommand, BusCommandType, BusStates, CommandOf } from './bus-types';

/** State streams that are mirrored to the site's other open tabs. Settings are per tab. */
const CROSS_TAB_STATES = ['session', 'balance', 'language', 'theme'] as const;
type CrossTabState = (typeof CROSS_TAB_STATES)[number];

interface CrossTabMessage {
  state: CrossTabState;
  value: unknown;
}

export const INITIAL_STATES: BusStates = {
  session: { token: null, member: null, isAgent: null },
  balance: { sumBalanceMinor: null, loading: false },
  language: 'BN',
  theme: 'light',
  settings: { status: null },
};

export interface EventBus {
  readonly session$: BehaviorSubject<BusStates['session']>;
  readonly balance$: BehaviorSubject<BusStates['balance']>;
  readonly language$: BehaviorSubject<BusStates['language']>;
  readonly theme$: BehaviorSubject<BusStates['theme']>;
  readonly settings$: BehaviorSubject<BusStates['settings']>;
  /** Changes a state here and in the other tabs of the site. */
  set<K extends keyof BusStates>(state: K, value: BusStates[K]): void;
  get<K extends keyof BusStates>(state: K): BusStates[K];
  dispatch(command: BusCommand): void;
  on<T extends BusCommandType>(type: T): Observable<CommandOf<T>>;
  /** Stops listening to other tabs (tests and hot reload). */
  close(): void;
}

export function createEventBus(options: { channelName?: string; initial?: Partial<BusStates> } = {}): EventBus {
  const initial = { ...INITIAL_STATES, ...options.initial };
  const subjects: { [K in keyof BusStates]: BehaviorSubject<BusStates[K]> } = {
    session: new BehaviorSubject(initial.session),
    balance: new BehaviorSubject(initial.balance),
    language: new BehaviorSubject(initial.language),
    theme: new BehaviorSubject(initial.theme),
    settings: new BehaviorSubject(initial.settings),
  };
  const commands$ = new Subject<BusCommand>();

  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(options.channelName ?? 'platform-event-bus') : null;
  if (channel) {
    channel.onmessage = (event: MessageEvent<CrossTabMessage>) => {
      const { state, value } = event.data ?? ({} as CrossTabMessage);
      if (!(CROSS_TAB_STATES as readonly string[]).includes(state)) return;
      // Applied locally only: re-broadcasting would bounce between tabs forever.
      (subjects[state] as BehaviorSubject<unknown>).next(value);
    };
  }

  return {
    session$: subjects.session,
    balance$: subjects.balance,
    language$: subjects.language,
    theme$: subjects.theme,
    settings$: subjects.settings,
    set(state, value) {
      subjects[state].next(value);
      if (channel && (CROSS_TAB_STATES as readonly string[]).includes(state)) {
        channel.postMessage({ state: state as CrossTabState, value } satisfies CrossTabMessage);
      }
    },
    get(state) {
      return subjects[state].getValue();
    },
    dispatch(command) {
      commands$.next(command);
    },
    on(type) {
      return commands$.pipe(filter((command): command is CommandOf<typeof type> => command.type === type));
    },
    close() {
      channel?.close();
    },
  };
}

/**
 * The bus of this page. The shared package is a federation singleton, so the shell and every
 * remote get this same object; a second evaluation would mean a second bus, which the count
 * below lets tests and benchmarks detect.
 */
const globalScope = globalThis as typeof globalThis & { __platformSharedEvaluations?: number };
globalScope.__platformSharedEvaluations = (globalScope.__platformSharedEvaluations ?? 0) + 1;

export const bus: EventBus = createEventBus();
