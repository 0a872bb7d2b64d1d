import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { announcementListSchema, helpCenterSchema, indexNoticeSchema } from './content.schemas';
import * as content from './content.service';

export interface ContentRoutesOptions {
  db: Db;
}

const tags = ['content'];

interface AnnouncementQuery {
  types?: string;
  platform?: 'W';
  execution?: 'B';
}

export async function contentRoutes(app: FastifyInstance, { db }: ContentRoutesOptions): Promise<void> {
  app.get<{ Querystring: AnnouncementQuery }>(
    '/wps/relay/MCSFE_getListAnnouncements',
    {
      config: { auth: 'public' },
      schema: apiSchema({
        tags,
        summary: 'Announcements of the given types, newest first',
        querystring: {
          type: 'object',
          properties: {
            types: {
              type: 'string',
              pattern: '^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$',
              description: 'Comma list of B, PL, PU, PR, H (default B,PL,PU,PR)',
            },
            platform: { type: 'string', enum: ['W'], description: 'W (web)' },
            execution: { type: 'string', enum: ['B'] },
          },
        },
        value: announcementListSchema,
      }),
    },
    async (request) =>
      ok(await content.listAnnouncements(db, merchantOf(request), content.parseAnnouncementTypes(request.query.types))),
  );

  app.get('/wps/system/notice', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Home-page notices, banners, popups and promotions', value: indexNoticeSchema }),
  }, async (request) => ok(await content.getIndexNotice(db, merchantOf(request))));

  app.get('/wps/system/helpCenter', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Help-centre articles', value: helpCenterSchema }),
  }, async (request) => ok(await content.getHelpCenter(db, merchantOf(request))));
}
