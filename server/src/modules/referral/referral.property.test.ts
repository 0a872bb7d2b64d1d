import type { DepositMTResult, Envelope } from '@platform/contract';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { approveDeposit } from '../deposit';
import { assertLedgerReconciled } from '../ledger';
import { encryptedInject, TestClock, tokenFor } from '../member/member.testing';
import { LOGIN_PASSWORD, memberWithSession, newKey } from '../withdrawal/withdrawal.testing';
import { runReferrals } from './index';

// The chain-wide invariants of invite-a-friend, over random trees of friends (who invited whom,
// each one's first deposit and stake): after the job has run (twice, and two runners at once),
// every rewarded friend paid its inviter exactly once, a friend qualifies exactly when its first
// deposit and stake reach the thresholds, each member's rebates are exactly the rounded-down
// shares of its level-1 and level-2 rewarded friends' day, and what members received from the
// programme is exactly what left house_referral.

const HOUR = 3_600_000;
const DHAKA = 6 * HOUR;
const clock = new TestClock();
let context: TestContext;
let counter = 0;

/** The seed's settings (server/seed/default-merchant.json). */
const MIN_FIRST_DEPOSIT = 200_00;
const MIN_STAKE = 500_00;
const REWARD = 100_00;
const RATES = { depositL1: 100, depositL2: 50, betL1: 30, betL2: 10 };

beforeAll(async () => {
  // 10:00 in Dhaka; each run takes a day of its own (a day is counted once).
  clock.nowMs = Date.UTC(2026, 9, 1, 4);
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const nextAddress = () => `10.67.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`;

interface Member {
  id: number;
  token: string;
  code: string;
}

async function codeOf(token: string): Promise<string> {
  const response = await context.app.inject({ method: 'GET', url: '/wps/relay/getReferralDetails', headers: { authorization: token } });
  return json<Envelope<{ code: string }>>(response).value.code;
}

async function root(): Promise<Member> {
  const session = await memberWithSession(context, `refprop${String(++counter).padStart(5, '0')}`, clock.nowMs);
  return { id: session.memberId, token: session.token, code: await codeOf(session.token) };
}

async function friendOf(inviter: Member): Promise<Member> {
  const username = `refpf${String(++counter).padStart(6, '0')}`;
  const address = nextAddress();
  const response = await encryptedInject(context.app, 'PUT', '/wps/member/register', { username, password: LOGIN_PASSWORD, confirmPassword: LOGIN_PASSWORD, referralCode: inviter.code }, { remoteAddress: address });
  if (response.statusCode !== 200) throw new Error(response.body);
  const row = await context.pool.query<{ id: string }>('SELECT id FROM member WHERE username = $1', [username]);
  const token = await tokenFor(context.app, username, LOGIN_PASSWORD, address);
  return { id: Number(row.rows[0].id), token, code: await codeOf(token) };
}

async function deposit(who: Member, amountMinor: number) {
  const made = json<Envelope<DepositMTResult>>(
    await context.app.inject({
      method: 'POST',
      url: '/wps/relay/depositMTV3',
      headers: { authorization: who.token, 'idempotency-key': newKey() },
      payload: { amount: 500, payeeName: 'Property Tester' },
    }),
  ).value;
  await approveDeposit(context.pool, { merchantId: context.merchantId, depositId: made.depositId, operatorName: 'cashier', nowMs: clock.now(), amountMinor });
}

async function stake(who: Member, stakeMinor: number) {
  const account = await context.pool.query<{ id: string }>("SELECT id FROM ledger_account WHERE member_id = $1 AND kind = 'member_main'", [who.id]);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_code, game_name, game_category, vendor_round_id, ledger_account_id,
                             bet_minor, valid_bet_minor, status, started_at, ended_at)
     VALUES ($1, $2, false, 'TESTVENDOR', 'G1', 'Game', 'RNG', $3, $4, $5, $5, 'settled', $6, $7)`,
    [context.merchantId, who.id, `r-${randomBytes(6).toString('hex')}`, account.rows[0].id, stakeMinor, new Date(clock.nowMs - 60_000), new Date(clock.nowMs)],
  );
}

const credits = async (kinds: string[]) => {
  const result = await context.pool.query<{ member_id: string; sum: string }>(
    `SELECT a.member_id, sum(p.amount_minor)::text AS sum FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
       JOIN ledger_account a ON a.id = p.account_id WHERE t.kind = ANY ($1) AND a.member_id IS NOT NULL GROUP BY a.member_id`,
    [kinds],
  );
  return new Map(result.rows.map((row) => [Number(row.member_id), Number(row.sum)]));
};

const houseReferral = async () =>
  Number((await context.pool.query<{ b: string | null }>("SELECT sum(balance_minor)::text AS b FROM ledger_account WHERE kind = 'house_referral'")).rows[0].b ?? 0);

/** A friend of the tree: who invited it (an index of an earlier node, or a root), its first deposit and stake. */
const nodeArb = fc.record({
  parent: fc.nat(),
  firstDepositMinor: fc.constantFrom(100_00, 200_00, 350_00),
  laterDepositMinor: fc.constantFrom(0, 123_45),
  stakeMinor: fc.constantFrom(0, 499_99, 500_00, 777_77),
});

test('every rewarded friend pays once, rebates are the shares of each level, and the house pays what members receive', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(nodeArb, { minLength: 2, maxLength: 7 }), async (nodes) => {
      const roots = [await root(), await root()];
      const members: Member[] = [];
      const parentOf: Member[] = [];
      for (const node of nodes) {
        const candidates = [...roots, ...members];
        const parent = candidates[node.parent % candidates.length];
        members.push(await friendOf(parent));
        parentOf.push(parent);
      }
      const houseBefore = await houseReferral();
      const before = await credits(['invitation_reward', 'referral_deposit_rebate', 'referral_bet_rebate']);
      for (const [index, node] of nodes.entries()) {
        await deposit(members[index], node.firstDepositMinor);
        if (node.laterDepositMinor > 0) await deposit(members[index], node.laterDepositMinor);
        if (node.stakeMinor > 0) await stake(members[index], node.stakeMinor);
      }
      // The friends are rewarded during the day; the day is counted after it ends.
      await runReferrals(context.pool, clock.now());
      const dayEnd = Math.floor((clock.nowMs + DHAKA) / (24 * HOUR)) * 24 * HOUR + 24 * HOUR - DHAKA;
      const saved = clock.nowMs;
      clock.nowMs = dayEnd + 10 * 60_000;
      await Promise.all([runReferrals(context.pool, clock.now()), runReferrals(context.pool, clock.now())]);
      await runReferrals(context.pool, clock.now());

      const qualifies = nodes.map((node) => node.firstDepositMinor >= MIN_FIRST_DEPOSIT && node.stakeMinor >= MIN_STAKE);
      const states = await context.pool.query<{ invitee_id: string; state: string }>('SELECT invitee_id, state FROM referral WHERE invitee_id = ANY ($1)', [members.map((m) => m.id)]);
      const stateOf = new Map(states.rows.map((row) => [Number(row.invitee_id), row.state]));
      nodes.forEach((_, index) => expect(stateOf.get(members[index].id)).toBe(qualifies[index] ? 'rewarded' : 'deposited'));

      // What each member should have earned: a reward per rewarded friend, and the day's shares.
      const expected = new Map<number, number>();
      const add = (member: Member, amount: number) => expected.set(member.id, (expected.get(member.id) ?? 0) + amount);
      nodes.forEach((node, index) => {
        if (!qualifies[index]) return;
        const inviter = parentOf[index];
        const depositMinor = node.firstDepositMinor + node.laterDepositMinor;
        add(inviter, REWARD + Math.floor((depositMinor * RATES.depositL1) / 10000) + Math.floor((node.stakeMinor * RATES.betL1) / 10000));
        const middle = members.indexOf(inviter);
        if (middle >= 0 && qualifies[middle]) {
          add(parentOf[middle], Math.floor((depositMinor * RATES.depositL2) / 10000) + Math.floor((node.stakeMinor * RATES.betL2) / 10000));
        }
      });
      const after = await credits(['invitation_reward', 'referral_deposit_rebate', 'referral_bet_rebate']);
      for (const member of [...roots, ...members]) {
        expect((after.get(member.id) ?? 0) - (before.get(member.id) ?? 0)).toBe(expected.get(member.id) ?? 0);
      }
      const paid = [...expected.values()].reduce((sum, amount) => sum + amount, 0);
      expect(houseBefore - (await houseReferral())).toBe(paid);
      // The next run is on a day of its own.
      clock.nowMs = saved + 24 * HOUR;
    }),
    {
      numRuns: 4,
      // A chain of three qualifying friends (root → a → b → c) and one that does not qualify under b: both levels.
      examples: [
        [
          [
            { parent: 0, firstDepositMinor: 350_00, laterDepositMinor: 123_45, stakeMinor: 777_77 },
            { parent: 2, firstDepositMinor: 200_00, laterDepositMinor: 0, stakeMinor: 500_00 },
            { parent: 3, firstDepositMinor: 350_00, laterDepositMinor: 123_45, stakeMinor: 777_77 },
            { parent: 3, firstDepositMinor: 100_00, laterDepositMinor: 123_45, stakeMinor: 777_77 },
          ],
        ],
      ],
    },
  );
}, 240_000);
