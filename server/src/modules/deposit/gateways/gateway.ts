import { createHmac, timingSafeEqual } from 'node:crypto';

// What the deposit module needs of a payment provider, one adapter per provider (registry.ts).
// An online deposit is an order at the provider, named by our deposit number (refCode, "D42"):
//   createOrder     the provider opens an order and answers where the member pays: a redirect URL
//                   (PG) or a QR payload (QR);
//   verifyCallback  the provider tells us asynchronously that an order was paid or failed; the
//                   adapter checks the signature (HMAC-SHA256 with the merchant's secret for that
//                   provider) and reads the order's state from the body;
//   queryOrder      the order's state at the provider, for reconciliation (a callback lost).
// The adapter knows the provider's protocol; the deposit module decides what a state does to the
// deposit (deposit.settle.ts).

/** The merchant's account at a provider: its merchant number and the secret both sides sign with. */
export interface GatewayAccount {
  merchantNo: string;
  secret: string;
}

export interface CreateOrderInput {
  /** Our deposit number (refCode): the provider echoes it in callbacks and queries. */
  orderId: string;
  amountMinor: number;
  currency: string;
  /** The channel at the provider (bkash, nagad, visa, usdt_trc20). */
  channel: string;
  /** Show the order as a QR code (QR channels) rather than a payment page. */
  qr: boolean;
  /** Where the provider POSTs its signed callback. */
  notifyUrl: string;
  /** Where the provider sends the member back after paying. */
  returnUrl: string;
  expiresAtMs: number;
}

export interface CreatedOrder {
  providerOrderId: string;
  /** The provider's payment page (may be a path of this site for the simulator). */
  redirectUrl: string | null;
  /** The text a QR code shows (QR channels). */
  qrContent: string | null;
  /** An image of the QR code, when the provider makes one. */
  qrImgUrl: string | null;
}

/** An order's state as the provider reports it. */
export type ProviderOrderStatus = 'paid' | 'failed' | 'pending';

export interface ProviderOrder {
  orderId: string;
  providerOrderId: string;
  status: ProviderOrderStatus;
  /** What was paid (paid only), minor units: may differ from what was ordered. */
  paidMinor: number | null;
  currency: string;
}

export interface GatewayAdapter {
  readonly provider: string;
  /** The order a callback body names (read before its signature is checked, to find the merchant's secret). */
  orderIdOf(body: unknown): string | undefined;
  createOrder(account: GatewayAccount, input: CreateOrderInput): Promise<CreatedOrder>;
  /** Throws GatewayCallbackError when the body is malformed or its signature is wrong. */
  verifyCallback(account: GatewayAccount, body: unknown): ProviderOrder;
  queryOrder(account: GatewayAccount, orderId: string): Promise<ProviderOrder>;
}

/** A callback refused: `signature` when it is not signed with the merchant's secret. */
export class GatewayCallbackError extends Error {
  constructor(
    readonly reason: 'malformed' | 'signature',
    message: string,
  ) {
    super(message);
    this.name = 'GatewayCallbackError';
  }
}

/** The provider could not be reached or answered something we cannot use. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}

// ── Signatures (the protocol of the simulator; most providers sign alike) ────────────────────────

/** A signed message: flat, every value a string, `sign` the signature of the others. */
export type SignedMessage = Record<string, string>;

/**
 * The canonical text of a message: its fields but `sign`, empty ones left out, sorted by name,
 * as name=value joined by '&'. Values are strings, so no number formatting can differ.
 */
export function canonicalText(message: Record<string, string>): string {
  return Object.keys(message)
    .filter((name) => name !== 'sign' && message[name] !== '')
    .sort()
    .map((name) => `${name}=${message[name]}`)
    .join('&');
}

/** HMAC-SHA256 of the canonical text with the secret, lowercase hex. */
export function signatureOf(message: Record<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(canonicalText(message), 'utf8').digest('hex');
}

export function signMessage(message: Record<string, string>, secret: string): SignedMessage {
  const { sign: _ignored, ...fields } = message;
  return { ...fields, sign: signatureOf(fields, secret) };
}

/** A flat object of strings, or undefined (the shape every signed message has). */
export function asMessage(body: unknown): Record<string, string> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length > 50 || entries.some(([, value]) => typeof value !== 'string' || value.length > 2048)) return undefined;
  return Object.fromEntries(entries) as Record<string, string>;
}

/** True when `message.sign` is the signature of the rest with `secret` (compared in constant time). */
export function hasValidSignature(message: Record<string, string>, secret: string): boolean {
  const given = message.sign;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(signatureOf(message, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

// ── Amounts in the protocol: major units with exactly two decimals, as text ──────────────────────

export const minorToText = (minor: number): string => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** "123.45" → 12345; undefined unless a positive amount with exactly two decimals. */
export function textToMinor(text: string): number | undefined {
  const match = /^(\d{1,13})\.(\d{2})$/.exec(text);
  if (!match) return undefined;
  const minor = Number(match[1]) * 100 + Number(match[2]);
  return minor > 0 && Number.isSafeInteger(minor) ? minor : undefined;
}
