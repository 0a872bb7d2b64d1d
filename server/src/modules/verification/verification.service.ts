import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { MessageLanguage } from '../../i18n/messages';
import { findMemberByMobile, isGuest } from '../identity';
import { brandOf, codeSms, numberAlreadyRegisteredSms, type SenderFactory } from '../notification';
import type { AccountRequestContext, LoginCodeVerifier, RegistrationCodeVerifier } from '../session';
import { DEFAULT_CODE_POLICY, VerificationCodes, type CodePolicy } from './codes';
import type { MobileNumber } from './phone';

// SMS codes for logging in and for registering, and the verifier login and registration call
// (account-hooks.ts).
//
// Neither send request reveals whether a number has an account: both answer the same success
// after the same throttle. A login code is only sent to a number with an active account (an
// unknown number gets nothing, and its login then fails like a wrong code). A registration code
// for a number that already has an account is replaced by an SMS telling its owner so, which is
// what that person needs and tells a stranger nothing.

export interface SendCodeRequest {
  merchantId: number;
  mobile: MobileNumber;
  ip: string;
  language: MessageLanguage;
  log: FastifyBaseLogger;
}

export interface CodeSent {
  expiredMinutes: number;
  /** When the code expires (epoch ms): the client counts down from it. */
  expirationTime: number;
}

export interface SmsVerificationOptions {
  pool: pg.Pool;
  clock: Clock;
  senders: SenderFactory;
  policy?: CodePolicy;
}

export class SmsVerification implements LoginCodeVerifier, RegistrationCodeVerifier {
  readonly codes: VerificationCodes;

  constructor(private readonly options: SmsVerificationOptions) {
    this.codes = new VerificationCodes(options.pool, options.clock, options.policy ?? DEFAULT_CODE_POLICY);
  }

  async sendLoginCode(request: SendCodeRequest): Promise<CodeSent> {
    const { pool } = this.options;
    const member = await findMemberByMobile(pool, request.merchantId, request.mobile.e164);
    const eligible = member !== undefined && member.status === 'active' && !isGuest(member);
    const { issued, expiresAtMs } = await this.codes.requestCode(
      { merchantId: request.merchantId, mobile: request.mobile.e164, ip: request.ip },
      'login',
      eligible,
    );
    if (issued) {
      const text = codeSms('login', request.language, {
        brand: await brandOf(pool, request.merchantId),
        code: issued.code,
        minutes: this.codes.policy.expiredMinutes,
      });
      await this.sender(request).sendSms(request.mobile.e164, text);
    }
    return { expiredMinutes: this.codes.policy.expiredMinutes, expirationTime: expiresAtMs };
  }

  async sendRegistrationCode(request: SendCodeRequest): Promise<CodeSent> {
    const { pool } = this.options;
    const taken = (await findMemberByMobile(pool, request.merchantId, request.mobile.e164)) !== undefined;
    const { issued, expiresAtMs } = await this.codes.requestCode(
      { merchantId: request.merchantId, mobile: request.mobile.e164, ip: request.ip },
      'register',
      !taken,
    );
    const brand = await brandOf(pool, request.merchantId);
    const text = issued
      ? codeSms('register', request.language, { brand, code: issued.code, minutes: this.codes.policy.expiredMinutes })
      : numberAlreadyRegisteredSms(request.language, { brand });
    await this.sender(request).sendSms(request.mobile.e164, text);
    return { expiredMinutes: this.codes.policy.expiredMinutes, expirationTime: expiresAtMs };
  }

  verifyLoginCode(context: AccountRequestContext, mobileE164: string, code: string): Promise<boolean> {
    return this.codes.consume(context.merchantId, mobileE164, 'login', code);
  }

  verifyRegistrationCode(context: AccountRequestContext, mobileE164: string, code: string): Promise<boolean> {
    return this.codes.consume(context.merchantId, mobileE164, 'register', code);
  }

  private sender(request: SendCodeRequest) {
    return this.options.senders({ merchantId: request.merchantId, log: request.log });
  }
}
