// Feedback (`PUT /wps/feedback`; the legacy page feedback's
// `submitFeedback {content, sender, type, captcha}`): what a visitor or a member tells the site,
// kept for the operators (operator API GET /ops/v1/feedback, `ops feedback`). Plain text, shown as
// text, never as HTML. Anybody may send it; every sending answers an image captcha
// (GET /wps/captcha), and one client address may send only a few an hour.
import { defineCall, type RequestOf, type ValueOf } from './define-call';

/** Kinds of feedback, as the form offers them. */
export const FEEDBACK_TYPES = ['suggestion', 'complaint', 'bug', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Longest content and sender (contact) text, in characters. */
export const FEEDBACK_CONTENT_MAX_LENGTH = 1000;
export const FEEDBACK_SENDER_MAX_LENGTH = 100;

export const feedbackCall = /*#__PURE__*/ defineCall({
  name: 'submitFeedback',
  method: 'PUT',
  path: '/wps/feedback',
  moduleId: 'FEEDBACK3',
  body: {
    type: 'object',
    required: ['type', 'content', 'captcha', 'captchaId'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: FEEDBACK_TYPES },
      content: { type: 'string', minLength: 1, maxLength: FEEDBACK_CONTENT_MAX_LENGTH, description: 'plain text; not only spaces' },
      sender: {
        type: 'string',
        maxLength: FEEDBACK_SENDER_MAX_LENGTH,
        description: 'how to reach the sender (name, e-mail or phone), optional; a logged-in member is known anyway',
      },
      captcha: { type: 'string', minLength: 1, maxLength: 16, description: 'Text of the captcha image' },
      captchaId: { type: 'string', maxLength: 64, description: 'the id the captcha image was asked for with (GET /wps/captcha)' },
    },
  },
  value: {
    type: 'object',
    required: ['feedbackId'],
    properties: { feedbackId: { type: 'integer' } },
  },
});

export type FeedbackRequest = RequestOf<typeof feedbackCall>;
export type FeedbackReceipt = ValueOf<typeof feedbackCall>;
