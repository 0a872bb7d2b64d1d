// The bot check of login, registration and SMS sends (server module bot-check/): a self-hosted
// proof-of-work challenge (ALTCHA v2, altcha-lib), signed by the server, solved in the browser,
// verified on the server and usable once.
import { defineCall, type ValueOf } from './define-call';

/** What a body carries when the bot check is answered: base64 of JSON { challenge, solution }. */
export const botCheckField = {
  type: 'string',
  maxLength: 4096,
  description: 'The solved bot check: base64 of JSON { challenge, solution } (GET /wps/botcheck/challenge, solved with altcha-lib)',
} as const;

export const botCheckChallengeCall = /*#__PURE__*/ defineCall({
  name: 'botCheckChallenge',
  method: 'GET',
  path: '/wps/botcheck/challenge',
  moduleId: 'LOGIN3',
  quiet: true,
  value: {
    type: 'object',
    required: ['required', 'challenge'],
    properties: {
      required: {
        type: 'boolean',
        description:
          'Whether login, registration and SMS sends from this client must carry a solved check now (the merchant requires it, ' +
          'or this address met an abuse limit). A call may still answer 400 botcheck.required (e.g. an account under attack).',
      },
      challenge: {
        type: 'string',
        description:
          "base64 of the ALTCHA v2 challenge JSON { parameters, signature }: solve it with altcha-lib's solveChallenge (SHA-256), " +
          'then send base64 of JSON { challenge, solution } as the field botCheck',
      },
    },
  },
});

/** `GET /wps/botcheck/challenge` value. */
export type BotCheckChallenge = ValueOf<typeof botCheckChallengeCall>;
