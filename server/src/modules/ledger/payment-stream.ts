import { PAYMENT_STATUS_EVENT, type PaymentStatusChange, type PaymentStatusKind } from '@platform/contract';
import type pg from 'pg';
import { MemberChannel, type MemberStream } from '../../db/listen-channel';
import type { MemberEventSource } from './ledger.routes';

// Deposit and withdrawal status push: a `paymentStatus` event ({ kind, id, status }) on the
// member's balance stream (GET /wps/v2/wallets/balance/events; one of the ledger route's member
// event sources) whenever one of their deposits, withdrawals or C2C orders changes status, so the
// deposit page, the withdraw page's recent list and the records follow an operator's decision.
// The database announces the change on commit (migration 048, channel `member_payment`, only for
// members with an open stream somewhere: the balance hub's balance_watch rows), with the event in
// the payload, so nothing is read here. A notification sent while the listener was down is lost;
// the page reads its lists again when it opens (a reconnecting stream reopens no list).

export const PAYMENT_CHANNEL = 'member_payment';
/** How the listener's connection shows in pg_stat_activity. */
export const PAYMENT_LISTENER_APPLICATION_NAME = 'member_payment_listener';

const KINDS: ReadonlySet<string> = new Set<PaymentStatusKind>(['deposit', 'withdrawal', 'c2c']);

export interface PaymentStreamsOptions {
  connection: pg.ClientConfig;
  onProblem?: (message: string, error?: unknown) => void;
}

/** The notification's payload as an event for one member, or null when it is not one. */
export function paymentStatusOf(payload: string): { memberId: number; change: PaymentStatusChange } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { memberId, kind, id, status } = parsed as Record<string, unknown>;
  if (!Number.isSafeInteger(memberId) || !Number.isSafeInteger(id) || typeof kind !== 'string' || !KINDS.has(kind) || typeof status !== 'string') return null;
  return { memberId: memberId as number, change: { kind: kind as PaymentStatusKind, id: id as number, status } };
}

export class PaymentStreams implements MemberEventSource {
  private readonly channel: MemberChannel;

  constructor(options: PaymentStreamsOptions) {
    this.channel = new MemberChannel({
      connection: options.connection,
      channel: PAYMENT_CHANNEL,
      applicationName: PAYMENT_LISTENER_APPLICATION_NAME,
      onNotification: (payload) => {
        const event = paymentStatusOf(payload);
        if (event) this.channel.send(event.memberId, PAYMENT_STATUS_EVENT, event.change);
      },
      onProblem: options.onProblem,
    });
  }

  start(): Promise<void> {
    return this.channel.start();
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  /** Adds a stream (nothing is sent until a status changes); returns the function that removes it. */
  subscribe(subscriber: MemberStream): () => void {
    return this.channel.subscribe(subscriber);
  }
}
