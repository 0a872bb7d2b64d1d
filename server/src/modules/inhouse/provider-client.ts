import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { SecretsKey } from '../../secrets-key';
import { createProviderClient, fetchTransport, ProviderCallError, providerSecret, type ProviderTransport } from '../game-provider';

// The JL game server's side of the seamless-wallet API (module game-provider, POST
// /provider/v1/JL/<action>): it calls it exactly as an outside vendor would, over HTTP, every body
// signed with JL's secret for the merchant (game_provider.secret_sealed), with the method, path
// and this server's clock as the signed timestamp — the vendor client of
// the game-provider module does the signing and sending. The transport is a base URL (fetch;
// JL_PROVIDER_URL) or, by default, the app itself through app.inject: the same HTTP pipeline
// (routing, body parsing, signature check, validation), without a socket. Amounts are integers
// of minor units, as the provider API speaks. Failures are sorted into two kinds here: a refusal
// the provider stands by (ProviderRefusal), and no usable answer (ProviderUnavailable: the call
// may or may not have taken effect).

export const JL_VASSALAGE = 'JL';

/** Through the app's own HTTP pipeline (app.inject). */
export function injectTransport(app: FastifyInstance): ProviderTransport {
  return async ({ path, headers, body }) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      parsed = null;
    }
    return { statusCode: response.statusCode, body: parsed };
  };
}

/**
 * injectTransport for the app's own game server, made while the app is being built: its calls wait
 * until the app is ready (listen() or ready()), or closing. app.inject on an app not yet ready
 * makes it ready there and then. A call at start-up (the recovery job finishing the rounds an
 * instance killed mid-spin left) did so in the middle of building the app, the next hook added
 * threw, and the instance could not start for as long as such rounds waited.
 */
export function injectTransportOnceReady(app: FastifyInstance): ProviderTransport {
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  app.addHook('onReady', async () => markReady());
  // Closing without ever being ready: the waiting calls go on, and fail on the closed app.
  app.addHook('preClose', async () => markReady());
  const transport = injectTransport(app);
  return async (request) => {
    await ready;
    return transport(request);
  };
}

export { fetchTransport };

/** The provider refused the call (an envelope with an error code, 4xx or maintenance). */
export class ProviderRefusal extends Error {
  constructor(
    readonly action: string,
    readonly status: number,
    readonly errorCode: string,
  ) {
    super(`provider ${action} refused: ${status} ${errorCode}`);
    this.name = 'ProviderRefusal';
  }
}

/** No usable answer: network error, timeout, 5xx, no envelope. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly action: string,
    detail: string,
  ) {
    super(`provider ${action} unavailable: ${detail}`);
    this.name = 'ProviderUnavailable';
  }
}

export interface ProviderMerchant {
  id: number;
  code: string;
}

export interface AuthenticateValue {
  playerId: string;
  currency: string;
  balance: number;
  trial: boolean;
  gameCode: string;
}

type MoneyValue = { balance: number };

export interface InhouseProviderOptions {
  db: pg.Pool;
  secretsKey: SecretsKey;
  transport: ProviderTransport;
  /** The signed timestamp's clock: the app's (the provider API refuses one 5 minutes off its own). */
  clock: Clock;
}

/** JL's calls to the provider API, for any merchant (each has its own secret; the Merchant header names it). */
export class ProviderClient {
  constructor(private readonly options: InhouseProviderOptions) {}

  authenticate(merchant: ProviderMerchant, sessionToken: string): Promise<AuthenticateValue> {
    return this.run(merchant, 'authenticate', (client) => client.authenticate({ sessionToken }));
  }

  bet(merchant: ProviderMerchant, body: { sessionToken: string; transactionId: string; roundId: string; gameCode: string; amount: number }): Promise<MoneyValue> {
    return this.run(merchant, 'bet', (client) => client.bet(body));
  }

  win(merchant: ProviderMerchant, body: { playerId: string; transactionId: string; roundId: string; gameCode: string; amount: number }): Promise<MoneyValue> {
    return this.run(merchant, 'win', (client) => client.win(body));
  }

  rollback(merchant: ProviderMerchant, body: { transactionId: string; referenceTransactionId: string }): Promise<unknown> {
    return this.run(merchant, 'rollback', (client) => client.rollback(body));
  }

  endRound(merchant: ProviderMerchant, body: { playerId: string; roundId: string }): Promise<unknown> {
    return this.run(merchant, 'endRound', (client) => client.endRound(body));
  }

  private async run<T>(merchant: ProviderMerchant, action: string, call: (client: ReturnType<typeof createProviderClient>) => Promise<T>): Promise<T> {
    const client = createProviderClient({
      vassalage: JL_VASSALAGE,
      secret: async () => {
        const secret = await providerSecret(this.options.db, this.options.secretsKey, merchant.id, JL_VASSALAGE);
        // No such vendor for this merchant: as the provider API itself answers (no session can be its).
        if (!secret) throw new ProviderRefusal(action, 404, 'provider.vendor.unknown');
        return secret;
      },
      transport: this.options.transport,
      clock: this.options.clock,
      // The provider API is per merchant: the request names it, as any request names its brand.
      headers: { merchant: merchant.code },
    });
    try {
      return await call(client);
    } catch (error) {
      if (error instanceof ProviderUnavailable || error instanceof ProviderRefusal) throw error;
      if (error instanceof ProviderCallError) {
        const standsBy = (error.statusCode >= 400 && error.statusCode < 500) || error.errorCode === 'provider.vendor.maintenance';
        if (standsBy && error.errorCode !== 'response.invalid') throw new ProviderRefusal(action, error.statusCode, error.errorCode);
        throw new ProviderUnavailable(action, `${error.statusCode} ${error.errorCode}`);
      }
      throw new ProviderUnavailable(action, error instanceof Error ? error.message : String(error));
    }
  }
}
