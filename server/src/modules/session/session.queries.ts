import type { Db } from '../../db/pool';
import { memberColumns, memberFromRow, withoutCredentials, type Member, type MemberRow } from '../identity';

// SQL of sessions. Tokens never reach the database: only their SHA-256.

export interface SessionRecord {
  id: number;
  memberId: number;
  loginType: string;
  createdAtMs: number;
  idleExpiresAtMs: number;
  absoluteExpiresAtMs: number;
  /**
   * The login must change its password before anything else (migration 010): only the routes
   * marked duringPasswordChange accept this session.
   */
  passwordChangeRequired: boolean;
}

export interface NewSessionRow {
  merchantId: number;
  memberId: number;
  tokenHash: Buffer;
  loginType: string;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  clientIp: string | null;
  userAgent: string | null;
  nowMs: number;
  passwordChangeRequired: boolean;
}

interface SessionRow {
  id: string;
  member_id: string;
  login_type: string;
  created_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  password_change_required: boolean;
}

function sessionFromRow(row: SessionRow): SessionRecord {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    loginType: row.login_type,
    createdAtMs: row.created_at.getTime(),
    idleExpiresAtMs: row.idle_expires_at.getTime(),
    absoluteExpiresAtMs: row.absolute_expires_at.getTime(),
    passwordChangeRequired: row.password_change_required,
  };
}

export async function insertSession(db: Db, row: NewSessionRow): Promise<SessionRecord> {
  const absoluteMs = row.nowMs + row.absoluteTimeoutMs;
  const idleMs = Math.min(row.nowMs + row.idleTimeoutMs, absoluteMs);
  const result = await db.query<SessionRow>(
    `INSERT INTO member_session (merchant_id, member_id, token_hash, login_type, idle_timeout_ms, created_at, last_seen_at,
                                 idle_expires_at, absolute_expires_at, client_ip, user_agent, password_change_required)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11)
     RETURNING id, member_id, login_type, created_at, idle_expires_at, absolute_expires_at, password_change_required`,
    [
      row.merchantId, row.memberId, row.tokenHash, row.loginType, row.idleTimeoutMs, new Date(row.nowMs), new Date(idleMs),
      new Date(absoluteMs), row.clientIp, row.userAgent?.slice(0, 512) ?? null, row.passwordChangeRequired,
    ],
  );
  return sessionFromRow(result.rows[0]);
}

/**
 * The live session of a token hash and its (active) member, pushing the idle expiry forward
 * (never past the absolute one) in the same statement. Undefined when the token is unknown,
 * revoked, idle too long, past its absolute expiry, of another merchant, or its member is blocked.
 */
export async function touchSession(
  db: Db,
  merchantId: number,
  tokenHash: Buffer,
  nowMs: number,
): Promise<{ member: Member; session: SessionRecord } | undefined> {
  const result = await db.query<MemberRow & { session_id: string; session_login_type: string; session_created_at: Date;
    session_idle_expires_at: Date; session_absolute_expires_at: Date; session_password_change_required: boolean }>(
    `WITH touched AS (
       UPDATE member_session s
          SET last_seen_at = $3,
              idle_expires_at = least($3 + s.idle_timeout_ms * interval '1 millisecond', s.absolute_expires_at)
        WHERE s.token_hash = $1 AND s.merchant_id = $2 AND s.revoked_at IS NULL
          AND s.idle_expires_at > $3 AND s.absolute_expires_at > $3
        RETURNING s.id, s.member_id, s.login_type, s.created_at, s.idle_expires_at, s.absolute_expires_at, s.password_change_required
     )
     SELECT touched.id AS session_id, touched.login_type AS session_login_type, touched.created_at AS session_created_at,
            touched.idle_expires_at AS session_idle_expires_at, touched.absolute_expires_at AS session_absolute_expires_at,
            touched.password_change_required AS session_password_change_required,
            ${memberColumns('member')}
       FROM touched JOIN member ON member.id = touched.member_id
      WHERE member.status = 'active'`,
    [tokenHash, merchantId, new Date(nowMs)],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    member: withoutCredentials(memberFromRow(row)),
    session: sessionFromRow({
      id: row.session_id,
      member_id: row.id,
      login_type: row.session_login_type,
      created_at: row.session_created_at,
      idle_expires_at: row.session_idle_expires_at,
      absolute_expires_at: row.session_absolute_expires_at,
      password_change_required: row.session_password_change_required,
    }),
  };
}

export async function revokeSessionById(db: Db, sessionId: number, reason: string, nowMs: number): Promise<boolean> {
  const result = await db.query(
    'UPDATE member_session SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, new Date(nowMs), reason],
  );
  return result.rowCount === 1;
}

/** Lets a session that had to change its password make every call again (the password was changed). */
export async function clearPasswordChangeRequired(db: Db, sessionId: number): Promise<void> {
  await db.query('UPDATE member_session SET password_change_required = false WHERE id = $1', [sessionId]);
}

/** Revokes every live session of a member except one (or all when `exceptSessionId` is null). */
export async function revokeMemberSessions(
  db: Db,
  memberId: number,
  exceptSessionId: number | null,
  reason: string,
  nowMs: number,
): Promise<number> {
  const result = await db.query(
    `UPDATE member_session SET revoked_at = $3, revoke_reason = $4
      WHERE member_id = $1 AND revoked_at IS NULL AND ($2::bigint IS NULL OR id <> $2::bigint)`,
    [memberId, exceptSessionId, new Date(nowMs), reason],
  );
  return result.rowCount ?? 0;
}

export interface LoginAttemptRow {
  merchantId: number;
  username: string;
  memberId: number | null;
  clientIp: string;
  loginType: string;
  outcome: 'ok' | 'bad_password' | 'bad_captcha' | 'bad_code' | 'locked' | 'blocked' | 'two_factor_required';
  nowMs: number;
}

export async function insertLoginAttempt(db: Db, row: LoginAttemptRow): Promise<void> {
  await db.query(
    `INSERT INTO login_attempt (merchant_id, username, member_id, client_ip, login_type, outcome, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [row.merchantId, row.username.slice(0, 64), row.memberId, row.clientIp, row.loginType, row.outcome, new Date(row.nowMs)],
  );
}

/**
 * Whether a throttle key (auth_throttle, rate-limit module) holds failures its next login attempt
 * would count as prior ones: locked, or failures in a window that has not passed. Reads only; the
 * same reading as reserveAttempts' priorFailures, which decides the login's captcha.
 */
export async function selectHasPriorFailures(db: Db, merchantId: number, scope: string, subject: string, windowMs: number, nowMs: number): Promise<boolean> {
  const result = await db.query(
    `SELECT 1 FROM auth_throttle
      WHERE merchant_id = $1 AND scope = $2 AND subject = $3
        AND (locked_until > $4::timestamptz
             OR (locked_until IS NULL AND failures > 0 AND window_started_at + $5::interval > $4::timestamptz))`,
    [merchantId, scope, subject, new Date(nowMs), `${Math.round(windowMs)} milliseconds`],
  );
  return (result.rowCount ?? 0) > 0;
}
