import { announcementsCall, helpCenterCall, indexNoticeCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { callerLanguageOf } from '../../http/request-context';
import type { Db } from '../../db/pool';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import * as content from './content.service';

export interface ContentRoutesOptions {
  db: Db;
}

const tags = ['content'];

export async function contentRoutes(app: FastifyInstance, { db }: ContentRoutesOptions): Promise<void> {
  app.get<RouteOf<typeof announcementsCall>>(
    '/wps/relay/MCSFE_getListAnnouncements',
    {
      config: { auth: 'public' },
      schema: apiSchema({
        tags,
        summary: 'Announcements of the given types, newest first',
        call: announcementsCall,
      }),
    },
    async (request) =>
      ok(await content.listAnnouncements(db, merchantOf(request), content.parseAnnouncementTypes(request.query.types))),
  );

  app.get('/wps/system/notice', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Home-page notices, banners, popups and promotions', call: indexNoticeCall }),
  }, async (request) => ok(await content.getIndexNotice(db, merchantOf(request), callerLanguageOf(request))));

  app.get('/wps/system/helpCenter', {
    config: { auth: 'public' },
    schema: apiSchema({ tags, summary: 'Help-centre articles', call: helpCenterCall }),
  }, async (request) => ok(await content.getHelpCenter(db, merchantOf(request))));
}
