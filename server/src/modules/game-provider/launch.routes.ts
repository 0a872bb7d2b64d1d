import { launchGameCall, launchTrialCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { authorizationHeader, memberOf, sessionOf } from '../session';
import { launchGame, launchTrial, type LaunchInput } from './launch.service';
import type { ProviderConfig } from './provider-config';

export interface LaunchRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** The vendors' configuration cache (shared with the provider API). */
  config: ProviderConfig;
}

const languageHeaderOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function selectorOf(body: { gameId?: string; nodeId?: string; vassalage?: string; roomId?: string; platform?: string }, language: string | undefined): LaunchInput {
  return {
    nodeId: body.nodeId === undefined ? undefined : Number(body.nodeId),
    gameId: body.gameId,
    vassalage: body.vassalage,
    roomId: body.roomId,
    platform: body.platform,
    language: language ?? '',
  };
}

export async function launchRoutes(app: FastifyInstance, options: LaunchRoutesOptions): Promise<void> {
  const { db, config } = options;
  const clock = options.clock ?? systemClock;

  app.post<RouteOf<typeof launchGameCall>>('/wps/game/launchGame', {
    schema: apiSchema({
      tags: ['games'],
      summary: 'Launch a game',
      description:
        'Opens a game session and answers the URL the /game frame shows; the session ends with the site session that opened it (logout, expiry) or when the member is blocked. Refused: launchMode missing (400), vendor_under_maintenance (value.content.data.{maintainTime,endTime}, value.suggestions), launch_game_balance_not_enough (value.{balance,minBet}), game.vendor.not_connected, game.not_found. Records the game as recently played.',
      headers: authorizationHeader,
      call: launchGameCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const body = request.body;
    const language = body.language ?? languageHeaderOf(request.headers.language);
    const player = { id: member.id, language: member.language, sessionId: sessionOf(request).id };
    return ok(await launchGame({ pool: db, merchant: merchantOf(request), config }, player, selectorOf(body, language), clock()));
  });

  app.post<RouteOf<typeof launchTrialCall>>('/wps/game/launchTrial', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags: ['games'],
      summary: 'Launch a game for a trial (play money)',
      description: `A game that allows trials, with ${'2,000.00'} of play money kept on the session: nothing reaches the ledger or the bet records. Refused: game.not_found (no such game, or no trial for it), game.vendor.not_connected, vendor_under_maintenance.`,
      call: launchTrialCall,
    }),
  }, async (request) => {
    const body = request.body;
    const language = body.language ?? languageHeaderOf(request.headers.language);
    return ok(await launchTrial({ pool: db, merchant: merchantOf(request), config }, selectorOf(body, language), clock()));
  });
}
