// Support questions (server module support/, the member centre's feedback page, tab "Ask
// support"): a logged-in member asks customer service a question in a category, with up to three
// png or jpg images and the way they would like to be reached (their platform messages, or the
// e-mail address or mobile number their account already holds: never an address typed here).
// Operators answer through the operator API (/ops/v1/support/questions, `ops support-answer`); the
// answer is delivered to the member's platform messages and shows beside the question. Texts are
// plain text, shown as text, never as HTML. Times are epoch ms.
import { defineCall, type RequestOf, type ValueOf } from './define-call';

/** What a question is about, as the form offers it. */
export const SUPPORT_CATEGORIES = ['deposit', 'withdrawal', 'account', 'promotion', 'game', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/**
 * How the member would like to be reached besides the answer in their platform messages: the
 * messages alone, or the e-mail address or mobile number of their own account.
 */
export const SUPPORT_CONTACTS = ['message', 'email', 'phone'] as const;
export type SupportContact = (typeof SUPPORT_CONTACTS)[number];

/** open: waiting for customer service; answered: the answer is there; closed: nothing more will happen. */
export const SUPPORT_STATES = ['open', 'answered', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

/** The question's length in characters (code points), counted without the spaces around it. */
export const SUPPORT_TEXT_MIN_LENGTH = 10;
export const SUPPORT_TEXT_MAX_LENGTH = 1000;
/** Images a question may carry, and the most bytes of each (decoded). */
export const SUPPORT_IMAGES_MAX = 3;
export const SUPPORT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The longest answer an operator may write. */
export const SUPPORT_ANSWER_MAX_LENGTH = 1000;
/** Most questions a list page has. */
export const SUPPORT_PAGE_SIZE_MAX = 50;

const id = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;

const questionSchema = {
  type: 'object',
  required: ['questionId', 'category', 'text', 'contact', 'imageCount', 'state', 'answer', 'askedAt', 'answeredAt', 'closedAt'],
  properties: {
    questionId: id,
    category: { type: 'string', enum: SUPPORT_CATEGORIES },
    text: { type: 'string', description: 'plain text' },
    contact: { type: 'string', enum: SUPPORT_CONTACTS },
    imageCount: { type: 'integer', description: 'images sent with it (supportQuestionImagesCall reads them)' },
    state: { type: 'string', enum: SUPPORT_STATES },
    answer: { type: ['string', 'null'], description: "customer service's answer, plain text; null while open without one" },
    askedAt: { type: 'integer', description: 'epoch ms' },
    answeredAt: { type: ['integer', 'null'], description: 'epoch ms' },
    closedAt: { type: ['integer', 'null'], description: 'epoch ms' },
  },
} as const;

export const supportAskCall = /*#__PURE__*/ defineCall({
  name: 'askSupport',
  method: 'POST',
  path: '/wps/support/questions',
  moduleId: 'FEEDBACK3',
  token: true,
  // The form shows a refusal beside itself, in the page's language.
  quiet: true,
  body: {
    type: 'object',
    required: ['category', 'text', 'contact', 'images'],
    additionalProperties: false,
    properties: {
      category: { type: 'string', enum: SUPPORT_CATEGORIES },
      text: {
        type: 'string',
        minLength: 1,
        maxLength: SUPPORT_TEXT_MAX_LENGTH,
        description: `plain text; ${SUPPORT_TEXT_MIN_LENGTH}-${SUPPORT_TEXT_MAX_LENGTH} characters once trimmed`,
      },
      contact: { type: 'string', enum: SUPPORT_CONTACTS, description: "email and phone: the account's own (refused when it has none)" },
      images: {
        type: 'array',
        maxItems: SUPPORT_IMAGES_MAX,
        items: { type: 'string', maxLength: 7_000_000, description: 'A data URL of a png or jpg of at most 5 MB' },
      },
    },
  },
  value: questionSchema,
});

export const supportQuestionsCall = /*#__PURE__*/ defineCall({
  name: 'getSupportQuestions',
  method: 'GET',
  path: '/wps/support/questions',
  moduleId: 'FEEDBACK3',
  token: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1, description: 'counts from 1' },
      size: { type: 'integer', minimum: 1, maximum: SUPPORT_PAGE_SIZE_MAX, default: 10 },
    },
  },
  value: {
    type: 'object',
    required: ['list', 'totalPages', 'contacts'],
    properties: {
      list: { type: 'array', items: questionSchema, description: 'newest first' },
      totalPages: { type: 'integer' },
      contacts: {
        type: 'object',
        required: ['email', 'phone'],
        description: "the account's own contact details, masked; null: none (that way cannot be chosen)",
        properties: { email: { type: ['string', 'null'] }, phone: { type: ['string', 'null'] } },
      },
    },
  },
});

export const supportQuestionImagesCall = /*#__PURE__*/ defineCall({
  name: 'getSupportQuestionImages',
  method: 'GET',
  path: '/wps/support/questions/images',
  moduleId: 'FEEDBACK3',
  token: true,
  query: {
    type: 'object',
    required: ['questionId'],
    additionalProperties: false,
    properties: { questionId: id },
  },
  value: {
    type: 'object',
    required: ['images'],
    properties: { images: { type: 'array', items: { type: 'string', description: 'data:image/png;base64,… or data:image/jpeg;base64,…' } } },
  },
});

export type SupportQuestionRequest = RequestOf<typeof supportAskCall>;
export type SupportQuestion = ValueOf<typeof supportAskCall>;
export type SupportQuestions = ValueOf<typeof supportQuestionsCall>;
export type SupportContacts = SupportQuestions['contacts'];
