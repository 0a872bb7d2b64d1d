import type { ModuleId } from '@platform/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import type { Envelope, LoginResult, RsaKey } from '@platform/contract';
import { encryptForServer, type ServerKey } from '../../http/encryption';
import { json } from '../../testing/test-app';
import { createCaptcha } from '../captcha';
import { hashPassword, insertMember, type MemberType } from '../identity';
import { ensureMemberAccount } from '../ledger';

// Helpers for the account tests of every module (not a test file itself): tests of other modules
// may import a module's *.testing.ts, production code may not (see architecture.test.ts).

/** A clock tests move by hand. Starts at a fixed instant. */
export class TestClock {
  nowMs = Date.UTC(2025, 0, 15, 10, 0, 0);
  readonly now = (): number => this.nowMs;
  advance(ms: number): void {
    this.nowMs += ms;
  }
}

export const MINUTE = 60_000;

/**
 * The server's key and clock, asked for every call as the browser's client would after its key
 * cache expired: tests move the server's clock, and a payload's ts must follow it.
 */
export async function serverKeyOf(app: FastifyInstance): Promise<ServerKey> {
  const response = await app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
  return json<Envelope<RsaKey>>(response).value;
}

export interface InjectOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** An encrypted call, sealed exactly as the browser seals it. */
export async function encryptedInject(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  options: InjectOptions = {},
): Promise<LightMyRequestResponse> {
  const sealed = await encryptForServer(payload, await serverKeyOf(app));
  return app.inject({
    method,
    url,
    headers: { encryption: sealed.encryption, ...options.headers },
    payload: sealed.body,
    remoteAddress: options.remoteAddress,
  });
}

export interface LoginPayload {
  username: string;
  password: string;
  type?: 'username' | 'sms';
  captcha?: string;
  captchaId?: string;
  countryDialingCode?: string;
  /** A solved bot check (bot-check/bot-check.testing.ts). */
  botCheck?: string;
}

export const loginRequest = (app: FastifyInstance, payload: LoginPayload, options: InjectOptions = {}) =>
  encryptedInject(app, 'POST', '/wps/session/login', payload, options);

/** Logs in and returns the token; fails the test if the login fails. */
export async function tokenFor(app: FastifyInstance, username: string, password: string, remoteAddress = '198.51.100.1'): Promise<string> {
  const response = await loginRequest(app, { username, password }, { remoteAddress });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.body}`);
  return json<Envelope<LoginResult>>(response).value.token;
}

export interface TestMember {
  username: string;
  password?: string;
  memberType?: MemberType;
  affiliateCode?: string;
  countryDialingCode?: string;
  mobile?: string;
  firstTimeLogin?: boolean;
  passwordExpiresAtMs?: number | null;
  status?: 'active' | 'blocked';
  nowMs?: number;
}

/** A member inserted directly (as the back office would), with a REAL wallet. Returns the id. */
export async function createMember(pool: pg.Pool, merchantId: number, member: TestMember): Promise<number> {
  const nowMs = member.nowMs ?? Date.now();
  const inserted = await insertMember(pool, {
    merchantId,
    username: member.username,
    passwordHash: await hashPassword(member.password ?? 'secret123'),
    passwordExpiresAtMs: member.passwordExpiresAtMs ?? null,
    firstTimeLogin: member.firstTimeLogin ?? false,
    memberType: member.memberType ?? 0,
    uplineId: null,
    countryDialingCode: member.countryDialingCode ?? null,
    mobile: member.mobile ?? null,
    registerMethod: 'BO',
    registerIp: null,
    nowMs,
  });
  if (member.affiliateCode) await pool.query('UPDATE member SET affiliate_code = $2 WHERE id = $1', [inserted.id, member.affiliateCode]);
  if (member.status) await pool.query('UPDATE member SET status = $2 WHERE id = $1', [inserted.id, member.status]);
  await ensureMemberAccount(pool, merchantId, inserted.id, member.memberType === 4 ? 'PLAY' : 'REAL', nowMs);
  return inserted.id;
}

export async function setModule(pool: pg.Pool, merchantId: number, moduleId: ModuleId, enabled: boolean): Promise<void> {
  await pool.query(
    `INSERT INTO whitelabel_module (merchant_id, module_id, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (merchant_id, module_id) DO UPDATE SET enabled = EXCLUDED.enabled`,
    [merchantId, moduleId, enabled],
  );
}

export async function setAccountSettings(pool: pg.Pool, merchantId: number, settings: Record<string, unknown>): Promise<void> {
  await pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'accounts', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [merchantId, JSON.stringify(settings)],
  );
}

/** A stored captcha with a known answer (the route draws a random one). Returns its id. */
export async function knownCaptcha(pool: pg.Pool, merchantId: number, text: string, nowMs: number, ttlMs = 120_000): Promise<string> {
  const challenge = await createCaptcha(pool, { merchantId, clientIp: null, nowMs, ttlMs, text });
  return challenge.captchaId;
}
