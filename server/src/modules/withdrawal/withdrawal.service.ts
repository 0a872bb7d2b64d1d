import {
  WITHDRAW_REPORT_MAX_DAYS,
  WITHDRAW_REPORT_MAX_ROWS,
  type TurnoverInfo,
  type Withdrawal,
  type WithdrawalStatus,
  type WithdrawCharges,
  type WithdrawReport,
  type WithdrawSettings as WireWithdrawSettings,
  type WithdrawType,
} from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction, type RetryOptions } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { ensureHouseAccount, ensureMemberAccount, InsufficientFundsError, minorToMajor, postTransactionIn, readWalletSettings, type PostingInput } from '../ledger';
import { wageringStateOf, type WageringState } from '../wagering';
import { maskTail } from './cards.service';
import { verifyPaymentPassword } from './payment-password';
import * as queries from './withdrawal.queries';
import type { WithdrawalRow } from './withdrawal.queries';
import {
  chargeMinorOf,
  dayStartMs,
  memberWithdrawSettings,
  noWithdrawalPerks,
  readWithdrawSettings,
  virtualAmountMinorOf,
  type WithdrawalPerksOf,
  type WithdrawSettings,
} from './withdrawal.settings';

// Withdrawals. A request holds its amount at once: ONE ledger transaction (kind withdraw_request,
// key withdraw_request:<id>, order number W<id>) moves it from the member's main wallet to the
// merchant's house_withdrawal_hold, in the same database transaction that inserts the pending row
// (the ledger's postTransactionIn), under the member's row lock, so today's count, the idempotency key and the
// balance are judged one request at a time per member; the ledger's CHECK keeps the balance at or
// above zero whatever happens. An operator then pays it (hold → house_withdrawals for amount −
// charge and → house_withdrawal_charges for the charge, kind withdraw_paid) or rejects it (hold →
// member in full, kind withdraw_refund), each under the withdrawal's row lock, in the same database
// transaction as the status, and both under the one ledger key withdraw_settle:<id>: a withdrawal
// is settled once, whichever way, however many operators press at once.
//
// Money: nothing is created or lost. For every withdrawal, the member's debit equals the hold's
// credit; settling empties that credit from the hold into payout + charge, or back to the member.
//
// A member's perks (its VIP level's, read through the WithdrawalPerksOf hook app.ts passes in)
// raise its own daily count and free withdrawals and put its withdrawals first in the review
// queue. A request reads them under the member's lock, just before the day's count: the count and
// the limit it is held to are read one request at a time, so requests at once never pass the
// member's limit, and a level changed a moment ago applies to the very next request.

/** Retries of a withdrawal's database transaction aborted by a deadlock or serialization failure. */
const RETRY: RetryOptions = { maxAttempts: 6, baseDelayMs: 5 };

export const orderNoOf = (withdrawalId: number): string => `W${withdrawalId}`;

// C2C (modules/c2c, migration 027): depositors may pay part or all of a pending bank-card
// withdrawal straight to its card; each confirmed part (c2c_settled_minor) leaves the hold for the
// depositor's wallet at once. What is left for the house to settle is amount − c2c_settled. The
// charge is taken only on the part the house pays out: charge × rest ÷ amount (rounded down), so
// a withdrawal nobody paid by C2C keeps its charge exactly and one paid in full by C2C has none.
// While an open C2C order reserves part of it (c2c_reserved_minor > 0), an operator can neither pay
// nor reject it (409 withdrawal.c2c.open): the order is settled or released first.

/** What the house still settles of a withdrawal: its amount less what C2C depositors paid. */
export const houseRestMinorOf = (row: Pick<WithdrawalRow, 'amountMinor' | 'c2cSettledMinor'>): number => row.amountMinor - row.c2cSettledMinor;

/** The charge taken when the rest is paid out (see above). */
export function restChargeMinorOf(row: Pick<WithdrawalRow, 'amountMinor' | 'chargeMinor' | 'c2cSettledMinor'>): number {
  if (row.c2cSettledMinor === 0) return row.chargeMinor;
  return Number((BigInt(row.chargeMinor) * BigInt(houseRestMinorOf(row))) / BigInt(row.amountMinor));
}

/** What an operator sends to the card when paying: the rest less its charge. */
export const payoutMinorOf = (row: Pick<WithdrawalRow, 'amountMinor' | 'chargeMinor' | 'c2cSettledMinor'>): number => houseRestMinorOf(row) - restChargeMinorOf(row);

/** A withdrawal as the member sees it (contract withdrawalSchema). */
export function withdrawalValue(row: WithdrawalRow): Withdrawal {
  return {
    withdrawId: row.id,
    orderNo: orderNoOf(row.id),
    withdrawType: row.withdrawType,
    amount: minorToMajor(row.amountMinor),
    charge: minorToMajor(restChargeMinorOf(row)),
    receivedAmount: minorToMajor(row.amountMinor - restChargeMinorOf(row)),
    virtualAmount: row.virtualAmountMinor === null ? null : minorToMajor(row.virtualAmountMinor),
    bankName: row.bankName,
    cardNumber: maskTail(row.cardNumber),
    status: row.status,
    withdrawDate: row.createdAtMs,
    remark: row.remark,
  };
}

// ── Settings, turnover and charges as the member sees them ───────────────────

/** The merchant's rules as they apply to the member now (its perks added). */
async function memberSettingsOf(db: Db, merchantId: number, memberId: number, perksOf: WithdrawalPerksOf): Promise<WithdrawSettings> {
  const [settings, perks] = await Promise.all([readWithdrawSettings(db, merchantId), perksOf(db, merchantId, memberId)]);
  return memberWithdrawSettings(settings, perks);
}

export async function settingsValue(db: Db, merchantId: number, memberId: number, nowMs: number, perksOf: WithdrawalPerksOf = noWithdrawalPerks): Promise<WireWithdrawSettings> {
  const [settings, wallet] = await Promise.all([memberSettingsOf(db, merchantId, memberId, perksOf), readWalletSettings(db, merchantId)]);
  const todayWithdrawCount = await queries.countWithdrawalsSince(db, merchantId, memberId, dayStartMs(settings, nowMs));
  return {
    minimumAmount: minorToMajor(settings.minimumAmountMinor),
    maximumAmount: minorToMajor(settings.maximumAmountMinor),
    dailyMaxCount: settings.dailyMaxCount,
    todayWithdrawCount,
    charge: { percent: settings.charge.percent, fixed: minorToMajor(settings.charge.fixedMinor), freePerDay: settings.charge.freePerDay },
    turnoverMultiplier: settings.turnoverMultiplier,
    normalBankWithdrawalSwitch: settings.switches.BC,
    eWalletWithdrawalSwitch: settings.switches.EW,
    virtualWalletWithdrawalSwitch: settings.switches.VM,
    virtualCurrencyRate: settings.virtualCurrencyRate,
    currency: wallet.currency,
    currencySymbol: wallet.currencySymbol,
  };
}

/**
 * The wagering requirement (modules/wagering) as the withdraw page shows it: what remains, the
 * requirement since it was last met and the stakes counted toward it, and what adds to it and
 * counts toward it (the merchant's multipliers and product weights).
 */
export async function turnoverValue(db: Db, merchantId: number, memberId: number): Promise<TurnoverInfo> {
  const state = await wageringStateOf(db, merchantId, memberId);
  const { multipliers, weights } = state.settings;
  return {
    ...turnoverFigures(state),
    turnoverMultiplier: multipliers.deposit,
    requirementMultipliers: { ...multipliers },
    productWeights: { ...weights },
  };
}

/** required = remaining + counted: what was added since the remaining was last zero. */
const turnoverFigures = (state: Pick<WageringState, 'remainingMinor' | 'countedMinor'>) => ({
  requiredTurnover: minorToMajor(state.remainingMinor + state.countedMinor),
  actualTurnover: minorToMajor(state.countedMinor),
  remainingTurnover: minorToMajor(state.remainingMinor),
});

/** What a withdrawal of `amountMinor` would be charged if requested now. */
export async function chargesValue(
  db: Db,
  merchantId: number,
  memberId: number,
  amountMinor: number,
  nowMs: number,
  perksOf: WithdrawalPerksOf = noWithdrawalPerks,
): Promise<WithdrawCharges> {
  const settings = await memberSettingsOf(db, merchantId, memberId, perksOf);
  const today = await queries.countWithdrawalsSince(db, merchantId, memberId, dayStartMs(settings, nowMs));
  const chargeMinor = chargeMinorOf(settings, amountMinor, today);
  return {
    withdrawAmount: minorToMajor(amountMinor),
    charge: minorToMajor(chargeMinor),
    receivedAmount: minorToMajor(Math.max(0, amountMinor - chargeMinor)),
    freeWithdrawalsLeft: Math.max(0, settings.charge.freePerDay - today),
  };
}

// ── The member's request ─────────────────────────────────────────────────────

export interface WithdrawInput {
  merchantId: number;
  memberId: number;
  amountMinor: number;
  cardId: number;
  withdrawType: WithdrawType;
  password: string;
  /** The client's Idempotency-Key (already checked): the same key is the same withdrawal. */
  idempotencyKey: string;
  nowMs: number;
}

/**
 * Requests a withdrawal. Checks, in this order: the payment password; then, under the member's
 * lock, the idempotency key (a replay with the same amount, card and type answers the first
 * withdrawal, moving nothing; another payload: 409 wallet.idempotency.conflict), the switch of the
 * type (withdraw_not_supported), the card (the member's, not deleted, of that type:
 * withdraw.card.not.found), min/max, the daily count, the charge below the amount, the turnover
 * (withdraw_turnover_not_enough while any wagering requirement remains, promotion_turnover_not_enough
 * when a promotion's bonus added to it since it was last met, with value
 * {requiredTurnover, actualTurnover, remainingTurnover}), the balance
 * (withdraw.insufficient.balance). A refusal changes nothing.
 */
export async function requestWithdrawal(pool: pg.Pool, input: WithdrawInput, perksOf: WithdrawalPerksOf = noWithdrawalPerks): Promise<{ withdrawal: WithdrawalRow; replayed: boolean }> {
  await verifyPaymentPassword(pool, input.merchantId, input.memberId, input.password, input.nowMs);
  return holdWithdrawal(pool, input, perksOf);
}

/**
 * requestWithdrawal after the payment password was checked (module-internal; tests race it with
 * more requests at once than the payment password's lock lets through).
 */
export async function holdWithdrawal(
  pool: pg.Pool,
  input: Omit<WithdrawInput, 'password'>,
  perksOf: WithdrawalPerksOf = noWithdrawalPerks,
): Promise<{ withdrawal: WithdrawalRow; replayed: boolean }> {
  const { merchantId, memberId, amountMinor, nowMs } = input;
  const merchantSettings = await readWithdrawSettings(pool, merchantId);
  const digest = `${amountMinor}|${input.cardId}|${input.withdrawType}`;
  return withTransaction(
    pool,
    async (client) => {
      if (!(await queries.lockMember(client, merchantId, memberId))) throw new Error(`member ${memberId} not found`);
      const existing = await queries.selectWithdrawalByKey(client, merchantId, memberId, input.idempotencyKey);
      if (existing) {
        if (existing.requestDigest !== digest) throw new AppError(409, 'wallet.idempotency.conflict');
        return { withdrawal: existing, replayed: true };
      }
      if (!merchantSettings.switches[input.withdrawType]) throw new AppError(400, 'withdraw_not_supported');
      const card = await queries.selectCard(client, merchantId, memberId, input.cardId);
      if (!card || card.cardType !== input.withdrawType) throw new AppError(400, 'withdraw.card.not.found');
      assertAmountInRange(merchantSettings, amountMinor);
      // Read on this transaction's connection, under the member's lock (see above).
      const perks = await perksOf(client, merchantId, memberId);
      const settings = memberWithdrawSettings(merchantSettings, perks);
      const today = await queries.countWithdrawalsSince(client, merchantId, memberId, dayStartMs(settings, nowMs));
      if (today >= settings.dailyMaxCount) throw new AppError(400, 'withdraw.daily.limit', { count: String(settings.dailyMaxCount) });
      const chargeMinor = chargeMinorOf(settings, amountMinor, today);
      if (chargeMinor >= amountMinor) throw new AppError(400, 'withdraw.amount.too.small', { minimum: minorToMajor(chargeMinor + 1).toFixed(2) });
      // The wagering requirement is a running balance (modules/wagering): nothing may remain.
      const wagering = await wageringStateOf(client, merchantId, memberId);
      if (wagering.remainingMinor > 0) {
        const figures = turnoverFigures(wagering);
        // What remains includes a promotion's bonus: the member is told it is the bonus's wagering.
        const code = (await queries.selectOwesPromotionWagering(client, merchantId, memberId)) ? 'promotion_turnover_not_enough' : 'withdraw_turnover_not_enough';
        throw new AppError(400, code, { required: figures.requiredTurnover.toFixed(2), actual: figures.actualTurnover.toFixed(2) }, figures);
      }
      const withdrawalId = await queries.insertWithdrawal(client, {
        merchantId,
        memberId,
        cardId: card.id,
        withdrawType: input.withdrawType,
        amountMinor,
        chargeMinor,
        virtualAmountMinor: input.withdrawType === 'VM' ? virtualAmountMinorOf(settings, amountMinor - chargeMinor) : null,
        idempotencyKey: input.idempotencyKey,
        requestDigest: digest,
        priority: perks.priority,
        nowMs,
      });
      const memberAccount = await ensureMemberAccount(client, merchantId, memberId, 'REAL', nowMs);
      const holdAccount = await ensureHouseAccount(client, merchantId, 'house_withdrawal_hold', nowMs);
      try {
        await postTransactionIn(client, {
          merchantId,
          idempotencyKey: `withdraw_request:${withdrawalId}`,
          kind: 'withdraw_request',
          unit: 'REAL',
          postings: [
            { accountId: memberAccount, amountMinor: -amountMinor },
            { accountId: holdAccount, amountMinor },
          ],
          nowMs,
          orderNo: orderNoOf(withdrawalId),
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new AppError(400, 'withdraw.insufficient.balance');
        throw error;
      }
      const withdrawal = await queries.selectWithdrawal(client, merchantId, withdrawalId);
      if (!withdrawal) throw new Error(`withdrawal ${withdrawalId} vanished`);
      return { withdrawal, replayed: false };
    },
    RETRY,
  );
}

function assertAmountInRange(settings: WithdrawSettings, amountMinor: number): void {
  if (amountMinor < settings.minimumAmountMinor) throw new AppError(400, 'withdraw.amount.too.small', { minimum: minorToMajor(settings.minimumAmountMinor).toFixed(2) });
  if (amountMinor > settings.maximumAmountMinor) throw new AppError(400, 'withdraw.amount.too.large', { maximum: minorToMajor(settings.maximumAmountMinor).toFixed(2) });
}

// ── Operators: the queue, paying, rejecting ──────────────────────────────────

/** A withdrawal as an operator needs it: the full card number and payee, amounts in minor units. */
export type OperatorWithdrawal = Omit<WithdrawalRow, 'requestDigest'> & { orderNo: string };

const operatorView = ({ requestDigest: _digest, ...row }: WithdrawalRow): OperatorWithdrawal => ({ ...row, orderNo: orderNoOf(row.id) });

/**
 * The merchant's withdrawals of a status (every status when absent), oldest first, at most `limit`
 * (100, ≤ 1000); the pending ones with priority (see above) before the other pending ones.
 */
export async function listWithdrawals(
  db: Db,
  merchantId: number,
  filter: { status?: WithdrawalStatus; memberId?: number; limit?: number } = {},
): Promise<OperatorWithdrawal[]> {
  const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? 100)), 1000);
  return (await queries.selectWithdrawals(db, merchantId, { status: filter.status, memberId: filter.memberId, limit })).map(operatorView);
}

/** One withdrawal of the merchant as operators see it, or undefined (of no one, or of another merchant). */
export async function getWithdrawal(db: Db, merchantId: number, withdrawalId: number): Promise<OperatorWithdrawal | undefined> {
  const row = await queries.selectWithdrawal(db, merchantId, withdrawalId);
  return row && operatorView(row);
}

export interface SettleInput {
  merchantId: number;
  withdrawalId: number;
  /** Who decided (recorded on the withdrawal; the operator module audits the action itself). */
  operatorName: string;
  nowMs: number;
}

export interface SettleResult {
  withdrawal: OperatorWithdrawal;
  /** False: it was already settled this way; nothing moved this time. */
  changed: boolean;
}

function operatorNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 100) throw new AppError(400, 'request.param.err', { detail: 'operatorName must be 1-100 characters' });
  return trimmed;
}

/**
 * Runs an operator's decision on a pending withdrawal under its row lock: `move` posts the money
 * (inside the same database transaction), then the status is written. Settled already the same
 * way: answered with changed false, nothing moves; the other way: 409 withdrawal.already.settled.
 */
async function settle(
  pool: pg.Pool,
  input: SettleInput,
  status: 'paid' | 'rejected',
  remark: string | null,
  move: (client: pg.PoolClient, row: WithdrawalRow) => Promise<void>,
): Promise<SettleResult> {
  const operatorName = operatorNameOf(input.operatorName);
  if (!Number.isSafeInteger(input.withdrawalId) || input.withdrawalId < 1) throw new AppError(404, 'withdrawal.not.found');
  return withTransaction(
    pool,
    async (client) => {
      if (!(await queries.lockWithdrawal(client, input.merchantId, input.withdrawalId))) throw new AppError(404, 'withdrawal.not.found');
      const row = await queries.selectWithdrawal(client, input.merchantId, input.withdrawalId);
      if (!row) throw new AppError(404, 'withdrawal.not.found');
      if (row.status === status) return { withdrawal: operatorView(row), changed: false };
      if (row.status !== 'pending') throw new AppError(409, 'withdrawal.already.settled', { status: row.status });
      if (row.c2cReservedMinor > 0) throw new AppError(409, 'withdrawal.c2c.open');
      await move(client, row);
      await queries.settleWithdrawal(client, row.id, { status, operatorName, remark, nowMs: input.nowMs });
      const settled = await queries.selectWithdrawal(client, input.merchantId, input.withdrawalId);
      if (!settled) throw new Error(`withdrawal ${input.withdrawalId} vanished`);
      return { withdrawal: operatorView(settled), changed: true };
    },
    RETRY,
  );
}

/**
 * Pays a pending withdrawal: the hold goes to house_withdrawals (amount − charge) and
 * house_withdrawal_charges (the charge), kind withdraw_paid; status paid. Partly paid by C2C:
 * only the rest and its charge (see above). Paying twice pays once;
 * paying a rejected one is refused (409 withdrawal.already.settled).
 */
export async function payWithdrawal(pool: pg.Pool, input: SettleInput): Promise<SettleResult> {
  return settle(pool, input, 'paid', null, async (client, row) => {
    const hold = await ensureHouseAccount(client, row.merchantId, 'house_withdrawal_hold', input.nowMs);
    const payouts = await ensureHouseAccount(client, row.merchantId, 'house_withdrawals', input.nowMs);
    // amount − c2c_settled: a part C2C depositors paid has left the hold already (see above).
    const chargeMinor = restChargeMinorOf(row);
    const postings: PostingInput[] = [
      { accountId: hold, amountMinor: -houseRestMinorOf(row) },
      { accountId: payouts, amountMinor: payoutMinorOf(row) },
    ];
    if (chargeMinor > 0) {
      postings.push({ accountId: await ensureHouseAccount(client, row.merchantId, 'house_withdrawal_charges', input.nowMs), amountMinor: chargeMinor });
    }
    await postTransactionIn(client, {
      merchantId: row.merchantId,
      idempotencyKey: `withdraw_settle:${row.id}`,
      kind: 'withdraw_paid',
      unit: 'REAL',
      postings,
      nowMs: input.nowMs,
      orderNo: orderNoOf(row.id),
    });
  });
}

/**
 * Rejects a pending withdrawal: the whole hold goes back to the member's main wallet, kind
 * withdraw_refund, remark = reason (shown to the member); status rejected. Rejecting twice refunds
 * once; rejecting a paid one is refused (409 withdrawal.already.settled).
 */
export async function rejectWithdrawal(pool: pg.Pool, input: SettleInput & { reason: string }): Promise<SettleResult> {
  const reason = input.reason.trim();
  if (reason === '' || reason.length > 500) throw new AppError(400, 'request.param.err', { detail: 'reason must be 1-500 characters' });
  return settle(pool, input, 'rejected', reason, async (client, row) => {
    const hold = await ensureHouseAccount(client, row.merchantId, 'house_withdrawal_hold', input.nowMs);
    const memberAccount = await ensureMemberAccount(client, row.merchantId, row.memberId, 'REAL', input.nowMs);
    await postTransactionIn(client, {
      merchantId: row.merchantId,
      idempotencyKey: `withdraw_settle:${row.id}`,
      kind: 'withdraw_refund',
      unit: 'REAL',
      // amount − c2c_settled: a part C2C depositors paid has reached the member already.
      postings: [
        { accountId: hold, amountMinor: -houseRestMinorOf(row) },
        { accountId: memberAccount, amountMinor: houseRestMinorOf(row) },
      ],
      nowMs: input.nowMs,
      orderNo: orderNoOf(row.id),
      remark: reason,
    });
  });
}

// ── The member's records ─────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

export interface ReportQuery {
  startDateTs: number;
  endDateTs: number;
  start?: number;
  end?: number;
  status?: WithdrawalStatus | '';
}

/** getWithdrawTransactionReport: rows start..end of the member's withdrawals in the period, newest first. */
export async function withdrawalReport(db: Db, merchantId: number, memberId: number, query: ReportQuery): Promise<WithdrawReport> {
  const { startDateTs, endDateTs } = query;
  if (endDateTs < startDateTs || endDateTs - startDateTs > WITHDRAW_REPORT_MAX_DAYS * DAY_MS) {
    throw new AppError(400, 'withdraw.report.range.invalid', { days: String(WITHDRAW_REPORT_MAX_DAYS) });
  }
  const start = query.start ?? 0;
  const end = query.end ?? start + 10;
  if (end < start || end - start > WITHDRAW_REPORT_MAX_ROWS) {
    throw new AppError(400, 'request.param.err', { detail: `end must be from start to start + ${WITHDRAW_REPORT_MAX_ROWS}` });
  }
  const filter: queries.ReportFilter = { merchantId, memberId, fromMs: startDateTs, toMs: endDateTs, status: query.status || null };
  const [rows, totals] = await Promise.all([end > start ? queries.selectReportPage(db, filter, start, end - start) : Promise.resolve([]), queries.selectReportTotals(db, filter)]);
  return { records: rows.map(withdrawalValue), footer: { amount: minorToMajor(totals.amountMinor) }, total: totals.total };
}
