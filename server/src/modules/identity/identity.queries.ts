import { AGENT_MEMBER_TYPES, type MemberType } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the member table (the identity module owns it). Every query is scoped by merchant and parameterised.

export type { MemberType };
const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** A member as the rest of the server sees it (never the password hashes). */
export interface Member {
  id: number;
  merchantId: number;
  username: string;
  memberType: MemberType;
  status: 'active' | 'blocked';
  uplineId: number | null;
  affiliateCode: string | null;
  countryDialingCode: string | null;
  mobile: string | null;
  /** '+8801712345678' when the member has a mobile number. */
  mobileE164: string | null;
  email: string | null;
  nickname: string | null;
  language: string | null;
  avatarUrl: string | null;
  firstTimeLogin: boolean;
  passwordChangedAtMs: number;
  passwordExpiresAtMs: number | null;
  createdAtMs: number;
  lastLoginAtMs: number | null;
}

/** A member with the login password hash, for the few places that check it. */
export interface MemberWithCredentials extends Member {
  passwordHash: string;
}

export interface MemberRow {
  id: string;
  merchant_id: number;
  username: string;
  member_type: number;
  status: 'active' | 'blocked';
  upline_id: string | null;
  affiliate_code: string | null;
  country_dialing_code: string | null;
  mobile: string | null;
  mobile_e164: string | null;
  email: string | null;
  nickname: string | null;
  language: string | null;
  avatar_url: string | null;
  first_time_login: boolean;
  password_changed_at: Date;
  password_expires_at: Date | null;
  created_at: Date;
  last_login_at: Date | null;
  password_hash: string;
}

/** Columns of MemberRow, qualified with `alias` for joins. */
export function memberColumns(alias = 'member'): string {
  return [
    'id', 'merchant_id', 'username', 'member_type', 'status', 'upline_id', 'affiliate_code', 'country_dialing_code',
    'mobile', 'mobile_e164', 'email', 'nickname', 'language', 'avatar_url', 'first_time_login', 'password_changed_at',
    'password_expires_at', 'created_at', 'last_login_at', 'password_hash',
  ]
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

export function memberFromRow(row: MemberRow): MemberWithCredentials {
  return {
    id: Number(row.id),
    merchantId: row.merchant_id,
    username: row.username,
    memberType: row.member_type as MemberType,
    status: row.status,
    uplineId: row.upline_id === null ? null : Number(row.upline_id),
    affiliateCode: row.affiliate_code,
    countryDialingCode: row.country_dialing_code,
    mobile: row.mobile,
    mobileE164: row.mobile_e164,
    email: row.email,
    nickname: row.nickname,
    language: row.language,
    avatarUrl: row.avatar_url,
    firstTimeLogin: row.first_time_login,
    passwordChangedAtMs: row.password_changed_at.getTime(),
    passwordExpiresAtMs: row.password_expires_at?.getTime() ?? null,
    createdAtMs: row.created_at.getTime(),
    lastLoginAtMs: row.last_login_at?.getTime() ?? null,
    passwordHash: row.password_hash,
  };
}

/** The same member without the hash, safe to hand to other modules. */
export function withoutCredentials(member: MemberWithCredentials): Member {
  const { passwordHash: _omitted, ...rest } = member;
  return rest;
}

async function selectOne(db: Db, where: string, params: unknown[]): Promise<MemberWithCredentials | undefined> {
  const result = await db.query<MemberRow>(`SELECT ${memberColumns()} FROM member WHERE ${where}`, params);
  return result.rows[0] ? memberFromRow(result.rows[0]) : undefined;
}

export const selectMemberById = (db: Db, merchantId: number, memberId: number) =>
  selectOne(db, 'merchant_id = $1 AND id = $2', [merchantId, memberId]);

export const selectMemberByUsername = (db: Db, merchantId: number, username: string) =>
  selectOne(db, 'merchant_id = $1 AND lower(username) = lower($2)', [merchantId, username]);

export const selectMemberByMobileE164 = (db: Db, merchantId: number, mobileE164: string) =>
  selectOne(db, 'merchant_id = $1 AND mobile_e164 = $2', [merchantId, mobileE164]);

/** Members whose national number is `mobile`, whatever their dialling code (at most 2 read). */
export async function selectMembersByMobile(db: Db, merchantId: number, mobile: string): Promise<MemberWithCredentials[]> {
  const result = await db.query<MemberRow>(
    `SELECT ${memberColumns()} FROM member WHERE merchant_id = $1 AND mobile = $2 ORDER BY id LIMIT 2`,
    [merchantId, mobile],
  );
  return result.rows.map(memberFromRow);
}

/** An agent (one of AGENT_MEMBER_TYPES) of the merchant owning `code`, compared ignoring case. */
export async function selectAgentByAffiliateCode(db: Db, merchantId: number, code: string): Promise<MemberWithCredentials | undefined> {
  return selectOne(
    db,
    "merchant_id = $1 AND lower(affiliate_code) = lower($2) AND member_type = ANY($3::int[]) AND status = 'active'",
    [merchantId, code, AGENT_MEMBER_TYPES],
  );
}

/** A new member: who they are and how they came; the profile fields a form may add are optional. */
export interface NewMemberRow {
  merchantId: number;
  username: string;
  passwordHash: string;
  passwordExpiresAtMs: number | null;
  firstTimeLogin: boolean;
  memberType: MemberType;
  uplineId: number | null;
  registerMethod: string;
  registerIp: string | null;
  nowMs: number;
  countryDialingCode?: string | null;
  mobile?: string | null;
  email?: string | null;
  payeeName?: string | null;
  qqNum?: string | null;
  line?: string | null;
  whatsapp?: string | null;
  zalo?: string | null;
  facebook?: string | null;
  wechat?: string | null;
  idNumber?: string | null;
  paymentPasswordHash?: string | null;
  nickname?: string | null;
  language?: string | null;
  registerUrl?: string | null;
}

/** Inserts a member; a taken username or mobile raises PostgreSQL's unique violation (23505). */
export async function insertMember(db: Db, row: NewMemberRow): Promise<MemberWithCredentials> {
  const result = await db.query<MemberRow>(
    `INSERT INTO member (merchant_id, username, password_hash, password_changed_at, password_expires_at, first_time_login,
                         member_type, upline_id, country_dialing_code, mobile, email, payee_name, qq_num, line, whatsapp,
                         zalo, facebook, wechat, id_number, payment_password_hash, nickname, language, register_method,
                         register_url, register_ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
             $24, $25, $4)
     RETURNING ${memberColumns('member')}`,
    [
      row.merchantId, row.username, row.passwordHash, new Date(row.nowMs), dateOrNull(row.passwordExpiresAtMs), row.firstTimeLogin,
      row.memberType, row.uplineId, row.countryDialingCode ?? null, row.mobile ?? null, row.email ?? null, row.payeeName ?? null,
      row.qqNum ?? null, row.line ?? null, row.whatsapp ?? null, row.zalo ?? null, row.facebook ?? null, row.wechat ?? null,
      row.idNumber ?? null, row.paymentPasswordHash ?? null, row.nickname ?? null, row.language ?? null,
      row.registerMethod, row.registerUrl ?? null, row.registerIp,
    ],
  );
  return memberFromRow(result.rows[0]);
}

/** Which unique index a 23505 error names, if it is about a member. */
export function memberConflictOf(error: unknown): 'username' | 'mobile' | 'affiliate_code' | undefined {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError.code !== '23505') return undefined;
  switch (pgError.constraint) {
    case 'member_username':
      return 'username';
    case 'member_mobile':
      return 'mobile';
    case 'member_affiliate_code':
      return 'affiliate_code';
    default:
      return undefined;
  }
}

export async function updatePassword(
  db: Db,
  merchantId: number,
  memberId: number,
  passwordHash: string,
  nowMs: number,
  expiresAtMs: number | null,
  /** true: the next password login may only change the password (a temporary one customer service gave). */
  firstTimeLogin = false,
): Promise<boolean> {
  const result = await db.query(
    `UPDATE member SET password_hash = $3, password_changed_at = $4, password_expires_at = $5, first_time_login = $6
      WHERE merchant_id = $1 AND id = $2`,
    [merchantId, memberId, passwordHash, new Date(nowMs), dateOrNull(expiresAtMs), firstTimeLogin],
  );
  return result.rowCount === 1;
}

export async function updateLastLogin(db: Db, memberId: number, nowMs: number, clientIp: string): Promise<void> {
  await db.query('UPDATE member SET last_login_at = $2, last_login_ip = $3 WHERE id = $1', [memberId, new Date(nowMs), clientIp]);
}

export async function updateLanguage(db: Db, merchantId: number, memberId: number, language: string): Promise<void> {
  await db.query('UPDATE member SET language = $3 WHERE merchant_id = $1 AND id = $2', [merchantId, memberId, language]);
}

export async function selectUplineUsername(db: Db, merchantId: number, uplineId: number): Promise<string | undefined> {
  const result = await db.query<{ username: string }>('SELECT username FROM member WHERE merchant_id = $1 AND id = $2', [
    merchantId,
    uplineId,
  ]);
  return result.rows[0]?.username;
}

export async function countryDialingCodeExists(db: Db, merchantId: number, dialingCode: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM country WHERE merchant_id = $1 AND dialing_code = $2 AND enabled LIMIT 1', [
    merchantId,
    dialingCode,
  ]);
  return (result.rowCount ?? 0) > 0;
}
