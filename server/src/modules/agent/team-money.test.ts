import { createTestApp, type TestContext } from '../../testing/test-app';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from '../ledger';
import { createMember } from '../member/member.testing';
import { memberMoneySql } from './team-money';

// The team's money by figure as the team P&L and dividends read it: a promotion's bonus counts,
// and a bonus taken back (not wagered in time) lowers the promotions again, so an agent's team is
// not charged for a bonus the house recovered.

const NOW = Date.UTC(2026, 8, 1, 12);
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

async function move(memberId: number, kind: string, house: `house_${string}`, amountMinor: number, key: string): Promise<void> {
  const houseAccount = await ensureHouseAccount(context.pool, context.merchantId, house, NOW);
  const wallet = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: key,
    kind,
    unit: 'REAL',
    postings: [{ accountId: houseAccount, amountMinor: -amountMinor }, { accountId: wallet, amountMinor }],
    nowMs: NOW,
    // Bonuses and take-backs name what they add to (or remove from) the wagering requirement.
    wageringRequirementMinor: 0,
  });
}

it('counts a bonus, a mission reward and the point mall’s money in the promotions, and takes back what was taken back', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'moneyteam1', password: 'Login-pass-42', nowMs: NOW });
  await move(memberId, 'promotion', 'house_promotions', 10_000, 'promotion:team-money-1');
  await move(memberId, 'prize_wheel', 'house_prize_wheel', 188, 'prize_wheel:team-money-1');
  await move(memberId, 'promotion_takeback', 'house_promotions', -6_000, 'promotion_takeback:team-money-1');
  await move(memberId, 'mission_reward', 'house_missions', 500, 'mission_reward:team-money-1');
  await move(memberId, 'point_mall_credit', 'house_point_mall', 300, 'point_mall_credit:team-money-1');
  const result = await context.pool.query<{ figure: string; amount: string }>(
    `WITH members (id) AS (VALUES ($1::bigint))
     SELECT figure, sum(amount) AS amount FROM (${memberMoneySql('$2', '$3')}) money GROUP BY figure`,
    [memberId, new Date(NOW - 1000), new Date(NOW + 1000)],
  );
  expect(Object.fromEntries(result.rows.map((row) => [row.figure, Number(row.amount)]))).toEqual({ promotions: 10_000 + 188 - 6_000 + 500 + 300 });
});
