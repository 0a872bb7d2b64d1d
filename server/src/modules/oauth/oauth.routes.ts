import { OAUTH_PROVIDERS, oauthExchangeCall, oauthProvidersCall } from '@platform/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import type { AccountHooks } from '../session';
import { OAuthFlowError, OAuthService, safeReturnPath, withQueryParameter } from './oauth.service';
import type { OAuthProviderName } from './oauth.settings';
import { clientIpOf } from '../../http/request-context';
import { requestOrigin } from '../../http/origin';

export interface OAuthRoutesOptions {
  db: pg.Pool;
  clock: Clock;
  hooks: AccountHooks;
}

const tags = ['session', 'oauth'];
/** Binds a social login to the browser that started it; only sent to these routes. */
const BINDING_COOKIE = 'oauthBinding';
const COOKIE_PATH = '/wps/session/oauth';

/** Browser navigations answer 302, never a 200 envelope; failures before routing are envelopes. */
const redirectOnly = { type: 'null', description: 'not used: the answer is a 302 redirect' };

const providerParams = {
  type: 'object',
  required: ['provider'],
  properties: { provider: { type: 'string', enum: [...OAUTH_PROVIDERS] } },
};

/** The binding cookie's value (base64url, so it needs no decoding). */
function bindingOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === BINDING_COOKIE && value && /^[A-Za-z0-9_-]{1,64}$/.test(value)) return value;
  }
  return undefined;
}

function bindingCookie(value: string, secure: boolean): string {
  return `${BINDING_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${15 * 60}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function redirectWithError(reply: FastifyReply, request: FastifyRequest, error: unknown): FastifyReply {
  if (!(error instanceof OAuthFlowError)) throw error;
  request.log.info({ errorCode: error.errorCode, reason: error.reason }, 'social login failed');
  return reply.redirect(withQueryParameter(error.returnTo, 'oauthError', error.errorCode), 302);
}

export async function oauthRoutes(app: FastifyInstance, options: OAuthRoutesOptions): Promise<void> {
  const service = new OAuthService({ pool: options.db, clock: options.clock, hooks: options.hooks });

  app.get('/wps/session/oauth/providers', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags,
      summary: 'Social logins the login form shows',
      description: 'Only providers the merchant configured (client id and secret) are listed; none are by default.',
      call: oauthProvidersCall,
    }),
  }, async (request) => {
    const providers = await service.providers(merchantOf(request).id);
    return ok({
      list: providers.map(({ provider, label }) => ({ provider, label, startUrl: `/wps/session/oauth/${provider}/start` })),
    });
  });

  app.get<{ Params: { provider: OAuthProviderName }; Querystring: { returnTo?: string } }>('/wps/session/oauth/:provider/start', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags,
      summary: 'Start a social login (browser navigation)',
      description:
        '302 to the provider (authorization code with PKCE, state and nonce), setting an HttpOnly cookie that binds ' +
        'the login to this browser. On failure 302 back to returnTo with ?oauthError=<error code>.',
      params: providerParams,
      querystring: { type: 'object', properties: { returnTo: { type: 'string', maxLength: 512, description: 'site path to come back to' } } },
      value: redirectOnly,
    }),
  }, async (request, reply) => {
    const returnTo = safeReturnPath(request.query.returnTo);
    try {
      const redirectUri = `${requestOrigin(request)}/wps/session/oauth/${request.params.provider}/callback`;
      const started = await service.start(merchantOf(request).id, request.params.provider, redirectUri, returnTo);
      reply.header('set-cookie', bindingCookie(started.browserBinding, request.protocol === 'https'));
      return reply.redirect(started.authorizationUrl, 302);
    } catch (error) {
      return redirectWithError(reply, request, error);
    }
  });

  app.get<{ Params: { provider: OAuthProviderName } }>('/wps/session/oauth/:provider/callback', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags,
      summary: 'Where the provider sends the browser back',
      description:
        '302 to the returnTo path with ?oauthCode=<one-time code> (60 s, this browser only) for ' +
        'POST /wps/session/oauth/exchange, or with ?oauthError=<error code>.',
      params: providerParams,
      querystring: {
        type: 'object',
        properties: {
          code: { type: 'string', maxLength: 2048 },
          state: { type: 'string', maxLength: 512 },
          error: { type: 'string', maxLength: 256 },
          iss: { type: 'string', maxLength: 512 },
        },
      },
      value: redirectOnly,
    }),
  }, async (request, reply) => {
    // The raw query string, untouched: the provider's parameters (code, state, iss, …) are checked as sent.
    const query = new URLSearchParams(request.raw.url?.split('?')[1] ?? '');
    try {
      const finished = await service.finish(query, bindingOf(request), clientIpOf(request));
      return reply.redirect(withQueryParameter(finished.returnTo, 'oauthCode', finished.grantCode), 302);
    } catch (error) {
      return redirectWithError(reply, request, error);
    }
  });

  app.post<RouteOf<typeof oauthExchangeCall>>('/wps/session/oauth/exchange', {
    config: { auth: 'public' },
    schema: apiSchema({
      tags,
      summary: 'Trade the one-time code of a social login for a session',
      description:
        'The code from ?oauthCode=, from the same browser (its cookie is checked). Answers the normal login value, ' +
        'or 403 login_verify_required when the member has a second factor. 400 oauth.login.failed when the code is ' +
        'unknown, used, expired or from another browser.',
      call: oauthExchangeCall,
    }),
  }, async (request) => {
    const userAgent = request.headers['user-agent'];
    return ok(
      await service.exchange(merchantOf(request).id, request.body.code, bindingOf(request), {
        ip: clientIpOf(request),
        userAgent: typeof userAgent === 'string' ? userAgent : undefined,
      }),
    );
  });
}
