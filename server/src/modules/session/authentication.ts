import { GUEST_MEMBER_TYPE, type ModuleId } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../config';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { merchantOf } from '../../plugins/merchant';
import type { Member } from '../identity';
import { isModuleEnabled } from '../merchant';
import { availabilityOf, type SiteAvailability } from '../system';
import { authenticateToken, type Authenticated, type SessionRecord } from './session.service';

// Who may call a route, stated in its config and enforced here for every route of the merchant
// scope. The `Authorization` header carries the raw session token (no "Bearer"
// prefix, though one is tolerated).
//
//   (nothing)                          closed by default: a live session of a real account
//   config: { auth: 'public' }         anyone
//   config: { auth: 'optional' }       anyone; the member is known when a live token is sent
//   config: { auth: 'member' }         a live session, free-play guests (isAgent 4) included
//   config: { realAccountOnly: true }  a live session, and guests get 403 guest.not.allowed
//   config: { feature: 'FREEPLAY3' }   only while that whitelabel switch is on, else
//                                      400 function.not.available (or featureRefusal's answer)
//   config: { duringPasswordChange: true }
//                                      also for a session that must change its password first
//
// A session that must change its password (a password login reporting firstTimeLogin or
// passwordExpired, see session.service.ts issueLogin) is refused with 403 password.change.required
// everywhere else: only changing the password and logging out accept it. The forced change screen
// needs nothing more: the rules it checks the new password with (system status, register settings)
// and the RSA key of the encrypted change are public routes, which never look at a token. On an
// 'optional' route the token is ignored (the caller is anonymous), never honoured.
//
// Closed by default so that a route whose author forgot to think about access is refused, not
// open. 401 answers use the codes the client treats as "session gone": it logs out.

export type RouteAuth = 'public' | 'optional' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call; absent means a live session of a real (non-guest) account. */
    auth?: RouteAuth;
    /** Guests are refused with 403 guest.not.allowed; with auth 'member' (absent auth implies it). */
    realAccountOnly?: boolean;
    /** The whitelabel switch (module id) the whole route depends on. */
    feature?: ModuleId;
    /**
     * How the route answers while its feature is off: 400 function.not.available (default), or
     * 403 function.not.enabled ("contact customer service", what the SMS-code routes answer).
     */
    featureRefusal?: 'function.not.available' | 'function.not.enabled';
    /**
     * A session that must change its password first may call this route (only changing the
     * password and logging out); every other route answers it 403 password.change.required.
     */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** The caller's member and session; null on a public route, or an optional one without a live token. */
    authenticated: Authenticated | null;
  }
}

/** What a route's config asks of its caller, defaults applied. */
export interface RouteAccess {
  auth: RouteAuth;
  realAccountOnly: boolean;
  feature: ModuleId | null;
  /** Open to a session that must change its password first. */
  duringPasswordChange: boolean;
}

/** The access a route config declares, closed by default (see the table above). */
export function accessOf(config: {
  auth?: RouteAuth;
  realAccountOnly?: boolean;
  feature?: ModuleId;
  duringPasswordChange?: boolean;
}): RouteAccess {
  const realAccountOnly = config.realAccountOnly ?? config.auth === undefined;
  return {
    auth: realAccountOnly ? 'member' : (config.auth ?? 'member'),
    realAccountOnly,
    feature: config.feature ?? null,
    duringPasswordChange: config.duringPasswordChange ?? false,
  };
}

/** One route of the scope and what it asks of its caller. */
export interface RouteAccessEntry extends RouteAccess {
  method: string;
  url: string;
  /** Whether it answers during maintenance and to restricted visitors (system/site-access.ts). */
  availability: SiteAvailability;
}

export interface AuthenticationOptions {
  db: Db;
  clock: Clock;
  /** Receives every route of the scope with its access, as it is added (the app's access table). */
  routeTable?: RouteAccessEntry[];
}

/** For apiSchema `headers` of routes that need a session (documents it in OpenAPI). */
export const authorizationHeader = {
  authorization: { type: 'string', maxLength: 256, description: 'The session token from login, sent raw (no "Bearer" prefix)' },
};

/** The raw token of a request, or undefined when none is sent. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
}

/**
 * Adds the access hooks to `scope` (after merchant resolution, which must be registered first:
 * hooks of one kind run in registration order). Every route of the scope is checked.
 */
export function useAuthentication(scope: FastifyInstance, { db, clock, routeTable }: AuthenticationOptions): void {
  if (!scope.hasRequestDecorator('authenticated')) scope.decorateRequest('authenticated', null);
  if (routeTable) {
    scope.addHook('onRoute', (route) => {
      // HEAD twins of GET routes share their config: listing them would only repeat the GET.
      for (const method of [route.method].flat().filter((name) => name !== 'HEAD')) {
        routeTable.push({ method, url: route.url, ...accessOf(route.config ?? {}), availability: availabilityOf(route.config ?? {}) });
      }
    });
  }
  scope.addHook('onRequest', async (request) => {
    const access = accessOf(request.routeOptions.config);
    if (access.auth === 'public') return;
    const token = tokenOf(request);
    if (token === undefined) {
      if (access.auth === 'member') throw new AppError(401, 'CUSTOMER_NOT_LOGIN');
      return;
    }
    const authenticated = await authenticateToken(db, merchantOf(request).id, token, clock());
    if (!authenticated) {
      if (access.auth === 'member') throw new AppError(401, 'user.or.token.invalid');
      return;
    }
    if (access.realAccountOnly && authenticated.member.memberType === GUEST_MEMBER_TYPE) {
      throw new AppError(403, 'guest.not.allowed');
    }
    if (authenticated.session.passwordChangeRequired && !access.duringPasswordChange) {
      // Anonymous on an optional route: what it answers anybody, and nothing of the member.
      if (access.auth === 'optional') return;
      throw new AppError(403, 'password.change.required');
    }
    request.authenticated = authenticated;
  });
  // After validation (and decryption), where the handlers checked switches before: a malformed
  // request still answers its validation error first, as it did.
  scope.addHook('preHandler', async (request) => {
    const { feature, featureRefusal = 'function.not.available' } = request.routeOptions.config;
    if (!feature || (await isModuleEnabled(db, merchantOf(request).id, feature))) return;
    throw new AppError(featureRefusal === 'function.not.enabled' ? 403 : 400, featureRefusal, { detail: `${feature} is off` });
  });
}

/** The authenticated member of a route that needs a session. */
export function memberOf(request: FastifyRequest): Member {
  if (!request.authenticated) throw new Error(`No authenticated member for ${request.method} ${request.url}`);
  return request.authenticated.member;
}

/** The session the request was made with (same conditions as memberOf). */
export function sessionOf(request: FastifyRequest): SessionRecord {
  if (!request.authenticated) throw new Error(`No session for ${request.method} ${request.url}`);
  return request.authenticated.session;
}
