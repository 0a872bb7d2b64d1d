// The player's balance on the bus, kept by one service for every app (the shell starts it once):
// a session appears → load it; the session ends → forget it; any app sends `refreshBalance` →
// load it again; while there is a session, the server's balance stream (balance-stream.ts) pushes
// every change, so every open page follows money moved anywhere without polling. Apps only read
// `balance$` and send the command, so a page without the header (/vnlottery, /game, /seamless)
// still has a live balance. A deposit's or withdrawal's new status, pushed on the same stream,
// goes out as the bus command `paymentStatus` (use-payment-status.ts).
import { distinctUntilChanged, EMPTY, map, merge, Observable, switchMap } from 'rxjs';
import { api as defaultApi, type ApiClient } from '../api/client';
import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import { balanceCall, balanceEventsCall } from '@platform/contract';
import { amountMinorFromMajor } from '../money/amount-minor';
import { followBalanceStream, type BalanceStreamOptions } from './balance-stream';
import { setUnreadCount } from '../messages/unread-count';

export interface BalanceServiceDependencies {
  bus?: EventBus;
  api?: ApiClient;
  /** Follows the pushed balance of a session (the server's event stream by default; null: none). */
  followPush?: ((options: BalanceStreamOptions) => Promise<void>) | null;
}

interface LoadRequest {
  token: string | null;
  /** A new session (or none): the last session's amount is not this one's. */
  newSession: boolean;
}

/** Starts keeping `balance$`; returns the function that stops it. */
export function startBalanceService({ bus = defaultBus, api = defaultApi, followPush = followBalanceStream }: BalanceServiceDependencies = {}): () => void {
  /** Pushed balances so far: a load answered after a push may carry an older amount than it. */
  let pushes = 0;

  /** One load for `token`; the answer is dropped when a newer request aborted it. */
  async function load(token: string, signal: AbortSignal): Promise<void> {
    const pushesBefore = pushes;
    try {
      // The session's own token: this tab's storage may not hold one another tab just gave it.
      const { sumBalance } = await api.call(balanceCall, { headers: { Authorization: token }, signal });
      // The wire edge: major units in, minor units on the bus.
      const sumBalanceMinor = amountMinorFromMajor(sumBalance);
      if (signal.aborted) return;
      if (sumBalanceMinor === null) throw new TypeError(`sumBalance is not an amount: ${String(sumBalance)}`);
      // A balance pushed while this answer was on its way is at least as new: it stays.
      if (pushes !== pushesBefore) bus.set('balance', { ...bus.get('balance'), loading: false });
      else bus.set('balance', { sumBalanceMinor, loading: false });
    } catch {
      if (signal.aborted) return;
      // The API client has told the player (or ended the session); keep the last known amount.
      bus.set('balance', { ...bus.get('balance'), loading: false });
    }
  }

  /** The session's token, once per change. */
  const token$ = bus.session$.pipe(
    map(({ token }) => token),
    distinctUntilChanged(),
  );

  const requests$ = merge(
    token$.pipe(map((token): LoadRequest => ({ token, newSession: true }))),
    bus.on('refreshBalance').pipe(map((): LoadRequest => ({ token: bus.get('session').token, newSession: false }))),
  );

  const subscription = requests$
    .pipe(
      // The latest request wins: a load still running for an older one is aborted.
      switchMap(({ token, newSession }) => {
        const previous = bus.get('balance');
        if (!token) {
          if (newSession && (previous.sumBalanceMinor !== null || previous.loading)) bus.set('balance', { sumBalanceMinor: null, loading: false });
          return EMPTY;
        }
        bus.set('balance', { sumBalanceMinor: newSession ? null : previous.sumBalanceMinor, loading: true });
        return new Observable<never>((subscriber) => {
          const controller = new AbortController();
          void load(token, controller.signal).then(() => subscriber.complete());
          return () => controller.abort();
        });
      }),
    )
    .subscribe();

  // The pushed balance, for as long as the session lasts (a new token: a new stream).
  const pushSubscription = followPush
    ? token$
        .pipe(
          switchMap((token) => {
            if (!token) return EMPTY;
            return new Observable<never>(() => {
              const controller = new AbortController();
              void followPush({
                token,
                signal: controller.signal,
                headers: (sessionToken) => api.headersFor(balanceEventsCall, sessionToken),
                onBalance: (sumBalanceMinor) => {
                  if (controller.signal.aborted) return;
                  pushes += 1;
                  bus.set('balance', { sumBalanceMinor, loading: false });
                },
                onUnread: (unreadCount) => {
                  if (!controller.signal.aborted) setUnreadCount(unreadCount, token);
                },
                // Told to every app of the page: the shell's chat badges show it.
                onChatUnread: (unreadCount) => {
                  if (!controller.signal.aborted) bus.dispatch({ type: 'chatUnread', unreadCount });
                },
                // Told to every app of the page: the pages listing it read it again.
                onPaymentStatus: (change) => {
                  if (!controller.signal.aborted) bus.dispatch({ type: 'paymentStatus', change });
                },
              });
              return () => controller.abort();
            });
          }),
        )
        .subscribe()
    : null;

  return () => {
    subscription.unsubscribe();
    pushSubscription?.unsubscribe();
  };
}
