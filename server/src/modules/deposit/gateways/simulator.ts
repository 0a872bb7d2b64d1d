import type { Clock } from '../../../config';
import type { Db } from '../../../db/pool';
import {
  GatewayCallbackError,
  GatewayUnavailableError,
  asMessage,
  hasValidSignature,
  minorToText,
  signMessage,
  textToMinor,
  type CreateOrderInput,
  type CreatedOrder,
  type GatewayAccount,
  type GatewayAdapter,
  type ProviderOrder,
  type SignedMessage,
} from './gateway';

// The gateway simulator: a stand-in payment provider for development and tests, never mounted in
// production (registry.ts). It follows the protocol a real provider does, in two parts:
//
//   GatewaySimulator    the provider's side. Orders are created and queried with signed messages
//                       (HMAC-SHA256 of the canonical text, gateway.ts) and answered signed; the
//                       member pays on its page (GET /dev/gateway/pay/:providerOrderId,
//                       simulator.routes.ts) with Pay or Fail, and it POSTs a signed callback to
//                       the order's notify URL, over HTTP, like any provider. It keeps its orders
//                       in a table of its own (gateway_simulator_order), apart from our deposits.
//   simulatorAdapter    our side (the GatewayAdapter of provider `simulator`), which signs its
//                       requests and checks the signature of every answer and callback.
//
// The adapter hands its messages to the simulator object directly instead of over HTTP (same
// process); the messages are the same. GET /dev/gateway/orders/:orderId serves queries over HTTP.

export const SIMULATOR_PROVIDER = 'simulator';
/** The provider order id's prefix: SIM + the simulator's row id. */
const PROVIDER_ORDER_PREFIX = 'SIM';
const NOTIFY_TIMEOUT_MS = 5000;

/** A request the simulator refuses (HTTP 400/401/404 on its routes). */
export class SimulatorError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

export interface SimulatorOrder {
  providerOrderId: string;
  merchantNo: string;
  orderId: string;
  amountMinor: number;
  currency: string;
  channel: string;
  qr: boolean;
  notifyUrl: string;
  returnUrl: string;
  status: 'pending' | 'paid' | 'failed';
  paidMinor: number | null;
  paidAtMs: number | null;
  expiresAtMs: number;
  notifyAttempts: number;
  lastNotify: string | null;
}

interface OrderRow {
  id: string;
  merchant_no: string;
  order_id: string;
  amount_minor: string;
  currency: string;
  channel: string;
  qr: boolean;
  notify_url: string;
  return_url: string;
  status: SimulatorOrder['status'];
  paid_minor: string | null;
  paid_at: Date | null;
  expires_at: Date;
  notify_attempts: number;
  last_notify: string | null;
}

const orderOf = (row: OrderRow): SimulatorOrder => ({
  providerOrderId: `${PROVIDER_ORDER_PREFIX}${row.id}`,
  merchantNo: row.merchant_no,
  orderId: row.order_id,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  channel: row.channel,
  qr: row.qr,
  notifyUrl: row.notify_url,
  returnUrl: row.return_url,
  status: row.status,
  paidMinor: row.paid_minor === null ? null : Number(row.paid_minor),
  paidAtMs: row.paid_at?.getTime() ?? null,
  expiresAtMs: row.expires_at.getTime(),
  notifyAttempts: row.notify_attempts,
  lastNotify: row.last_notify,
});

/** The simulator's row id of a provider order id, or undefined. */
function rowIdOf(providerOrderId: string): string | undefined {
  const match = /^SIM([1-9]\d{0,15})$/.exec(providerOrderId);
  return match ? match[1] : undefined;
}

export interface GatewaySimulatorOptions {
  db: Db;
  clock: Clock;
  /** The secret of a merchant account (both sides know it); undefined for an unknown account. */
  secretOf: (merchantNo: string) => Promise<string | undefined>;
}

export interface Delivery {
  delivered: boolean;
  /** The HTTP status of our answer, or the network error. */
  outcome: string;
}

export class GatewaySimulator {
  constructor(private readonly options: GatewaySimulatorOptions) {}

  private async verified(request: unknown, required: readonly string[]): Promise<{ message: Record<string, string>; secret: string }> {
    const message = asMessage(request);
    if (!message || required.some((name) => !message[name])) throw new SimulatorError(400, `a request needs ${required.join(', ')}`);
    const secret = await this.options.secretOf(message.merchantNo);
    if (secret === undefined) throw new SimulatorError(401, 'unknown merchant account');
    if (!hasValidSignature(message, secret)) throw new SimulatorError(401, 'bad signature');
    return { message, secret };
  }

  /** Opens an order (the same one again for a repeated orderId with the same amount). */
  async createOrder(request: unknown): Promise<SignedMessage> {
    const { message, secret } = await this.verified(request, ['merchantNo', 'orderId', 'amount', 'currency', 'channel', 'notifyUrl', 'returnUrl', 'expiresAt']);
    const amountMinor = textToMinor(message.amount);
    const expiresAtMs = Number(message.expiresAt);
    if (amountMinor === undefined || !Number.isSafeInteger(expiresAtMs)) throw new SimulatorError(400, 'bad amount or expiresAt');
    const nowMs = this.options.clock();
    await this.options.db.query(
      `INSERT INTO gateway_simulator_order (merchant_no, order_id, amount_minor, currency, channel, qr, notify_url, return_url, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (merchant_no, order_id) DO NOTHING`,
      [message.merchantNo, message.orderId, amountMinor, message.currency, message.channel, message.qr === '1', message.notifyUrl, message.returnUrl, new Date(expiresAtMs), new Date(nowMs)],
    );
    const order = await this.orderByMerchantOrder(message.merchantNo, message.orderId);
    if (!order || order.amountMinor !== amountMinor) throw new SimulatorError(409, 'this orderId was opened with another amount');
    const payUrl = `/dev/gateway/pay/${order.providerOrderId}`;
    return signMessage(
      {
        merchantNo: order.merchantNo,
        orderId: order.orderId,
        providerOrderId: order.providerOrderId,
        payUrl: order.qr ? '' : payUrl,
        // A QR code of the payment page: scanning it opens the page on the phone.
        qrContent: order.qr ? payUrl : '',
      },
      secret,
    );
  }

  /** An order's state, signed (what GET /dev/gateway/orders/:orderId answers). */
  async queryOrder(request: unknown): Promise<SignedMessage> {
    const { message, secret } = await this.verified(request, ['merchantNo', 'orderId']);
    const order = await this.orderByMerchantOrder(message.merchantNo, message.orderId);
    if (!order) throw new SimulatorError(404, 'no such order');
    return signMessage(this.stateMessage(order), secret);
  }

  async order(providerOrderId: string): Promise<SimulatorOrder | undefined> {
    const id = rowIdOf(providerOrderId);
    if (!id) return undefined;
    const result = await this.options.db.query<OrderRow>('SELECT * FROM gateway_simulator_order WHERE id = $1', [id]);
    return result.rows[0] && orderOf(result.rows[0]);
  }

  private async orderByMerchantOrder(merchantNo: string, orderId: string): Promise<SimulatorOrder | undefined> {
    const result = await this.options.db.query<OrderRow>('SELECT * FROM gateway_simulator_order WHERE merchant_no = $1 AND order_id = $2', [merchantNo, orderId]);
    return result.rows[0] && orderOf(result.rows[0]);
  }

  private stateMessage(order: SimulatorOrder): Record<string, string> {
    return {
      merchantNo: order.merchantNo,
      orderId: order.orderId,
      providerOrderId: order.providerOrderId,
      status: order.status,
      amount: minorToText(order.status === 'paid' && order.paidMinor !== null ? order.paidMinor : order.amountMinor),
      currency: order.currency,
      paidAt: order.paidAtMs === null ? '' : String(order.paidAtMs),
    };
  }

  /** The signed callback of the order's present state (what `notify` sends). */
  async callbackMessage(providerOrderId: string, notifyId = `${Date.now()}-${Math.random().toString(36).slice(2)}`): Promise<SignedMessage> {
    const order = await this.order(providerOrderId);
    if (!order) throw new SimulatorError(404, 'no such order');
    const secret = await this.options.secretOf(order.merchantNo);
    if (secret === undefined) throw new SimulatorError(401, 'unknown merchant account');
    return signMessage({ ...this.stateMessage(order), notifyId }, secret);
  }

  /**
   * The member pays (or the payment fails) on the simulator's page. Only a pending order moves;
   * `paidMinor` pays another amount than ordered. With notify, the callback is sent at once
   * (`notify: false`: the payment is made but its callback is lost, for reconciliation).
   */
  async pay(providerOrderId: string, outcome: 'paid' | 'failed', options: { paidMinor?: number; notify?: boolean } = {}): Promise<{ order: SimulatorOrder; delivery?: Delivery }> {
    const id = rowIdOf(providerOrderId);
    if (!id) throw new SimulatorError(404, 'no such order');
    const nowMs = this.options.clock();
    await this.options.db.query(
      `UPDATE gateway_simulator_order
          SET status = $2, paid_minor = CASE WHEN $2 = 'paid' THEN COALESCE($3, amount_minor) END, paid_at = CASE WHEN $2 = 'paid' THEN $4::timestamptz END
        WHERE id = $1 AND status = 'pending'`,
      [id, outcome, options.paidMinor ?? null, new Date(nowMs)],
    );
    const order = await this.order(providerOrderId);
    if (!order) throw new SimulatorError(404, 'no such order');
    if (options.notify === false) return { order };
    return { order, delivery: await this.notify(providerOrderId) };
  }

  /** POSTs the order's signed callback to its notify URL; delivered when answered 2xx. */
  async notify(providerOrderId: string): Promise<Delivery> {
    const order = await this.order(providerOrderId);
    if (!order) throw new SimulatorError(404, 'no such order');
    const body = await this.callbackMessage(providerOrderId);
    let delivery: Delivery;
    try {
      const response = await fetch(order.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      delivery = { delivered: response.ok, outcome: `HTTP ${response.status}` };
    } catch (error) {
      delivery = { delivered: false, outcome: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : 'failed' };
    }
    await this.options.db.query('UPDATE gateway_simulator_order SET notify_attempts = notify_attempts + 1, last_notify = $2 WHERE id = $1', [
      rowIdOf(providerOrderId),
      delivery.outcome,
    ]);
    return delivery;
  }
}

// ── Our side ────────────────────────────────────────────────────────────────────────────────────

function providerOrderOf(message: Record<string, string>): ProviderOrder | undefined {
  const status = message.status;
  if (status !== 'paid' && status !== 'failed' && status !== 'pending') return undefined;
  if (!message.orderId || !message.providerOrderId || !/^[A-Z]{3}$/.test(message.currency ?? '')) return undefined;
  const amount = textToMinor(message.amount ?? '');
  if (amount === undefined) return undefined;
  return { orderId: message.orderId, providerOrderId: message.providerOrderId, status, paidMinor: status === 'paid' ? amount : null, currency: message.currency };
}

/** The adapter of provider `simulator`: our side of the protocol, talking to `simulator`. */
export function simulatorAdapter(simulator: GatewaySimulator): GatewayAdapter {
  const answerOf = (answer: SignedMessage, account: GatewayAccount): Record<string, string> => {
    const message = asMessage(answer);
    if (!message || message.merchantNo !== account.merchantNo || !hasValidSignature(message, account.secret)) {
      throw new GatewayUnavailableError('the simulator answered without a valid signature');
    }
    return message;
  };
  const call = async (work: () => Promise<SignedMessage>): Promise<SignedMessage> => {
    try {
      return await work();
    } catch (error) {
      throw new GatewayUnavailableError(`the simulator refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };
  return {
    provider: SIMULATOR_PROVIDER,
    orderIdOf: (body) => {
      const orderId = (body as { orderId?: unknown } | null)?.orderId;
      return typeof orderId === 'string' ? orderId : undefined;
    },
    async createOrder(account: GatewayAccount, input: CreateOrderInput): Promise<CreatedOrder> {
      const request = signMessage(
        {
          merchantNo: account.merchantNo,
          orderId: input.orderId,
          amount: minorToText(input.amountMinor),
          currency: input.currency,
          channel: input.channel,
          qr: input.qr ? '1' : '0',
          notifyUrl: input.notifyUrl,
          returnUrl: input.returnUrl,
          expiresAt: String(input.expiresAtMs),
        },
        account.secret,
      );
      const answer = answerOf(await call(() => simulator.createOrder(request)), account);
      if (answer.orderId !== input.orderId || !answer.providerOrderId) throw new GatewayUnavailableError('the simulator answered another order');
      return { providerOrderId: answer.providerOrderId, redirectUrl: answer.payUrl || null, qrContent: answer.qrContent || null, qrImgUrl: null };
    },
    verifyCallback(account: GatewayAccount, body: unknown): ProviderOrder {
      const message = asMessage(body);
      if (!message) throw new GatewayCallbackError('malformed', 'a callback is a flat object of strings');
      if (message.merchantNo !== account.merchantNo || !hasValidSignature(message, account.secret)) {
        throw new GatewayCallbackError('signature', 'the callback is not signed with the merchant secret');
      }
      const order = providerOrderOf(message);
      if (!order || order.status === 'pending') throw new GatewayCallbackError('malformed', 'the callback names no final state, amount or currency');
      return order;
    },
    async queryOrder(account: GatewayAccount, orderId: string): Promise<ProviderOrder> {
      const request = signMessage({ merchantNo: account.merchantNo, orderId }, account.secret);
      const answer = answerOf(await call(() => simulator.queryOrder(request)), account);
      const order = providerOrderOf(answer);
      if (!order || order.orderId !== orderId) throw new GatewayUnavailableError('the simulator answered another order or a malformed state');
      return order;
    },
  };
}
