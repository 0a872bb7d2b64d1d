import { loginCaptchaCall, loginCall, logoutCall, rsaKeyCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { createAccountHooks, type AccountHooks } from './account-hooks';
import { authorizationHeader, sessionOf } from './authentication';
import { login, loginNeedsCaptcha } from './login.service';
import { ensureRsaKey } from './rsa-keys';
import { revokeSession } from './session.service';
import { clientIpOf, languageHeaderOf, userAgentOf } from '../../http/request-context';

export interface SessionRoutesOptions {
  db: pg.Pool;
  /** Time of every session rule; tests pass a movable clock. */
  clock?: Clock;
  /** Shared with the verification and two-factor modules (see account-hooks.ts). */
  hooks?: AccountHooks;
  /** Seals the private key of a newly generated transport key pair (SECRETS_KEY). */
  secretsKey: SecretsKey;
}

const tags = ['session'];

export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions): Promise<void> {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const hooks = options.hooks ?? createAccountHooks();

  app.get('/wps/session/key/rsa', {
    // A public key opens nothing by itself; the calls it seals are refused on their own during
    // maintenance and to restricted visitors, so a client holding a key learns the reason there.
    config: { auth: 'public', availability: 'always' },
    schema: apiSchema({
      tags,
      summary: 'Public key for encrypted calls',
      description:
        'RSA-OAEP (SHA-256, 2048-bit). An encrypted call sends header Encryption = base64(RSA-OAEP(aesKey)) ' +
        'and body { value: base64(iv[12] ‖ AES-256-GCM(JSON) ‖ tag[16]) } with a fresh 32-byte AES key, where JSON is ' +
        '{ ts, nonce, data }: ts the epoch ms by the server clock (serverTime here, plus the time since), nonce 128 ' +
        'random bits in base64url, data the body. A ts more than 5 minutes off, or a nonce already used, answers ' +
        '400 request.replay.err.',
      call: rsaKeyCall,
    }),
  }, async (_request, reply) => {
    // The key can be rotated by an operator: let caches revalidate.
    reply.header('Cache-Control', 'no-cache');
    return ok({ ...(await ensureRsaKey(db, options.secretsKey)), serverTime: clock() });
  });

  app.post<RouteOf<typeof loginCall>>('/wps/session/login', {
    config: { auth: 'public', encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Log in with account and password, or mobile number and SMS code',
      description:
        'Encrypted. Every failure answers value { captcha: true }: the next attempt must send a correct captcha ' +
        '(captcha + captchaId) or fails with captcha.err. Five failures of an account or a client IP within the window ' +
        'lock it for 5 minutes: 429 TOO_MANY_REQUESTS, even for the right password. Type sms may prove the number with ' +
        "the merchant's Firebase SMS channel instead (firebaseChannel sms, firebaseIdToken; 400 firebase.token.invalid or " +
        'firebase.phone.mismatch, counted like a wrong code; no channel: function.not.enabled). A member with two-factor sign-in ' +
        'gets 403 login_verify_required with the challenge in value.',
      call: loginCall,
    }),
  }, async (request) => {
    const value = await login(
      {
        db,
        hooks,
        merchantId: merchantOf(request).id,
        clientIp: clientIpOf(request),
        userAgent: userAgentOf(request),
        nowMs: clock(),
        language: languageHeaderOf(request),
      },
      { ...request.body, type: request.body.type ?? 'username' },
    );
    return ok(value);
  });

  app.get<RouteOf<typeof loginCaptchaCall>>('/wps/session/login/captcha', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags,
      summary: 'Whether the next password login must carry a captcha',
      description:
        'True when a login from this client address (of the named account, when username is given) would be refused with ' +
        'captcha.err without a correct captcha: the address, the account from it or the account anywhere has failures ' +
        'in the window. The login form asks before its first submit. Counts as no attempt.',
      call: loginCaptchaCall,
    }),
  }, async (request) =>
    ok({ captcha: await loginNeedsCaptcha({ db, merchantId: merchantOf(request).id, clientIp: clientIpOf(request), nowMs: clock() }, request.query.username) }),
  );

  app.delete('/wps/session/logout', {
    // Ending a session is always allowed: during maintenance, from a restricted region, and while
    // a forced password change is pending.
    config: { auth: 'member', availability: 'always', duringPasswordChange: true },
    schema: apiSchema({
      tags,
      summary: 'Log out: the session token stops working at once',
      headers: authorizationHeader,
      call: logoutCall,
    }),
  }, async (request) => {
    await revokeSession(db, sessionOf(request).id, clock(), 'logout');
    return ok(null);
  });
}
