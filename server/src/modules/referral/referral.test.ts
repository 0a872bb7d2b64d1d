import type {
  DepositMTResult,
  Envelope,
  MemberProfit,
  ReferralAchievements,
  ReferralDepositRebateReport,
  ReferralDetails,
  ReferralIncome,
  ReferralInvitationReport,
  ReferralInviteList,
  ReferralList,
  ReferralRebateRecord,
} from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { runOps } from '../../scripts/ops';
import { opsIoViaInject } from '../../testing/ops-io';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { approveDeposit } from '../deposit';
import { assertLedgerReconciled } from '../ledger';
import { encryptedInject, TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { LOGIN_PASSWORD, memberWithSession, newKey } from '../withdrawal/withdrawal.testing';
import { advanceFriend, runReferrals } from './index';

// Invite a friend against the ways a player would game it, through the real routes on a real
// PostgreSQL: a player's code makes a friend and no downline (agents' codes still make one), the
// reward comes only after the friend's first deposit and real stake and is paid once however
// many ask at once, a friend sharing a device, address or card with the inviter (or with a friend
// already rewarded) earns nothing, the daily rebates by level are counted and paid once, and an
// achievement pays once.

const HOUR = 3_600_000;
const DHAKA = 6 * HOUR;
const clock = new TestClock();
let context: TestContext;
let counter = 0;

/** 10:00 in Dhaka on 2026-11-27. */
const START_MS = Date.UTC(2026, 10, 27, 4, 0, 0);
const DAY_ONE = '2026-11-27';
const DAY_ONE_END_MS = Date.UTC(2026, 10, 28) - DHAKA;

beforeAll(async () => {
  clock.nowMs = START_MS;
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const valueOf = <T>(response: LightMyRequestResponse): T => {
  const body = envelope<T>(response);
  if (!body.success) throw new Error(`${response.statusCode} ${body.errorCode}: ${body.message}`);
  return body.value as T;
};
const refusal = (response: LightMyRequestResponse) => ({ status: response.statusCode, errorCode: envelope(response).errorCode });
const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers: { authorization: token, language: 'EN', ...headers } });
const post = (url: string, token: string, payload: object) => context.app.inject({ method: 'POST', url, headers: { authorization: token, language: 'EN' }, payload });

interface Player {
  memberId: number;
  username: string;
  token: string;
  address: string;
}

const nextAddress = () => `10.66.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`;
const deviceId = () => randomBytes(12).toString('hex');

async function inviter(): Promise<Player> {
  const session = await memberWithSession(context, `refinv${String(++counter).padStart(4, '0')}`, clock.nowMs);
  return { ...session, address: 'n/a' };
}

const details = async (who: Player, device?: string) => valueOf<ReferralDetails>(await get('/wps/relay/getReferralDetails', who.token, device ? { 'device-id': device } : {}));

/** Registers a player through the real route with the code given (as the share link's ?referralCode= sends it), then logs it in. */
async function registerWith(code: string, options: { device?: string; address?: string; field?: 'referralCode' | 'affiliateCode' } = {}) {
  const username = `reffr${String(++counter).padStart(5, '0')}`;
  const address = options.address ?? nextAddress();
  const response = await encryptedInject(
    context.app,
    'PUT',
    '/wps/member/register',
    { username, password: LOGIN_PASSWORD, confirmPassword: LOGIN_PASSWORD, [options.field ?? 'referralCode']: code },
    { headers: options.device ? { 'device-id': options.device } : {}, remoteAddress: address },
  );
  return { response, username, address };
}

async function friendOf(code: string, options: { device?: string; address?: string } = {}): Promise<Player> {
  const { response, username, address } = await registerWith(code, options);
  valueOf(response);
  const member = await context.pool.query<{ id: string }>('SELECT id FROM member WHERE username = $1', [username]);
  const token = await tokenFor(context.app, username, LOGIN_PASSWORD, address);
  return { memberId: Number(member.rows[0].id), username, token, address };
}

/** A manual deposit the cashier approves for `amount`. */
async function approvedDeposit(who: Player, amount: number): Promise<void> {
  const made = valueOf<DepositMTResult>(
    await context.app.inject({
      method: 'POST',
      url: '/wps/relay/depositMTV3',
      headers: { authorization: who.token, language: 'EN', 'idempotency-key': newKey() },
      payload: { amount: 500, payeeName: 'Referral Tester' },
    }),
  );
  await approveDeposit(context.pool, { merchantId: context.merchantId, depositId: made.depositId, operatorName: 'cashier', nowMs: clock.now(), amountMinor: Math.round(amount * 100) });
}

/** A vendor's settled game round of `stakeMinor` valid stake, as the seamless-wallet API leaves it. */
async function settledRound(who: Player, stakeMinor: number, { trial = false, category = 'RNG' } = {}) {
  const account = await context.pool.query<{ id: string }>("SELECT id FROM ledger_account WHERE member_id = $1 AND kind = 'member_main'", [who.memberId]);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_code, game_name, game_category, vendor_round_id, ledger_account_id,
                             bet_minor, valid_bet_minor, status, started_at, ended_at)
     VALUES ($1, $2, $3, 'TESTVENDOR', 'G1', 'Game', $4, $5, $6, $7, $7, 'settled', $8, $9)`,
    [context.merchantId, trial ? null : who.memberId, trial, category, `r-${randomBytes(6).toString('hex')}`, trial ? null : account.rows[0].id, stakeMinor, new Date(clock.nowMs - 60_000), new Date(clock.nowMs)],
  );
}

const ledgerCredits = async (memberId: number, kind: string) =>
  (
    await context.pool.query<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n, sum(p.amount_minor)::text AS sum FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id WHERE t.kind = $2 AND a.member_id = $1`,
      [memberId, kind],
    )
  ).rows[0];

const friendState = async (memberId: number) =>
  (await context.pool.query<{ state: string; refused_reason: string | null }>('SELECT state, refused_reason FROM referral WHERE invitee_id = $1', [memberId])).rows[0];

const operatorToken = async (role: 'content' | 'risk' = 'content') => (await operatorLogin(context, { username: `ref-${role}-${++counter}`, role, nowMs: clock.nowMs })).token;
const ops = async (method: 'GET' | 'PUT', url: string, body?: object, token?: string) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token ?? (await operatorToken())}` }, ...(body ? { payload: body } : {}) });

describe('codes and registration', () => {
  it("gives every member one code and a link, and a player's code makes a friend, not a downline", async () => {
    const alice = await inviter();
    const first = await details(alice);
    expect(first).toMatchObject({ enabled: true, invited: 0, invitedBy: null, rules: { minFirstDeposit: 200, minValidStake: 500, invitationReward: 100 } });
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.link).toBe(`http://${first.mainDomain}/register?referralCode=${first.code}`);
    expect((await details(alice)).code).toBe(first.code);

    // The form's pre-check accepts a member's code as it accepts an agent's.
    const check = await context.app.inject({ method: 'GET', url: `/wps/agent/affiliate?code=${first.code.toLowerCase()}`, remoteAddress: nextAddress() });
    expect(check.statusCode).toBe(200);

    const bob = await friendOf(first.code.toLowerCase());
    const row = await context.pool.query('SELECT upline_id, member_type FROM member WHERE id = $1', [bob.memberId]);
    expect(row.rows[0]).toEqual({ upline_id: null, member_type: 0 });
    expect(await friendState(bob.memberId)).toEqual({ state: 'registered', refused_reason: null });
    expect((await details(bob)).invitedBy).toBe(alice.username);

    const list = valueOf<ReferralList>(await get('/wps/relay/getReferralList?status=all&page=1&size=10', alice.token));
    expect(list).toMatchObject({ total: 1, totalPages: 1, list: [{ inviteeName: bob.username, firstDepositTime: null, status: 'registered', reward: null }] });
    const invites = valueOf<ReferralInviteList>(await get('/wps/relay/getInviteList?status=registered', alice.token));
    expect(invites.list).toEqual([expect.objectContaining({ username: bob.username, status: 'registered' })]);
    // Another member sees only its own friends.
    expect(valueOf<ReferralList>(await get('/wps/relay/getReferralList', bob.token)).total).toBe(0);
  });

  it("keeps agents' codes making downlines, and refuses an unknown code", async () => {
    const agent = await inviter();
    await context.pool.query("UPDATE member SET member_type = 1, affiliate_code = 'AGENTREF77' WHERE id = $1", [agent.memberId]);
    const { response, username } = await registerWith('AGENTREF77', { field: 'affiliateCode' });
    valueOf(response);
    const row = await context.pool.query<{ id: string; upline_id: string }>('SELECT id, upline_id FROM member WHERE username = $1', [username]);
    expect(Number(row.rows[0].upline_id)).toBe(agent.memberId);
    expect(await friendState(Number(row.rows[0].id))).toBeUndefined();

    expect(refusal((await registerWith('ZZZZ9999')).response)).toEqual({ status: 400, errorCode: 'invalid.affiliate.code' });
  });

  it('registers a player with a code from an old link while the programme is off, without a friend', async () => {
    const alice = await inviter();
    const { code } = await details(alice);
    await context.pool.query('UPDATE referral_setting SET enabled = false WHERE merchant_id = $1', [context.merchantId]);
    try {
      const { response, username } = await registerWith(code);
      valueOf(response);
      const row = await context.pool.query<{ id: string }>('SELECT id FROM member WHERE username = $1', [username]);
      expect(await friendState(Number(row.rows[0].id))).toBeUndefined();
    } finally {
      await context.pool.query('UPDATE referral_setting SET enabled = true WHERE merchant_id = $1', [context.merchantId]);
    }
  });
});

describe('the invitation reward', () => {
  it('comes only after a first deposit of at least the minimum and real stake, and is paid once however many ask at once', async () => {
    const alice = await inviter();
    const { code } = await details(alice);
    const bob = await friendOf(code);

    // Stake before any deposit: nothing.
    await settledRound(bob, 1_000_00);
    await details(alice);
    expect(await friendState(bob.memberId)).toMatchObject({ state: 'registered' });

    // A first deposit below the minimum (200) never qualifies, whatever comes after.
    const carol = await friendOf(code);
    await approvedDeposit(carol, 150);
    await approvedDeposit(carol, 5000);
    await settledRound(carol, 5_000_00);
    await details(alice);
    expect(await friendState(carol.memberId)).toMatchObject({ state: 'deposited' });

    // Dave: a first deposit of 300, then trial play (no one's money) and 4.99 short of the stake.
    const dave = await friendOf(code);
    await approvedDeposit(dave, 300);
    await settledRound(dave, 10_000_00, { trial: true });
    await settledRound(dave, 495_01);
    await details(alice);
    expect(await friendState(dave.memberId)).toMatchObject({ state: 'deposited' });
    expect((await ledgerCredits(alice.memberId, 'invitation_reward')).n).toBe(0);

    await settledRound(dave, 4_99);
    // The page, the job and direct advances all at once: one payment.
    await Promise.all([
      details(alice),
      details(alice),
      runReferrals(context.pool, clock.now()),
      advanceFriend(context.pool, context.merchantId, dave.memberId, clock.now()),
      advanceFriend(context.pool, context.merchantId, dave.memberId, clock.now()),
    ]);
    await runReferrals(context.pool, clock.now());
    expect(await friendState(dave.memberId)).toMatchObject({ state: 'rewarded' });
    expect(await ledgerCredits(alice.memberId, 'invitation_reward')).toEqual({ n: 1, sum: '10000' });

    // Bob: deposit now, his earlier stake counts (it is since the invitation).
    await approvedDeposit(bob, 200);
    const seen = await details(alice);
    expect(seen).toMatchObject({ invited: 3, deposited: 3, qualified: 2 });
    expect(await ledgerCredits(alice.memberId, 'invitation_reward')).toEqual({ n: 2, sum: '20000' });

    const report = valueOf<ReferralInvitationReport>(await get('/wps/relay/getInvitationClaimReport?page=1&size=10', alice.token));
    expect(report).toMatchObject({ total: 2, footer: { bonus: 200 } });
    expect(report.list.map((row) => row.referredName).sort()).toEqual([bob.username, dave.username].sort());
    const list = valueOf<ReferralList>(await get('/wps/relay/getReferralList?status=rewarded', alice.token));
    expect(list.list.every((row) => row.reward === 100 && row.firstDepositTime !== null)).toBe(true);

    // The personal P&L counts it as the invitation column.
    const day = new Date(clock.nowMs + DHAKA).toISOString().slice(0, 10);
    const profit = valueOf<MemberProfit>(await get(`/wps/relay/ODSFE2_MemPNLDet?startDate=${day}&endDate=${day}&page=1&size=10`, alice.token));
    expect(profit.footer?.totalInvitationAmount).toBe(200);
  });

  it('waits while the programme is off, and pays once it is on again', async () => {
    const alice = await inviter();
    const { code } = await details(alice);
    const bob = await friendOf(code);
    await context.pool.query('UPDATE referral_setting SET enabled = false WHERE merchant_id = $1', [context.merchantId]);
    try {
      await approvedDeposit(bob, 250);
      await settledRound(bob, 600_00);
      await advanceFriend(context.pool, context.merchantId, bob.memberId, clock.now());
      expect(await friendState(bob.memberId)).toMatchObject({ state: 'qualified' });
      expect((await ledgerCredits(alice.memberId, 'invitation_reward')).n).toBe(0);
    } finally {
      await context.pool.query('UPDATE referral_setting SET enabled = true WHERE merchant_id = $1', [context.merchantId]);
    }
    await runReferrals(context.pool, clock.now());
    expect(await friendState(bob.memberId)).toMatchObject({ state: 'rewarded' });
    expect((await ledgerCredits(alice.memberId, 'invitation_reward')).n).toBe(1);
  });
});

describe('linked accounts earn nothing', () => {
  async function qualify(who: Player) {
    await approvedDeposit(who, 300);
    await settledRound(who, 600_00);
  }

  it("refuses a friend registered on the inviter's device", async () => {
    const device = deviceId();
    const alice = await inviter();
    const { code } = await details(alice, device);
    const bob = await friendOf(code, { device });
    await qualify(bob);
    await details(alice);
    expect(await friendState(bob.memberId)).toEqual({ state: 'refused', refused_reason: 'linked_to_inviter' });
    expect((await ledgerCredits(alice.memberId, 'invitation_reward')).n).toBe(0);
    expect(valueOf<ReferralList>(await get('/wps/relay/getReferralList?status=refused', alice.token)).total).toBe(1);
  });

  it("refuses a friend who logged in from the inviter's address", async () => {
    const alice = await inviter();
    const { code } = await details(alice);
    const bob = await friendOf(code);
    const aliceAddress = await context.pool.query<{ client_ip: string }>('SELECT client_ip FROM member_session WHERE member_id = $1 LIMIT 1', [alice.memberId]);
    await tokenFor(context.app, bob.username, LOGIN_PASSWORD, aliceAddress.rows[0].client_ip);
    await qualify(bob);
    await details(alice);
    expect(await friendState(bob.memberId)).toEqual({ state: 'refused', refused_reason: 'linked_to_inviter' });
  });

  it('refuses the second of two friends sharing a bank card, also when both qualify at once', async () => {
    const alice = await inviter();
    const { code } = await details(alice);
    const bob = await friendOf(code);
    const carol = await friendOf(code);
    const dave = await friendOf(code);
    // Bob bound the card and removed it; Carol bound it after him. Dave is unrelated.
    await context.pool.query(
      `INSERT INTO withdraw_card (merchant_id, member_id, card_type, bank_code, bank_name, card_number, payee_name, created_at, deleted_at)
       VALUES ($1, $2, 'BC', 'TESTBANK', 'Test Bank', '123456789012', 'Bob', now(), now()), ($1, $3, 'BC', 'TESTBANK', 'Test Bank', '123456789012', 'Carol', now(), NULL)`,
      [context.merchantId, bob.memberId, carol.memberId],
    );
    await Promise.all([qualify(bob), qualify(carol), qualify(dave)]);
    await Promise.all([
      advanceFriend(context.pool, context.merchantId, bob.memberId, clock.now()),
      advanceFriend(context.pool, context.merchantId, carol.memberId, clock.now()),
      advanceFriend(context.pool, context.merchantId, dave.memberId, clock.now()),
    ]);
    const states = [await friendState(bob.memberId), await friendState(carol.memberId)];
    expect(states.map((state) => state.state).sort()).toEqual(['refused', 'rewarded']);
    expect(states.find((state) => state.state === 'refused')!.refused_reason).toBe('linked_to_rewarded_friend');
    expect(await friendState(dave.memberId)).toMatchObject({ state: 'rewarded' });
    expect(await ledgerCredits(alice.memberId, 'invitation_reward')).toEqual({ n: 2, sum: '20000' });
  });
});

describe("rebates on friends' deposits and stakes, by level", () => {
  it('counts a closed day once and pays each level once, from rewarded friends only', async () => {
    const alice = await inviter();
    const { code } = await details(alice);
    const bob = await friendOf(code);
    await approvedDeposit(bob, 300);
    await settledRound(bob, 600_00);
    await details(alice);
    expect(await friendState(bob.memberId)).toMatchObject({ state: 'rewarded' });
    const bobCode = (await details(bob)).code;
    const carol = await friendOf(bobCode);
    await approvedDeposit(carol, 1000);
    await settledRound(carol, 2000_00, { category: 'LIVE' });
    await details(bob);
    expect(await friendState(carol.memberId)).toMatchObject({ state: 'rewarded' });
    // More the same day: Bob deposits 400 and stakes 100; Carol deposits 500 and stakes 1000 more.
    clock.nowMs += 60_000;
    await approvedDeposit(bob, 400);
    await settledRound(bob, 100_00);
    await approvedDeposit(carol, 500);
    await settledRound(carol, 1000_00, { category: 'LIVE' });
    // An unrewarded friend's activity earns nothing.
    const erin = await friendOf(code);
    await approvedDeposit(erin, 100);

    // Not before the day has closed.
    await runReferrals(context.pool, clock.now());
    expect((await ledgerCredits(alice.memberId, 'referral_deposit_rebate')).n).toBe(0);

    clock.nowMs = DAY_ONE_END_MS + 10 * 60_000;
    await Promise.all([runReferrals(context.pool, clock.now()), runReferrals(context.pool, clock.now())]);
    await runReferrals(context.pool, clock.now());

    // Bob (level 1 of Carol, rewarded that day: the whole day counts): 1 % of 1500 = 15.00; 0.3 % of 3000 = 9.00.
    expect(await ledgerCredits(bob.memberId, 'referral_deposit_rebate')).toEqual({ n: 1, sum: '1500' });
    expect(await ledgerCredits(bob.memberId, 'referral_bet_rebate')).toEqual({ n: 1, sum: '900' });
    // Alice: level 1 of Bob (1 % of 700 = 7.00, 0.3 % of 700 = 2.10) and level 2 of Carol (0.5 % of 1500 = 7.50, 0.1 % of 3000 = 3.00).
    expect(await ledgerCredits(alice.memberId, 'referral_deposit_rebate')).toEqual({ n: 1, sum: '1450' });
    expect(await ledgerCredits(alice.memberId, 'referral_bet_rebate')).toEqual({ n: 1, sum: '510' });
    // Sessions end when idle: a fresh one after the clock's jump.
    alice.token = await tokenFor(context.app, alice.username, LOGIN_PASSWORD, nextAddress());
    const deposits = valueOf<ReferralDepositRebateReport>(await get('/wps/relay/getDepositRebateClaimReport?page=1&size=10', alice.token));
    expect(deposits.footer.bonus).toBe(14.5);
    expect(deposits.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ requestTime: DAY_ONE, referredName: bob.username, levelTree: 1, depositAmount: 700, depositBonusRate: 1, bonus: 7 }),
        expect.objectContaining({ requestTime: DAY_ONE, referredName: carol.username, levelTree: 2, depositAmount: 1500, depositBonusRate: 0.5, bonus: 7.5 }),
      ]),
    );
    const bets = valueOf<ReferralRebateRecord>(await get('/wps/relay/getRebateRecord', alice.token));
    expect(bets.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ referredName: carol.username, gameCategory: 'LIVE', levelTree: 2, validGameBetting: 3000, rate: 0.1, amount: 3 })]),
    );
    const income = valueOf<ReferralIncome>(await get('/wps/relay/getReferralMyIncome', alice.token));
    expect(income).toEqual({ total: 119.6, invitation: 100, depositRebate: 14.5, betRebate: 5.1, achievement: 0 });
  });
});

describe('achievements', () => {
  it('pays an achievement once to a member with enough qualified friends, however many claims come at once', async () => {
    const saved = valueOf<{ achievements: { configId: number; friends: number }[] }>(
      await ops('PUT', '/referral/settings', { achievements: [{ friends: 1, bonus: 5 }, { friends: 3, bonus: 150 }] }),
    );
    const one = saved.achievements.find((row) => row.friends === 1)!.configId;
    const three = saved.achievements.find((row) => row.friends === 3)!.configId;

    const alice = await inviter();
    const { code } = await details(alice);
    expect(refusal(await post('/wps/relay/claimAchievementPromo', alice.token, { configId: one }))).toEqual({ status: 409, errorCode: 'referral.achievement.not.reached' });
    const bob = await friendOf(code);
    await approvedDeposit(bob, 300);
    await settledRound(bob, 600_00);
    const before = valueOf<ReferralAchievements>(await get('/wps/relay/getAchievement', alice.token));
    expect(before.list.map((row) => row.status)).toEqual(['claimable', 'locked']);

    const claims = await Promise.all(Array.from({ length: 5 }, () => post('/wps/relay/claimAchievementPromo', alice.token, { configId: one })));
    expect(claims.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(claims.filter((response) => response.statusCode !== 200).map(refusal)).toEqual(Array(4).fill({ status: 409, errorCode: 'referral.achievement.claimed' }));
    expect(await ledgerCredits(alice.memberId, 'referral_achievement')).toEqual({ n: 1, sum: '500' });
    expect(refusal(await post('/wps/relay/claimAchievementPromo', alice.token, { configId: three }))).toEqual({ status: 409, errorCode: 'referral.achievement.not.reached' });
    expect(refusal(await post('/wps/relay/claimAchievementPromo', alice.token, { configId: 999999 }))).toEqual({ status: 404, errorCode: 'referral.achievement.unknown' });
    const after = valueOf<ReferralAchievements>(await get('/wps/relay/getAchievement', alice.token));
    expect(after).toMatchObject({ qualified: 1, list: [{ status: 'claimed' }, { status: 'locked' }], records: [{ bonus: 5, friends: 1 }] });

    // Taken away and put back: the claim stays, nothing is paid twice.
    await ops('PUT', '/referral/settings', { achievements: [{ friends: 3, bonus: 150 }] });
    await ops('PUT', '/referral/settings', { achievements: [{ friends: 1, bonus: 5 }, { friends: 3, bonus: 150 }] });
    expect(refusal(await post('/wps/relay/claimAchievementPromo', alice.token, { configId: one }))).toEqual({ status: 409, errorCode: 'referral.achievement.claimed' });
  });
});

describe('operators', () => {
  it('change the settings (audited, content only) and read a member’s friends', async () => {
    const risk = await operatorToken('risk');
    expect((await ops('PUT', '/referral/settings', { invitationReward: 120 }, risk)).statusCode).toBe(403);
    expect(refusal(await ops('PUT', '/referral/settings', { betRateLevel1: 0.333 }))).toEqual({ status: 400, errorCode: 'operator.referral.invalid' });
    const saved = valueOf<{ invitationReward: number; betRateLevel1: number }>(await ops('PUT', '/referral/settings', { invitationReward: 120, betRateLevel1: 0.35 }));
    expect(saved).toMatchObject({ invitationReward: 120, betRateLevel1: 0.35, enabled: true });
    expect(valueOf(await ops('GET', '/referral/settings', undefined, risk))).toMatchObject({ invitationReward: 120 });
    const audit = await context.pool.query("SELECT count(*)::int AS n FROM operator_action WHERE action = 'referral.settings'");
    expect(audit.rows[0].n).toBeGreaterThan(0);
    // The change's outcome: the settings it touched, as they were and are.
    const change = await context.pool.query("SELECT detail FROM operator_action WHERE action = 'referral.settings' AND outcome = 'ok' ORDER BY id DESC LIMIT 1");
    expect(change.rows[0].detail).toEqual({
      before: { invitationReward: expect.any(Number), betRateLevel1: expect.any(Number) },
      after: { invitationReward: 120, betRateLevel1: 0.35 },
    });

    const alice = await inviter();
    const { code } = await details(alice);
    const bob = await friendOf(code);
    const member = valueOf<{ code: string; friends: { username: string; state: string }[] }>(await ops('GET', `/referral/members/${alice.username}`, undefined, risk));
    expect(member).toMatchObject({ code, friends: [{ username: bob.username, state: 'registered' }] });
    expect(refusal(await ops('GET', '/referral/members/nobody-here', undefined, risk))).toEqual({ status: 404, errorCode: 'operator.member.not.found' });
    await ops('PUT', '/referral/settings', { invitationReward: 100, betRateLevel1: 0.3 });
  });

  it('use the ops tool: referral-settings, referral-settings-set, referral-member', async () => {
    const token = await operatorToken();
    const run = async (argv: string[]) => {
      const lines: string[] = [];
      return { code: await runOps(argv, opsIoViaInject(context.app, token, lines)), lines };
    };
    const shown = await run(['referral-settings']);
    expect(shown.code).toBe(0);
    expect(shown.lines[0]).toMatch(/^Invite a friend: on\./);
    expect(shown.lines[1]).toBe('A friend qualifies with a first deposit of 200.00 and a real stake of 500.00; the inviter gets 100.00.');
    const set = await run(['referral-settings-set', '--json', '{"depositRateLevel2":0.6}']);
    expect(set.lines[0]).toBe('Referral settings saved.');
    expect(set.lines).toContain("Rebates on friends' deposits: level 1 1%, level 2 0.6%; on their stakes: level 1 0.3%, level 2 0.1%.");
    await run(['referral-settings-set', '--json', '{"depositRateLevel2":0.5}']);

    const alice = await inviter();
    const { code } = await details(alice);
    const bob = await friendOf(code);
    const member = await run(['referral-member', alice.username]);
    expect(member.lines.slice(0, 2)).toEqual([
      `${alice.username}: code ${code}, invited by nobody.`,
      'Friends: 1 invited, 0 deposited, 0 rewarded, 0 refused.',
    ]);
    expect(member.lines.join('\n')).toContain(bob.username);
  });
});
