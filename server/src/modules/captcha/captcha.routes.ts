import { captchaCall } from '@platform/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { durationsOf, readAccountSettings } from '../member/account-settings';
import { reserveAttempts } from '../session/lockout';
import { tooManyRequests } from '../session/login.service';
import { createCaptcha } from './captcha.service';
import { clientIpOf } from '../../http/request-context';

export interface CaptchaRoutesOptions {
  db: Db;
  clock?: Clock;
}

export async function captchaRoutes(app: FastifyInstance, options: CaptchaRoutesOptions): Promise<void> {
  const { db } = options;
  const clock = options.clock ?? systemClock;

  app.get('/wps/captcha', {
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
    const merchant = merchantOf(request);
    const settings = await readAccountSettings(db, merchant.id);
    const nowMs = clock();
    // Every image is a stored row: one address may not ask for them without end.
    const reservation = await reserveAttempts(
      db,
      merchant.id,
      [{ key: { scope: 'captcha.ip', subject: clientIpOf(request) }, rule: { maxFailures: settings.captchaPerIpPerMinute, windowMs: 60_000, lockMs: durationsOf(settings).lockoutMs } }],
      nowMs,
    );
    if (!reservation.allowed) throw tooManyRequests(settings.lockoutMinutes, reservation.lockedUntilMs);
    const challenge = await createCaptcha(db, {
      merchantId: merchant.id,
      clientIp: clientIpOf(request),
      nowMs,
      ttlMs: durationsOf(settings).captchaTtlMs,
    });
    reply.header('Cache-Control', 'no-store');
    return ok({ captchaId: challenge.captchaId, image: challenge.image, expiresAt: challenge.expiresAtMs });
  });
}
