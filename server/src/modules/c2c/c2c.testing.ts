import { randomBytes } from 'node:crypto';
import type { C2CConfirmation, C2CConfirmationList, C2CDeposit, Envelope } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { json, type TestContext } from '../../testing/test-app';
import { holdWithdrawal } from '../withdrawal';
import { bindCard, credit, memberWithSession, newKey, setPaymentPasswordOf, type TestMemberSession } from '../withdrawal/withdrawal.testing';

// Helpers for the C2C tests (not a test file itself).

/** A tiny png as a data URL (the bytes start with the png signature). */
export const PNG_DATA_URL = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('proof')]).toString('base64')}`;
export const JPEG_DATA_URL = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('evidence')]).toString('base64')}`;

export async function setC2CSettings(pool: pg.Pool, merchantId: number, value: Record<string, unknown>): Promise<void> {
  await pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'c2c', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [merchantId, JSON.stringify(value)],
  );
}

let counter = 0;
/** A unique username with a prefix. */
export const username = (prefix: string): string => `${prefix}${String(++counter).padStart(4, '0')}`;

export interface Withdrawer extends TestMemberSession {
  cardId: number;
  cardNumber: string;
  withdrawalId: number;
}

/** A member with a bank card and a pending BC withdrawal of `amountMinor` (held from `balanceMinor`). */
export async function withdrawer(context: TestContext, amountMinor: number, nowMs: number, balanceMinor = amountMinor): Promise<Withdrawer> {
  const session = await memberWithSession(context, username('wd'), nowMs);
  await setPaymentPasswordOf(context.app, session.token);
  const cardNumber = `20${randomBytes(5).readUIntBE(0, 5).toString().padStart(12, '0')}`;
  const cardId = await bindCard(context.app, session.token, { cardNumber, payeeName: 'Karim Ahmed' });
  await credit(context.pool, context.merchantId, session.memberId, balanceMinor, nowMs);
  const { withdrawal } = await holdWithdrawal(context.pool, {
    merchantId: context.merchantId,
    memberId: session.memberId,
    amountMinor,
    cardId,
    withdrawType: 'BC',
    idempotencyKey: newKey(),
    nowMs,
  });
  return { ...session, cardId, cardNumber, withdrawalId: withdrawal.id };
}

/** A member with a session and no money. */
export const depositor = (context: TestContext, nowMs: number): Promise<TestMemberSession> => memberWithSession(context, username('dp'), nowMs);

export function postJson(context: TestContext, url: string, token: string, body: unknown, key?: string): Promise<LightMyRequestResponse> {
  return context.app.inject({
    method: 'POST',
    url,
    headers: { authorization: token, language: 'EN', ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

export const getJson = (context: TestContext, url: string, token: string) => context.app.inject({ method: 'GET', url, headers: { authorization: token, language: 'EN' } });

export const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);

/** The value of a 200 answer; throws with the body otherwise. */
export function value<T>(response: LightMyRequestResponse): T {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return envelope<T>(response).value;
}

export const refusal = (response: LightMyRequestResponse) => ({ status: response.statusCode, errorCode: envelope<unknown>(response).errorCode });

export const deposit = (context: TestContext, token: string, amount: number, key = newKey(), payerName = 'Rahim Payer') =>
  postJson(context, '/wps/relay/depositC2C', token, { amount, payerName }, key);
export const markPaid = (context: TestContext, token: string, depositId: number) => postJson(context, '/wps/relay/confirmC2CPaid', token, { depositId });
export const cancel = (context: TestContext, token: string, depositId: number) => postJson(context, '/wps/relay/cancelC2CDeposit', token, { depositId });
export const detail = (context: TestContext, token: string, depositId?: number) =>
  getJson(context, `/wps/relay/getDepositConfirmationDetail${depositId === undefined ? '' : `?depositId=${depositId}`}`, token);
export const confirmations = async (context: TestContext, token: string) => value<C2CConfirmationList>(await getJson(context, '/wps/relay/MCSFE_getPaymentConfirmationList', token));
export const answer = (context: TestContext, token: string, body: { orderId: number; result: string; receivedAmount?: number; images?: string[] }, key = newKey()) =>
  postJson(context, '/wps/relay/confirmC2CReceipt', token, body, key);

export type { C2CConfirmation, C2CDeposit };
