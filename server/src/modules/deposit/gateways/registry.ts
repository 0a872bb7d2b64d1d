import { randomBytes } from 'node:crypto';
import { paymentSimulatorEnabled, type Clock } from '../../../config';
import type { Db } from '../../../db/pool';
import { open as openSealed, seal, type SecretsKey } from '../../../secrets-key';
import type { GatewayAccount, GatewayAdapter } from './gateway';
import { GatewaySimulator, SIMULATOR_PROVIDER, simulatorAdapter } from './simulator';

// The payment providers this process speaks to: one adapter per provider, and each merchant's
// account at it (merchant number and secret). The simulator is a provider only where it runs:
// with PAYMENT_SIMULATOR=1 (never in production); with it go the seeded sandbox channels
// (deposit_channel.sandbox), so a site without it serves neither.
//
// Secrets: per merchant and provider, in server_secret under `deposit_gateway.<merchant>.<provider>`,
// sealed with SECRETS_KEY (secrets-key.ts, migration 013) like every secret the database keeps:
// a copy of the database alone opens none. An operator sets a real provider's with
// setGatewaySecret; the simulator's is drawn on first use.

/**
 * Whether the gateway simulator runs (its routes mounted, its sandbox channels served): only when
 * asked for, PAYMENT_SIMULATOR=1 (`npm start` sets it; config.ts refuses it in production), never
 * by default, so no deployment takes simulated payments by forgetting a switch.
 */
export function simulatorEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return paymentSimulatorEnabled(env);
}

const secretName = (merchantId: number, provider: string) => `deposit_gateway.${merchantId}.${provider}`;
const purposeOf = (name: string) => `server_secret.${name}` as const;

/** The merchant's secret for a provider, or undefined when none is set. */
export async function gatewaySecret(db: Db, secretsKey: SecretsKey, merchantId: number, provider: string): Promise<string | undefined> {
  const name = secretName(merchantId, provider);
  const result = await db.query<{ sealed_value: string | null }>('SELECT sealed_value FROM server_secret WHERE name = $1', [name]);
  const sealed = result.rows[0]?.sealed_value;
  return sealed ? openSealed(secretsKey, purposeOf(name), sealed).toString('utf8') : undefined;
}

/** Sets (or replaces) the merchant's secret for a provider, sealed. */
export async function setGatewaySecret(db: Db, secretsKey: SecretsKey, merchantId: number, provider: string, secret: string): Promise<void> {
  if (secret.length < 16) throw new Error('A gateway secret has at least 16 characters');
  const name = secretName(merchantId, provider);
  await db.query(
    `INSERT INTO server_secret (name, sealed_value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET sealed_value = EXCLUDED.sealed_value, value = NULL`,
    [name, seal(secretsKey, purposeOf(name), secret)],
  );
}

/** The simulator's account number of a merchant (M + id): the simulator reads the merchant back from it. */
const simulatorMerchantNo = (merchantId: number) => `M${merchantId}`;

export interface GatewayRegistry {
  /** The adapter of a provider this process speaks to, or undefined. */
  adapter(provider: string): GatewayAdapter | undefined;
  /** The merchant's account at a provider; undefined when it has no secret there. */
  account(merchantId: number, provider: string): Promise<GatewayAccount | undefined>;
  /** Sandbox channels are served (the simulator runs). */
  readonly sandbox: boolean;
  /** The simulator (provider side), when it runs. */
  readonly simulator?: GatewaySimulator;
}

export interface GatewayRegistryOptions {
  db: Db;
  secretsKey: SecretsKey;
  clock: Clock;
  /** Run the simulator (default: simulatorEnabled()). */
  simulator?: boolean;
  /** Adapters of real providers. */
  adapters?: readonly GatewayAdapter[];
  /** The merchant number at a real provider (merchant_setting 'deposit'.gateways); default M + id. */
  merchantNoOf?: (merchantId: number, provider: string) => Promise<string | undefined>;
}

export function createGatewayRegistry(options: GatewayRegistryOptions): GatewayRegistry {
  const { db, secretsKey } = options;
  const adapters = new Map<string, GatewayAdapter>((options.adapters ?? []).map((adapter) => [adapter.provider, adapter]));
  let simulator: GatewaySimulator | undefined;
  if (options.simulator ?? simulatorEnabled()) {
    simulator = new GatewaySimulator({
      db,
      clock: options.clock,
      secretOf: async (merchantNo) => {
        const match = /^M([1-9]\d{0,9})$/.exec(merchantNo);
        return match ? gatewaySecret(db, secretsKey, Number(match[1]), SIMULATOR_PROVIDER) : undefined;
      },
    });
    adapters.set(SIMULATOR_PROVIDER, simulatorAdapter(simulator));
  }
  return {
    adapter: (provider) => adapters.get(provider),
    sandbox: simulator !== undefined,
    simulator,
    async account(merchantId, provider) {
      if (provider === SIMULATOR_PROVIDER) {
        if (!simulator) return undefined;
        // Drawn on first use: the simulator and we share it (it reads the same table).
        const known = await gatewaySecret(db, secretsKey, merchantId, provider);
        if (known !== undefined) return { merchantNo: simulatorMerchantNo(merchantId), secret: known };
        await db.query('INSERT INTO server_secret (name, sealed_value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
          secretName(merchantId, provider),
          seal(secretsKey, purposeOf(secretName(merchantId, provider)), randomBytes(32).toString('base64url')),
        ]);
        const secret = await gatewaySecret(db, secretsKey, merchantId, provider);
        return secret === undefined ? undefined : { merchantNo: simulatorMerchantNo(merchantId), secret };
      }
      if (!adapters.has(provider)) return undefined;
      const secret = await gatewaySecret(db, secretsKey, merchantId, provider);
      if (secret === undefined) return undefined;
      const merchantNo = (await options.merchantNoOf?.(merchantId, provider)) ?? simulatorMerchantNo(merchantId);
      return { merchantNo, secret };
    },
  };
}

/**
 * One registry per database pool (and so per app and its scripts): the merchant scope's routes,
 * the callback and the simulator's pages (registered apart, outside that scope) share it.
 */
const registries = new WeakMap<object, GatewayRegistry>();

export function gatewayRegistryFor(options: GatewayRegistryOptions): GatewayRegistry {
  let registry = registries.get(options.db);
  if (!registry) {
    registry = createGatewayRegistry(options);
    registries.set(options.db, registry);
  }
  return registry;
}
