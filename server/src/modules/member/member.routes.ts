import {
  affiliateCheckCall,
  freePlayLoginCall,
  memberIconCall,
  memberInfoCall,
  playerAvatarCall,
  registerCall,
  registerMobileCall,
  updateLanguageCall,
  type RegisterRequest,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { authorizationHeader, createAccountHooks, memberOf, type AccountHooks } from '../session';
import { checkAffiliateCode, getAvatar, getMemberInfo, setLanguage } from './member.service';
import { createGuest, register } from './registration.service';
import type { RegisterMode } from './registration-rules';
import { clientIpOf, deviceIdOf, userAgentOf } from '../../http/request-context';

export interface MemberRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** The same object the session routes get (see account-hooks.ts). */
  hooks?: AccountHooks;
}

const tags = ['member'];

const REGISTER_DESCRIPTION =
  'Encrypted. Fields are checked against the merchant\'s rules (GET /wps/system/setting/register): a failure names ' +
  'the field in value.field with errorCode reg_field_required, reg_pattern_<patternId> (value.minLength/maxLength) or ' +
  'inconsistent.twice; a password on the common-password list is password.too.common. An affiliateCode (or referralCode) ' +
  'must belong to an agent (invalid.affiliate.code). With REGMOBVERF3 a registered mobile number needs verificationCode, ' +
  "or, where the merchant has the Firebase SMS channel (info.firebaseSms of the status), firebaseChannel sms and the " +
  'firebaseIdToken of the phone sign-in (400 firebase.token.invalid, firebase.phone.mismatch; no channel: function.not.enabled). ' +
  'Attempts are counted per client address and per Device-Id header (account settings registerPerIpPerHour, ' +
  'registerPerDevicePerDay: then 429 TOO_MANY_REQUESTS); from registerCaptchaAfter attempts on the captcha is required ' +
  '(400 captcha.required, value.captcha true). Busy password hashing answers 503 server.busy. The new member is logged in.';

export async function memberRoutes(app: FastifyInstance, options: MemberRoutesOptions): Promise<void> {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const hooks = options.hooks ?? createAccountHooks();

  const registerHandler = (mode: RegisterMode) => async (request: FastifyRequest<{ Body: RegisterRequest }>) =>
    ok(
      await register(
        {
          pool: db,
          hooks,
          merchant: merchantOf(request),
          clientIp: clientIpOf(request),
          userAgent: userAgentOf(request),
          deviceId: deviceIdOf(request),
          nowMs: clock(),
        },
        mode,
        request.body,
      ),
    );

  app.put<RouteOf<typeof registerCall>>('/wps/member/register', {
    config: { auth: 'public', feature: 'USERNAMEREG3', encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Register with account and password (USERNAMEREG3)',
      description: REGISTER_DESCRIPTION,
      call: registerCall,
    }),
  }, registerHandler('username'));

  app.put<RouteOf<typeof registerMobileCall>>('/wps/member/register/mobile', {
    config: { auth: 'public', feature: 'MOBILENUMREG3', encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Register with a mobile number (MOBILENUMREG3)',
      description:
        `${REGISTER_DESCRIPTION} The account name is the mobile number; without MOBILENUMPASSREG3 the password is ` +
        'generated (generatedAccount true) and the member logs in later by SMS code or resets it.',
      call: registerMobileCall,
    }),
  }, registerHandler('mobile'));

  app.get<RouteOf<typeof affiliateCheckCall>>('/wps/agent/affiliate', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags,
      summary: 'Check an invitation (affiliate) code',
      description:
        'Success when the code belongs to an agent (isAgent 1, 2, 41, 42) of this merchant; else 400 invalid.affiliate.code. ' +
        'Unknown codes are counted per client address (affiliateCheckMaxFailures in the login window): then 429 TOO_MANY_REQUESTS.',
      call: affiliateCheckCall,
    }),
  }, async (request) => {
    return ok(await checkAffiliateCode(db, { merchantId: merchantOf(request).id, clientIp: clientIpOf(request), nowMs: clock() }, request.query.code));
  });

  app.post<RouteOf<typeof freePlayLoginCall>>('/wps/session/login/freeplay', {
    // Encrypted (os, platform W, Encryption), like the password and SMS logins.
    config: { auth: 'public', feature: 'FREEPLAY3', encrypted: true },
    // The sealed data may be empty: it is validated as {}.
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: apiSchema({
      tags: ['session'],
      summary: 'Free play: a new guest account (isAgent 4) with play money, logged in',
      description:
        'Only when FREEPLAY3 is on (else 400 function.not.available). Guests cannot deposit, withdraw or chat: ' +
        'such routes answer 403 guest.not.allowed.',
      call: freePlayLoginCall,
    }),
  }, async (request) =>
    ok(await createGuest({ pool: db, merchant: merchantOf(request), clientIp: clientIpOf(request), userAgent: userAgentOf(request), nowMs: clock() })),
  );

  app.get('/wps/member/info', {
    config: { auth: 'member' },
    schema: apiSchema({ tags, summary: 'The logged-in member', headers: authorizationHeader, call: memberInfoCall }),
  }, async (request) => {
    return ok(await getMemberInfo(db, memberOf(request)));
  });

  const avatarRoute = (call: typeof memberIconCall | typeof playerAvatarCall) => ({
    config: { auth: 'member' as const },
    schema: apiSchema({ tags, summary: "The member's avatar (the site default when none)", headers: authorizationHeader, call }),
  });
  const avatarHandler = async (request: FastifyRequest) => ok(await getAvatar(db, memberOf(request)));
  app.get('/wps/member/info/icon', avatarRoute(memberIconCall), avatarHandler);
  app.get('/wps/relay/MCSFE_getPlayerAvatar', avatarRoute(playerAvatarCall), avatarHandler);

  app.put<RouteOf<typeof updateLanguageCall>>('/wps/member/language', {
    config: { auth: 'member' },
    schema: apiSchema({
      tags,
      summary: "Remember the member's language",
      description: 'Stored as an upper-case two-letter code (bn → BN; zh-TW/zh-Hant → TW, other zh-* → CN).',
      headers: authorizationHeader,
      call: updateLanguageCall,
    }),
  }, async (request) => {
    return ok(await setLanguage(db, memberOf(request), request.body.language));
  });
}
