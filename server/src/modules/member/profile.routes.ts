import { bindEmailCall, bindMobileSendCodeCall, bindMobileVerifyCall, memberInfoV2Call, updateMemberInfoCall } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { clientIpOf, languageHeaderOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import type { SenderFactory } from '../notification';
import { authorizationHeader, memberOf } from '../session';
import { DEFAULT_CODE_POLICY, VerificationCodes, type CodePolicy } from '../verification';
import { ProfileService, type ProfileCaller } from './profile.service';

// "My Account" (legacy page securityCenter): the profile, its edits, and binding a mobile
// number or e-mail address. Every route needs a live session of a real account (the default).

export interface ProfileRoutesOptions {
  db: pg.Pool;
  clock: Clock;
  senders: SenderFactory;
  policy?: CodePolicy;
}

const tags = ['member'];

const PASSWORD_PROOF =
  'The current login password is checked first: empty 400 reg_field_required, wrong 400 current.password.err (value.field ' +
  "'password'); wrong passwords count toward the member's lock shared with the password and two-factor changes " +
  '(429 TOO_MANY_REQUESTS after 5).';

function callerOf(request: FastifyRequest): ProfileCaller {
  return { ip: clientIpOf(request), language: languageHeaderOf(request), log: request.log };
}

export async function profileRoutes(app: FastifyInstance, options: ProfileRoutesOptions): Promise<void> {
  const { db, clock, senders } = options;
  const service = new ProfileService({ pool: db, clock, senders, codes: new VerificationCodes(db, clock, options.policy ?? DEFAULT_CODE_POLICY) });

  app.get('/wps/relay/getMemberInfoV2', {
    schema: apiSchema({
      tags,
      summary: "The member's profile as My Account shows it",
      description: 'E-mail and mobile number masked; hasPaymentPassword tells whether a payment password is set.',
      headers: authorizationHeader,
      call: memberInfoV2Call,
    }),
  }, async (request) => ok(await service.profile(memberOf(request))));

  app.post<RouteOf<typeof updateMemberInfoCall>>('/wps/relay/updateMemberInfo', {
    schema: apiSchema({
      tags,
      summary: 'Change the nickname, or set the real name or birthday',
      description:
        'Only the fields sent change, all checked before any is written: nickname at most 20 characters (nickname.format.err); ' +
        'payeeName letters and spaces, 2-50 characters (real.name.format.err), only while none is set (real.name.locked); ' +
        'birthday yyyy-MM-dd (birthday.format.err), at least 21 years ago (birthday.under.age), only while none is set ' +
        '(birthday.locked). A refusal names its field in value.field. Answers the profile.',
      headers: authorizationHeader,
      call: updateMemberInfoCall,
    }),
  }, async (request) => ok(await service.update(memberOf(request), request.body)));

  app.post<RouteOf<typeof bindMobileSendCodeCall>>('/wps/relay/bind_send_verification_sms', {
    schema: apiSchema({
      tags,
      summary: 'Send a code to the mobile number to bind',
      description:
        'Refused: the number already bound to this account (mobile.already.bound), bound to another member (exists.mobile.err, ' +
        'after the request is counted), or a change while SMS sign-in verification is on (mobile.change.sms.verification.on). ' +
        'Throttled like every SMS send (sms.too.frequent, TOO_MANY_REQUESTS).',
      headers: authorizationHeader,
      call: bindMobileSendCodeCall,
    }),
  }, async (request) => ok(await service.sendBindCode(memberOf(request), request.body, callerOf(request))));

  app.post<RouteOf<typeof bindMobileVerifyCall>>('/wps/relay/bind_verify_verification_sms', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Bind the mobile number with the code sent to it and the current password',
      description:
        `Encrypted. ${PASSWORD_PROOF} Then the code of this very number (sms.code.invalid). The previous number, if any, is ` +
        'told by SMS. Answers the profile.',
      headers: authorizationHeader,
      call: bindMobileVerifyCall,
    }),
  }, async (request) => ok(await service.bindMobile(memberOf(request), request.body, callerOf(request))));

  app.post<RouteOf<typeof bindEmailCall>>('/wps/relay/bindEmail', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Set the e-mail address, proved by the current password',
      description:
        `Encrypted. ${PASSWORD_PROOF} email.format.err for a malformed address, exists.email.err when another member uses it. ` +
        'The previous address, if any, is told by e-mail. Answers the profile.',
      headers: authorizationHeader,
      call: bindEmailCall,
    }),
  }, async (request) => ok(await service.bindEmail(memberOf(request), request.body, callerOf(request))));
}
