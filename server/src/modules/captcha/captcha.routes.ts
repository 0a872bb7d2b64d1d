import { CAPTCHA_ID_HEADER, captchaCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { issueCaptcha } from './captcha.service';
import { clientIpOf } from '../../http/request-context';

export interface CaptchaRoutesOptions {
  db: Db;
  clock?: Clock;
}

export async function captchaRoutes(app: FastifyInstance, options: CaptchaRoutesOptions): Promise<void> {
  const { db } = options;
  const clock = options.clock ?? systemClock;

  app.get<RouteOf<typeof captchaCall>>('/wps/captcha', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags: ['captcha'],
      summary: 'A new image captcha',
      description:
        'The value is the PNG in base64. Its id: the caller draws a random captchaId (32 hex characters) and ' +
        'names it in the query; without one the server draws it and answers it in the Captcha-Id header. An id already ' +
        'used is refused (400 captcha.err). Single use and short-lived (120 s by default). Send captchaId back with the ' +
        'typed text in the field `captcha` (login, registration, feedback); the text is compared ignoring case. Any ' +
        'answer uses the image up. More than captchaPerIpPerMinute (60) images a minute from one client address lock ' +
        'it: 429 TOO_MANY_REQUESTS.',
      call: captchaCall,
    }),
  }, async (request, reply) => {
    const challenge = await issueCaptcha(db, {
      merchantId: merchantOf(request).id,
      clientIp: clientIpOf(request),
      nowMs: clock(),
      captchaId: request.query.captchaId,
    });
    reply.header('Cache-Control', 'no-store');
    reply.header(CAPTCHA_ID_HEADER, challenge.captchaId);
    return ok(challenge.pngBase64);
  });
}
