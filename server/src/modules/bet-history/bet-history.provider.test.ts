import type { BetHistory, MemberProfit, MemberTransactions } from '@platform/contract';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { launch, providerClientFor, sessionTokenOf } from '../game-provider/game-provider.testing';
import type { ProviderClient } from '../game-provider';
import { assertLedgerReconciled } from '../ledger';
import { credit, get, memberWithSession, valueOf } from '../withdrawal/withdrawal.testing';

// The records of real play, end to end on a real PostgreSQL: a member launches the in-house slot
// from the RNG category and a vendor (the in-house provider's client, signing its bodies, through
// the whole HTTP pipeline) bets, wins, rolls a bet back and ends rounds. What the member then
// reads: the bet records (the settled round, not the rolled-back one), the transaction records
// (Bet / Win / Bet refund naming the game and round) and the profit and loss, all agreeing with
// the balance.

let context: TestContext;
let jl: ProviderClient;

beforeAll(async () => {
  context = await createTestApp();
  jl = await providerClientFor(context);
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

async function gameIdOf(gameCode: string, category: string): Promise<number> {
  const result = await context.pool.query<{ id: number }>(
    `SELECT g.id FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id
      WHERE g.merchant_id = $1 AND g.game_code = $2 AND v.vassalage = 'JL' AND v.game_category = $3`,
    [context.merchantId, gameCode, category],
  );
  if (!result.rows[0]) throw new Error(`no ${gameCode} under JL ${category}`);
  return result.rows[0].id;
}

const dayAround = () => ({ startDate: Date.now() - 60 * 60 * 1000, endDate: Date.now() + 60 * 60 * 1000 });

it('a round played through the provider API is a bet record, its money typed in the transaction records, and counted in profit and loss', async () => {
  const member = await memberWithSession(context, 'bhplay01');
  await credit(context.pool, context.merchantId, member.memberId, 10_000);
  const nodeId = await gameIdOf('JLS001', 'RNG');
  const launched = valueOf<{ game_url: string }>(await launch(context.app, member.token, { nodeId: String(nodeId), vassalage: 'JL', launchMode: 'GLS', language: 'EN' }));
  const sessionToken = sessionTokenOf(launched.game_url);
  const playerId = String(member.memberId);

  // Round 1: a bet of 2.00 and a win of 5.50, ended.
  await jl.bet({ sessionToken, transactionId: 'bh-tx-1', roundId: 'bh-round-1', gameCode: 'JLS001', amount: 200 });
  await jl.win({ playerId, transactionId: 'bh-tx-2', roundId: 'bh-round-1', gameCode: 'JLS001', amount: 550 });
  await jl.endRound({ playerId, roundId: 'bh-round-1' });
  // Round 2: a bet of 3.00 rolled back (its stake goes back: not a record).
  await jl.bet({ sessionToken, transactionId: 'bh-tx-3', roundId: 'bh-round-2', gameCode: 'JLS001', amount: 300 });
  await jl.rollback({ transactionId: 'bh-tx-4', referenceTransactionId: 'bh-tx-3' });
  // Round 3: a bet of 0.20, lost.
  await jl.bet({ sessionToken, transactionId: 'bh-tx-5', roundId: 'bh-round-3', gameCode: 'JLS001', amount: 20 });
  await jl.win({ playerId, transactionId: 'bh-tx-6', roundId: 'bh-round-3', gameCode: 'JLS001', amount: 0 });
  await jl.endRound({ playerId, roundId: 'bh-round-3' });

  const query = new URLSearchParams(Object.entries(dayAround()).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const rng = valueOf<BetHistory>(await get(context.app, `/wps/relay/getPersonalRNGHistory?${query}`, member.token));
  expect(rng.list.map(({ roundId, gameName, status, betAmount, validBetAmount, winAmount, profitAndLoss }) => ({ roundId, gameName, status, betAmount, validBetAmount, winAmount, profitAndLoss }))).toEqual([
    { roundId: 'bh-round-3', gameName: 'Fortune Gems', status: 'settled', betAmount: 0.2, validBetAmount: 0.2, winAmount: 0, profitAndLoss: -0.2 },
    { roundId: 'bh-round-1', gameName: 'Fortune Gems', status: 'settled', betAmount: 2, validBetAmount: 2, winAmount: 5.5, profitAndLoss: 3.5 },
  ]);
  expect(rng.footer).toEqual({ betAmount: 2.2, validBetAmount: 2.2, winAmount: 5.5, profitAndLoss: 3.3 });
  // Launched from the RNG category: nothing under in-house games.
  expect(valueOf<BetHistory>(await get(context.app, `/wps/relay/getPersonalINHOUSEHistory?${query}`, member.token)).list).toEqual([]);

  // The transaction records: each movement typed and named by its game and round.
  const records = valueOf<MemberTransactions>(
    await get(context.app, `/wps/relay/ODSFE2_MemTransDet?startTime=${Date.now() - 3_600_000}&endTime=${Date.now() + 3_600_000}&codeTypes=bet`, member.token),
  );
  expect(records.list.map((row) => [row.txTypeName, row.amount, row.remark])).toEqual([
    // A win of 0 moves no money: no posting.
    ['Bet', -0.2, 'Fortune Gems · bh-round-3'],
    ['Bet refund', 3, 'Fortune Gems · bh-round-2'],
    ['Bet', -3, 'Fortune Gems · bh-round-2'],
    ['Win', 5.5, 'Fortune Gems · bh-round-1'],
    ['Bet', -2, 'Fortune Gems · bh-round-1'],
  ]);
  expect(records.footer).toEqual({ amount: 3.3 });

  // Profit and loss for today (the merchant's day): the same stakes and wins, in RNG and in total.
  const today = new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const category of ['', '&gameCategory=RNG']) {
    const profit = valueOf<MemberProfit>(await get(context.app, `/wps/relay/ODSFE2_MemPNLDet?startDate=${today}&endDate=${today}${category}`, member.token));
    expect(profit.footer).toMatchObject({ betAmount: 2.2, validBetAmount: 2.2, winAmount: 5.5, profitAndLoss: 3.3 });
  }
});
