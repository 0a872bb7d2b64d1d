import { gameVendorsCall } from '@platform/shared/contract';
import type { FastifyInstance } from 'fastify';
import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { getVendorLanes } from './games.service';

export interface GamesRoutesOptions {
  db: Db;
}

export async function gamesRoutes(app: FastifyInstance, { db }: GamesRoutesOptions): Promise<void> {
  // The lanes are on every lobby page: the vendors are read once per config revision.
  const configCache = new ConfigCache();
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
    async (request) => {
      const { platform, language } = request.query;
      return ok(await getVendorLanes(db, merchantOf(request), platform.split(','), language?.toUpperCase() ?? null, configCache));
    },
  );
}
