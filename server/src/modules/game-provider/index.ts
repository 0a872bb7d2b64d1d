// Game launch and the seamless-wallet provider API: game sessions, vendor adapters,
// vendors' secrets and maintenance, rounds and vendor transactions (migration 030).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { SecretsKey } from '../../secrets-key';
import { systemClock } from '../../config';
import { launchRoutes } from './launch.routes';
import { ProviderConfig } from './provider-config';
import { providerRoutes } from './provider.routes';

export { gameProviderMessages } from './game-provider.messages';
export { providerTimestampFresh, signProviderRequest, verifyProviderSignature, type SignedRequest } from './signature';
export { ensureProviderSecrets, existingProviderSecret, newProviderSecret, providerSecret, rotateProviderSecret } from './provider-secret';
export {
  createProviderClient,
  fetchTransport,
  ProviderCallError,
  type ProviderClient,
  type ProviderClientOptions,
  type ProviderTransport,
} from './provider-client';
export { ADAPTERS, adapterNamed, type VendorAdapter } from './adapters';
export { GAME_HOUSE_ACCOUNT, playerIdOf, tokenHashOf } from './wallet-api.service';
export { GAME_LANGUAGES, gameLanguageOf } from './launch.service';
export { launchRoutes, providerRoutes };
export { gameProviderOperatorRoutes } from './provider-operator.routes';

export interface GameProviderRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  secretsKey: SecretsKey;
}

/** Both parts: the launch (/wps/game/*) and the provider API (/provider/v1/*, its own body parser). */
export async function gameProviderRoutes(app: FastifyInstance, options: GameProviderRoutesOptions): Promise<void> {
  // One cache of the vendors' configuration for both (per config revision).
  const config = new ProviderConfig(options.db, options.secretsKey, options.clock ?? systemClock);
  await app.register(launchRoutes, { db: options.db, clock: options.clock, config });
  await app.register(providerRoutes, { ...options, config });
}
