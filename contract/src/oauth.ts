// Social-login calls the login form makes (server module oauth/). The browser navigations
// (/wps/session/oauth/:provider/start and /callback) answer redirects and are server-only.
import { defineCall, type ValueOf } from './define-call';
import { loginValueSchema } from './session';

export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

export const oauthProvidersCall = /*#__PURE__*/ defineCall({
  name: 'oauthProviders',
  method: 'GET',
  path: '/wps/session/oauth/providers',
  moduleId: 'LOGIN3',
  quiet: true,
  value: {
    type: 'object',
    required: ['list'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['provider', 'label', 'startUrl'],
          properties: {
            provider: { type: 'string', enum: OAUTH_PROVIDERS },
            label: { type: 'string' },
            startUrl: { type: 'string', description: 'navigate the browser here (add ?returnTo=<site path>)' },
          },
        },
      },
    },
  },
});

export const oauthExchangeCall = /*#__PURE__*/ defineCall({
  name: 'oauthExchange',
  method: 'POST',
  path: '/wps/session/oauth/exchange',
  moduleId: 'LOGIN3',
  quiet: true,
  body: {
    type: 'object',
    required: ['code'],
    additionalProperties: false,
    properties: { code: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  value: loginValueSchema,
});

/**
 * `GET /wps/session/oauth/providers` value. Navigate to `startUrl?returnTo=<path>`; the site comes
 * back to that path with `?oauthCode=` (trade it with `POST /wps/session/oauth/exchange` { code })
 * or `?oauthError=<error code>`.
 */
export type OAuthProviderList = ValueOf<typeof oauthProvidersCall>;
