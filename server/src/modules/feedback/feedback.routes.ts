import { feedbackCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { clientIpOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { FEEDBACK_PER_ADDRESS_PER_HOUR, submitFeedback } from './feedback.service';

export interface FeedbackRoutesOptions {
  db: Db;
  clock?: Clock;
}

// PUT /wps/feedback: open to visitors and members alike ('optional': a live session's
// member is recorded with it). Abuse is paid for by the captcha and the per-address limit.
export async function feedbackRoutes(app: FastifyInstance, { db, clock = systemClock }: FeedbackRoutesOptions): Promise<void> {
  app.put<RouteOf<typeof feedbackCall>>('/wps/feedback', {
    config: { auth: 'optional' },
    schema: apiSchema({
      tags: ['feedback'],
      summary: 'Send feedback to the site (visitors and members)',
      description:
        'Plain text, kept for the operators (operator API GET /ops/v1/feedback, `ops feedback`). Needs the answer to an ' +
        'image captcha (captcha + captchaId of GET /wps/captcha): 400 captcha.required / captcha.err otherwise. ' +
        `One client address may send ${FEEDBACK_PER_ADDRESS_PER_HOUR} an hour (every try counts): then 429 TOO_MANY_REQUESTS ` +
        'for an hour. A live session names its member with it.',
      call: feedbackCall,
    }),
  }, async (request) =>
    ok(
      await submitFeedback(
        db,
        { merchantId: merchantOf(request).id, memberId: request.authenticated?.member.id ?? null, clientIp: clientIpOf(request), nowMs: clock() },
        request.body,
      ),
    ),
  );
}
