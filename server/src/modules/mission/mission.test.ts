import { playsOf, type Draw } from '@platform/lottery-rules';
import { randomBytes } from 'node:crypto';
import type { DepositMTResult, Envelope, MissionClaimed, MissionLeaderboard, MissionMilestones, MissionRules, MissionSummaryDetails } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { approveDeposit } from '../deposit';
import { assertLedgerReconciled } from '../ledger';
import { placeOrder, settleRound } from '../lottery';
import { costOf, drawRoundAs, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from '../lottery/lottery.testing';
import { TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { wageringStateOf } from '../wagering';
import { credit, LOGIN_PASSWORD, mainBalanceMinor, memberWithSession, newKey } from '../withdrawal/withdrawal.testing';
import { runOps } from '../../scripts/ops';
import { opsIoViaInject } from '../../testing/ops-io';
import { createMissionLeaderboardJob, payDueLeaderboards } from './index';

// Missions against the ways a player would game them, through the real routes on a real
// PostgreSQL: only settled activity inside the window counts (an open, cancelled or trial stake,
// a bet before the start or after the end counts nothing), a milestone not reached pays nothing,
// eight claims at once pay once, a replay pays nothing, another merchant's, a paused or another
// device's mission is refused, a claim after the grace is refused, and the leaderboard pays each
// rank once with two job runners, ties going to whoever reached the score first.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DHAKA = 6 * HOUR;
const clock = new TestClock();
const secretsKey = testSecretsKey();
let context: TestContext;
let counter = 0;

/** The mission's window in Dhaka: 2026-11-27 00:00 to 2026-11-30 00:00 (the test clock starts at 10:00 on the 27th). */
const START_MS = Date.UTC(2026, 10, 27) - DHAKA;
const END_MS = Date.UTC(2026, 10, 30) - DHAKA;

beforeAll(async () => {
  clock.nowMs = LOTTERY_TEST_START_MS;
  context = await createTestApp({ clock: clock.now });
  // The seeded mission is the seed's concern: these tests count their own.
  await context.pool.query('UPDATE mission SET paused = true');
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const request = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown, device = 'web') =>
  context.app.inject({ method, url, headers: { authorization: token, language: 'EN', device }, ...(payload === undefined ? {} : { payload: payload as object }) });
const valueOf = <T>(response: LightMyRequestResponse): T => {
  const body = envelope<T>(response);
  if (!body.success) throw new Error(`${response.statusCode} ${body.errorCode}: ${body.message}`);
  return body.value as T;
};
const refusal = (response: LightMyRequestResponse) => ({ status: response.statusCode, errorCode: envelope(response).errorCode });

interface Player {
  memberId: number;
  username: string;
  token: string;
}

async function player(): Promise<Player> {
  const session = await memberWithSession(context, `mission${String(++counter).padStart(3, '0')}`, clock.nowMs);
  await credit(context.pool, context.merchantId, session.memberId, 1_000_00, clock.nowMs);
  return session;
}
const relogin = async (who: Player): Promise<Player> => ({ ...who, token: await tokenFor(context.app, who.username, LOGIN_PASSWORD, `10.77.0.${(++counter % 250) + 1}`) });

const operatorToken = async (role: 'content' | 'risk' = 'content') => (await operatorLogin(context, { username: `mission-${role}-${++counter}`, role, nowMs: clock.nowMs })).token;
const ops = async (method: 'GET' | 'POST', url: string, payload?: unknown, role: 'content' | 'risk' = 'content') =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${await operatorToken(role)}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

const TEXTS = Object.fromEntries(['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'].map((language) => [language, { title: `Week ${language}`, description: 'Play', rules: `Rules ${language}` }]));

async function createMission(overrides: Record<string, unknown> = {}): Promise<{ id: number; milestones: { id: number; kind: string }[] }> {
  const response = await ops('POST', '/missions', {
    name: `Mission ${++counter}`,
    texts: TEXTS,
    start: '2026-11-27 00:00',
    end: '2026-11-30 00:00',
    leaderboardMetric: 'stake',
    milestones: [
      { kind: 'stake', target: 20, reward: { amount: 5, wageringMultiplier: 3 } },
      { kind: 'deposits', target: 100, reward: { amount: 2 } },
      { kind: 'sign_ins', target: 2, reward: { tickets: 2 } },
      { kind: 'variety', target: 2, reward: { amount: 1, wageringMultiplier: 0 } },
    ],
    prizes: [
      { rank: 1, amount: 30 },
      { rank: 2, amount: 20 },
      { rank: 3, amount: 10 },
    ],
    ...overrides,
  });
  return valueOf(response);
}

const milestonesOf = (token: string, missionId: number, device?: string) => request('GET', `/wps/relay/MCSFE_getMissionMilestones?missionId=${missionId}`, token, undefined, device);
const claim = (token: string, body: Record<string, unknown>, device?: string) => request('POST', '/wps/relay/MCSFE_claimMissionRewards', token, body, device);
const summary = async (token: string) => valueOf<MissionSummaryDetails>(await request('GET', '/wps/relay/MCSFE_getMissionSummaryDetails', token));

const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
const LOST_DRAW: Draw = { kind: 'SSC', numbers: [0, 0, 0, 0, 0] };

/** A lottery bet of `multiple` × 2.00, settled lost at once (`settle`), in the round of `gameCode` on sale. */
async function lotteryBet(who: Player, gameCode: string, multiple: number, settle = true) {
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, gameCode, clock.nowMs);
  const line = lineOf(position, [[7], [], [], [], []], { multiple });
  await placeOrder(context.pool, {
    merchantId: context.merchantId, memberId: who.memberId, gameCode, currentNumero: round.numero, slip: slipOf([line]),
    betCartAmountSum: costOf([line]), chase: 0, winningStop: false, nowMs: clock.nowMs,
  });
  if (settle) {
    await drawRoundAs(context.pool, round.roundId, LOST_DRAW, clock.nowMs);
    await settleRound(context.pool, round.roundId, clock.nowMs);
  }
}

/** A vendor's game round as the seamless-wallet API leaves it. */
async function vendorRound(who: Player, stakeMinor: number, { status = 'settled', trial = false, endedAtMs = clock.nowMs, gameCode = 'G1' } = {}) {
  const account = await context.pool.query<{ id: string }>("SELECT id FROM ledger_account WHERE member_id = $1 AND kind = 'member_main'", [who.memberId]);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_code, game_name, game_category, vendor_round_id, ledger_account_id,
                             bet_minor, valid_bet_minor, status, started_at, ended_at)
     VALUES ($1, $2, $3, 'TESTVENDOR', $4, 'Game', 'LIVE', $5, $6, $7, $7, $8, $9, $10)`,
    [context.merchantId, trial ? null : who.memberId, trial, gameCode, `r-${randomBytes(6).toString('hex')}`, trial ? null : account.rows[0].id, stakeMinor, status, new Date(endedAtMs - 60_000), status === 'open' ? null : new Date(endedAtMs)],
  );
}

/** A deposit made through the cashier (the channel asks 500.00 at least) and approved at `atMs` for what arrived. */
async function approvedDeposit(who: Player, amountMinor: number, atMs = clock.nowMs) {
  const made = valueOf<DepositMTResult>(
    await context.app.inject({
      method: 'POST',
      url: '/wps/relay/depositMTV3',
      headers: { authorization: who.token, language: 'EN', 'idempotency-key': newKey() },
      payload: { amount: 500, payeeName: 'Mission Tester' },
    }),
  );
  await approveDeposit(context.pool, { merchantId: context.merchantId, depositId: made.depositId, operatorName: 'cashier', nowMs: atMs, amountMinor });
}

const missionCredits = async (memberId: number) =>
  (
    await context.pool.query<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n, sum(p.amount_minor)::text AS sum FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id WHERE t.kind = 'mission_reward' AND a.member_id = $1`,
      [memberId],
    )
  ).rows[0];

describe('progress and claims, worked by hand', () => {
  let mission: Awaited<ReturnType<typeof createMission>>;
  let alice: Player;
  let bob: Player;
  const milestone = (kind: string) => mission.milestones.find((row) => row.kind === kind)!.id;

  beforeAll(async () => {
    mission = await createMission();
    alice = await player();
    bob = await player();
  });

  it('counts only settled activity inside the window', async () => {
    // Before the start: a settled round the day before counts nothing.
    await vendorRound(alice, 500_00, { endedAtMs: START_MS - 1000 });
    // Open, trial and unsettled stakes count nothing; a lost lottery bet of 10.00 and a round of 5.00 do.
    await vendorRound(alice, 999_00, { status: 'open' });
    await vendorRound(alice, 999_00, { trial: true });
    await lotteryBet(alice, 'SSC5', 5, false);
    await lotteryBet(alice, 'SSC1', 5);
    await vendorRound(alice, 5_00, { gameCode: 'G7' });
    await approvedDeposit(alice, 60_00);
    await approvedDeposit(alice, 500_00, START_MS - 1000);
    const { list, mission: summaryOf } = valueOf<MissionMilestones>(await milestonesOf(alice.token, mission.id));
    expect(summaryOf).toMatchObject({ missionId: mission.id, title: 'Week EN', status: 'ongoing', startTime: START_MS, endTime: END_MS, claimEndTime: END_MS + 72 * HOUR, open: true, metric: 'stake' });
    expect(list.map((row) => [row.kind, row.target, row.progress, row.state])).toEqual([
      ['stake', 20, 15, 'progress'],
      ['deposits', 100, 60, 'progress'],
      ['sign_ins', 2, 1, 'progress'],
      ['variety', 2, 2, 'claimable'],
    ]);
    expect(list[0].reward).toEqual({ kind: 'money', amount: 5, tickets: null, wageringMultiplier: 3 });
    expect(list[2].reward).toEqual({ kind: 'tickets', amount: null, tickets: 2, wageringMultiplier: 1 });
  });

  it('refuses a milestone not reached, and changes nothing', async () => {
    const before = await mainBalanceMinor(context.pool, alice.memberId);
    const refused = await claim(alice.token, { missionId: mission.id, milestoneId: milestone('stake') });
    expect(refusal(refused)).toEqual({ status: 409, errorCode: 'no_mission_claim' });
    expect(envelope(refused).message).toBe('This milestone has not been reached yet');
    expect(await mainBalanceMinor(context.pool, alice.memberId)).toBe(before);
    expect((await context.pool.query('SELECT 1 FROM mission_claim WHERE member_id = $1', [alice.memberId])).rowCount).toBe(0);
    // Leaderboard prizes are never claimed by hand.
    expect(refusal(await claim(alice.token, { missionId: mission.id, milestoneId: milestone('stake'), claimLeaderboard: true }))).toEqual({ status: 409, errorCode: 'mission.leaderboard.automatic' });
  });

  it('pays a reached milestone once for eight claims at once, with its wagering', async () => {
    await vendorRound(alice, 5_00, { gameCode: 'G8' });
    const before = await mainBalanceMinor(context.pool, alice.memberId);
    const wageringBefore = (await wageringStateOf(context.pool, context.merchantId, alice.memberId)).remainingMinor;
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(alice.token, { missionId: mission.id, milestoneId: milestone('stake') })));
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map(refusal)).toEqual(Array(7).fill({ status: 409, errorCode: 'mission.already.claimed' }));
    const value = valueOf<MissionClaimed>(paid[0]);
    expect(value).toMatchObject({ paid: 5, tickets: 0, milestone: { kind: 'stake', progress: 20, state: 'claimed' } });
    expect(await mainBalanceMinor(context.pool, alice.memberId)).toBe(before + 5_00);
    expect(await missionCredits(alice.memberId)).toEqual({ n: 1, sum: '500' });
    // 3× the reward to wager before withdrawing.
    expect((await wageringStateOf(context.pool, context.merchantId, alice.memberId)).remainingMinor).toBe(wageringBefore + 15_00);
    // A replay later pays nothing either.
    expect(refusal(await claim(alice.token, { missionId: mission.id, milestoneId: milestone('stake') }))).toEqual({ status: 409, errorCode: 'mission.already.claimed' });
    expect(await missionCredits(alice.memberId)).toEqual({ n: 1, sum: '500' });
  });

  it('counts sign-ins by merchant day, gives tickets once, and refuses another member’s progress', async () => {
    // Bob has signed in once and staked nothing: alice's progress is not his.
    expect(refusal(await claim(bob.token, { missionId: mission.id, milestoneId: milestone('stake') }))).toEqual({ status: 409, errorCode: 'no_mission_claim' });
    clock.nowMs += DAY;
    alice = await relogin(alice);
    const answers = await Promise.all(Array.from({ length: 4 }, () => claim(alice.token, { missionId: mission.id, milestoneId: milestone('sign_ins') })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const tickets = await context.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM prize_ticket WHERE member_id = $1 AND source LIKE 'mission:%'", [alice.memberId]);
    expect(tickets.rows[0].n).toBe(2);
  });

  it('refuses a milestone of another mission, a paused mission, another device’s and another merchant’s', async () => {
    const other = await createMission();
    expect(refusal(await claim(alice.token, { missionId: other.id, milestoneId: milestone('variety') }))).toEqual({ status: 404, errorCode: 'mission.milestone.not.found' });
    expect((await ops('POST', `/missions/${other.id}/pause`)).statusCode).toBe(200);
    expect(refusal(await milestonesOf(alice.token, other.id))).toEqual({ status: 404, errorCode: 'mission.not.found' });
    expect(refusal(await claim(alice.token, { missionId: other.id, milestoneId: other.milestones[3].id }))).toEqual({ status: 404, errorCode: 'mission.not.found' });
    const phones = await createMission({ device: 'mobile', leaderboardMetric: null, prizes: [] });
    await vendorRound(alice, 1_00, { gameCode: 'G9' });
    expect(refusal(await claim(alice.token, { missionId: phones.id, milestoneId: phones.milestones[3].id }))).toEqual({ status: 404, errorCode: 'mission.not.found' });
    expect(valueOf<MissionClaimed>(await claim(alice.token, { missionId: phones.id, milestoneId: phones.milestones[3].id }, 'mobile')).paid).toBe(1);
    const foreign = await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('MISSIONX', 'Other') RETURNING id");
    const theirs = await context.pool.query<{ id: number }>(
      `INSERT INTO mission (merchant_id, name, starts_at, ends_at, created_at, updated_at) VALUES ($1, 'Theirs', $2, $3, $2, $2) RETURNING id`,
      [foreign.rows[0].id, new Date(START_MS), new Date(END_MS)],
    );
    expect(refusal(await milestonesOf(alice.token, theirs.rows[0].id))).toEqual({ status: 404, errorCode: 'mission.not.found' });
    expect(refusal(await milestonesOf(alice.token, 2147483647))).toEqual({ status: 404, errorCode: 'mission.not.found' });
    // The member's list: the running missions for this device, and the open count of the badge.
    const web = await summary(alice.token);
    expect(web.list.map((row) => row.missionId)).toEqual([mission.id]);
    expect(web.openCount).toBe(1);
  });

  it('lets a reached milestone be claimed during the grace after the end, not after it', async () => {
    await approvedDeposit(alice, 40_00, END_MS - 1000);
    await approvedDeposit(alice, 100_00, END_MS + 1000);
    clock.nowMs = END_MS + 71 * HOUR;
    alice = await relogin(alice);
    bob = await relogin(bob);
    const { mission: after, list } = valueOf<MissionMilestones>(await milestonesOf(alice.token, mission.id));
    expect(after.status).toBe('claiming');
    expect(list.find((row) => row.kind === 'deposits')).toMatchObject({ progress: 100, state: 'claimable' });
    expect(valueOf<MissionClaimed>(await claim(alice.token, { missionId: mission.id, milestoneId: milestone('deposits') })).paid).toBe(2);
    // Bob reached nothing: the mission is not open to him any more.
    expect((await summary(bob.token)).openCount).toBe(0);
    clock.nowMs = END_MS + 73 * HOUR;
    alice = await relogin(alice);
    expect(refusal(await claim(alice.token, { missionId: mission.id, milestoneId: milestone('variety') }))).toEqual({ status: 409, errorCode: 'mission.claim.closed' });
    clock.nowMs = LOTTERY_TEST_START_MS + DAY;
  });

  it('keeps a claimed milestone as it is in the operator API, and shows the payouts', async () => {
    const changed = await ops('POST', `/missions/${mission.id}`, { milestones: [{ kind: 'stake', target: 50, reward: { amount: 5 } }] });
    expect(refusal(changed)).toEqual({ status: 400, errorCode: 'operator.mission.invalid' });
    const payouts = valueOf<{ claims: { username: string; amount: number | null; tickets: number | null }[] }>(await ops('GET', `/missions/${mission.id}/payouts`, undefined, 'risk'));
    expect(payouts.claims.filter((row) => row.username === alice.username).map((row) => [row.amount, row.tickets]).sort()).toEqual([[null, 2], [2, null], [5, null]]);
    // Risk reads, never writes.
    expect((await ops('POST', `/missions/${mission.id}/pause`, undefined, 'risk')).statusCode).toBe(403);
  });

  it('audits each change with the mission as it was and is (the fields touched)', async () => {
    const created = await createMission({ name: 'Audited week' });
    expect((await ops('POST', `/missions/${created.id}`, { name: 'Audited week, renamed', prizes: [{ rank: 1, amount: 40 }] })).statusCode).toBe(200);
    expect((await ops('POST', `/missions/${created.id}/pause`)).statusCode).toBe(200);
    const audit = await context.pool.query<{ action: string; detail: { before: Record<string, unknown> | null; after: Record<string, unknown> } }>(
      "SELECT action, detail FROM operator_action WHERE action LIKE 'mission.%' AND outcome = 'ok' AND (target_id = $1 OR detail -> 'after' ->> 'id' = $1) ORDER BY id",
      [String(created.id)],
    );
    const [create, update, pause] = audit.rows;
    expect(create.action).toBe('mission.create');
    expect(create.detail.before).toBeNull();
    expect(create.detail.after).toMatchObject({ id: created.id, name: 'Audited week', paused: false, prizes: [{ rank: 1, amount: 30 }, { rank: 2, amount: 20 }, { rank: 3, amount: 10 }] });
    expect(create.detail.after).not.toHaveProperty('claims');
    expect(update).toEqual({
      action: 'mission.update',
      detail: {
        before: { id: created.id, name: 'Audited week', prizes: [{ rank: 1, amount: 30, wageringMultiplier: 1 }, { rank: 2, amount: 20, wageringMultiplier: 1 }, { rank: 3, amount: 10, wageringMultiplier: 1 }] },
        after: { id: created.id, name: 'Audited week, renamed', prizes: [{ rank: 1, amount: 40, wageringMultiplier: 1 }] },
      },
    });
    expect(pause.detail).toEqual({ before: { id: created.id, name: 'Audited week, renamed', paused: false }, after: { id: created.id, name: 'Audited week, renamed', paused: true } });
  });
});

describe('the leaderboard', () => {
  it('ranks by stake with ties to who reached the score first, and pays each rank once with two runners', async () => {
    // A window of its own, after the first describe's: 2026-12-01 00:00 to 2026-12-04 00:00 in Dhaka.
    clock.nowMs = Date.UTC(2026, 11, 2, 4);
    const END_MS = Date.UTC(2026, 11, 4) - DHAKA;
    const mission = await createMission({ start: '2026-12-01 00:00', end: '2026-12-04 00:00', milestones: [{ kind: 'stake', target: 1, reward: { amount: 1 } }] });
    const [first, second, third, fourth] = [await player(), await player(), await player(), await player()];
    // second and third tie at 40.00: third got there first.
    await vendorRound(third, 40_00, { endedAtMs: clock.nowMs - 10 * 60_000 });
    await vendorRound(second, 40_00, { endedAtMs: clock.nowMs - 5 * 60_000 });
    await vendorRound(first, 90_00);
    await vendorRound(fourth, 10_00);
    // After the end nothing counts.
    await vendorRound(fourth, 900_00, { endedAtMs: END_MS + 1000 });
    const board = valueOf<MissionLeaderboard>(await request('GET', `/wps/relay/MCSFE_getMissionLeaderboard?missionId=${mission.id}`, second.token));
    expect(board.list.map((row) => [row.rank, row.score, row.prize])).toEqual([[1, 90, 30], [2, 40, 20], [3, 40, 10], [4, 10, null]]);
    expect(board.list[2].username).toBe(second.username);
    expect(board.list[1].username).toMatch(/\*\*\*/);
    expect(board.me).toEqual({ rank: 3, score: 40, prize: 10 });
    expect(board.paid).toBe(false);

    // The first describe's mission is due: alice alone staked in it (rank 1, 30.00); its paused twin waits.
    expect(await payDueLeaderboards(context.pool, END_MS + 60_000)).toEqual({ missions: 1, prizes: 1, paidMinor: 30_00 });
    // This one not before the end (and a few minutes after it, for settlements in flight).
    expect(await payDueLeaderboards(context.pool, END_MS + 60_000)).toEqual({ missions: 0, prizes: 0, paidMinor: 0 });
    clock.nowMs = END_MS + HOUR;
    const jobs = [createMissionLeaderboardJob({ db: context.pool, clock: clock.now }), createMissionLeaderboardJob({ db: context.pool, clock: clock.now })];
    await Promise.all([...jobs.map((job) => job.runOnce()), payDueLeaderboards(context.pool, clock.nowMs)]);
    await Promise.all(jobs.map((job) => job.close()));
    expect(await payDueLeaderboards(context.pool, clock.nowMs)).toEqual({ missions: 0, prizes: 0, paidMinor: 0 });
    const payouts = await context.pool.query<{ rank: number; member_id: string; amount_minor: string }>('SELECT rank, member_id, amount_minor FROM mission_leaderboard_payout WHERE mission_id = $1 ORDER BY rank', [mission.id]);
    expect(payouts.rows.map((row) => [row.rank, Number(row.member_id), Number(row.amount_minor)])).toEqual([[1, first.memberId, 30_00], [2, third.memberId, 20_00], [3, second.memberId, 10_00]]);
    expect(await missionCredits(first.memberId)).toEqual({ n: 1, sum: '3000' });
    expect(await missionCredits(fourth.memberId)).toEqual({ n: 0, sum: null });
    const after = await relogin(second);
    const paid = valueOf<MissionLeaderboard>(await request('GET', `/wps/relay/MCSFE_getMissionLeaderboard?missionId=${mission.id}`, after.token));
    expect(paid).toMatchObject({ paid: true, me: { rank: 3, score: 40, prize: 10 } });
    const rules = valueOf<MissionRules>(await request('GET', `/wps/relay/MCSFE_getMissionRules?missionId=${mission.id}`, after.token));
    expect(rules).toMatchObject({ rules: 'Rules EN', claimGraceHours: 72 });
    // Paid prizes stay as they are.
    expect(refusal(await ops('POST', `/missions/${mission.id}`, { prizes: [{ rank: 1, amount: 999 }] }))).toEqual({ status: 400, errorCode: 'operator.mission.invalid' });
  });
});

describe('the command-line tool', () => {
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    return { code: await runOps(argv, opsIoViaInject(context.app, await operatorToken(), lines)), lines };
  };

  it('mission-create, missions, mission-update, mission-pause/resume, mission-progress and mission-payouts', async () => {
    const body = { name: 'CLI week', start: '2026-12-10 00:00', end: '2026-12-17 00:00', leaderboardMetric: 'stake', milestones: [{ kind: 'variety', target: 3, reward: { tickets: 1 } }], prizes: [{ rank: 1, amount: 5 }] };
    const created = await run(['mission-create', '--json', JSON.stringify(body)]);
    expect(created.code).toBe(0);
    expect(created.lines[0]).toBe('Mission created.');
    expect(created.lines[1]).toMatch(/^Mission \d+ "CLI week": 2026-12-10 00:00 to 2026-12-17 00:00 \(merchant time\), upcoming, device all\.$/);
    expect(created.lines.at(-1)).toBe('Leaderboard by stake: #1 5.');
    const id = /^Mission (\d+)/.exec(created.lines[1])![1];
    expect((await run(['missions'])).lines.some((line) => line.includes('CLI week'))).toBe(true);
    expect((await run(['mission-update', id, '--json', '{"prizes":[{"rank":1,"amount":7},{"rank":2,"amount":3}]}'])).lines.at(-1)).toBe('Leaderboard by stake: #1 7, #2 3.');
    expect((await run(['mission-update', id, '--json', '{"end":"2026-12-09 00:00"}'])).code).toBe(1);
    expect((await run(['mission-pause', id])).lines).toEqual([`Mission ${id} paused.`]);
    expect((await run(['mission-resume', id])).lines).toEqual([`Mission ${id} resumed.`]);
    expect((await run(['mission-progress', id])).code).toBe(0);
    expect((await run(['mission-payouts', id])).lines).toEqual(['Milestone claims:', 'milestoneId  username  amount  tickets', 'Leaderboard not paid yet.', 'rank  username  score  amount']);
    expect((await run(['mission-pause'])).code).toBe(2);
  });
});
