import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError } from '../../http/envelope';
import { durationsOf, readAccountSettings } from '../merchant';
import { findMemberById, hashPassword, insertMember, type Member, memberConflictOf, withoutCredentials } from '../identity';
import { withTransaction } from '../../db/transaction';
import { ensureMemberAccount } from '../ledger';
import { type AccountHooks, issueLogin, type LoginValue } from '../session';
import * as queries from './oauth.queries';
import { readOAuthProviders, type OAuthProviderConfig, type OAuthProviderName } from './oauth.settings';

// Google and Facebook login: OpenID Connect authorization-code flow with PKCE, state and nonce
// (openid-client does the protocol: discovery, the token request, ID-token validation).
//
//   start     → a state row (PKCE verifier, nonce, where to return) bound to this browser by an
//               HttpOnly cookie; 302 to the provider.
//   callback  → the state is used up (once, same browser, within 10 minutes); the code is
//               exchanged; the provider account (issuer, subject) finds or creates its member;
//               a one-time grant code (60 s) goes back to the site in the redirect.
//   exchange  → the front end trades the grant code (same browser) for the normal login answer:
//               a session, or login_verify_required when the member has a second factor.
// A session token never appears in a URL. A provider account is never linked to an existing
// member by e-mail address (that would let whoever controls the address at the provider take
// the member over); it gets its own member, with the address only when the provider verified it.

const STATE_TTL_MS = 10 * 60_000;
const GRANT_TTL_MS = 60_000;
/** Discovery documents are re-read after this long. */
const DISCOVERY_TTL_MS = 60 * 60_000;

export const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
const randomToken = (): string => randomBytes(32).toString('base64url');

export interface OAuthServiceOptions {
  pool: pg.Pool;
  clock: Clock;
  hooks: AccountHooks;
}

export interface StartedLogin {
  authorizationUrl: string;
  /** The value of the browser-binding cookie. */
  browserBinding: string;
}

export interface FinishedLogin {
  returnTo: string;
  grantCode: string;
}

/** Who the person is at the provider: its stable (iss, sub), and profile claims. */
interface ProviderAccount {
  iss: string;
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

/** A failure of the provider round trip, told to the site as ?oauthError=<code>. */
export class OAuthFlowError extends Error {
  constructor(
    readonly returnTo: string,
    readonly errorCode: 'oauth.login.failed' | 'oauth.not.configured' | 'member.blocked',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'OAuthFlowError';
  }
}

/** A site path to come back to; anything else (another host, //evil) becomes '/'. */
export function safeReturnPath(raw: string | undefined): string {
  if (!raw || raw.length > 512 || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  try {
    const url = new URL(raw, 'http://site.invalid');
    // Dot segments can leave a protocol-relative path ('/.//evil.com' → '//evil.com').
    if (url.host !== 'site.invalid' || url.pathname.startsWith('//')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** `path` with one query parameter added (before any #fragment). */
export function withQueryParameter(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Plain http is allowed only for a provider on this machine (development and tests). */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export class OAuthService {
  private readonly discovered = new Map<string, { config: Promise<oidc.Configuration>; atMs: number }>();

  constructor(private readonly options: OAuthServiceOptions) {}

  async providers(merchantId: number): Promise<OAuthProviderConfig[]> {
    return readOAuthProviders(this.options.pool, merchantId);
  }

  private async providerOf(merchantId: number, name: OAuthProviderName, returnTo: string): Promise<OAuthProviderConfig> {
    const provider = (await this.providers(merchantId)).find((candidate) => candidate.provider === name);
    if (!provider) throw new OAuthFlowError(returnTo, 'oauth.not.configured', `${name} is not configured`);
    return provider;
  }

  /** The provider's discovered configuration (cached per issuer and client). */
  private configurationOf(provider: OAuthProviderConfig): Promise<oidc.Configuration> {
    const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]);
    const cached = this.discovered.get(key);
    // Discovery documents are cached on real time: they have nothing to do with the rules' clock.
    if (cached && Date.now() - cached.atMs < DISCOVERY_TTL_MS) return cached.config;
    const issuer = new URL(provider.issuer);
    const config = oidc.discovery(
      issuer,
      provider.clientId,
      undefined,
      oidc.ClientSecretPost(provider.clientSecret),
      issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    this.discovered.set(key, { config, atMs: Date.now() });
    // A failed discovery is not kept: the next login tries again.
    config.catch(() => this.discovered.delete(key));
    return config;
  }

  async start(merchantId: number, name: OAuthProviderName, redirectUri: string, returnTo: string): Promise<StartedLogin> {
    const provider = await this.providerOf(merchantId, name, returnTo);
    let config: oidc.Configuration;
    try {
      config = await this.configurationOf(provider);
    } catch (error) {
      throw new OAuthFlowError(returnTo, 'oauth.login.failed', `discovery of ${provider.issuer} failed: ${(error as Error).message}`);
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const browserBinding = randomToken();
    const nowMs = this.options.clock();
    await queries.insertLoginState(this.options.pool, {
      stateHash: sha256(state),
      merchantId,
      browserHash: sha256(browserBinding),
      provider: name,
      codeVerifier,
      nonce,
      returnTo,
      redirectUri,
      nowMs,
      expiresAtMs: nowMs + STATE_TTL_MS,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: provider.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { authorizationUrl: url.href, browserBinding };
  }

  /**
   * The provider sent the browser back. `query` is the callback's query string as received;
   * `browserBinding` the cookie value. Returns where to send the browser with its grant code.
   */
  async finish(query: URLSearchParams, browserBinding: string | undefined, clientIp: string): Promise<FinishedLogin> {
    const { pool, clock } = this.options;
    const state = query.get('state');
    if (!state) throw new OAuthFlowError('/', 'oauth.login.failed', 'the callback has no state');
    const nowMs = clock();
    const started = await queries.consumeLoginState(pool, sha256(state), nowMs);
    if (!started) throw new OAuthFlowError('/', 'oauth.login.failed', 'unknown or used state');
    const returnTo = started.returnTo;
    if (started.expiresAtMs <= nowMs) throw new OAuthFlowError(returnTo, 'oauth.login.failed', 'the login took too long');
    if (!browserBinding || !sha256(browserBinding).equals(started.browserHash)) {
      throw new OAuthFlowError(returnTo, 'oauth.login.failed', 'the callback came to another browser');
    }
    if (query.get('error')) {
      throw new OAuthFlowError(returnTo, 'oauth.login.failed', `the provider answered ${query.get('error')}`);
    }
    const provider = await this.providerOf(started.merchantId, started.provider, returnTo);

    let claims: ProviderAccount;
    try {
      const config = await this.configurationOf(provider);
      const currentUrl = new URL(started.redirectUri);
      currentUrl.search = query.toString();
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: started.codeVerifier,
        expectedState: state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      claims = { iss: idClaims.iss, sub: idClaims.sub, email: idClaims.email, email_verified: idClaims.email_verified, name: idClaims.name };
      // Providers that keep profile claims out of the ID token serve them at userinfo.
      if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
      }
    } catch (error) {
      throw new OAuthFlowError(returnTo, 'oauth.login.failed', `code exchange failed: ${(error as Error).message}`);
    }

    const member = await this.memberFor(started.merchantId, provider, claims, clientIp, nowMs);
    if (!member) throw new OAuthFlowError(returnTo, 'oauth.login.failed', 'no linked member and sign-up is off');
    if (member.status !== 'active') throw new OAuthFlowError(returnTo, 'member.blocked', 'the member is blocked');

    const grantCode = randomToken();
    await queries.insertLoginGrant(pool, {
      codeHash: sha256(grantCode),
      merchantId: started.merchantId,
      browserHash: started.browserHash,
      memberId: member.id,
      nowMs,
      expiresAtMs: nowMs + GRANT_TTL_MS,
    });
    return { returnTo, grantCode };
  }

  /** The member linked to the provider account, created on its first login. */
  private async memberFor(merchantId: number, provider: OAuthProviderConfig, claims: ProviderAccount, clientIp: string, nowMs: number): Promise<Member | undefined> {
    const { pool } = this.options;
    const linkedMemberId = await queries.selectLinkedMemberId(pool, merchantId, claims.iss, claims.sub);
    if (linkedMemberId !== undefined) return findMemberById(pool, merchantId, linkedMemberId);
    if (!provider.allowSignUp) return undefined;

    const email = claims.email_verified === true && typeof claims.email === 'string' ? claims.email.slice(0, 254) : null;
    const settings = await readAccountSettings(pool, merchantId);
    const maxAgeMs = durationsOf(settings).passwordMaxAgeMs;
    // Nobody knows this password: the member signs in through the provider, or sets a password
    // with "forgot password" when the provider gave a verified e-mail.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    for (let attempt = 0; ; attempt++) {
      try {
        return await withTransaction(pool, async (client) => {
          const inserted = await insertMember(client, {
            merchantId,
            username: `${provider.provider[0]}${randomBytes(8).toString('hex').slice(0, 11)}`,
            passwordHash,
            passwordExpiresAtMs: maxAgeMs === null ? null : nowMs + maxAgeMs,
            firstTimeLogin: false,
            memberType: 0,
            uplineId: null,
            email,
            nickname: typeof claims.name === 'string' ? claims.name.slice(0, 64) : null,
            registerMethod: 'WEB',
            registerIp: clientIp,
            nowMs,
          });
          await ensureMemberAccount(client, merchantId, inserted.id, 'REAL', nowMs);
          await queries.insertIdentityLink(client, {
            merchantId,
            memberId: inserted.id,
            provider: provider.provider,
            issuer: claims.iss,
            subject: claims.sub,
            email,
            nowMs,
          });
          return withoutCredentials(inserted);
        });
      } catch (error) {
        // The same provider account logging in twice at once: the first one created the link.
        if ((error as { constraint?: string }).constraint === 'member_oauth_identity_merchant_id_issuer_subject_key') {
          return this.memberFor(merchantId, provider, claims, clientIp, nowMs);
        }
        // A generated name already taken (rare): draw another.
        if (memberConflictOf(error) === 'username' && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** POST /wps/session/oauth/exchange: the grant code for a login (or a two-factor challenge). */
  async exchange(merchantId: number, grantCode: string, browserBinding: string | undefined, caller: { ip: string; userAgent?: string }): Promise<LoginValue> {
    const { pool, clock, hooks } = this.options;
    const nowMs = clock();
    const grant = await queries.consumeLoginGrant(pool, merchantId, sha256(grantCode), nowMs);
    if (!grant || !browserBinding || !sha256(browserBinding).equals(grant.browserHash)) throw new AppError(400, 'oauth.login.failed');
    const member = await findMemberById(pool, merchantId, grant.memberId);
    if (!member) throw new AppError(400, 'oauth.login.failed');
    if (member.status !== 'active') throw new AppError(403, 'member.blocked');
    const context = { db: pool, merchantId, clientIp: caller.ip, userAgent: caller.userAgent, nowMs };
    const gate = hooks.twoFactorGate;
    if (gate && (await gate.isRequired(context, member))) {
      throw new AppError(403, 'login_verify_required', {}, await gate.challenge(context, member, 'oauth'));
    }
    return issueLogin(pool, member, { loginType: 'oauth', clientIp: caller.ip, userAgent: caller.userAgent, nowMs });
  }
}
