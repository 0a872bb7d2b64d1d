// A page that lists deposits or withdrawals follows their status: the server pushes each change
// on the balance stream (a `paymentStatus` event), the balance service sends it on the bus
// (balance-service.ts), and the page reads the affected list again (an operator paid a
// withdrawal: the page shows it paid without being reopened).
import { useEffect, useRef } from 'react';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import type { PaymentStatusChange, PaymentStatusKind } from '@platform/contract';

/** Calls `onChange` for each pushed status change of one of `kinds`, while the component is mounted. */
export function usePaymentStatus(kinds: readonly PaymentStatusKind[], onChange: (change: PaymentStatusChange) => void, bus: EventBus = defaultBus): void {
  // The latest callback without resubscribing on every render.
  const latest = useRef(onChange);
  latest.current = onChange;
  const kindsKey = [...kinds].sort().join(',');
  useEffect(() => {
    const wanted = new Set(kindsKey.split(','));
    const subscription = bus.on('paymentStatus').subscribe(({ change }) => {
      if (wanted.has(change.kind)) latest.current(change);
    });
    return () => subscription.unsubscribe();
  }, [bus, kindsKey]);
}
