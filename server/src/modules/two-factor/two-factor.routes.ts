import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { type AccountHooks, memberOf } from '../session';
import type { SenderFactory } from '../notification';
import { DEFAULT_CODE_POLICY, VerificationCodes, type CodePolicy } from '../verification';
import { loadSecretKey, type SecretKey } from './secret-box';
import { TwoFactorService, type CallerContext } from './two-factor.service';
import { clientIpOf, languageHeaderOf, userAgentOf } from '../../http/request-context';

export interface TwoFactorRoutesOptions {
  db: pg.Pool;
  clock: Clock;
  senders: SenderFactory;
  /** Login finds the two-factor gate here. */
  hooks: AccountHooks;
  policy?: CodePolicy;
  /** The key sealing authenticator secrets; by default TWO_FACTOR_SECRET_KEY or the database's. */
  secretKey?: SecretKey;
}

const tags = ['two-factor'];

export const loginValueSchema: JsonSchema = {
  type: 'object',
  required: ['token', 'firstTimeLogin', 'passwordExpired'],
  properties: {
    token: { type: 'string' },
    firstTimeLogin: { type: 'boolean' },
    passwordExpired: { type: 'boolean' },
    userName: { type: 'string' },
    id: { type: 'integer' },
  },
};

const securityConfigSchema: JsonSchema = {
  type: 'object',
  required: ['bindGA', 'smsLoginVerification', 'bindMobile', 'countryDialingCode', 'mobile', 'email'],
  properties: {
    bindGA: { type: 'boolean', description: 'an authenticator app is bound (sign-in asks for its code)' },
    smsLoginVerification: { type: 'boolean', description: 'sign-in asks for an SMS code' },
    bindMobile: { type: 'boolean' },
    countryDialingCode: { type: ['string', 'null'] },
    mobile: { type: ['string', 'null'], description: 'masked' },
    email: { type: ['string', 'null'], description: 'masked' },
  },
};

const codeBody: JsonSchema = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: { type: 'string', maxLength: 16, description: 'the 6-digit code' } },
};

const smsCodeSentSchema: JsonSchema = {
  type: 'object',
  required: ['expiredMinutes', 'expirationTime', 'mobile'],
  properties: {
    expiredMinutes: { type: 'integer' },
    expirationTime: { type: 'integer', description: 'epoch ms when the code expires' },
    mobile: { type: 'string', description: 'the number the code went to, masked' },
  },
};

function callerOf(request: FastifyRequest): CallerContext {
  return {
    ip: clientIpOf(request),
    language: languageHeaderOf(request),
    userAgent: userAgentOf(request),
    log: request.log,
  };
}

export async function twoFactorRoutes(app: FastifyInstance, options: TwoFactorRoutesOptions): Promise<void> {
  const { db } = options;
  let secretKey: Promise<SecretKey> | undefined = options.secretKey ? Promise.resolve(options.secretKey) : undefined;
  const service = new TwoFactorService({
    pool: db,
    clock: options.clock,
    senders: options.senders,
    codes: new VerificationCodes(db, options.clock, options.policy ?? DEFAULT_CODE_POLICY),
    secretKey: () => (secretKey ??= loadSecretKey(db)),
    log: app.log,
  });
  options.hooks.twoFactorGate = service;

  app.get('/wps/v2/member/securityConfig', {
    config: { auth: 'member' },
    schema: apiSchema({ tags, summary: 'Which sign-in factors the member has on', value: securityConfigSchema }),
  }, async (request) => ok(await service.securityConfig(memberOf(request))));

  app.post('/wps/v2/member/2fa/totp', {
    config: { realAccountOnly: true },
    schema: apiSchema({
      tags,
      summary: 'Start binding an authenticator app',
      description:
        'Returns a new secret (base32) and its otpauth:// URI for a QR code. Not in force until confirmed with a code; ' +
        'asking again before confirming replaces the secret. 409 ga.already.bound when one is bound.',
      value: {
        type: 'object',
        required: ['secretKey', 'otpauth'],
        properties: { secretKey: { type: 'string' }, otpauth: { type: 'string' } },
      },
    }),
  }, async (request) => ok(await service.startTotp(memberOf(request))));

  app.post<{ Body: { code: string } }>('/wps/v2/member/2fa/totp/confirm', {
    config: { realAccountOnly: true },
    schema: apiSchema({
      tags,
      summary: 'Confirm the authenticator app with a code it shows',
      description: 'From now on sign-in asks for a code of the app (login_verify_required).',
      body: codeBody,
      value: securityConfigSchema,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await service.confirmTotp(member, request.body.code);
    return ok(await service.securityConfig(member));
  });

  app.delete<{ Body: { code: string } }>('/wps/v2/member/2fa/totp', {
    config: { realAccountOnly: true },
    schema: apiSchema({ tags, summary: 'Unbind the authenticator app (needs a current code)', body: codeBody, value: securityConfigSchema }),
  }, async (request) => {
    const member = memberOf(request);
    await service.disableTotp(member, request.body.code);
    return ok(await service.securityConfig(member));
  });

  app.post('/wps/v2/member/2fa/sms/code', {
    config: { realAccountOnly: true },
    schema: apiSchema({
      tags,
      summary: "Send a code to the member's own mobile number",
      description: 'Proves the number before SMS sign-in verification is turned on or off. Throttled like every SMS.',
      value: smsCodeSentSchema,
    }),
  }, async (request) => ok(await service.sendSettingsCode(memberOf(request), callerOf(request))));

  app.put<{ Body: { enabled: boolean; code: string } }>('/wps/v2/member/2fa/sms', {
    config: { realAccountOnly: true },
    schema: apiSchema({
      tags,
      summary: 'Turn SMS sign-in verification on or off',
      body: {
        type: 'object',
        required: ['enabled', 'code'],
        additionalProperties: false,
        properties: { enabled: { type: 'boolean' }, code: { type: 'string', maxLength: 16 } },
      },
      value: securityConfigSchema,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await service.setSmsVerification(member, request.body.enabled, request.body.code);
    return ok(await service.securityConfig(member));
  });

  app.post<{ Body: { ticket: string; type: 'totp' | 'sms'; code: string } }>('/wps/session/login/verification', {
    config: { auth: 'public', encrypted: true },
    schema: apiSchema({
      tags: ['session', ...tags],
      summary: 'Complete a login that answered login_verify_required',
      description:
        'ticket comes from that answer\'s value; type is one of its factors. Success is the normal login value with a ' +
        'new token. A ticket is single use, expires, and ends after 5 wrong codes; wrong codes also count toward ' +
        "the account's login lockout (429 TOO_MANY_REQUESTS).",
      body: {
        type: 'object',
        required: ['ticket', 'type', 'code'],
        additionalProperties: false,
        properties: {
          ticket: { type: 'string', minLength: 1, maxLength: 128 },
          type: { type: 'string', enum: ['totp', 'sms'] },
          code: { type: 'string', maxLength: 16 },
        },
      },
      value: loginValueSchema,
    }),
  }, async (request) => {
    const { ticket, type, code } = request.body;
    return ok(await service.completeLogin(merchantOf(request).id, ticket, type, code.trim(), callerOf(request)));
  });

  app.post<{ Body: { ticket: string } }>('/wps/session/login/verification/sms', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags: ['session', ...tags],
      summary: 'Send (again) the SMS code of a pending login',
      body: {
        type: 'object',
        required: ['ticket'],
        additionalProperties: false,
        properties: { ticket: { type: 'string', minLength: 1, maxLength: 128 } },
      },
      value: smsCodeSentSchema,
    }),
  }, async (request) => ok(await service.resendLoginSms(merchantOf(request).id, request.body.ticket, callerOf(request))));
}
