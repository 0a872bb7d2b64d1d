import { gameVendorsCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { CachedAnswers } from '../../http/cached-answer';
import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { Clock } from '../../config';
import { catalogueRoutes } from './catalogue.routes';
import { getVendorLanes } from './games.service';

export interface GamesRoutesOptions {
  db: Db;
  clock: Clock;
}

export async function gamesRoutes(app: FastifyInstance, { db, clock }: GamesRoutesOptions): Promise<void> {
  // The catalogue: game lists, hot games, favourites, recent games, rooms, winners, jackpot.
  await catalogueRoutes(app, { db, clock });
  // The lanes are on every lobby page: the vendors are read once per config revision.
  const configCache = new ConfigCache();
  // ... and the answer's bytes (serialised, compressed) per revision, platform list and language.
  const answers = new CachedAnswers();
  app.get<RouteOf<typeof gameVendorsCall>>(
    '/wps/relay/GCSGAME_newGameVendor',
    {
      config: { auth: 'public' },
      schema: apiSchema({
        tags: ['games'],
        summary: 'Game vendors by category (lanes)',
        call: gameVendorsCall,
      }),
    },
    async (request, reply) => {
      const { platform, language } = request.query;
      const merchant = merchantOf(request);
      const platforms = platform.split(',');
      const languageCode = language?.toUpperCase() ?? null;
      const lanes = await getVendorLanes(db, merchant, platforms, languageCode, configCache);
      const key = JSON.stringify([merchant.id, platforms, languageCode]);
      return answers.send(request, reply, merchant.configRevision, key, () => ok(lanes));
    },
  );
}
