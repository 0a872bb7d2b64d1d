import { createHash, randomBytes } from 'node:crypto';
import type { Envelope } from '@platform/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { json, type TestContext } from '../../testing/test-app';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from '../ledger';
import { createMember, encryptedInject, tokenFor } from '../member/member.testing';

// Helpers for the withdrawal tests (not a test file itself).

export const LOGIN_PASSWORD = 'Login-pass-42';
export const PAYMENT_PASSWORD = '135790';

let keyCounter = 0;
/** A fresh Idempotency-Key. */
export const newKey = (): string => `wd-key-${++keyCounter}-${randomBytes(6).toString('hex')}`;

let sessionCounter = 0;

export interface TestMemberSession {
  memberId: number;
  token: string;
  username: string;
}

/** A member with a session (and a REAL main wallet). */
export async function memberWithSession(context: TestContext, username: string, nowMs = Date.now()): Promise<TestMemberSession> {
  const memberId = await createMember(context.pool, context.merchantId, { username, password: LOGIN_PASSWORD, nowMs });
  // An address of its own: logins at once from one address count against each other (session module).
  const token = await tokenFor(context.app, username, LOGIN_PASSWORD, `10.9.${Math.floor(++sessionCounter / 250) % 250}.${(sessionCounter % 250) + 1}`);
  return { memberId, token, username };
}

async function move(pool: pg.Pool, merchantId: number, key: string, kind: string, from: number, to: number, amountMinor: number, nowMs: number): Promise<void> {
  await postTransaction(pool, {
    merchantId,
    idempotencyKey: key,
    kind,
    unit: 'REAL',
    postings: [
      { accountId: from, amountMinor: -amountMinor },
      { accountId: to, amountMinor },
    ],
    nowMs,
  });
}

/** Money for a member that is no deposit (no turnover required): house_cash → main wallet. */
export async function credit(pool: pg.Pool, merchantId: number, memberId: number, amountMinor: number, nowMs = Date.now()): Promise<void> {
  const house = await ensureHouseAccount(pool, merchantId, 'house_cash', nowMs);
  const wallet = await ensureMemberAccount(pool, merchantId, memberId, 'REAL', nowMs);
  await move(pool, merchantId, `test-credit:${randomBytes(8).toString('hex')}`, 'test_credit', house, wallet, amountMinor, nowMs);
}

/** A deposit as the deposit work posts it (kind exactly `deposit`): house_deposits → main wallet. */
export async function deposit(pool: pg.Pool, merchantId: number, memberId: number, amountMinor: number, nowMs: number): Promise<void> {
  const house = await ensureHouseAccount(pool, merchantId, 'house_deposits', nowMs);
  const wallet = await ensureMemberAccount(pool, merchantId, memberId, 'REAL', nowMs);
  await move(pool, merchantId, `test-deposit:${randomBytes(8).toString('hex')}`, 'deposit', house, wallet, amountMinor, nowMs);
}

/** A valid bet as the games work will post it (kind `bet`): main wallet → house_bets. */
export async function bet(pool: pg.Pool, merchantId: number, memberId: number, amountMinor: number, nowMs: number): Promise<void> {
  const house = await ensureHouseAccount(pool, merchantId, 'house_bets', nowMs);
  const wallet = await ensureMemberAccount(pool, merchantId, memberId, 'REAL', nowMs);
  await move(pool, merchantId, `test-bet:${randomBytes(8).toString('hex')}`, 'bet', wallet, house, amountMinor, nowMs);
}

export async function mainBalanceMinor(pool: pg.Pool, memberId: number): Promise<number> {
  const result = await pool.query<{ balance_minor: string }>("SELECT balance_minor FROM ledger_account WHERE member_id = $1 AND kind = 'member_main'", [memberId]);
  return Number(result.rows[0]?.balance_minor ?? 0);
}

export async function houseBalanceMinor(pool: pg.Pool, merchantId: number, kind: string): Promise<number> {
  const result = await pool.query<{ balance_minor: string }>('SELECT balance_minor FROM ledger_account WHERE merchant_id = $1 AND kind = $2 AND member_id IS NULL', [merchantId, kind]);
  return Number(result.rows[0]?.balance_minor ?? 0);
}

/** The sum of every account of the merchant: always 0 (money is only moved). */
export async function ledgerSumMinor(pool: pg.Pool, merchantId: number): Promise<number> {
  const result = await pool.query<{ sum: string }>('SELECT coalesce(sum(balance_minor), 0) AS sum FROM ledger_account WHERE merchant_id = $1', [merchantId]);
  return Number(result.rows[0].sum);
}

export async function setWithdrawSettings(pool: pg.Pool, merchantId: number, value: Record<string, unknown>): Promise<void> {
  await pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'withdraw', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [merchantId, JSON.stringify(value)],
  );
}

/** An encrypted POST with the member's token (and extra headers). */
export function post(app: FastifyInstance, url: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return encryptedInject(app, 'POST', url, body, { headers: { authorization: token, language: 'EN', ...headers } });
}

export function get(app: FastifyInstance, url: string, token: string, language = 'EN'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { authorization: token, language } });
}

/** The envelope's value of a successful answer; fails the test with the body otherwise. */
export function valueOf<T>(response: LightMyRequestResponse): T {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return json<Envelope<T>>(response).value;
}

/** { status, errorCode } of an answer, for compact assertions. */
export const outcome = (response: LightMyRequestResponse): { status: number; errorCode: string | null } => ({
  status: response.statusCode,
  errorCode: json<Envelope<unknown>>(response).errorCode,
});

export async function setPaymentPasswordOf(app: FastifyInstance, token: string, password = PAYMENT_PASSWORD): Promise<void> {
  valueOf(await post(app, '/wps/relay/setWithdrawPassword', token, { paymentPassword: password, confirmPaymentPassword: password }));
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A well-formed TRON address (base58check of 0x41 and 20 random bytes). */
export function tronAddress(): string {
  const payload = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
  const checksum = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest().subarray(0, 4);
  let value = BigInt(`0x${Buffer.concat([payload, checksum]).toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text;
    value /= 58n;
  }
  return text;
}

/** Binds a card through the API; answers its id. */
export async function bindCard(
  app: FastifyInstance,
  token: string,
  card: { payeeName?: string; bankCode?: string; cardNumber?: string; cardType?: 'BC' | 'EW' | 'VM' } = {},
): Promise<number> {
  const value = valueOf<{ bankCardId: number }>(
    await post(app, '/wps/relay/withdrawAddCard', token, {
      payeeName: card.payeeName ?? 'Rahim Uddin',
      bankCode: card.bankCode ?? 'DBBL',
      // 14 digits: 10 and 12 random ones (5 random bytes reach 13 digits, hence the remainder).
      cardNumber: card.cardNumber ?? `10${(randomBytes(5).readUIntBE(0, 5) % 1e12).toString().padStart(12, '0')}`,
      cardType: card.cardType ?? 'BC',
      paymentPassword: PAYMENT_PASSWORD,
    }),
  );
  return value.bankCardId;
}
