import { supportAskCall, supportQuestionImagesCall, supportQuestionsCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { memberOf } from '../session';
import { askQuestion, memberQuestionImages, memberQuestions, SUPPORT_QUESTIONS_PER_HOUR } from './support.service';

export interface SupportRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

/** Three images of 5 MB as base64 data URLs, with the text and the JSON around them. */
const QUESTION_BODY_LIMIT = 21_200_000;

const tags = ['support'];

// A member's support questions (the member centre's feedback page). Real accounts only (the
// routes say nothing about auth: free-play guests are refused with 403 guest.not.allowed), and
// only while the merchant's FEEDBACK3 switch is on, as the menu lists the page.
export async function supportRoutes(app: FastifyInstance, { db, clock = systemClock }: SupportRoutesOptions): Promise<void> {
  app.post<RouteOf<typeof supportAskCall>>('/wps/support/questions', {
    bodyLimit: QUESTION_BODY_LIMIT,
    config: { feature: 'FEEDBACK3' },
    schema: apiSchema({
      tags,
      summary: 'Ask customer service a question: a category, 10-1000 characters, up to 3 png or jpg images of 5 MB, a way of contact',
      description:
        'The question waits open until an operator answers it (the answer also arrives in the platform messages) or closes it. ' +
        '400 support.text.too.short, support.image.invalid (the bytes are neither png nor jpeg), support.image.too.large, ' +
        "support.contact.missing (email or phone chosen, but the account has none); 429 TOO_MANY_REQUESTS after " +
        `${SUPPORT_QUESTIONS_PER_HOUR} questions within an hour (for an hour). A refused question stores nothing.`,
      call: supportAskCall,
    }),
  }, async (request) => ok(await askQuestion(db, { merchantId: merchantOf(request).id, member: memberOf(request), nowMs: clock() }, request.body)));

  app.get<RouteOf<typeof supportQuestionsCall>>('/wps/support/questions', {
    config: { feature: 'FEEDBACK3' },
    schema: apiSchema({ tags, summary: "The member's questions, newest first, with their state and answer, and the contact details on the account (masked)", call: supportQuestionsCall }),
  }, async (request) =>
    ok(await memberQuestions(db, { merchantId: merchantOf(request).id, member: memberOf(request) }, { page: request.query.page ?? 1, size: request.query.size ?? 10 })),
  );

  app.get<RouteOf<typeof supportQuestionImagesCall>>('/wps/support/questions/images', {
    config: { feature: 'FEEDBACK3' },
    schema: apiSchema({ tags, summary: "The images of one of the member's own questions (404 support.question.not.found otherwise)", call: supportQuestionImagesCall }),
  }, async (request) => ok({ images: await memberQuestionImages(db, merchantOf(request).id, memberOf(request).id, request.query.questionId) }));
}
