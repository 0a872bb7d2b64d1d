import { captchaCall } from '@platform/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
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

  app.get('/wps/captcha', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags: ['captcha'],
      summary: 'A new image captcha',
      description:
        'Single use and short-lived (120 s by default). Send captchaId back with the typed text in the field `captcha` ' +
        '(login, registration); the text is compared ignoring case. Any answer uses the image up. More than ' +
        'captchaPerIpPerMinute (60) images a minute from one client address lock it: 429 TOO_MANY_REQUESTS.',
      call: captchaCall,
    }),
  }, async (request, reply) => {
    const challenge = await issueCaptcha(db, { merchantId: merchantOf(request).id, clientIp: clientIpOf(request), nowMs: clock() });
    reply.header('Cache-Control', 'no-store');
    return ok({ captchaId: challenge.captchaId, image: challenge.image, expiresAt: challenge.expiresAtMs });
  });
}
