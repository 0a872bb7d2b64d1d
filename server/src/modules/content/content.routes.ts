import { announcementsCall, helpCenterCall, indexNoticeCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { callerLanguageOf } from '../../http/request-context';
import type { Db } from '../../db/pool';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import * as content from './content.service';
import { CONTENT_IMAGE_PATH } from './content-image';
import { contentImage } from './content.operator.service';

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

  // Banner images the operators uploaded (the back office; content.operator-routes.ts): the address
  // a banner names, on the site's own origin (its img-src 'self'). The address is the image's
  // SHA-256, so its bytes never change: cached for a year. Not an API call: an <img> asks for it.
  app.get<{ Params: { name: string } }>(`${CONTENT_IMAGE_PATH}/:name`, {
    config: { auth: 'public' },
    schema: apiSchema({
      tags,
      summary: 'A banner image uploaded through the back office (the answer is the image itself)',
      params: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[0-9a-f]{64}\\.(png|jpg|webp)$', description: '<sha256>.<png|jpg|webp>' } } },
      value: { type: 'object', description: 'never sent: the answer is the image (image/png, image/jpeg or image/webp)' },
    }),
  }, async (request, reply) => {
    const image = await contentImage(db, merchantOf(request).id, request.params.name);
    if (!image) throw new AppError(404, 'not.found');
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').type(image.contentType).send(image.image);
  });
}
