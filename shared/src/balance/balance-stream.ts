// The member's balance pushed by the server (GET /wps/v2/wallets/balance/events, a
// text/event-stream): the balance when the stream opens and whenever it changes. Read with fetch,
// not EventSource, so the session token travels in the Authorization header as on every call,
// never in a URL. A stream that ends or drops is opened again (the server sends the balance on
// open, so the page catches up); a refused one (401, 403, 404) is not.
import { api as defaultApi } from '../api/client';
import { BALANCE_EVENT, BALANCE_STREAM_RETRY_MS, balanceEventsCall, PAYMENT_STATUS_EVENT, type PaymentStatusChange } from '@platform/contract';
import { CHAT_UNREAD_EVENT, UNREAD_EVENT } from '@platform/contract';
import { createEventParser } from '../api/server-sent-events';
import { amountMinorFromMajor, type AmountMinor } from '../money/amount-minor';

/** The longest wait between two attempts while the stream keeps failing. */
export const BALANCE_STREAM_MAX_RETRY_MS = 30_000;

type FetchLike = (url: string, init: { headers: Record<string, string>; signal: AbortSignal; cache: 'no-store' }) => Promise<{
  status: number;
  ok: boolean;
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array | string }> } } | null;
}>;

export interface BalanceStreamOptions {
  token: string;
  /** Each balance the server sends, in minor units. */
  onBalance: (sumBalanceMinor: AmountMinor) => void;
  /** Each unread message count the server sends on the same stream (the `unread` event). */
  onUnread?: (unreadCount: number) => void;
  /** Each unread live-chat message count the server sends on the same stream (the `chatUnread` event). */
  onChatUnread?: (unreadCount: number) => void;
  /** Each change of a deposit's, withdrawal's or C2C order's status (the `paymentStatus` event). */
  onPaymentStatus?: (change: PaymentStatusChange) => void;
  /** Aborting ends the stream for good (the session changed). */
  signal: AbortSignal;
  /** The headers of each attempt, as the API client sends them (the page's client by default). */
  headers?: (token: string) => Record<string, string>;
  /** The network edge: the browser's fetch by default. */
  fetch?: FetchLike;
  /** Waits between attempts (tests shorten them). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/** Statuses after which trying again cannot help: no session, not allowed, no push on this server. */
const FINAL_STATUSES = new Set([401, 403, 404]);

/**
 * Follows the member's balance stream until `signal` aborts or the server refuses it; resolves
 * then. Never rejects: a failure is retried, with growing waits while it keeps failing.
 */
export async function followBalanceStream({
  token,
  onBalance,
  onUnread,
  onChatUnread,
  onPaymentStatus,
  signal,
  headers = (sessionToken) => defaultApi.headersFor(balanceEventsCall, sessionToken),
  fetch: fetchImpl,
  sleep = defaultSleep,
}: BalanceStreamOptions): Promise<void> {
  const request = fetchImpl ?? (globalThis.fetch as unknown as FetchLike | undefined);
  if (!request) return;
  let retryMs = BALANCE_STREAM_RETRY_MS;
  let failures = 0;
  while (!signal.aborted) {
    let received = false;
    try {
      const response = await request(balanceEventsCall.path, { headers: { ...headers(token), Accept: 'text/event-stream' }, signal, cache: 'no-store' });
      if (FINAL_STATUSES.has(response.status)) return;
      if (!response.ok || !response.body) throw new Error(`balance stream answered ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parser = createEventParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = typeof value === 'string' ? value : decoder.decode(value, { stream: true });
        for (const event of parser.push(text)) {
          if (event.retryMs !== undefined) retryMs = event.retryMs;
          if (event.event === UNREAD_EVENT || event.event === CHAT_UNREAD_EVENT) {
            const { unreadCount } = JSON.parse(event.data) as { unreadCount?: unknown };
            if (typeof unreadCount === 'number' && Number.isInteger(unreadCount) && unreadCount >= 0) (event.event === UNREAD_EVENT ? onUnread : onChatUnread)?.(unreadCount);
            continue;
          }
          if (event.event === PAYMENT_STATUS_EVENT) {
            const { kind, id, status } = JSON.parse(event.data) as Partial<Record<keyof PaymentStatusChange, unknown>>;
            if ((kind === 'deposit' || kind === 'withdrawal' || kind === 'c2c') && typeof id === 'number' && typeof status === 'string') onPaymentStatus?.({ kind, id, status });
            continue;
          }
          if (event.event !== BALANCE_EVENT) continue;
          const { sumBalance } = JSON.parse(event.data) as { sumBalance?: unknown };
          const sumBalanceMinor = typeof sumBalance === 'number' ? amountMinorFromMajor(sumBalance) : null;
          if (sumBalanceMinor === null) continue;
          received = true;
          onBalance(sumBalanceMinor);
        }
      }
    } catch {
      // Dropped or refused on the way: tried again below (an abort ends the loop).
    }
    if (signal.aborted) return;
    // A stream that delivered is simply reopened (the server ends each after a few minutes);
    // one that keeps failing waits longer each time.
    failures = received ? 0 : failures + 1;
    await sleep(Math.min(retryMs * 2 ** Math.max(0, failures - 1), BALANCE_STREAM_MAX_RETRY_MS), signal);
  }
}
