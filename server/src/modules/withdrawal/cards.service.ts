import { createHash } from 'node:crypto';
import { MAX_WITHDRAW_CARDS, type WithdrawCard, type WithdrawType } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { verifyPaymentPassword } from './payment-password';
import * as queries from './withdrawal.queries';
import type { CardRow } from './withdrawal.queries';

// A member's bound cards (bank accounts), e-wallets and virtual wallets. Binding and deleting ask
// for the payment password first (so nothing, not even whether a number is bound, is told to a
// caller without it), then run under the member's row lock: the count of cards and the real-name
// rule hold when several requests arrive at once. The same number at the same bank is bound once
// per merchant (a unique index among cards not deleted).

/** Digits only, 8–24 (spaces and hyphens people paste are dropped first). */
export function bankNumberOf(raw: string): string {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^[0-9]{8,24}$/.test(digits)) throw new AppError(400, 'withdraw.card.number.invalid');
  return digits;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Buffer | undefined {
  let value = 0n;
  for (const character of text) {
    const digit = BASE58.indexOf(character);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const character of text) {
    if (character !== '1') break;
    bytes.unshift(0);
  }
  return Buffer.from(bytes);
}

const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

/**
 * A TRON (TRC20) address: base58check of 0x41 and 20 bytes, 34 characters starting with T, its
 * checksum right (a mistyped address would send the money nowhere).
 */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return false;
  return sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4).equals(bytes.subarray(21));
}

function walletAddressOf(protocol: string | null, raw: string): string {
  const address = raw.trim();
  if (protocol === 'TRC20' && isTronAddress(address)) return address;
  throw new AppError(400, 'withdraw.address.invalid');
}

/** A real name: letters (any script) with spaces, dots, hyphens, apostrophes; 2–64; spaces collapsed. */
export function payeeNameOf(raw: string): string {
  const name = raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
  if (name.length < 2 || name.length > 64 || !/^\p{L}[\p{L}\p{M} .'-]*$/u.test(name)) throw new AppError(400, 'withdraw.payee.invalid');
  return name;
}

const samePayee = (a: string, b: string): boolean => a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();

/** ****1234: all but the last four characters hidden. */
export const maskTail = (text: string): string => `****${text.slice(-4)}`;
/** Txxx****wxyz: a wallet address with its first and last four characters. */
const maskMiddle = (text: string): string => `${text.slice(0, 4)}****${text.slice(-4)}`;

/** A card as the member sees it (contract withdrawCardSchema). */
export function cardValue(card: CardRow): WithdrawCard {
  const virtual = card.cardType === 'VM';
  return {
    bankCardId: card.id,
    cardType: card.cardType,
    bankCode: card.bankCode,
    bankName: card.bankName,
    cardNumber: maskTail(card.cardNumber),
    payeeName: card.payeeName,
    walletAddress: virtual ? maskMiddle(card.cardNumber) : null,
    protocol: card.protocol,
    createdAt: card.createdAtMs,
  };
}

export interface AddCardInput {
  merchantId: number;
  memberId: number;
  payeeName: string;
  bankCode: string;
  cardNumber: string;
  cardType: WithdrawType;
  paymentPassword: string;
  nowMs: number;
}

/**
 * Binds a card. Refused, in this order: the payment password (not.exists.payment.password,
 * invalid.payment.pw, 429), a bank the merchant does not list for this type (withdraw.bank.invalid),
 * a malformed number or address, a malformed real name (withdraw.payee.invalid), the member's
 * MAX_WITHDRAW_CARDS reached (withdraw.card.limit), the number bound already
 * (withdraw.card.exists), a real name other than the member's (withdraw.payee.mismatch). The
 * first card of a member without a real name sets it.
 */
export async function addCard(pool: pg.Pool, input: AddCardInput): Promise<CardRow> {
  await verifyPaymentPassword(pool, input.merchantId, input.memberId, input.paymentPassword, input.nowMs);
  return bindVerified(pool, input);
}

/**
 * addCard after the payment password was checked (module-internal; tests race it with more
 * requests at once than the payment password's lock lets through).
 */
export async function bindVerified(pool: pg.Pool, input: Omit<AddCardInput, 'paymentPassword'>): Promise<CardRow> {
  const { merchantId, memberId } = input;
  const bank = (await queries.selectBanks(pool, merchantId)).find((row) => row.bankCode === input.bankCode && row.cardType === input.cardType);
  if (!bank) throw new AppError(400, 'withdraw.bank.invalid');
  const cardNumber = bank.cardType === 'VM' ? walletAddressOf(bank.protocol, input.cardNumber) : bankNumberOf(input.cardNumber);
  const payeeName = payeeNameOf(input.payeeName);
  try {
    return await withTransaction(pool, async (client) => {
      if (!(await queries.lockMember(client, merchantId, memberId))) throw new Error(`member ${memberId} not found`);
      if ((await queries.selectCards(client, merchantId, memberId)).length >= MAX_WITHDRAW_CARDS) throw new AppError(400, 'withdraw.card.limit', { max: String(MAX_WITHDRAW_CARDS) });
      if (await queries.cardNumberBound(client, merchantId, bank.bankCode, cardNumber)) throw new AppError(400, 'withdraw.card.exists');
      const memberName = (await queries.selectMemberWithdrawFacts(client, merchantId, memberId)).payeeName ?? (await queries.setPayeeNameIfUnset(client, merchantId, memberId, payeeName));
      if (memberName !== null && !samePayee(memberName, payeeName)) throw new AppError(400, 'withdraw.payee.mismatch');
      return queries.insertCard(client, {
        merchantId,
        memberId,
        cardType: bank.cardType,
        bankCode: bank.bankCode,
        bankName: bank.bankName,
        protocol: bank.protocol,
        cardNumber,
        // The member's real name as recorded (the first card's spelling wins).
        payeeName: memberName ?? payeeName,
        nowMs: input.nowMs,
      });
    });
  } catch (error) {
    // Another member bound the same number at the same moment (the unique index decided).
    if ((error as { code?: string; constraint?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'withdraw_card_number') {
      throw new AppError(400, 'withdraw.card.exists');
    }
    throw error;
  }
}

/** Deletes a bound card: payment password first; refused while a withdrawal to it is pending. */
export async function deleteCard(pool: pg.Pool, input: { merchantId: number; memberId: number; cardId: number; password: string; nowMs: number }): Promise<void> {
  const { merchantId, memberId, cardId } = input;
  await verifyPaymentPassword(pool, merchantId, memberId, input.password, input.nowMs);
  await withTransaction(pool, async (client) => {
    if (!(await queries.lockMember(client, merchantId, memberId))) throw new Error(`member ${memberId} not found`);
    if (!(await queries.selectCard(client, merchantId, memberId, cardId))) throw new AppError(400, 'withdraw.card.not.found');
    if (await queries.cardHasPendingWithdrawal(client, cardId)) throw new AppError(400, 'withdraw.card.pending');
    await queries.markCardDeleted(client, merchantId, memberId, cardId, input.nowMs);
  });
}

/** The member's cards by kind, with what the page needs before binding one. */
export async function accountInfo(db: Db, merchantId: number, memberId: number) {
  const [cards, facts] = await Promise.all([queries.selectCards(db, merchantId, memberId), queries.selectMemberWithdrawFacts(db, merchantId, memberId)]);
  const ofType = (type: WithdrawType) => cards.filter((card) => card.cardType === type).map(cardValue);
  return {
    bankCards: ofType('BC'),
    eWallets: ofType('EW'),
    virtualWallets: ofType('VM'),
    hasPaymentPassword: facts.hasPaymentPassword,
    payeeName: facts.payeeName,
    maxCards: MAX_WITHDRAW_CARDS,
  };
}
