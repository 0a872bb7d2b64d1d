import type {
  ProviderAction,
  ProviderAuthenticateValue,
  ProviderBalanceValue,
  ProviderEndRoundValue,
  ProviderMoneyValue,
  ProviderRollbackValue,
} from '@platform/contract';
import { PROVIDER_API_PREFIX, PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER } from '@platform/contract';
import { signProviderRequest } from './signature';

// A vendor's side of the provider API, for the in-house game server (modules/inhouse) and tests:
// signs each request (method, path, the moment of sending, body) with the vendor's secret and
// sends it through `transport` (fetch to a base URL in production; app.inject in tests, through
// the whole HTTP pipeline).

/** Sends one signed request; answers the status and the parsed envelope. */
export type ProviderTransport = (request: { path: string; body: string; headers: Record<string, string> }) => Promise<{ statusCode: number; body: unknown }>;

export interface ProviderEnvelope<T> {
  success: boolean;
  value: T;
  message: string | null;
  errorCode: string | null;
}

/** A refusal of the provider API (the envelope's errorCode, e.g. provider.insufficient.funds). */
export class ProviderCallError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(`${errorCode} (${statusCode}): ${message}`);
    this.name = 'ProviderCallError';
  }
}

/** fetch() to `baseUrl` (e.g. http://127.0.0.1:3000), with a timeout. */
export function fetchTransport(baseUrl: string, timeoutMs = 10_000): ProviderTransport {
  return async ({ path, body, headers }) => {
    const response = await fetch(new URL(path, baseUrl), { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs) });
    return { statusCode: response.status, body: await response.json().catch(() => null) };
  };
}

export interface ProviderClient {
  authenticate(body: { sessionToken: string }): Promise<ProviderAuthenticateValue>;
  balance(body: { sessionToken: string }): Promise<ProviderBalanceValue>;
  bet(body: { sessionToken: string; transactionId: string; roundId: string; gameCode: string; amount: number }): Promise<ProviderMoneyValue>;
  win(body: { playerId: string; transactionId: string; roundId: string; gameCode: string; amount: number }): Promise<ProviderMoneyValue>;
  rollback(body: { transactionId: string; referenceTransactionId: string }): Promise<ProviderRollbackValue>;
  endRound(body: { playerId: string; roundId: string }): Promise<ProviderEndRoundValue>;
}

export interface ProviderClientOptions {
  vassalage: string;
  /** The vendor's secret (providerSecret), or a function reading it (it may be rotated). */
  secret: string | (() => Promise<string>);
  transport: ProviderTransport;
  /** Extra headers on every request (e.g. Host, to pick the merchant). */
  headers?: Record<string, string>;
  /** The clock the signed timestamp is read from (epoch ms; Date.now by default). */
  clock?: () => number;
}

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const send = async <T>(action: ProviderAction, payload: object): Promise<T> => {
    const secret = typeof options.secret === 'string' ? options.secret : await options.secret();
    const body = JSON.stringify(payload);
    const path = `${PROVIDER_API_PREFIX}/${encodeURIComponent(options.vassalage)}/${action}`;
    const timestamp = String(Math.round((options.clock ?? Date.now)()));
    const signature = signProviderRequest(secret, { method: 'POST', path, timestamp, body });
    const response = await options.transport({
      path,
      body,
      headers: { 'content-type': 'application/json', [PROVIDER_SIGNATURE_HEADER]: signature, [PROVIDER_TIMESTAMP_HEADER]: timestamp, ...options.headers },
    });
    const envelope = response.body as ProviderEnvelope<T> | null;
    if (response.statusCode !== 200 || !envelope?.success) {
      throw new ProviderCallError(response.statusCode, envelope?.errorCode ?? 'response.invalid', envelope?.message ?? `HTTP ${response.statusCode}`);
    }
    return envelope.value;
  };
  return {
    authenticate: (body) => send('authenticate', body),
    balance: (body) => send('balance', body),
    bet: (body) => send('bet', body),
    win: (body) => send('win', body),
    rollback: (body) => send('rollback', body),
    endRound: (body) => send('endRound', body),
  };
}
