import { playById } from '@platform/lottery-rules';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { MINOR_PER_MAJOR, minorToMajor } from '../ledger';
import { PROFIT_KINDS } from '../profit';
import * as queries from './risk.queries';

// The risk desk's reports: reads of what already happened (or is at stake), never a change. A
// period is the last `days` days up to now; amounts are answered in major units, as the rest of the
// operator API answers them; thresholds are asked in major units too.

const DAY_MS = 86_400_000;

/** A period is at most this many days (a quarter, as the dashboard's). */
export const RISK_MAX_DAYS = 92;

/**
 * What counts as a bonus here: the kinds the profit and loss counts as promotions and invitation
 * rewards (bonuses, promotions net of take-backs, the prize wheel, VIP bonuses and salaries,
 * mission rewards, the point mall's money, invite-a-friend rewards). Rebates pay for play already
 * staked and agents' commissions for a team's business: not a bonus one could take and leave with.
 */
export const RISK_BONUS_KINDS: readonly string[] = Object.entries(PROFIT_KINDS)
  .filter(([, entry]) => entry.column === 'promotion' || entry.column === 'totalInvitationAmount')
  .map(([kind]) => kind);

export interface PageAsked {
  limit: number;
  offset: number;
}

const periodOf = (merchantId: number, days: number, nowMs: number): queries.Period => ({ merchantId, fromMs: nowMs - days * DAY_MS, toMs: nowMs });

/** Major units (at most two decimals: the schema's multipleOf) → minor. */
const toMinor = (major: number): number => Math.round(major * MINOR_PER_MAJOR);
const major = (minor: string | number): number => minorToMajor(Number(minor));

export async function largeWins(db: Db, merchantId: number, asked: { days: number; minAmount: number } & PageAsked, nowMs: number) {
  const { total, rows } = await queries.selectLargeWins(db, periodOf(merchantId, asked.days, nowMs), toMinor(asked.minAmount), asked);
  return {
    total,
    list: rows.map((row) => ({
      username: row.username,
      product: row.product,
      gameCode: row.gameCode,
      gameName: row.gameName,
      reference: row.reference,
      stake: major(row.stakeMinor),
      win: major(row.winMinor),
      at: row.at.getTime(),
    })),
  };
}

export async function sharedIdentities(db: Db, merchantId: number, asked: { days: number; minAccounts: number } & PageAsked, nowMs: number) {
  const { total, rows } = await queries.selectSharedIdentities(db, periodOf(merchantId, asked.days, nowMs), asked.minAccounts, asked);
  return { total, list: rows.map((row) => ({ kind: row.kind, value: row.value, accountCount: row.accounts.length, lastSeenAt: row.lastSeenMs, accounts: row.accounts.map((account) => ({ username: account.username, status: account.status, lastSeenAt: account.lastSeenMs })) })) };
}

export async function bonusOnly(db: Db, merchantId: number, asked: { days: number; maxDeposits: number } & PageAsked, nowMs: number) {
  const { total, rows } = await queries.selectBonusOnly(db, periodOf(merchantId, asked.days, nowMs), RISK_BONUS_KINDS, toMinor(asked.maxDeposits), asked);
  return {
    total,
    list: rows.map((row) => ({
      username: row.username,
      status: row.status,
      bonus: major(row.bonusMinor),
      deposits: major(row.depositMinor),
      withdrawals: major(row.withdrawalMinor),
      withdrawalsPaid: major(row.paidMinor),
      withdrawalCount: row.withdrawals,
      lastWithdrawalAt: row.lastWithdrawalAt.getTime(),
    })),
  };
}

export async function agentChains(db: Db, merchantId: number, asked: PageAsked) {
  const { total, rows } = await queries.selectAgentChains(db, merchantId, asked);
  return {
    total,
    list: rows.map((row) => ({
      username: row.username,
      status: row.status,
      contractKind: row.kind,
      endedAt: row.endedAt.getTime(),
      downlines: row.downlines,
      downlineContracts: row.downlineContracts,
      wagesSinceEnd: major(row.wagesSinceMinor),
    })),
  };
}

export async function lotteryLiability(db: Db, merchantId: number, asked: { gameCode?: string; numero?: string; limit: number }) {
  if (asked.gameCode !== undefined && !(await queries.lotteryGameExists(db, merchantId, asked.gameCode))) {
    throw new AppError(404, 'not.found', { detail: `no lottery game ${asked.gameCode}` });
  }
  const { rounds, numbers } = await queries.selectLiability(db, merchantId, { gameCode: asked.gameCode ?? null, numero: asked.numero ?? null }, { rounds: asked.limit, numbers: asked.limit });
  return {
    rounds: rounds.map((round) => ({
      gameCode: round.gameCode,
      gameName: round.gameName,
      numero: round.numero,
      closeAt: round.closeAt.getTime(),
      drawAt: round.drawAt.getTime(),
      bets: round.bets,
      stake: major(round.stakeMinor),
      liability: major(round.liabilityMinor),
    })),
    numbers: numbers.map((number) => ({
      gameCode: number.gameCode,
      numero: number.numero,
      play: playById(number.playId)?.code ?? String(number.playId),
      row: number.rowIndex,
      number: number.value,
      payout: major(number.payoutMinor),
    })),
  };
}
