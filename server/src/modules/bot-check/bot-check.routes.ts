import { botCheckChallengeCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { clientIpOf } from '../../http/request-context';
import { merchantOf } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { createBotCheckGate, type BotCheckGate } from './bot-check.service';

export interface BotCheckRoutesOptions {
  db: Db;
  clock?: Clock;
  /** The challenge's HMAC keys are derived from it. */
  secretsKey: SecretsKey;
  /** Receives the gate login, registration and the SMS sends check with (app.ts: the account hooks). */
  hooks: { botCheck?: BotCheckGate };
}

export async function botCheckRoutes(app: FastifyInstance, options: BotCheckRoutesOptions): Promise<void> {
  const clock = options.clock ?? systemClock;
  const gate = createBotCheckGate(options.db, options.secretsKey);
  options.hooks.botCheck = gate;

  app.get('/wps/botcheck/challenge', {
    // A challenge is an HMAC and one SHA-256: cheaper than the calls it protects, nothing stored.
    config: { auth: 'public' },
    schema: apiSchema({
      tags: ['bot-check'],
      summary: 'A proof-of-work challenge for login, registration and SMS sends (ALTCHA v2)',
      description:
        'Self-hosted: solve it in the browser with altcha-lib (SHA-256, counting up from 0 until the derived key starts with ' +
        'keyPrefix) and send base64 of JSON { challenge, solution } as the body field botCheck. A solution is good for one ' +
        'call, for this merchant, for ttlSeconds (600 by default). `required` says whether calls from this client must carry ' +
        "one now: always when the merchant's setting botCheck.required is on, and for suspectHours (24) after this address " +
        'met an abuse limit (any lockout); a login to an account, or a send to a number, that met its limit demands one too. ' +
        'Missing: 400 botcheck.required (value.botCheck true); wrong, expired or used: 400 botcheck.invalid.',
      call: botCheckChallengeCall,
    }),
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await gate.challenge({ merchantId: merchantOf(request).id, clientIp: clientIpOf(request) }, clock()));
  });
}
