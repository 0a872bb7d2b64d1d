import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { gameVendorValueSchema } from './games.schemas';
import { getVendorLanes } from './games.service';

export interface GamesRoutesOptions {
  db: Db;
}

export async function gamesRoutes(app: FastifyInstance, { db }: GamesRoutesOptions): Promise<void> {
  app.get<{ Querystring: { platform: string; language?: string } }>(
    '/wps/relay/GCSGAME_newGameVendor',
    {
      config: { auth: 'public' },
      schema: apiSchema({
        tags: ['games'],
        summary: 'Game vendors by category (lanes)',
        querystring: {
          type: 'object',
          required: ['platform'],
          properties: {
            platform: {
              type: 'string',
              pattern: '^(html5-desktop|html5|flash)(,(html5-desktop|html5|flash))*$',
              description: 'Client platform(s), comma separated: html5-desktop, html5, flash',
            },
            language: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'two-letter language code for vendor names, e.g. EN, VI' },
          },
        },
        value: gameVendorValueSchema,
      }),
    },
    async (request) => {
      const { platform, language } = request.query;
      return ok(await getVendorLanes(db, merchantOf(request), platform.split(','), language?.toUpperCase() ?? null));
    },
  );
}
