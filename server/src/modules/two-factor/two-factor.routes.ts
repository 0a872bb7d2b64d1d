import {
  loginVerificationCall,
  loginVerificationEmailCall,
  loginVerificationSmsCall,
  securityConfigCall,
  twoFactorBankNameCall,
  twoFactorEmailCall,
  twoFactorEmailCodeCall,
  twoFactorSmsCall,
  twoFactorSmsCodeCall,
  twoFactorTotpConfirmCall,
  twoFactorTotpRemoveCall,
  twoFactorTotpStartCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { type AccountHooks, memberOf, sessionOf } from '../session';
import type { SenderFactory } from '../notification';
import { DEFAULT_CODE_POLICY, VerificationCodes, type CodePolicy } from '../verification';
import { loadSecretKey, type SecretKey } from './secret-box';
import { TwoFactorService, type CallerContext, type FactorChange } from './two-factor.service';
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
  /** SECRETS_KEY: seals the database's two-factor key (server_secret). */
  secretsKey: SecretsKey;
}

const tags = ['two-factor'];

function callerOf(request: FastifyRequest): CallerContext {
  return {
    ip: clientIpOf(request),
    language: languageHeaderOf(request),
    userAgent: userAgentOf(request),
    log: request.log,
  };
}

const FACTOR_CHANGE_RULES =
  'The current password is checked first: empty 400 reg_field_required, wrong 400 current.password.err, and wrong ' +
  "passwords count toward the member's lock (shared with changing the password; 429 TOO_MANY_REQUESTS after 5). " +
  'A wrong code answers 400 and counts toward the two-factor settings lock. Success ends every other session of ' +
  'the member and their pending logins.';

/** The session a factor change is made with, and the password it carries. */
function factorChangeOf(request: FastifyRequest, password: string): FactorChange {
  return { sessionId: sessionOf(request).id, password };
}

export async function twoFactorRoutes(app: FastifyInstance, options: TwoFactorRoutesOptions): Promise<void> {
  const { db } = options;
  let secretKey: Promise<SecretKey> | undefined = options.secretKey ? Promise.resolve(options.secretKey) : undefined;
  const service = new TwoFactorService({
    pool: db,
    clock: options.clock,
    senders: options.senders,
    codes: new VerificationCodes(db, options.clock, options.policy ?? DEFAULT_CODE_POLICY),
    secretKey: () => (secretKey ??= loadSecretKey(db, options.secretsKey)),
    log: app.log,
  });
  options.hooks.twoFactorGate = service;

  app.get('/wps/v2/member/securityConfig', {
    config: { auth: 'member' },
    schema: apiSchema({ tags, summary: 'Which sign-in factors the member has on', call: securityConfigCall }),
  }, async (request) => ok(await service.securityConfig(memberOf(request))));

  app.post('/wps/v2/member/2fa/totp', {
    config: { realAccountOnly: true },
    schema: apiSchema({
      tags,
      summary: 'Start binding an authenticator app',
      description:
        'Returns a new secret (base32) and its otpauth:// URI for a QR code. Not in force until confirmed with a code; ' +
        'asking again before confirming replaces the secret. 409 ga.already.bound when one is bound.',
      call: twoFactorTotpStartCall,
    }),
  }, async (request) => ok(await service.startTotp(memberOf(request))));

  app.post<RouteOf<typeof twoFactorTotpConfirmCall>>('/wps/v2/member/2fa/totp/confirm', {
    config: { realAccountOnly: true, encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Confirm the authenticator app with a code it shows and the current password',
      description:
        'Encrypted. From now on sign-in asks for a code of the app (login_verify_required). ' + FACTOR_CHANGE_RULES,
      call: twoFactorTotpConfirmCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await service.confirmTotp(member, factorChangeOf(request, request.body.password), request.body.code);
    return ok(await service.securityConfig(member));
  });

  app.delete<RouteOf<typeof twoFactorTotpRemoveCall>>('/wps/v2/member/2fa/totp', {
    config: { realAccountOnly: true, encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Unbind the authenticator app (needs a current code and the current password)',
      description: 'Encrypted. ' + FACTOR_CHANGE_RULES,
      call: twoFactorTotpRemoveCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await service.disableTotp(member, factorChangeOf(request, request.body.password), request.body.code);
    return ok(await service.securityConfig(member));
  });

  app.post('/wps/v2/member/2fa/sms/code', {
    config: { realAccountOnly: true },
    schema: apiSchema({
      tags,
      summary: "Send a code to the member's own mobile number",
      description: 'Proves the number before SMS sign-in verification is turned on or off. Throttled like every SMS.',
      call: twoFactorSmsCodeCall,
    }),
  }, async (request) => ok(await service.sendSettingsCode(memberOf(request), callerOf(request))));

  app.put<RouteOf<typeof twoFactorSmsCall>>('/wps/v2/member/2fa/sms', {
    config: { realAccountOnly: true, encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Turn SMS sign-in verification on or off (an SMS code and the current password)',
      description: 'Encrypted. code comes from POST /wps/v2/member/2fa/sms/code. ' + FACTOR_CHANGE_RULES,
      call: twoFactorSmsCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await service.setSmsVerification(member, factorChangeOf(request, request.body.password), request.body.enabled, request.body.code);
    return ok(await service.securityConfig(member));
  });

  app.post('/wps/v2/member/2fa/email/code', {
    config: { realAccountOnly: true },
    schema: apiSchema({
      tags,
      summary: 'E-mail a code to prove the mailbox before e-mail sign-in verification is turned on or off',
      description:
        "To turn it on the code goes to the profile's e-mail address (400 email.not.bound without one); to turn it off, to " +
        'the address it is on with. Throttled like every SMS code (60 s apart, 429 after 5 in 15 minutes).',
      call: twoFactorEmailCodeCall,
    }),
  }, async (request) => ok(await service.sendEmailSettingsCode(memberOf(request), callerOf(request))));

  app.put<RouteOf<typeof twoFactorEmailCall>>('/wps/v2/member/2fa/email', {
    config: { realAccountOnly: true, encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Turn e-mail sign-in verification on or off (an e-mailed code and the current password)',
      description:
        'Encrypted. code comes from POST /wps/v2/member/2fa/email/code. Once on, sign-in e-mails its codes to that address, ' +
        'whatever the profile later says, until it is turned off. ' + FACTOR_CHANGE_RULES,
      call: twoFactorEmailCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await service.setEmailVerification(member, factorChangeOf(request, request.body.password), request.body.enabled, request.body.code.trim());
    return ok(await service.securityConfig(member));
  });

  app.put<RouteOf<typeof twoFactorBankNameCall>>('/wps/v2/member/2fa/bankName', {
    config: { realAccountOnly: true, encrypted: true },
    schema: apiSchema({
      tags,
      summary: "Turn sign-in verification by the bound bank card's account holder name on or off",
      description:
        'Encrypted. name is the holder name of the oldest bound bank card (spacing and case aside); a wrong name answers ' +
        '400 bank.name.invalid and counts like a wrong code. 400 bank.card.not.bound to turn it on without a bank card; ' +
        'it is in force only while one is bound. ' + FACTOR_CHANGE_RULES,
      call: twoFactorBankNameCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await service.setBankNameVerification(member, factorChangeOf(request, request.body.password), request.body.enabled, request.body.name);
    return ok(await service.securityConfig(member));
  });

  app.post<RouteOf<typeof loginVerificationCall>>('/wps/session/login/verification', {
    config: { auth: 'public', encrypted: true },
    schema: apiSchema({
      tags: ['session', ...tags],
      summary: 'Complete a login that answered login_verify_required',
      description:
        'ticket comes from that answer\'s value; type is one of its factors (code: the SMS, e-mailed or app code, or for ' +
        'bank_name the bound bank card\'s account holder name). Success is the normal login value with a ' +
        'new token. A ticket is single use, expires, and ends after 5 wrong codes; wrong codes also count toward ' +
        "the account's login lockout (429 TOO_MANY_REQUESTS).",
      call: loginVerificationCall,
    }),
  }, async (request) => {
    const { ticket, type, code } = request.body;
    return ok(await service.completeLogin(merchantOf(request).id, ticket, type, code.trim(), callerOf(request)));
  });

  app.post<RouteOf<typeof loginVerificationSmsCall>>('/wps/session/login/verification/sms', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags: ['session', ...tags],
      summary: 'Send (again) the SMS code of a pending login',
      call: loginVerificationSmsCall,
    }),
  }, async (request) => ok(await service.resendLoginSms(merchantOf(request).id, request.body.ticket, callerOf(request))));

  app.post<RouteOf<typeof loginVerificationEmailCall>>('/wps/session/login/verification/email', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags: ['session', ...tags],
      summary: 'Send (again) the e-mailed code of a pending login',
      call: loginVerificationEmailCall,
    }),
  }, async (request) => ok(await service.resendLoginEmail(merchantOf(request).id, request.body.ticket, callerOf(request))));
}
