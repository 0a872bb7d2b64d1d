import {
  jlClientSeedCall,
  jlCrashBetCall,
  jlCrashCashoutCall,
  jlCrashStreamCall,
  jlRotateCall,
  jlRoundCall,
  jlRoundsCall,
  jlSessionCall,
  jlSpinCall,
  type JlGameConfig,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { CRASH_GAME_CODE, crashConfig, type CrashGame } from './crash.service';
import { activeSeed, fairnessOf, rotateSeed, setClientSeed } from './fairness';
import { minorToMajor, slotConfig, slotGame } from './games';
import type { ProviderMerchant } from './provider-client';
import { authenticatePlayer, roundDetail, roundHistory, spin, type InhouseDeps, type Player } from './slots.service';
import { merchantStakeRange } from './stake-range';

// The JL game server's routes (/jl/v1): what the JL game pages (games-jl) call. Open routes (no
// member session): the game session token of the launch URL is the credential, checked by the
// provider API's authenticate on every call, as an outside vendor's game server would.

export interface InhouseRoutesOptions {
  deps: InhouseDeps;
  crash: CrashGame;
}

const TAGS = ['in-house games'];
const OPEN = { auth: 'public' } as const;

function merchantOf(request: FastifyRequest): ProviderMerchant {
  const merchant = request.merchant;
  if (!merchant) throw new Error('in-house routes run inside the merchant scope');
  return { id: merchant.id, code: merchant.code };
}

/** The game's configuration as the merchant's players get it: the stakes narrowed to the merchant's range. */
async function configOf(db: InhouseDeps['db'], merchant: ProviderMerchant, gameCode: string): Promise<JlGameConfig> {
  if (gameCode === CRASH_GAME_CODE) return crashConfig(await merchantStakeRange(db, merchant.id, gameCode));
  const game = slotGame(gameCode);
  if (!game) throw new AppError(404, 'inhouse.game.unknown');
  return slotConfig(game, await merchantStakeRange(db, merchant.id, gameCode));
}

export async function inhouseRoutes(app: FastifyInstance, { deps, crash }: InhouseRoutesOptions): Promise<void> {
  const playerOf = (request: FastifyRequest, session: string): Promise<Player> => authenticatePlayer(deps, merchantOf(request), session);

  app.get<RouteOf<typeof jlSessionCall>>('/jl/v1/session', {
    config: OPEN,
    schema: apiSchema({
      tags: TAGS,
      summary: 'The player of a game session: balance, fairness state, the game',
      description: 'For the game page of the launch URL. The session must be one launched for `game`.',
      call: jlSessionCall,
    }),
  }, async (request) => {
    const config = await configOf(deps.db, merchantOf(request), request.query.game);
    const player = await playerOf(request, request.query.session);
    if (player.gameCode !== request.query.game) throw new AppError(404, 'inhouse.game.unknown', { detail: 'the session was launched for another game' });
    const seed = await activeSeed(deps.db, deps.secretsKey, player, deps.clock());
    return ok({ balance: minorToMajor(player.balanceMinor), currency: player.currency, trial: player.trial, fairness: fairnessOf(seed), game: config });
  });

  app.post<RouteOf<typeof jlSpinCall>>('/jl/v1/slots/:gameCode/spin', {
    config: OPEN,
    schema: apiSchema({
      tags: TAGS,
      summary: 'One slot round',
      description: 'Takes the next nonce, bets through the provider API, pays the win (even 0) and ends the round. bet: one of the game’s betSteps (those of the session’s configuration: the merchant may narrow them).',
      call: jlSpinCall,
    }),
  }, async (request) => ok(await spin(deps, merchantOf(request), request.body.session, request.params.gameCode, request.body.bet)));

  app.post<RouteOf<typeof jlClientSeedCall>>('/jl/v1/fairness/client-seed', {
    config: OPEN,
    schema: apiSchema({ tags: TAGS, summary: 'Sets the client seed', description: 'The next round uses it; the nonce goes on.', call: jlClientSeedCall }),
  }, async (request) => {
    const player = await playerOf(request, request.body.session);
    return ok(await setClientSeed(deps.db, deps.secretsKey, player, request.body.clientSeed, deps.clock()));
  });

  app.post<RouteOf<typeof jlRotateCall>>('/jl/v1/fairness/rotate', {
    config: OPEN,
    schema: apiSchema({ tags: TAGS, summary: 'Reveals the server seed and starts a new one', description: 'The client seed carries over; the nonce starts at 0.', call: jlRotateCall }),
  }, async (request) => {
    const player = await playerOf(request, request.body.session);
    return ok(await rotateSeed(deps.db, deps.secretsKey, player, deps.clock()));
  });

  app.get<RouteOf<typeof jlRoundCall>>('/jl/v1/rounds/:roundId', {
    config: OPEN,
    schema: apiSchema({ tags: TAGS, summary: "One of the player's slot rounds", description: 'serverSeed is null until the seed is rotated.', call: jlRoundCall }),
  }, async (request) => ok(await roundDetail(deps, await playerOf(request, request.query.session), request.params.roundId)));

  app.get<RouteOf<typeof jlRoundsCall>>('/jl/v1/rounds', {
    config: OPEN,
    schema: apiSchema({ tags: TAGS, summary: "The player's slot rounds, newest first", call: jlRoundsCall }),
  }, async (request) => ok(await roundHistory(deps, await playerOf(request, request.query.session), request.query)));

  app.get<RouteOf<typeof jlCrashStreamCall>>('/jl/v1/crash/stream', {
    config: OPEN,
    schema: apiSchema({
      tags: TAGS,
      summary: 'The crash game, pushed',
      description: 'A text/event-stream (events: state, betting, running, tick, bet, cashout, crashed, balance; see the contract). A failure before it opens is an envelope.',
      call: jlCrashStreamCall,
    }),
  }, async (request, reply) => {
    const player = await playerOf(request, request.query.session);
    if (player.gameCode !== CRASH_GAME_CODE) throw new AppError(404, 'inhouse.game.unknown', { detail: 'the session was launched for another game' });
    await crash.openStream(request, reply, player);
  });

  app.post<RouteOf<typeof jlCrashBetCall>>('/jl/v1/crash/bet', {
    config: OPEN,
    schema: apiSchema({ tags: TAGS, summary: 'A bet on the crash round taking bets', description: 'One per player per round, during betting only.', call: jlCrashBetCall }),
  }, async (request) => {
    const player = await playerOf(request, request.body.session);
    return ok(await crash.bet(player, request.body.session, request.body.amount, request.body.autoCashout));
  });

  app.post<RouteOf<typeof jlCrashCashoutCall>>('/jl/v1/crash/cashout', {
    config: OPEN,
    schema: apiSchema({ tags: TAGS, summary: 'Cashes out the bet riding on the running round', description: 'At the multiplier of the server’s clock; refused once the round has crashed.', call: jlCrashCashoutCall }),
  }, async (request) => {
    const player = await playerOf(request, request.body.session);
    return ok(await crash.cashout(player));
  });
}
