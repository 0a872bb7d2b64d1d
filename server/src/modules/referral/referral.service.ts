import { randomInt } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, minorToMajor, postTransactionIn } from '../ledger';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './referral.queries';

// Invite a friend (server/README.md, "Invite a friend"; migration 064).
//
// Codes: every member has an invitation code (made on first use, 8 letters and digits, never one
// an agent or an affiliate link uses). Registration asks the agent's link and code first (they
// decide an upline, as before), then a member's invitation code: that makes a referral row, not
// a downline (member.upline_id stays as it was).
//
// A friend advances registered → deposited → qualified → rewarded under its row's lock, so two
// runs at once (the job, the inviter opening the page) advance it once. Qualified: the friend's
// first approved deposit is at least min_first_deposit and its real settled stake since the
// invitation at least min_valid_stake. The reward is paid in the transaction that finds the friend
// qualified, through the ledger (kind invitation_reward, key referral:invitation:<friend>: a
// replay pays nothing), unless the friend shares a device, address (when the merchant checks
// addresses) or bank card with the inviter, or with a friend the inviter was already rewarded for:
// then refused, for good, and the friend earns the inviter no rebates either. While the programme
// is off a qualified friend waits (state qualified) and is paid once it is on again.
//
// Rebates: each closed day of the merchant's calendar is counted once (referral.queries.ts
// countDayIn) and every member's rebates of it are paid by the job, one ledger movement per
// member, day and kind (kinds referral_deposit_rebate and referral_bet_rebate, key
// referral:<kind>:<member>:<date>) under the rows' locks.
//
// Achievements: N rewarded friends earn a bonus, claimed once (kind referral_achievement, key
// referral:achievement:<member>:<achievement>, the claim row's primary key).

export const REFERRAL_HOUSE_ACCOUNT = 'house_referral';
export const INVITATION_KIND = 'invitation_reward';
export const DEPOSIT_REBATE_KIND = 'referral_deposit_rebate';
export const BET_REBATE_KIND = 'referral_bet_rebate';
export const ACHIEVEMENT_KIND = 'referral_achievement';

/** A day is counted this long after it ended: a settlement stamped before midnight has committed by then. */
export const CLOSE_GRACE_MS = 5 * 60_000;
/** How many closed days back the job counts (a job down for a few days catches up). */
export const COUNT_DAYS = 7;
const DAY_MS = 86_400_000;

// ---- codes

/** Letters and digits that do not read as one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The member's invitation code, made the first time it is asked for. */
export async function inviteCodeOf(db: Db, merchantId: number, memberId: number, nowMs: number): Promise<string> {
  const existing = await queries.selectCodeOf(db, memberId);
  if (existing) return existing;
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newCode();
    if (await queries.agentCodeExists(db, merchantId, code)) continue;
    if (await queries.insertCode(db, merchantId, memberId, code, nowMs)) return code;
    // Another request made the member's code first, or the code is another member's.
    const made = await queries.selectCodeOf(db, memberId);
    if (made) return made;
  }
  throw new Error('no free invitation code after 10 attempts');
}

/**
 * What a registration's code means to this module: a member's invitation code (any case), and
 * whether the friend is recorded (only while the merchant's programme is on; a code from an
 * old link registers the player without a friend row then). Undefined: not an invitation code.
 */
export async function resolveInviteCode(db: Db, merchantId: number, code: string): Promise<{ inviterId: number; code: string; record: boolean } | undefined> {
  if (!/^[A-Za-z0-9]{8}$/.test(code)) return undefined;
  const inviter = await queries.selectInviterByCode(db, merchantId, code);
  if (!inviter) return undefined;
  const settings = await queries.selectSettings(db, merchantId);
  return { inviterId: inviter.memberId, code: inviter.code, record: settings.enabled };
}

/** Records a new member as the inviter's friend, in the registration's transaction. */
export async function recordFriendIn(
  client: pg.PoolClient,
  input: { merchantId: number; inviterId: number; inviteeId: number; code: string; deviceId?: string; nowMs: number },
): Promise<void> {
  await queries.insertReferral(client, input);
  if (input.deviceId) await queries.rememberDevice(client, input.inviteeId, input.deviceId);
}

/** A device the member used (its referral pages): compared by the abuse check. */
export async function rememberDevice(db: Db, memberId: number, deviceId: string | undefined): Promise<void> {
  if (deviceId) await queries.rememberDevice(db, memberId, deviceId);
}

// ---- friends

export type AdvanceOutcome = 'unchanged' | 'deposited' | 'qualified' | 'rewarded' | 'refused';

const sameFingerprint = (a: queries.Fingerprint, b: queries.Fingerprint) => a.kind === b.kind && a.hash.equals(b.hash);

/**
 * Moves one friend as far as the facts allow, under its row's lock, and pays the inviter when it
 * qualifies (once: the row's state and the ledger key). Answers what changed.
 */
export async function advanceFriend(pool: pg.Pool, merchantId: number, inviteeId: number, nowMs: number): Promise<{ outcome: AdvanceOutcome; paidMinor: number }> {
  return withTransaction(pool, async (client) => {
    const friend = await queries.selectReferralForUpdate(client, merchantId, inviteeId);
    if (!friend || friend.state === 'rewarded' || friend.state === 'refused') return { outcome: 'unchanged', paidMinor: 0 };
    const settings = await queries.selectSettings(client, merchantId);
    const deposit = await queries.selectFirstDeposit(client, merchantId, inviteeId);
    if (!deposit) return { outcome: 'unchanged', paidMinor: 0 };
    const stakeMinor = await queries.selectValidStakeMinor(client, merchantId, inviteeId, friend.invitedAtMs);
    const qualifies = deposit.amountMinor >= settings.minFirstDepositMinor && stakeMinor >= settings.minValidStakeMinor;
    const state: queries.ReferralState = qualifies ? 'qualified' : 'deposited';
    if (state !== friend.state || friend.firstDepositAtMs === null) {
      await queries.updateProgress(client, inviteeId, { state, firstDepositAtMs: deposit.atMs, firstDepositMinor: deposit.amountMinor, qualifiedAtMs: qualifies ? nowMs : null });
    }
    if (!qualifies || !settings.enabled) return { outcome: state === friend.state ? 'unchanged' : state, paidMinor: 0 };

    // The abuse check, on what both accounts hold now.
    const friendPrints = await queries.selectFingerprints(client, merchantId, inviteeId, settings.checkAddress);
    const inviterPrints = await queries.selectFingerprints(client, merchantId, friend.inviterId, settings.checkAddress);
    if (friendPrints.some((print) => inviterPrints.some((other) => sameFingerprint(print, other)))) {
      await queries.markRefused(client, inviteeId, 'linked_to_inviter');
      return { outcome: 'refused', paidMinor: 0 };
    }
    if (await queries.claimFingerprints(client, friend.inviterId, inviteeId, friendPrints)) {
      await queries.markRefused(client, inviteeId, 'linked_to_rewarded_friend');
      return { outcome: 'refused', paidMinor: 0 };
    }

    const rewardMinor = settings.invitationRewardMinor;
    let transactionId: number | null = null;
    let paidMinor = 0;
    if (rewardMinor > 0) {
      const house = await ensureHouseAccount(client, merchantId, REFERRAL_HOUSE_ACCOUNT, nowMs);
      const wallet = await ensureMemberAccount(client, merchantId, friend.inviterId, 'REAL', nowMs);
      const posted = await postTransactionIn(client, {
        merchantId,
        idempotencyKey: `referral:invitation:${inviteeId}`,
        kind: INVITATION_KIND,
        unit: 'REAL',
        postings: [
          { accountId: house, amountMinor: -rewardMinor },
          { accountId: wallet, amountMinor: rewardMinor },
        ],
        nowMs,
        orderNo: `RF${inviteeId}`,
      });
      transactionId = posted.transactionId;
      if (!posted.replayed) paidMinor = rewardMinor;
    }
    await queries.markRewarded(client, inviteeId, rewardMinor, transactionId, nowMs);
    return { outcome: 'rewarded', paidMinor };
  });
}

const FRIENDS_PER_BATCH = 200;

/** Advances the open friends of one inviter (the page's own refresh), or of the whole merchant (the job). */
export async function advanceFriends(pool: pg.Pool, merchantId: number, nowMs: number, inviterId?: number): Promise<{ rewarded: number; paidMinor: number }> {
  const result = { rewarded: 0, paidMinor: 0 };
  for (let after = 0; ; ) {
    const batch = await queries.selectOpenReferrals(pool, merchantId, { inviterId, after, limit: FRIENDS_PER_BATCH });
    for (const inviteeId of batch) {
      const advanced = await advanceFriend(pool, merchantId, inviteeId, nowMs);
      if (advanced.outcome === 'rewarded') result.rewarded++;
      result.paidMinor += advanced.paidMinor;
    }
    if (batch.length < FRIENDS_PER_BATCH) return result;
    after = batch[batch.length - 1];
  }
}

// ---- daily rebates

const dateText = (utcMidnightMs: number): string => new Date(utcMidnightMs).toISOString().slice(0, 10);

export interface MerchantDay {
  balanceDate: string;
  fromMs: number;
  toMs: number;
}

/** The merchant's calendar: the time zone of its 'withdraw' setting (the one the P&L's days use). */
export async function calendarOf(db: Db, merchantId: number) {
  const { timeZoneOffsetMinutes } = await readWithdrawSettings(db, merchantId);
  const offsetMs = timeZoneOffsetMinutes * 60_000;
  const todayMs = (nowMs: number) => Math.floor((nowMs + offsetMs) / DAY_MS) * DAY_MS;
  const dayOf = (midnightMs: number): MerchantDay => ({ balanceDate: dateText(midnightMs), fromMs: midnightMs - offsetMs, toMs: midnightMs + DAY_MS - offsetMs });
  return {
    todayMs,
    dayOf,
    /** Closed days (grace passed), oldest first, within COUNT_DAYS. */
    closedDays: (nowMs: number): MerchantDay[] => {
      const days: MerchantDay[] = [];
      for (let back = COUNT_DAYS; back >= 1; back--) {
        const day = dayOf(todayMs(nowMs) - back * DAY_MS);
        if (day.toMs + CLOSE_GRACE_MS <= nowMs) days.push(day);
      }
      return days;
    },
  };
}

/** Pays a member's unpaid rebates of a day, one ledger movement per kind, under the rows' locks. */
async function payRebatesOf(pool: pg.Pool, merchantId: number, memberId: number, balanceDate: string, nowMs: number): Promise<number> {
  return withTransaction(pool, async (client) => {
    const unpaid = await queries.lockUnpaid(client, merchantId, memberId, balanceDate);
    if (unpaid.length === 0) return 0;
    const house = await ensureHouseAccount(client, merchantId, REFERRAL_HOUSE_ACCOUNT, nowMs);
    const wallet = await ensureMemberAccount(client, merchantId, memberId, 'REAL', nowMs);
    let paidMinor = 0;
    for (const { kind, amountMinor } of unpaid) {
      const posted = await postTransactionIn(client, {
        merchantId,
        idempotencyKey: `referral:${kind}:${memberId}:${balanceDate}`,
        kind: kind === 'deposit' ? DEPOSIT_REBATE_KIND : BET_REBATE_KIND,
        unit: 'REAL',
        postings: [
          { accountId: house, amountMinor: -amountMinor },
          { accountId: wallet, amountMinor },
        ],
        nowMs,
        orderNo: `RR${balanceDate.replace(/-/g, '')}`,
        remark: balanceDate,
      });
      await queries.markRebatesPaid(client, { merchantId, memberId, balanceDate, kind, ledgerTransactionId: posted.transactionId, nowMs });
      if (!posted.replayed) paidMinor += amountMinor;
    }
    return paidMinor;
  });
}

export interface ReferralRunResult {
  rewarded: number;
  daysCounted: number;
  paidMinor: number;
}

const MEMBERS_PER_BATCH = 200;

/**
 * The job's run, for every merchant with the programme on: every open friend is advanced (and
 * paid when it qualifies), each closed day of the last COUNT_DAYS is counted once, and every
 * member's unpaid rebates of those days are paid. Runners that overlap, or a run after a crash,
 * pay nothing twice (row locks and ledger keys).
 */
export async function runReferrals(pool: pg.Pool, nowMs: number): Promise<ReferralRunResult> {
  const result: ReferralRunResult = { rewarded: 0, daysCounted: 0, paidMinor: 0 };
  for (const merchantId of await queries.selectEnabledMerchants(pool)) {
    const friends = await advanceFriends(pool, merchantId, nowMs);
    result.rewarded += friends.rewarded;
    result.paidMinor += friends.paidMinor;
    const settings = await queries.selectSettings(pool, merchantId);
    const calendar = await calendarOf(pool, merchantId);
    for (const day of calendar.closedDays(nowMs)) {
      const counted = await withTransaction(pool, (client) =>
        queries.countDayIn(client, {
          merchantId,
          ...day,
          nowMs,
          rates: { depositL1: settings.depositRateL1Bp, depositL2: settings.depositRateL2Bp, betL1: settings.betRateL1Bp, betL2: settings.betRateL2Bp },
        }),
      );
      if (counted) result.daysCounted++;
      for (let after = 0; ; ) {
        const members = await queries.selectUnpaidMembers(pool, merchantId, day.balanceDate, after, MEMBERS_PER_BATCH);
        for (const memberId of members) result.paidMinor += await payRebatesOf(pool, merchantId, memberId, day.balanceDate, nowMs);
        if (members.length < MEMBERS_PER_BATCH) break;
        after = members[members.length - 1];
      }
    }
  }
  return result;
}

// ---- achievements

/** Claims an achievement's bonus: once, when the member has at least its number of rewarded friends. */
export async function claimAchievement(pool: pg.Pool, caller: { merchantId: number; memberId: number; nowMs: number }, configId: number) {
  const settings = await queries.selectSettings(pool, caller.merchantId);
  if (!settings.enabled) throw new AppError(409, 'referral.disabled');
  const achievement = (await queries.selectAchievements(pool, caller.merchantId)).find((row) => row.id === configId);
  if (!achievement) throw new AppError(404, 'referral.achievement.unknown');
  await advanceFriends(pool, caller.merchantId, caller.nowMs, caller.memberId);
  const bonusMinor = await withTransaction(pool, async (client) => {
    // One claim of a member at a time: the member's code row is the lock (a member with friends has one).
    await client.query('SELECT 1 FROM referral_code WHERE member_id = $1 FOR UPDATE', [caller.memberId]);
    const claimed = await client.query('SELECT 1 FROM referral_achievement_claim WHERE member_id = $1 AND achievement_id = $2', [caller.memberId, configId]);
    if (claimed.rowCount) throw new AppError(409, 'referral.achievement.claimed');
    const counts = await queries.selectFriendCounts(client, caller.merchantId, caller.memberId);
    if (counts.qualified < achievement.friends) {
      throw new AppError(409, 'referral.achievement.not.reached', { friends: String(achievement.friends), qualified: String(counts.qualified) });
    }
    const house = await ensureHouseAccount(client, caller.merchantId, REFERRAL_HOUSE_ACCOUNT, caller.nowMs);
    const wallet = await ensureMemberAccount(client, caller.merchantId, caller.memberId, 'REAL', caller.nowMs);
    const posted = await postTransactionIn(client, {
      merchantId: caller.merchantId,
      idempotencyKey: `referral:achievement:${caller.memberId}:${configId}`,
      kind: ACHIEVEMENT_KIND,
      unit: 'REAL',
      postings: [
        { accountId: house, amountMinor: -achievement.bonusMinor },
        { accountId: wallet, amountMinor: achievement.bonusMinor },
      ],
      nowMs: caller.nowMs,
      orderNo: `RA${configId}`,
    });
    await client.query(
      `INSERT INTO referral_achievement_claim (member_id, achievement_id, merchant_id, bonus_minor, claimed_at, ledger_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [caller.memberId, configId, caller.merchantId, achievement.bonusMinor, new Date(caller.nowMs), posted.transactionId],
    );
    return achievement.bonusMinor;
  });
  return { bonus: minorToMajor(bonusMinor), balance: minorToMajor(await memberBalanceMinor(pool, caller.merchantId, caller.memberId)) };
}
