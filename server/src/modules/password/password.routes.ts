import {
  changePasswordCall,
  forgotPasswordByEmailCall,
  forgotPasswordSmsCall,
  resetPasswordByEmailTokenCall,
  resetPasswordByPhoneCall,
} from '@platform/contract';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { translate } from '../../i18n/messages';
import { memberOf, sessionOf } from '../session';
import { merchantOf } from '../../plugins/merchant';
import type { SenderFactory } from '../notification';
import { type CodePolicy, DEFAULT_CODE_POLICY, resolveMobile, VerificationCodes } from '../verification';
import { passwordMessages } from './password.messages';
import { type PasswordCaller, PasswordService } from './password.service';
import { callerLanguageOf, clientIpOf, languageHeaderOf } from '../../http/request-context';

export interface PasswordRoutesOptions {
  db: pg.Pool;
  clock: Clock;
  senders: SenderFactory;
  policy?: CodePolicy;
}

const tags = ['password'];

/** A success answer that also carries a message for the person. */
function okWithMessage<T>(request: FastifyRequest, value: T, code: keyof typeof passwordMessages) {
  return { ...ok(value), message: translate(passwordMessages, code, callerLanguageOf(request)) };
}

/** The caller of a change or reset, for the messages it sends the member. */
function callerOf(request: FastifyRequest): PasswordCaller {
  return { language: languageHeaderOf(request), log: request.log };
}

export async function passwordRoutes(app: FastifyInstance, options: PasswordRoutesOptions): Promise<void> {
  const { db, clock } = options;
  // Only this plugin's routes accept form bodies (the e-mail form is a form post).
  await app.register(fastifyFormbody);
  const service = new PasswordService({
    pool: db,
    clock,
    senders: options.senders,
    codes: new VerificationCodes(db, clock, options.policy ?? DEFAULT_CODE_POLICY),
  });

  app.post<RouteOf<typeof changePasswordCall>>('/wps/member/password', {
    // The one call (with logout) a session that must change its password may make.
    config: { encrypted: true, realAccountOnly: true, duringPasswordChange: true },
    schema: apiSchema({
      tags,
      summary: 'Change the password',
      description:
        'Encrypted. Needs the current password (also for a first-time, default or expired password: the client has ' +
        'it from the login). The new one must pass the merchant\'s password rule and differ from the current one. ' +
        'Ends every other session of the member and clears firstTimeLogin/passwordExpired (and the restriction of a ' +
        'session that had to change its password first). With a second factor bound, the member is told it stays on. ' +
        "Wrong old passwords count toward the member's password-proof lock (429 TOO_MANY_REQUESTS after 5).",
      call: changePasswordCall,
    }),
  }, async (request) => {
    const { oldPassword = '', newPassword, confirmNewPassword } = request.body;
    await service.change(memberOf(request), sessionOf(request), { oldPassword, newPassword, confirmNewPassword }, callerOf(request));
    return ok(null);
  });

  app.post<RouteOf<typeof forgotPasswordByEmailCall>>('/wps/member/password/email', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags,
      summary: 'Forgot password: e-mail a reset link',
      description:
        'Form post (application/x-www-form-urlencoded; JSON also accepted). When the account and e-mail belong ' +
        'together, a single-use link (30 minutes) goes to the e-mail: <site>/?resetToken=<token>, completed with ' +
        'POST /wps/member/password/email/reset. Otherwise 400 username.email.not.exist. Throttled per IP and account.',
      call: forgotPasswordByEmailCall,
    }),
  }, async (request) => {
    await service.sendResetEmail({
      merchantId: merchantOf(request).id,
      username: request.body.username,
      email: request.body.email,
      ip: clientIpOf(request),
      language: callerLanguageOf(request),
      site: { hostname: request.hostname, port: request.port, protocol: request.protocol },
      log: request.log,
    });
    return okWithMessage(request, null, 'password.reset.email.sent');
  });

  app.post<RouteOf<typeof resetPasswordByEmailTokenCall>>('/wps/member/password/email/reset', {
    config: { auth: 'public', encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Set a new password with the e-mailed reset link',
      description:
        'Encrypted. The token works once and for 30 minutes. Ends every session of the member. Second factors stay: ' +
        'value.secondFactors lists them, and the member is told on every contact that two-step sign-in stays on.',
      call: resetPasswordByEmailTokenCall,
    }),
  }, async (request) => {
    const { token, newPassword, confirmNewPassword } = request.body;
    const value = await service.resetWithEmailToken(merchantOf(request).id, token, { newPassword, confirmNewPassword }, callerOf(request));
    return okWithMessage(request, value, 'password.reset.success');
  });

  app.post<RouteOf<typeof forgotPasswordSmsCall>>('/wps/member/password/sms', {
    config: { auth: 'public', feature: 'CHNGPASSVERIF3', featureRefusal: 'function.not.enabled', encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Forgot password: send a reset code by SMS',
      description:
        'Encrypted; only with CHNGPASSVERIF3. Answers the same for every well-formed number; only a number with an ' +
        'account receives the code. value.expirationTime is when the code expires (epoch ms): the client counts down ' +
        'to it. Throttled like every SMS (60 s per number; 429 TOO_MANY_REQUESTS after too many).',
      call: forgotPasswordSmsCall,
    }),
  }, async (request) => {
    const merchant = merchantOf(request);
    if (request.body.mobileNum.trim() === '') throw new AppError(400, 'mobile.invalid', { detail: 'mobileNum is empty' });
    const mobile = await resolveMobile(db, merchant.id, request.body.countryDialingCode, request.body.mobileNum);
    return ok(
      await service.sendResetSms({ merchantId: merchant.id, mobile, ip: clientIpOf(request), language: callerLanguageOf(request), log: request.log }),
    );
  });

  app.post<RouteOf<typeof resetPasswordByPhoneCall>>('/wps/member/password/verification', {
    config: { auth: 'public', feature: 'CHNGPASSVERIF3', featureRefusal: 'function.not.enabled', encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Set a new password with the SMS reset code',
      description:
        'Encrypted; only with CHNGPASSVERIF3. Ends every session of the member; answers the account name (the client ' +
        "then logs in with it and the new password) and the message 'Password reset successfully, please log in again'. " +
        'Second factors stay: value.secondFactors lists them, and the member is told on every contact.',
      call: resetPasswordByPhoneCall,
    }),
  }, async (request) => {
    const merchant = merchantOf(request);
    const { countryDialingCode, mobileNum, verificationCode, newPassword, confirmNewPassword } = request.body;
    if (mobileNum.trim() === '') throw new AppError(400, 'mobile.invalid', { detail: 'mobileNum is empty' });
    if (verificationCode.trim() === '') {
      throw new AppError(400, 'reg_field_required', { field: 'verificationCode' }, { field: 'verificationCode' });
    }
    const mobile = await resolveMobile(db, merchant.id, countryDialingCode, mobileNum);
    const value = await service.resetWithSmsCode(merchant.id, mobile, verificationCode.trim(), { newPassword, confirmNewPassword }, callerOf(request));
    return okWithMessage(request, value, 'password.reset.success');
  });
}
