import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { findMemberByUsername, isGuest } from '../identity';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { clearLoginFailures } from '../session';
import { resetSecondFactors } from './two-factor.service';

// Customer service's removal of a member's lost second factor (/ops/v1, beside the operator
// module's member actions). Here and not in the operator module: this module already depends on
// the operator module (through member and agent), so the route comes to the factors.
//
// Customer service first checks who is calling (the reason says how); then every factor goes,
// the member's sessions and pending logins end, and their failed logins are forgotten, so the
// password alone signs in and the member can enrol again. Audited (member.second_factor_reset)
// with the factors in force before and after: names of factors, never a secret.

const FACTORS = ['totp', 'sms', 'email', 'bank_name'] as const;

export async function twoFactorOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.post<{ Params: { username: string }; Body: { reason: string } }>('/members/:username/second-factor-reset', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Remove a member's second factors",
      description:
        'For a member who lost their authenticator or phone (identify them first): the authenticator app, SMS, e-mail and bank-account-name sign-in verification are all removed, so the password alone signs in and the member can enrol again. Every session and pending login of the member ends. Answers the factors removed. Audited (member.second_factor_reset) with the factors before and after, never a secret. 404 operator.member.not.found for no such member of the merchant.',
      headers: bearerHeader,
      params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
      body: {
        type: 'object',
        required: ['reason'],
        additionalProperties: false,
        properties: { reason: { type: 'string', minLength: 1, maxLength: 500, description: 'Why (how the member was identified): kept in the audit trail' } },
      },
      value: { type: 'object', required: ['removed'], properties: { removed: { type: 'array', items: { type: 'string', enum: FACTORS } } } },
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    const reason = request.body.reason.trim();
    if (reason === '') throw new AppError(400, 'request.param.err', { detail: 'reason: must not be blank' });
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'member.second_factor_reset', targetType: 'member', targetId: request.params.username, asked: { reason } },
      async () => {
        const member = await findMemberByUsername(db, merchantId, request.params.username);
        if (!member || isGuest(member)) throw new AppError(404, 'operator.member.not.found');
        const nowMs = clock();
        const before = await withTransaction(db, async (client) => {
          const removed = await resetSecondFactors(client, member, nowMs);
          await clearLoginFailures(client, merchantId, member.username);
          if (member.mobileE164) await clearLoginFailures(client, merchantId, member.mobileE164);
          return removed;
        });
        return { before: { secondFactors: before }, after: { secondFactors: [] }, value: ok({ removed: before }) };
      },
    );
  });
}
