import type { DepositMTResult, Envelope, PromotionClaimed, PromotionEntry } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { runOps } from '../../scripts/ops';
import { opsIoViaInject } from '../../testing/ops-io';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { PNG_DATA_URL } from '../c2c/c2c.testing';
import { approveDeposit } from '../deposit';
import { assertLedgerReconciled, ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, postTransaction } from '../ledger';
import { TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { wageringStateOf } from '../wagering';
import { bet, credit, LOGIN_PASSWORD, memberWithSession, newKey } from '../withdrawal/withdrawal.testing';

// The promotions that repeat each day and those an operator decides, against the ways a player
// games them, through the real routes on a real PostgreSQL:
//   - the daily sign-in pays its streak day once a day, two sign-ins at once pay once, and a day
//     missed starts the streak over;
//   - a day's stake (bet volume) and yesterday's loss (rescue) pay once per day, only past their
//     thresholds, and a loss made good today is not paid again tomorrow;
//   - a daily reload pays the day's first qualifying deposit, once a day;
//   - a tickets reward gives prize-wheel tickets once, however many claims;
//   - an application carries at most 140 characters and three real png/jpg images, waits for an
//     operator, is paid once on approval (two approvals at once pay once) and not at all on rejection;
//   - an issued promotion pays each named member once.
// The merchant's day is UTC+6 (the default withdraw settings): 18:00 UTC is midnight there.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new TestClock();
// 2026-08-03 12:00 in the merchant's day (06:00 UTC).
const START = Date.UTC(2026, 7, 3, 6, 0, 0);
clock.nowMs = START;
let context: TestContext;
let content: string;
let counter = 0;
let addressCounter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  content = (await operatorLogin(context, { username: 'period_desk', role: 'content', nowMs: clock.nowMs })).token;
});

afterEach(() => {
  clock.nowMs = START;
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const valueOf = <T>(response: LightMyRequestResponse): T => {
  const envelope = body<T>(response);
  if (!envelope.success) throw new Error(`${response.statusCode} ${envelope.errorCode}: ${envelope.message}`);
  return envelope.value as T;
};
const player = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  addressCounter++;
  return context.app.inject({
    method,
    url,
    remoteAddress: `198.19.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`,
    headers: { authorization: token, language: 'EN', 'device-id': `period-device-${String(addressCounter).padStart(8, '0')}` },
    ...(payload ? { payload } : {}),
  });
};
const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${content}` }, ...(payload ? { payload } : {}) });

/** `days` after the start, with a session of that day (one from days before has expired). */
async function onDay(days: number, username: string): Promise<string> {
  clock.nowMs = START + days * DAY;
  return tokenFor(context.app, username, LOGIN_PASSWORD, `10.77.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`);
}
const member = async () => memberWithSession(context, `period${String(++counter).padStart(3, '0')}`, clock.nowMs - DAY);
const entryOf = async (token: string, id: number) => valueOf<{ list: PromotionEntry[] }>(await player(token, 'GET', '/wps/promotions')).list.find((entry) => entry.id === id)!;
const claim = (token: string, id: number) => player(token, 'POST', '/wps/promotions/claim', { promotionId: id });
const promotionCredits = async (memberId: number) =>
  (
    await context.pool.query<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n, sum(p.amount_minor) AS sum FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id WHERE t.kind = 'promotion' AND a.member_id = $1`,
      [memberId],
    )
  ).rows[0];

async function create(rules: object, title = `Period ${++counter}`): Promise<number> {
  const created = body<{ id: number }>(await ops('POST', '/promotions', { category: 'daily', title, imageUrl: '/assets/promotions/daily-reload.svg', rules }));
  if (!created.success) throw new Error(`${created.errorCode}: ${created.message}`);
  return created.value!.id;
}

/** A game win as the games post it (kind win): house_bets → the member's wallet. */
async function win(memberId: number, amountMinor: number, nowMs: number): Promise<void> {
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_bets', nowMs);
  const wallet = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', nowMs);
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: `test-win:${newKey()}`,
    kind: 'win',
    unit: 'REAL',
    postings: [{ accountId: house, amountMinor: -amountMinor }, { accountId: wallet, amountMinor }],
    nowMs,
  });
}
/** Money to stake with, outside personal P&L (not a win, not a deposit). */
const fund = (memberId: number, amountMinor: number) => credit(context.pool, context.merchantId, memberId, amountMinor, clock.nowMs);

describe('the daily sign-in', () => {
  let signIn: number;
  beforeAll(async () => {
    signIn = await create({ trigger: 'sign_in', reward: { kind: 'streak', streak: [1, 2, 3] }, wagering: { multiplier: 1 } });
  });

  it('pays day 1, then day 2 the next day, round the streak again after day 3, and starts over after a day missed', async () => {
    const { memberId, token, username } = await member();
    expect(await entryOf(token, signIn)).toMatchObject({ state: 'claim', repeat: 'daily', streakDay: 1, bonus: 1, reward: { kind: 'streak', streak: [1, 2, 3] } });
    expect(valueOf<PromotionClaimed>(await claim(token, signIn)).bonus).toBe(1);
    // Paid, with its wagering (1 × 1.00) to meet: in process.
    expect(await entryOf(token, signIn)).toMatchObject({ state: 'process', streakDay: 1 });
    expect(body(await claim(token, signIn)).errorCode).toBe('promotion.already.claimed');

    const paid = [1];
    for (const [day, expected] of [[1, 2], [2, 3], [3, 1]]) {
      const today = await onDay(day, username);
      expect(await entryOf(today, signIn)).toMatchObject({ state: 'claim', streakDay: day + 1, bonus: expected });
      paid.push(valueOf<PromotionClaimed>(await claim(today, signIn)).bonus);
    }
    expect(paid).toEqual([1, 2, 3, 1]);
    // A day without signing in: the streak starts over at day 1, not day 5.
    expect(await entryOf(await onDay(5, username), signIn)).toMatchObject({ state: 'claim', streakDay: 1, bonus: 1 });
    expect(await promotionCredits(memberId)).toEqual({ n: 4, sum: '700' });
    // Each sign-in adds its wagering (1 × what it paid).
    expect((await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor).toBe(700);
  });

  it('pays once when the same member signs in ten times at once', async () => {
    const { memberId, token } = await member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(token, signIn)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.statusCode !== 200).map((answer) => body(answer).errorCode))).toEqual(new Set(['promotion.already.claimed']));
    expect(await promotionCredits(memberId)).toEqual({ n: 1, sum: '100' });
  });
});

describe('the day’s bet volume', () => {
  it('pays once the day’s stake reaches its threshold, once a day, and counts a new day from zero', async () => {
    const volume = await create({ trigger: 'bet_volume', reward: { kind: 'fixed', amount: 5 }, minBet: 100, wagering: { multiplier: 0 } });
    const { memberId, token, username } = await member();
    await fund(memberId, 50_000);
    await bet(context.pool, context.merchantId, memberId, 9_999, clock.nowMs);
    expect(await entryOf(token, volume)).toMatchObject({ state: 'joined', progress: { amount: 99.99, target: 100 } });
    expect(body(await claim(token, volume)).errorCode).toBe('promotion.not.claimable');

    await bet(context.pool, context.merchantId, memberId, 1, clock.nowMs);
    expect(await entryOf(token, volume)).toMatchObject({ state: 'claim', bonus: 5, progress: { amount: 100, target: 100 } });
    const answers = await Promise.all([claim(token, volume), claim(token, volume), claim(token, volume)]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // Staking more the same day earns nothing more.
    await bet(context.pool, context.merchantId, memberId, 50_000 - 10_000 - 1, clock.nowMs);
    expect((await entryOf(token, volume)).state).toBe('claimed');
    // Yesterday's stakes do not count today.
    expect(await entryOf(await onDay(1, username), volume)).toMatchObject({ state: 'joined', progress: { amount: 0, target: 100 } });
    expect(await promotionCredits(memberId)).toEqual({ n: 1, sum: '500' });
  });
});

describe('rescue: yesterday’s loss made good today', () => {
  it('pays a share of the net loss (stakes less wins), capped, only over the minimum, once, and only today', async () => {
    const rescue = await create({ trigger: 'net_loss', reward: { kind: 'percent', percent: 10, cap: 30 }, minLoss: 50, wagering: { multiplier: 1 } });
    const { memberId, token, username } = await member();
    await fund(memberId, 100_000);
    // Yesterday: staked 400, won 150: lost 250; 10 % is 25.
    await bet(context.pool, context.merchantId, memberId, 40_000, clock.nowMs);
    await win(memberId, 15_000, clock.nowMs);
    // Today's loss counts for tomorrow, not today.
    expect(await entryOf(token, rescue)).toMatchObject({ state: 'joined', progress: { amount: 0, target: 50 } });

    const nextDay = await onDay(1, username);
    expect(await entryOf(nextDay, rescue)).toMatchObject({ state: 'claim', bonus: 25, progress: { amount: 250, target: 50 } });
    // Losing more today changes nothing of yesterday's.
    await bet(context.pool, context.merchantId, memberId, 10_000, clock.nowMs);
    const paid = await Promise.all([claim(nextDay, rescue), claim(nextDay, rescue)]);
    expect(paid.filter((answer) => answer.statusCode === 200).map((answer) => valueOf<PromotionClaimed>(answer).bonus)).toEqual([25]);

    // The next day: yesterday's loss of 100 pays 10, and the one made good is not paid again.
    expect(await entryOf(await onDay(2, username), rescue)).toMatchObject({ state: 'claim', bonus: 10 });
    // A day later still, unclaimed: that loss's claim has ended, and nothing was lost the day before.
    expect((await entryOf(await onDay(3, username), rescue)).state).toBe('joined');
    expect(await promotionCredits(memberId)).toEqual({ n: 1, sum: '2500' });
  });

  it('caps the share, and a loss below the minimum earns nothing', async () => {
    const rescue = await create({ trigger: 'net_loss', reward: { kind: 'percent', percent: 10, cap: 30 }, minLoss: 50, wagering: { multiplier: 1 } });
    const big = await member();
    const small = await member();
    await fund(big.memberId, 100_000);
    await fund(small.memberId, 100_000);
    await bet(context.pool, context.merchantId, big.memberId, 90_000, clock.nowMs);
    await bet(context.pool, context.merchantId, small.memberId, 4_999, clock.nowMs);
    expect((await entryOf(await onDay(1, big.username), rescue)).bonus).toBe(30);
    const smallToday = await onDay(1, small.username);
    expect(await entryOf(smallToday, rescue)).toMatchObject({ state: 'joined', progress: { amount: 49.99, target: 50 } });
    expect(body(await claim(smallToday, rescue)).errorCode).toBe('promotion.not.claimable');
  });
});

/** A deposit made through the cashier (500.00 asked) and approved by an operator for `amount`. */
async function approvedDeposit(token: string, amount: number): Promise<void> {
  const made = valueOf<DepositMTResult>(
    await context.app.inject({
      method: 'POST',
      url: '/wps/relay/depositMTV3',
      headers: { authorization: token, language: 'EN', 'idempotency-key': newKey() },
      payload: { amount: 500, payeeName: 'Period Tester' },
    }),
  );
  await approveDeposit(context.pool, { merchantId: context.merchantId, depositId: made.depositId, operatorName: 'cashier', nowMs: clock.now(), amountMinor: Math.round(amount * 100) });
}

describe('the daily reload', () => {
  it("pays the day's first qualifying deposit without joining, once a day, and again the next day", async () => {
    const reload = await create({ trigger: 'deposit', repeat: 'daily', reward: { kind: 'percent', percent: 10, cap: 100 }, minDeposit: 20, wagering: { multiplier: 3 } });
    const { memberId, token, username } = await member();
    expect(await entryOf(token, reload)).toMatchObject({ state: 'joined', repeat: 'daily' });
    await approvedDeposit(token, 19.99);
    expect((await entryOf(token, reload)).state).toBe('joined');
    await approvedDeposit(token, 250);
    expect(await entryOf(token, reload)).toMatchObject({ state: 'claim', bonus: 25 });
    const answers = await Promise.all([claim(token, reload), claim(token, reload)]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // A second deposit the same day earns nothing more.
    await approvedDeposit(token, 300);
    expect((await entryOf(token, reload)).state).toBe('process');
    // The next day: that day's first qualifying deposit, capped at 100.
    const nextDay = await onDay(1, username);
    expect((await entryOf(nextDay, reload)).state).toBe('joined');
    await approvedDeposit(nextDay, 2_000);
    expect(valueOf<PromotionClaimed>(await claim(nextDay, reload)).bonus).toBe(100);
    expect(await promotionCredits(memberId)).toEqual({ n: 2, sum: '12500' });
  });
});

describe('prize-wheel tickets as a reward', () => {
  it('gives the tickets once, however many claims, and moves no money', async () => {
    const tickets = await create({ trigger: 'registration', reward: { kind: 'tickets', tickets: 3 }, wagering: { multiplier: 0 } });
    const { memberId, token } = await member();
    expect(await entryOf(token, tickets)).toMatchObject({ state: 'claim', tickets: 3, bonus: null });
    const answers = await Promise.all([claim(token, tickets), claim(token, tickets), claim(token, tickets)]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const available = await context.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM prize_ticket WHERE member_id = $1 AND state = 'available'", [memberId]);
    expect(available.rows[0].n).toBe(3);
    expect(await entryOf(token, tickets)).toMatchObject({ state: 'claimed', tickets: 3 });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);
  });
});

describe('points as a reward', () => {
  it('credits the points once, however many claims, moves no money, and an application approved gives its points', async () => {
    const points = await create({ trigger: 'registration', reward: { kind: 'points', points: 250 }, wagering: { multiplier: 0 } });
    const { memberId, token } = await member();
    expect(await entryOf(token, points)).toMatchObject({ state: 'claim', points: 250, bonus: null, reward: { kind: 'points', points: 250 } });
    const answers = await Promise.all([claim(token, points), claim(token, points), claim(token, points)]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const balanceOf = async (id: number) =>
      Number(
        (await context.pool.query<{ balance_minor: string }>("SELECT balance_minor FROM ledger_account WHERE member_id = $1 AND kind = 'member_points'", [id])).rows[0]?.balance_minor ?? 0,
      );
    expect(await balanceOf(memberId)).toBe(250);
    expect(await entryOf(token, points)).toMatchObject({ state: 'claimed', points: 250 });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);

    const application = await create({ trigger: 'application', reward: { kind: 'points', points: 40 }, wagering: { multiplier: 0 } });
    const applicant = await member();
    expect(body(await player(applicant.token, 'POST', '/wps/promotions/apply', { promotionId: application, comment: 'points please', images: [] })).success).toBe(true);
    const claimId = (await context.pool.query<{ id: string }>('SELECT id FROM promotion_claim WHERE member_id = $1 AND promotion_id = $2', [applicant.memberId, application])).rows[0].id;
    expect(valueOf(await ops('POST', `/promotions/applications/${claimId}/approve`))).toMatchObject({ state: 'claimed', points: 40, bonus: null });
    expect(await balanceOf(applicant.memberId)).toBe(40);
  });
});

describe('applications', () => {
  let application: number;
  beforeAll(async () => {
    application = await create({ trigger: 'application', reward: { kind: 'fixed', amount: 20 }, wagering: { multiplier: 2 } });
  });
  const apply = (token: string, payload: object) => player(token, 'POST', '/wps/promotions/apply', { promotionId: application, ...payload });

  it('refuses an empty application, a comment over 140 characters, a fourth image and a file that is no image, and keeps nothing', async () => {
    const { memberId, token } = await member();
    expect(body(await apply(token, { comment: '  ', images: [] })).errorCode).toBe('promotion.application.empty');
    expect(body(await apply(token, { comment: 'x'.repeat(141), images: [] })).errorCode).toBe('request.param.err');
    expect(body(await apply(token, { comment: 'ok', images: [PNG_DATA_URL, PNG_DATA_URL, PNG_DATA_URL, PNG_DATA_URL] })).errorCode).toBe('request.param.err');
    const script = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    expect(body(await apply(token, { comment: 'ok', images: [script] })).errorCode).toBe('promotion.image.invalid');
    const rows = await context.pool.query('SELECT 1 FROM promotion_claim WHERE member_id = $1', [memberId]);
    expect(rows.rowCount).toBe(0);
    expect((await entryOf(token, application)).state).toBe('apply');
  });

  it('waits for the operator, who sees the images; approving pays once, even approved twice at once', async () => {
    const { memberId, token } = await member();
    const comment = 'আমার জমার রসিদ — receipt attached 🙂';
    expect(valueOf<PromotionEntry>(await apply(token, { comment, images: [PNG_DATA_URL] })).state).toBe('applying');
    expect(body(await apply(token, { comment: 'again', images: [] })).errorCode).toBe('promotion.not.applicable');
    expect(body(await claim(token, application)).errorCode).toBe('promotion.not.claimable');

    const waiting = valueOf<{ list: { claimId: number; username: string; comment: string; imageCount: number; state: string }[] }>(await ops('GET', '/promotions/applications?waiting=true'));
    const mine = waiting.list.find((item) => item.comment === comment)!;
    expect(mine).toMatchObject({ imageCount: 1, state: 'applying' });
    expect(valueOf<{ images: string[] }>(await ops('GET', `/promotions/applications/${mine.claimId}/images`)).images).toEqual([PNG_DATA_URL]);

    const approvals = await Promise.all([ops('POST', `/promotions/applications/${mine.claimId}/approve`), ops('POST', `/promotions/applications/${mine.claimId}/approve`)]);
    expect(approvals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await promotionCredits(memberId)).toEqual({ n: 1, sum: '2000' });
    expect((await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor).toBe(4000);
    expect(await entryOf(token, application)).toMatchObject({ state: 'process', bonus: 20 });
    expect(body(await ops('POST', `/promotions/applications/${mine.claimId}/reject`, { reason: 'late' })).errorCode).toBe('promotion.application.reviewed');
  });

  it('rejected: the member reads the reason, nothing is paid, and it cannot apply again', async () => {
    const { memberId, token } = await member();
    await apply(token, { comment: 'please', images: [] });
    const claimId = (await context.pool.query<{ id: string }>('SELECT id FROM promotion_claim WHERE member_id = $1', [memberId])).rows[0].id;
    expect(body(await ops('POST', `/promotions/applications/${claimId}/reject`, { reason: 'No qualifying deposit' })).success).toBe(true);
    expect(await entryOf(token, application)).toMatchObject({ state: 'rejected', rejectReason: 'No qualifying deposit' });
    expect(body(await apply(token, { comment: 'again', images: [] })).errorCode).toBe('promotion.not.applicable');
    expect(body(await ops('POST', `/promotions/applications/${claimId}/approve`)).errorCode).toBe('promotion.application.reviewed');
    expect(await promotionCredits(memberId)).toEqual({ n: 0, sum: null });
  });
});

describe('issued by an operator', () => {
  it('pays each member named once, reports the unknown and those paid before, and shows as issued', async () => {
    const issued = await create({ trigger: 'issued', reward: { kind: 'fixed', amount: 7.77 }, wagering: { multiplier: 0 } });
    const first = await member();
    const second = await member();
    const answer = valueOf<{ list: { username: string; outcome: string }[] }>(
      await ops('POST', `/promotions/${issued}/issue`, { usernames: [first.username, 'nobody_here', second.username] }),
    );
    expect(answer.list.map((item) => item.outcome)).toEqual(['issued', 'member_not_found', 'issued']);
    const again = await Promise.all([
      ops('POST', `/promotions/${issued}/issue`, { usernames: [first.username] }),
      ops('POST', `/promotions/${issued}/issue`, { usernames: [first.username] }),
    ]);
    expect(again.map((response) => valueOf<{ list: { outcome: string }[] }>(response).list[0].outcome)).toEqual(['already_issued', 'already_issued']);
    expect(await promotionCredits(first.memberId)).toEqual({ n: 1, sum: '777' });
    expect(await entryOf(first.token, issued)).toMatchObject({ state: 'issued', bonus: 7.77 });
    // A member it was not issued to reads it, and cannot claim it.
    const other = await member();
    expect((await entryOf(other.token, issued)).state).toBe('none');
    expect(body(await claim(other.token, issued)).errorCode).toBe('promotion.not.claimable');
    // Only an issued promotion is issued.
    const application = await create({ trigger: 'application', reward: { kind: 'fixed', amount: 1 }, wagering: { multiplier: 0 } });
    expect(body(await ops('POST', `/promotions/${application}/issue`, { usernames: [other.username] })).errorCode).toBe('promotion.not.issuable');
  });
});

describe('the command-line tool', () => {
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    return { code: await runOps(argv, opsIoViaInject(context.app, content, lines)), lines };
  };

  it('lists the applications waiting, approves one, rejects one with its reason, and issues a promotion', async () => {
    const application = await create({ trigger: 'application', reward: { kind: 'tickets', tickets: 2 }, wagering: { multiplier: 0 } }, 'CLI application');
    const first = await member();
    const second = await member();
    for (const { token } of [first, second]) {
      expect(body(await player(token, 'POST', '/wps/promotions/apply', { promotionId: application, comment: `from ${token.slice(0, 4)}`, images: [] })).success).toBe(true);
    }
    const listed = await run(['promotion-applications', '--waiting']);
    expect(listed.code).toBe(0);
    const rows = listed.lines.filter((line) => line.includes('CLI application'));
    expect(rows).toHaveLength(2);
    const [firstId, secondId] = rows.map((line) => /^(\d+)/.exec(line)![1]);
    expect(await run(['promotion-approve', firstId])).toEqual({ code: 0, lines: [`Application ${firstId} approved: 2 prize-wheel tickets given.`] });
    expect((await run(['promotion-approve', firstId])).code).toBe(1);
    expect((await run(['promotion-reject', secondId])).code).toBe(2);
    expect(await run(['promotion-reject', secondId, '--reason', 'Screenshot unreadable'])).toEqual({ code: 0, lines: [`Application ${secondId} rejected.`] });
    expect((await run(['promotion-applications', '--waiting'])).lines.filter((line) => line.includes('CLI application'))).toHaveLength(0);
    const claims = await run(['promotion-claims', String(application)]);
    expect(claims.lines[0].split(/\s+/)).toEqual(['username', 'state', 'period', 'joinedAt', 'claimedAt', 'deposit', 'bonus', 'tickets', 'points', 'requirement', 'takenBack']);
    expect(claims.lines.find((line) => line.startsWith(first.username))).toMatch(/\sclaimed\s.*\s2\s*$/);
    expect(claims.lines.find((line) => line.startsWith(second.username))).toMatch(/\srejected\s/);

    const issued = await create({ trigger: 'issued', reward: { kind: 'fixed', amount: 3 }, wagering: { multiplier: 0 } }, 'CLI issued');
    const answer = await run(['promotion-issue', String(issued), first.username, 'no_such_member']);
    expect(answer.code).toBe(0);
    expect(answer.lines.slice(1).map((line) => line.split(/\s+/))).toEqual([[first.username, 'issued'], ['no_such_member', 'member_not_found']]);
    expect((await run(['promotion-issue', String(issued)])).code).toBe(2);
  });
});
