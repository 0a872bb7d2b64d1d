import { smsNoLoginCall, smsRegisterCall } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { SenderFactory } from '../notification';
import type { AccountHooks } from '../session';
import type { CodePolicy } from './codes';
import { resolveMobile } from './phone';
import { SmsVerification, type SendCodeRequest } from './verification.service';
import { callerLanguageOf, clientIpOf } from '../../http/request-context';

export interface VerificationRoutesOptions {
  db: pg.Pool;
  clock: Clock;
  senders: SenderFactory;
  /** Login and registration find the code verifier here. */
  hooks: AccountHooks;
  policy?: CodePolicy;
}

const tags = ['verification'];

export async function verificationRoutes(app: FastifyInstance, options: VerificationRoutesOptions): Promise<void> {
  const { db } = options;
  const verification = new SmsVerification({ pool: db, clock: options.clock, senders: options.senders, policy: options.policy });
  options.hooks.loginCodeVerifier = verification;
  options.hooks.registrationCodeVerifier = verification;

  async function sendRequestOf(request: FastifyRequest<{ Body: { countryDialingCode?: string; mobileNo: string; botCheck?: string } }>): Promise<SendCodeRequest> {
    const merchant = merchantOf(request);
    if (request.body.mobileNo.trim() === '') throw new AppError(400, 'mobile.invalid', { detail: 'mobileNo is empty' });
    const mobile = await resolveMobile(db, merchant.id, request.body.countryDialingCode, request.body.mobileNo);
    // The bot check (a send runs one first), before the send is counted.
    await options.hooks.botCheck?.verify({
      merchantId: merchant.id,
      clientIp: clientIpOf(request),
      mobile: mobile.e164,
      answer: request.body.botCheck,
      nowMs: options.clock(),
    });
    return {
      merchantId: merchant.id,
      mobile,
      ip: clientIpOf(request),
      language: callerLanguageOf(request),
      log: request.log,
    };
  }

  app.post<RouteOf<typeof smsNoLoginCall>>('/wps/verification/sms/noLogin', {
    config: { auth: 'public', feature: 'MOBILEVERCODELOGIN3', featureRefusal: 'function.not.enabled' },
    schema: apiSchema({
      tags,
      summary: 'Send an SMS login code',
      description:
        'For login type sms (MOBILEVERCODELOGIN3). Answers the same for any well-formed number, with or without an ' +
        'account, so it cannot be used to find members; only a number with an active account receives a code. ' +
        'One send per number per 60 s (429 sms.too.frequent); too many requests for a number or from an address ' +
        'lock it for 5 minutes (429 TOO_MANY_REQUESTS), and a number that had 10 requests in 15 minutes through ' +
        'all brands together is refused by every brand until the oldest is 15 minutes old.',
      call: smsNoLoginCall,
    }),
  }, async (request) => {
    return ok(await verification.sendLoginCode(await sendRequestOf(request)));
  });

  app.post<RouteOf<typeof smsRegisterCall>>('/wps/verification/sms/register', {
    config: { auth: 'public', feature: 'REGMOBVERF3', featureRefusal: 'function.not.enabled' },
    schema: apiSchema({
      tags,
      summary: 'Send an SMS registration code',
      description:
        'Only when REGMOBVERF3 is on. A number that already has an account receives a notice instead of a code ' +
        '(the answer is the same). Throttled like /wps/verification/sms/noLogin.',
      call: smsRegisterCall,
    }),
  }, async (request) => {
    return ok(await verification.sendRegistrationCode(await sendRequestOf(request)));
  });
}
