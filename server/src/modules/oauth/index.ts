// Sign-in with Google or Facebook (OpenID Connect / OAuth 2.0), per-merchant provider settings.
export { oauthRoutes, type OAuthRoutesOptions } from './oauth.routes';
export { oauthMessages } from './oauth.messages';
