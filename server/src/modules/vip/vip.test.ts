import { randomBytes } from 'node:crypto';
import type { CustomerRebateSetting, Envelope, MemberClubBenefit, MemberProfit, MemberInfo, PlayerRankProgress, PlayerRankRule, RankSalaryClaimHistory, RebateDay, VipBenefitClaimed } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled, ensureHouseAccount, ensureMemberAccount, postTransaction } from '../ledger';
import { TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { wageringStateOf } from '../wagering';
import { LOGIN_PASSWORD, mainBalanceMinor, memberWithSession } from '../withdrawal/withdrawal.testing';
import { createVipMonthEndJob, runDueMonthEnds } from './index';

// VIP ranks against the ways a player (or two replicas) would get them wrong, through the real
// routes on a real PostgreSQL with the seeded ladder: a month's figures are its own (23:59 on its
// last day in Dhaka counts, 00:00 the next day does not), a month end decides once whoever runs it
// and however often, promotions jump to the highest level met and relegations go one level down, the
// upgrade bonus is paid once per level ever reached and the salary once a month and level, five
// claims at once pay once, a member cannot claim what another reached, and the rebate counts a
// day at the member's level.

const HOUR = 3_600_000;
const DHAKA = 6 * HOUR;
/** Local Dhaka time → epoch ms. */
const dhaka = (year: number, month: number, day: number, hour = 0, minute = 0) => Date.UTC(year, month - 1, day, hour, minute) - DHAKA;

const clock = new TestClock();
let context: TestContext;
let counter = 0;

beforeAll(async () => {
  clock.nowMs = dhaka(2026, 10, 10, 12);
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

interface Player {
  memberId: number;
  username: string;
  token: string;
}

const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const request = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, language = 'EN') =>
  context.app.inject({ method, url, headers: { authorization: token, language }, ...(payload === undefined ? {} : { payload: payload as object }) });
const valueOf = <T>(response: LightMyRequestResponse): T => {
  const body = envelope<T>(response);
  if (!body.success) throw new Error(`${response.statusCode} ${body.errorCode}: ${body.message}`);
  return body.value as T;
};
const refusal = (response: LightMyRequestResponse) => ({ status: response.statusCode, errorCode: envelope(response).errorCode });

async function player(): Promise<Player> {
  return memberWithSession(context, `vip${String(++counter).padStart(3, '0')}${randomBytes(2).toString('hex')}`, clock.nowMs);
}
const relogin = async (who: Player): Promise<Player> => ({ ...who, token: await tokenFor(context.app, who.username, LOGIN_PASSWORD, `10.77.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`) });

/** A deposit credited at `atMs`, as the deposit work leaves it: the ledger's movement and the approved order. */
async function depositAt(who: Player, amountMinor: number, atMs: number): Promise<void> {
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_deposits', atMs);
  const wallet = await ensureMemberAccount(context.pool, context.merchantId, who.memberId, 'REAL', atMs);
  const posted = await postTransaction(context.pool, {
    merchantId: context.merchantId, idempotencyKey: `vip-test-deposit:${randomBytes(8).toString('hex')}`, kind: 'deposit', unit: 'REAL',
    postings: [{ accountId: house, amountMinor: -amountMinor }, { accountId: wallet, amountMinor }], nowMs: atMs,
  });
  const channel = await context.pool.query<{ id: number; method: string }>("SELECT id, method FROM deposit_channel WHERE merchant_id = $1 AND method <> 'C2C' ORDER BY id LIMIT 1", [context.merchantId]);
  await context.pool.query(
    `INSERT INTO deposit (merchant_id, member_id, channel_id, method, vendor_name, bank_code, requested_minor, credited_minor, status,
                          idempotency_key, request_digest, created_at, updated_at, settled_at, ledger_transaction_id)
     VALUES ($1, $2, $3, $4, 'Test', 'TEST', $5, $5, 'approved', $6, 'digest', $7, $7, $7, $8)`,
    [context.merchantId, who.memberId, channel.rows[0].id, channel.rows[0].method, amountMinor, randomBytes(8).toString('hex'), new Date(atMs), posted.transactionId],
  );
}

/** A vendor's game round that ended settled at `atMs` with this valid stake (as the seamless-wallet API leaves it). */
async function stakeAt(who: Player, stakeMinor: number, atMs: number, { status = 'settled', category = 'LIVE' } = {}): Promise<void> {
  const account = await ensureMemberAccount(context.pool, context.merchantId, who.memberId, 'REAL', atMs);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_code, game_name, game_category, vendor_round_id, ledger_account_id,
                             bet_minor, valid_bet_minor, status, started_at, ended_at)
     VALUES ($1, $2, false, 'TESTVENDOR', 'G1', 'Game', $3, $4, $5, $6, $6, $7, $8, $9)`,
    [context.merchantId, who.memberId, category, `vr-${randomBytes(6).toString('hex')}`, account, stakeMinor, status, new Date(atMs - 60_000), status === 'open' ? null : new Date(atMs)],
  );
}

const operatorToken = async (role: 'content' | 'risk' | 'admin' = 'risk') => (await operatorLogin(context, { username: `vip-${role}-${++counter}`, role, nowMs: clock.nowMs })).token;
const ops = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token ?? (await operatorToken())}` }, ...(body === undefined ? {} : { payload: body as object }) });
const monthEnd = (month: string, token?: string) => ops('POST', '/vip/month-end', { month }, token);

const progressOf = (who: Player) => request('GET', '/wps/relay/MCSFE_getPlayerRankProgress', who.token);
const benefitsOf = (who: Player) => request('GET', '/wps/relay/MCSFE_getMemberClubBenefit', who.token);
const claim = (who: Player, benefitType: string, rankLevel: number) => request('POST', '/wps/relay/MCSFE_claimMemberClubBenefit', who.token, { benefitType, rankLevel });
const levelOf = async (who: Player) => (await context.pool.query<{ level: number }>('SELECT level FROM vip_member WHERE member_id = $1', [who.memberId])).rows[0]?.level ?? 0;
const vipCredits = async (who: Player, kind: string) =>
  (
    await context.pool.query<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n, sum(p.amount_minor)::text AS sum FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id WHERE t.kind = $2 AND a.member_id = $1`,
      [who.memberId, kind],
    )
  ).rows[0];

// The seeded ladder: level 1 asks a month's turnover of 5,000 and deposits of 1,000 (keep: 2,000
// turnover), pays 58 once and a salary of 18; level 2 asks 20,000 / 5,000 and 10,000 deposited in all.

describe('progress and the month end', () => {
  let edge: Player;
  let late: Player;
  let jumper: Player;

  beforeAll(async () => {
    edge = await player();
    late = await player();
    jumper = await player();
    // edge: everything level 1 asks, the last 100.00 of stake at 23:59 on 31 October in Dhaka.
    await depositAt(edge, 1_000_00, dhaka(2026, 10, 5, 9));
    await stakeAt(edge, 4_900_00, dhaka(2026, 10, 10, 11));
    await stakeAt(edge, 100_00, dhaka(2026, 10, 31, 23, 59));
    // late: the same, but the last 100.00 at 00:00 on 1 November: October falls short.
    await depositAt(late, 1_000_00, dhaka(2026, 10, 5, 9));
    await stakeAt(late, 4_900_00, dhaka(2026, 10, 10, 11));
    await stakeAt(late, 100_00, dhaka(2026, 11, 1, 0, 0));
    // An open round and a rolled-back one count nothing.
    await stakeAt(late, 50_000_00, dhaka(2026, 10, 20), { status: 'open' });
    await stakeAt(late, 50_000_00, dhaka(2026, 10, 20), { status: 'rolled_back' });
    // jumper: enough for level 2 at once (20,000 / 5,000 in the month, 10,000 deposited in all).
    await depositAt(jumper, 10_000_00, dhaka(2026, 10, 3));
    await stakeAt(jumper, 20_000_00, dhaka(2026, 10, 4));
  });

  it("shows this month's figures against the next level's requirements, and the member starts at level 0", async () => {
    clock.nowMs = dhaka(2026, 10, 31, 23, 59) + 30_000;
    edge = await relogin(edge);
    const progress = valueOf<PlayerRankProgress>(await progressOf(edge));
    expect(progress).toMatchObject({
      rankLevel: 0, month: '2026-10', monthEndsAt: dhaka(2026, 11, 1),
      monthlyTurnover: { actual: 5000, expected: 5000, remaining: 0, percent: 100 }, monthlyDeposit: { actual: 1000, expected: 1000, remaining: 0, percent: 100 },
      totalTurnover: { actual: 5000, expected: null, remaining: 0, percent: 100 }, totalDeposit: { actual: 1000, expected: null, remaining: 0, percent: 100 },
      currentProgress: 100, completeProgress: 100,
    });
    expect(progress.nextLevel).toMatchObject({ rankLevel: 1, clubLabel: 'Bronze', playerRankName: 'Bronze', benefits: { upgradeBonus: 58, monthlySalary: 18 } });
    // Bengali names come from the level's texts.
    const bn = valueOf<PlayerRankProgress>(await request('GET', '/wps/relay/MCSFE_getPlayerRankProgress', edge.token, undefined, 'BN'));
    expect(bn.nextLevel?.playerRankName).toBe('ব্রোঞ্জ');
    // late's October lacks the stake made at 00:00 on 1 November (and the open and rolled-back rounds).
    late = await relogin(late);
    const lateProgress = valueOf<PlayerRankProgress>(await progressOf(late));
    expect(lateProgress.monthlyTurnover).toEqual({ actual: 4900, expected: 5000, remaining: 100, percent: 98 });
    expect(lateProgress.currentProgress).toBe(98);
  });

  it('refuses a month that has not ended (with its grace), and what is not a month', async () => {
    const token = await operatorToken();
    expect(refusal(await monthEnd('2026-10', token))).toEqual({ status: 400, errorCode: 'vip.month.invalid' });
    clock.nowMs = dhaka(2026, 11, 1, 0, 2);
    expect(refusal(await monthEnd('2026-10', token))).toEqual({ status: 400, errorCode: 'vip.month.invalid' });
    expect(refusal(await monthEnd('2026-13', token))).toEqual({ status: 400, errorCode: 'vip.month.invalid' });
    expect(refusal(await monthEnd('Oct', token))).toEqual({ status: 400, errorCode: 'vip.month.invalid' });
    expect(await context.pool.query('SELECT 1 FROM vip_month_run')).toHaveProperty('rowCount', 0);
  });

  it('decides October once with two runners at once and the job besides: 23:59 counts, 00:00 does not, a jump goes straight to level 2', async () => {
    clock.nowMs = dhaka(2026, 11, 1, 0, 10);
    const [riskA, riskB] = await Promise.all([operatorToken(), operatorToken()]);
    const runs = await Promise.all([monthEnd('2026-10', riskA), monthEnd('2026-10', riskB), runDueMonthEnds(context.pool, clock.nowMs)]);
    const answers = [runs[0], runs[1]].map((response) => valueOf<{ ran: boolean; promoted: number; relegated: number }>(response));
    const jobRan = runs[2].filter((run) => run.ran).length;
    expect(answers.filter((answer) => answer.ran).length + jobRan).toBe(1);
    expect(answers[0].promoted).toBe(answers[1].promoted);
    expect(await levelOf(edge)).toBe(1);
    expect(await levelOf(late)).toBe(0);
    expect(await levelOf(jumper)).toBe(2);
    // A rerun changes nothing and says so.
    const again = valueOf<{ ran: boolean; promoted: number }>(await monthEnd('2026-10'));
    expect(again.ran).toBe(false);
    const changes = await context.pool.query<{ member_id: string; from_level: number; to_level: number; reason: string; month: string }>(
      'SELECT member_id, from_level, to_level, reason, month FROM vip_level_change WHERE member_id = ANY ($1::bigint[]) ORDER BY member_id',
      [[edge.memberId, late.memberId, jumper.memberId]],
    );
    expect(changes.rows.map((row) => [Number(row.member_id), row.from_level, row.to_level, row.reason, row.month])).toEqual([
      [edge.memberId, 0, 1, 'promotion', '2026-10'],
      [jumper.memberId, 0, 2, 'promotion', '2026-10'],
    ]);
  });

  it('shows the rank in the member info (club label and colour), and a VIP label once above level 0', async () => {
    edge = await relogin(edge);
    const info = valueOf<MemberInfo>(await request('GET', '/wps/member/info', edge.token));
    expect(info.clubLabel).toEqual({ labelName: 'Bronze', color: '#a0522d', color2: '#f5deb3', rankLevel: 1 });
    expect(info.memberLabel).toEqual([{ labelName: 'Bronze', textColor: '#f5deb3', backgroundColor: '#a0522d' }]);
    late = await relogin(late);
    const plain = valueOf<MemberInfo>(await request('GET', '/wps/member/info', late.token));
    expect(plain.clubLabel).toMatchObject({ rankLevel: 0, labelName: 'Member' });
    expect(plain.memberLabel).toEqual([]);
  });

  it('pays each upgrade bonus once: five claims at once pay once, a replay is refused, a jump owes every level passed', async () => {
    const before = await mainBalanceMinor(context.pool, edge.memberId);
    const wageringBefore = (await wageringStateOf(context.pool, context.merchantId, edge.memberId)).remainingMinor;
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(edge, 'upgrade', 1)));
    const paid = answers.filter((response) => response.statusCode === 200).map((response) => valueOf<VipBenefitClaimed>(response));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ paid: 58, benefit: { benefitType: 'upgrade', rankLevel: 1, state: 'claimed' } });
    expect(answers.filter((response) => response.statusCode !== 200).map(refusal)).toEqual(Array(4).fill({ status: 409, errorCode: 'vip.benefit.claimed' }));
    expect(await mainBalanceMinor(context.pool, edge.memberId)).toBe(before + 58_00);
    expect(await vipCredits(edge, 'vip_upgrade_bonus')).toEqual({ n: 1, sum: '5800' });
    // The bonus × 1 is to be staked before withdrawing.
    expect((await wageringStateOf(context.pool, context.merchantId, edge.memberId)).remainingMinor).toBe(wageringBefore + 58_00);
    expect(refusal(await claim(edge, 'upgrade', 1))).toEqual({ status: 409, errorCode: 'vip.benefit.claimed' });
    // Level 2 was never reached by edge; level 9 does not exist.
    expect(refusal(await claim(edge, 'upgrade', 2))).toEqual({ status: 409, errorCode: 'vip.benefit.not.owed' });
    expect(refusal(await claim(edge, 'upgrade', 9))).toEqual({ status: 404, errorCode: 'vip.level.unknown' });
    // late reached nothing: it cannot claim what edge reached.
    expect(refusal(await claim(late, 'upgrade', 1))).toEqual({ status: 409, errorCode: 'vip.benefit.not.owed' });
    expect(refusal(await claim(late, 'salary', 0))).toEqual({ status: 409, errorCode: 'vip.benefit.not.owed' });
    // jumper owes levels 1 and 2.
    jumper = await relogin(jumper);
    const benefits = valueOf<MemberClubBenefit>(await benefitsOf(jumper));
    expect(benefits.list.map((item) => [item.benefitType, item.rankLevel, item.state])).toEqual([
      ['upgrade', 1, 'claim'], ['upgrade', 2, 'claim'], ['upgrade', 3, 'none'], ['upgrade', 4, 'none'], ['upgrade', 5, 'none'], ['salary', 2, 'claim'],
    ]);
    expect(valueOf<VipBenefitClaimed>(await claim(jumper, 'upgrade', 1)).paid).toBe(58);
    expect(valueOf<VipBenefitClaimed>(await claim(jumper, 'upgrade', 2)).paid).toBe(188);
  });

  it("pays a month's salary once per level and month, only of the member's level", async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => claim(edge, 'salary', 1)));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(refusal(await claim(edge, 'salary', 1))).toEqual({ status: 409, errorCode: 'vip.benefit.claimed' });
    // Not another level's salary.
    expect(refusal(await claim(jumper, 'salary', 1))).toEqual({ status: 409, errorCode: 'vip.benefit.not.owed' });
    expect(valueOf<VipBenefitClaimed>(await claim(jumper, 'salary', 2)).paid).toBe(58);
    expect(await vipCredits(edge, 'vip_salary')).toEqual({ n: 1, sum: '1800' });
    const history = valueOf<RankSalaryClaimHistory>(await request('GET', '/wps/relay/MCSFE_getRankSalaryClaimHistory?page=1&size=10', edge.token));
    expect(history.list.map((row) => [row.benefitType, row.rankLevel, row.bonusAmount, row.month, row.promoName])).toEqual([
      ['salary', 1, 18, '2026-11', 'Bronze monthly salary 2026-11'],
      ['upgrade', 1, 58, null, 'Bronze upgrade bonus'],
    ]);
    expect(history.footer.bonusAmount).toBe(76);
    // The personal P&L counts both as promotions (the day of the claims, 1 November in Dhaka).
    const profit = valueOf<MemberProfit>(await request('GET', '/wps/relay/ODSFE2_MemPNLDet?startDate=2026-11-01&endDate=2026-11-01&page=1&size=10', edge.token));
    expect(profit.footer?.promotion).toBe(76);
    // A day range of the merchant's calendar that holds no claim.
    const none = valueOf<RankSalaryClaimHistory>(await request('GET', '/wps/relay/MCSFE_getRankSalaryClaimHistory?claimDateFrom=2026-10-01&claimDateTo=2026-10-31', edge.token));
    expect(none.list).toEqual([]);
  });

  it("counts a rebate day at the member's level", async () => {
    // A live round of 100.00 on 2 November: level 1 earns 0.7 %, level 0 0.6 %.
    clock.nowMs = dhaka(2026, 11, 2, 10);
    await stakeAt(edge, 100_00, clock.nowMs);
    await stakeAt(late, 100_00, clock.nowMs);
    clock.nowMs = dhaka(2026, 11, 3, 1);
    edge = await relogin(edge);
    late = await relogin(late);
    expect(valueOf<RebateDay>(await request('GET', '/wps/relay/ODSFE2_getRebate?balanceDate=2026-11-02', edge.token)).liveRemain).toBe(0.7);
    expect(valueOf<RebateDay>(await request('GET', '/wps/relay/ODSFE2_getRebate?balanceDate=2026-11-02', late.token)).liveRemain).toBe(0.6);
    const setting = valueOf<CustomerRebateSetting>(await request('GET', '/wps/relay/MCS2_getCustomerRebateSettingByProductType', edge.token));
    expect(setting.vipLevel).toBe(1);
    expect(setting.list.find((rate) => rate.productType === 'live')?.rebateValue).toBe(0.7);
  });

  it('relegates one level a month short of keeping it; a new promotion does not pay the upgrade bonus again', async () => {
    // November: edge stakes 1,000 (keeping level 1 asks 2,000); jumper keeps level 2 (10,000 / 2,000).
    await stakeAt(edge, 1_000_00, dhaka(2026, 11, 10));
    await stakeAt(jumper, 10_000_00, dhaka(2026, 11, 10));
    await depositAt(jumper, 2_000_00, dhaka(2026, 11, 10));
    clock.nowMs = dhaka(2026, 12, 1, 0, 30);
    const job = createVipMonthEndJob({ db: context.pool, clock: clock.now, intervalMs: 60_000 });
    try {
      // The job's own run: the same as an operator's, once.
      expect((await runDueMonthEnds(context.pool, clock.nowMs)).map((run) => [run.month, run.ran])).toEqual([['2026-11', true]]);
      expect(await runDueMonthEnds(context.pool, clock.nowMs)).toEqual([]);
    } finally {
      await job.close();
    }
    expect(await levelOf(edge)).toBe(0);
    expect(await levelOf(jumper)).toBe(2);
    // December: edge meets level 1 again; its bonus was paid in October.
    await depositAt(edge, 1_000_00, dhaka(2026, 12, 2));
    await stakeAt(edge, 5_000_00, dhaka(2026, 12, 2));
    clock.nowMs = dhaka(2027, 1, 1, 1);
    expect(valueOf<{ ran: boolean }>(await monthEnd('2026-12')).ran).toBe(true);
    expect(await levelOf(edge)).toBe(1);
    edge = await relogin(edge);
    expect(refusal(await claim(edge, 'upgrade', 1))).toEqual({ status: 409, errorCode: 'vip.benefit.claimed' });
    // January's salary of level 1 is new.
    expect(valueOf<VipBenefitClaimed>(await claim(edge, 'salary', 1)).paid).toBe(18);
    expect(await vipCredits(edge, 'vip_upgrade_bonus')).toEqual({ n: 1, sum: '5800' });
  });
});

describe('operators', () => {
  it('set a member level by hand (recorded, audited), change the ladder, and read the claims', async () => {
    const who = await player();
    const risk = await operatorToken('risk');
    expect(refusal(await ops('PUT', `/vip/members/${who.username}/level`, { level: 9, note: 'x' }, risk))).toEqual({ status: 400, errorCode: 'operator.vip.invalid' });
    const set = valueOf<{ fromLevel: number; level: number; changed: boolean }>(await ops('PUT', `/vip/members/${who.username}/level`, { level: 3, note: 'high roller moved from another brand' }, risk));
    expect(set).toMatchObject({ fromLevel: 0, level: 3, changed: true });
    const member = valueOf<{ level: number; highestLevel: number; changes: { reason: string; note: string }[] }>(await ops('GET', `/vip/members/${who.username}`, undefined, risk));
    expect(member).toMatchObject({ level: 3, highestLevel: 3, changes: [{ reason: 'operator', note: 'high roller moved from another brand' }] });
    const audit = await context.pool.query("SELECT outcome FROM operator_action WHERE action = 'vip.member_level' AND target_id = $1 ORDER BY id", [who.username]);
    expect(audit.rows.map((row) => row.outcome)).toEqual(['started', 'refused', 'started', 'ok']);
    const setAudit = await context.pool.query("SELECT detail FROM operator_action WHERE action = 'vip.member_level' AND target_id = $1 AND outcome = 'ok'", [who.username]);
    expect(setAudit.rows[0].detail).toEqual({ before: { level: 0, highestLevel: 0 }, after: { level: 3, highestLevel: 3 } });
    // Content staff may not set levels; risk may not write the ladder.
    const content = await operatorToken('content');
    expect((await ops('PUT', `/vip/members/${who.username}/level`, { level: 1, note: 'x' }, content)).statusCode).toBe(403);
    expect((await ops('PUT', '/vip/levels/1', { upgradeBonus: 60 }, risk)).statusCode).toBe(403);
    // The ladder: a change of the fields given, a level that skips one refused, level 0 asks nothing.
    const ladder = valueOf<{ list: { level: number; upgradeBonus: number; reach: { monthlyTurnover: number } }[] }>(await ops('PUT', '/vip/levels/1', { upgradeBonus: 60, reach: { monthlyTurnover: 5500 } }, content));
    expect(ladder.list[1]).toMatchObject({ level: 1, upgradeBonus: 60, reach: { monthlyTurnover: 5500 } });
    // Audited with the level as it was and as it is.
    const levelAudit = await context.pool.query<{ detail: { before: { upgradeBonus: number; reach: object }; after: unknown } }>(
      "SELECT detail FROM operator_action WHERE action = 'vip.level' AND target_id = '1' AND outcome = 'ok' ORDER BY id DESC LIMIT 1",
    );
    expect(levelAudit.rows[0].detail.after).toEqual(ladder.list[1]);
    const { upgradeBonus: _bonus, reach: _reach, ...untouched } = ladder.list[1];
    expect(levelAudit.rows[0].detail.before).toMatchObject({ ...untouched, reach: { ...ladder.list[1].reach, monthlyTurnover: expect.any(Number) } });
    expect(levelAudit.rows[0].detail.before).not.toEqual(ladder.list[1]);
    expect(refusal(await ops('PUT', '/vip/levels/7', { clubLabel: 'X', color: '#000000', color2: '#ffffff' }, content))).toEqual({ status: 400, errorCode: 'operator.vip.invalid' });
    expect(refusal(await ops('PUT', '/vip/levels/0', { reach: { monthlyTurnover: 1 } }, content))).toEqual({ status: 400, errorCode: 'operator.vip.invalid' });
    expect(refusal(await ops('PUT', '/vip/levels/2', { upgradeBonus: 1.005 }, content))).toEqual({ status: 400, errorCode: 'operator.vip.invalid' });
    const rules = valueOf<PlayerRankRule>(await request('GET', '/wps/relay/MCSFE_getPlayerRankRule', (await relogin(who)).token));
    expect(rules.list.map((level) => level.rankLevel)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(rules.list[5].benefits).toMatchObject({ vipService: true, benefitText: 'A personal VIP host' });
    expect(rules.list[4].benefits.vipService).toBe(false);
    const claims = valueOf<{ list: unknown[]; total: number }>(await ops('GET', '/vip/claims', undefined, risk));
    expect(claims.total).toBeGreaterThanOrEqual(6);
  });
});
