import { useSyncExternalStore } from 'react';
import type { BusStates } from './bus-types';
import { bus as defaultBus, type EventBus } from './event-bus';

/** React view of one bus state; re-renders when it changes (also when another tab changes it). */
export function useBusState<K extends keyof BusStates>(state: K, eventBus: EventBus = defaultBus): BusStates[K] {
  const subject = eventBus[`${state}$`] as unknown as import('rxjs').BehaviorSubject<BusStates[K]>;
  return useSyncExternalStore(
    (onChange) => {
      const subscription = subject.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    () => subject.getValue(),
    () => subject.getValue(),
  );
}
