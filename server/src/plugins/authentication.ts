import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../config';
import type { Db } from '../db/pool';
import { AppError } from '../http/envelope';
import { GUEST_MEMBER_TYPE } from '@platform/shared/contract';
import type { Member } from '../modules/member/member.queries';
import { authenticateToken, type Authenticated, type SessionRecord } from '../modules/session/session.service';
import { merchantOf } from './merchant';

// Who is calling: the `Authorization` header carries the raw session token (REFERENCE §4, no
// "Bearer" prefix, though one is tolerated). A route opts in through its config:
//   config: { auth: 'member' }          a live session is required, else 401
//   config: { auth: 'optional' }        the member is known when a live token is sent
//   config: { realAccountOnly: true }   as 'member', and free-play guests (isAgent 4) get 403
// 401 answers use the codes the client treats as "session gone" (REFERENCE §2.2): it logs out.

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'member' | 'optional';
    /** Guests are refused with guest.not.allowed; implies auth 'member'. */
    realAccountOnly?: boolean;
  }
  interface FastifyRequest {
    /** Set by the authentication hook for routes with `config.auth` or `realAccountOnly`. */
    authenticated: Authenticated | null;
  }
}

export interface AuthenticationOptions {
  db: Db;
  clock: Clock;
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
 * Adds the hook to `scope` (after merchant resolution, which must be registered first: hooks of
 * one kind run in registration order). Routes without an auth config are not touched.
 */
export function useAuthentication(scope: FastifyInstance, { db, clock }: AuthenticationOptions): void {
  if (!scope.hasRequestDecorator('authenticated')) scope.decorateRequest('authenticated', null);
  scope.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const mode = config.realAccountOnly ? 'member' : config.auth;
    if (!mode) return;
    const token = tokenOf(request);
    if (token === undefined) {
      if (mode === 'member') throw new AppError(401, 'CUSTOMER_NOT_LOGIN');
      return;
    }
    const authenticated = await authenticateToken(db, merchantOf(request).id, token, clock());
    if (!authenticated) {
      if (mode === 'member') throw new AppError(401, 'user.or.token.invalid');
      return;
    }
    if (config.realAccountOnly && authenticated.member.memberType === GUEST_MEMBER_TYPE) {
      throw new AppError(403, 'guest.not.allowed');
    }
    request.authenticated = authenticated;
  });
}

/** The authenticated member of a route declared with auth 'member' or realAccountOnly. */
export function memberOf(request: FastifyRequest): Member {
  if (!request.authenticated) throw new Error(`No authenticated member for ${request.method} ${request.url}`);
  return request.authenticated.member;
}

/** The session the request was made with (same conditions as memberOf). */
export function sessionOf(request: FastifyRequest): SessionRecord {
  if (!request.authenticated) throw new Error(`No session for ${request.method} ${request.url}`);
  return request.authenticated.session;
}
