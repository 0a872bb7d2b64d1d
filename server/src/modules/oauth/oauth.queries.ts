import type { Db } from '../../db/pool';
import type { OAuthProviderName } from './oauth.settings';

// SQL of OAuth logins: the state of a login in flight, the one-time grant that hands the result
// to the page, and the link between a provider account and a member. Secrets only as SHA-256.

export interface NewLoginState {
  stateHash: Buffer;
  merchantId: number;
  browserHash: Buffer;
  provider: OAuthProviderName;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
  redirectUri: string;
  nowMs: number;
  expiresAtMs: number;
}

export async function insertLoginState(db: Db, state: NewLoginState): Promise<void> {
  await db.query(
    `INSERT INTO oauth_login_state (state_hash, merchant_id, browser_hash, provider, code_verifier, nonce, return_to, redirect_uri, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      state.stateHash, state.merchantId, state.browserHash, state.provider, state.codeVerifier, state.nonce, state.returnTo, state.redirectUri,
      new Date(state.nowMs), new Date(state.expiresAtMs),
    ],
  );
}

/** A stored state as it is read back: what was inserted, less its key and creation time. */
export type LoginState = Omit<NewLoginState, 'stateHash' | 'nowMs'>;

/** Uses a state up, expired or not (the caller tells the two apart); undefined when unknown or used. */
export async function consumeLoginState(db: Db, stateHash: Buffer, nowMs: number): Promise<LoginState | undefined> {
  // Used up in the statement that finds it: a state works once.
  const result = await db.query<{
    merchant_id: number;
    browser_hash: Buffer;
    provider: OAuthProviderName;
    code_verifier: string;
    nonce: string;
    return_to: string;
    redirect_uri: string;
    expires_at: Date;
  }>(
    `UPDATE oauth_login_state SET consumed_at = $2 WHERE state_hash = $1 AND consumed_at IS NULL
     RETURNING merchant_id, browser_hash, provider, code_verifier, nonce, return_to, redirect_uri, expires_at`,
    [stateHash, new Date(nowMs)],
  );
  const row = result.rows[0];
  return (
    row && {
      merchantId: row.merchant_id,
      browserHash: row.browser_hash,
      provider: row.provider,
      codeVerifier: row.code_verifier,
      nonce: row.nonce,
      returnTo: row.return_to,
      redirectUri: row.redirect_uri,
      expiresAtMs: row.expires_at.getTime(),
    }
  );
}

export interface NewLoginGrant {
  codeHash: Buffer;
  merchantId: number;
  browserHash: Buffer;
  memberId: number;
  nowMs: number;
  expiresAtMs: number;
}

export async function insertLoginGrant(db: Db, grant: NewLoginGrant): Promise<void> {
  await db.query(
    `INSERT INTO oauth_login_grant (code_hash, merchant_id, browser_hash, member_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [grant.codeHash, grant.merchantId, grant.browserHash, grant.memberId, new Date(grant.nowMs), new Date(grant.expiresAtMs)],
  );
}

/** Uses a live grant up; undefined when it is unknown, used, expired or another merchant's. */
export async function consumeLoginGrant(db: Db, merchantId: number, codeHash: Buffer, nowMs: number): Promise<{ memberId: number; browserHash: Buffer } | undefined> {
  const result = await db.query<{ member_id: string; browser_hash: Buffer }>(
    `UPDATE oauth_login_grant SET consumed_at = $3
      WHERE merchant_id = $1 AND code_hash = $2 AND consumed_at IS NULL AND expires_at > $3
      RETURNING member_id, browser_hash`,
    [merchantId, codeHash, new Date(nowMs)],
  );
  const row = result.rows[0];
  return row && { memberId: Number(row.member_id), browserHash: row.browser_hash };
}

/** The member a provider account (issuer + subject) is linked to, if any. */
export async function selectLinkedMemberId(db: Db, merchantId: number, issuer: string, subject: string): Promise<number | undefined> {
  const result = await db.query<{ member_id: string }>(
    'SELECT member_id FROM member_oauth_identity WHERE merchant_id = $1 AND issuer = $2 AND subject = $3',
    [merchantId, issuer, subject],
  );
  return result.rows[0] ? Number(result.rows[0].member_id) : undefined;
}

export interface NewIdentityLink {
  merchantId: number;
  memberId: number;
  provider: OAuthProviderName;
  issuer: string;
  subject: string;
  email: string | null;
  nowMs: number;
}

export async function insertIdentityLink(db: Db, link: NewIdentityLink): Promise<void> {
  await db.query(
    `INSERT INTO member_oauth_identity (merchant_id, member_id, provider, issuer, subject, email, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [link.merchantId, link.memberId, link.provider, link.issuer, link.subject, link.email, new Date(link.nowMs)],
  );
}
