import type { Envelope } from '@platform/contract';
import { PLAYS } from '@platform/lottery-rules';
import { runOps } from '../../scripts/ops';
import { opsIoViaInject } from '../../testing/ops-io';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { reconcile } from '../ledger';
import { operatorLogin } from '../operator/operator.testing';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { placeOrder } from './betting.service';
import { drawRoundAs, fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { voidRound } from './lottery.operator-routes';
import { settleRound } from './settlement.service';

// An operator voids a round that cannot settle (POST /ops/v1/lottery/rounds/void and the ops
// command lottery-void): every open bet refunded exactly once, however many voids race; a settled
// round cannot be voided, nor a voided one settled.

let context: TestContext;
let operatorToken: string;
const secretsKey = testSecretsKey();
const position = PLAYS.find((play) => play.code === 'SSC_POSITION')!;
const nowMs = LOTTERY_TEST_START_MS;

beforeAll(async () => {
  context = await createTestApp({ clock: () => nowMs });
  await context.app.ready();
  operatorToken = (await operatorLogin(context, { username: 'lotto', role: 'admin', nowMs })).token;
});

afterAll(async () => {
  await context.close();
});

async function betOn(gameCode: string, members: number[], at = nowMs) {
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, gameCode, at);
  for (const memberId of members) {
    await placeOrder(context.pool, {
      merchantId: context.merchantId, memberId, gameCode, currentNumero: round.numero,
      slip: slipOf([lineOf(position, [[1, 2], [], [], [], []])]), betCartAmountSum: '4.0000', chase: 0, winningStop: false, nowMs: at,
    });
  }
  return round;
}

it('refunds every open bet once when five voids of one round race, and refuses the others', async () => {
  const members = await fundedMembers(context.pool, context.merchantId, 3, 10_000, 'voidrace');
  const round = await betOn('SSC1', members);
  const results = await Promise.allSettled(
    Array.from({ length: 5 }, () => voidRound(context.pool, { merchantId: context.merchantId, gameCode: 'SSC1', numero: round.numero, reason: 'no result', nowMs })),
  );
  const done = results.filter((result) => result.status === 'fulfilled');
  expect(done).toHaveLength(1);
  expect(done[0]).toMatchObject({ value: { refundedBets: 3, refundedMembers: 3, refunded: 12 } });
  for (const result of results.filter((result) => result.status === 'rejected')) expect(result).toMatchObject({ reason: { errorCode: 'lottery.round.not_voidable' } });
  for (const member of members) expect(await mainBalanceMinor(context.pool, member)).toBe(10_000);
  // A void round is not settled afterwards.
  expect((await settleRound(context.pool, round.roundId, nowMs)).settled).toBe(false);
  expect((await reconcile(context.pool)).problems).toEqual([]);
});

it('voids a drawn round not yet settled through the operator API, audited, and refuses a settled one', async () => {
  const [member] = await fundedMembers(context.pool, context.merchantId, 1, 10_000, 'voidapi');
  const later = nowMs + 3_600_000;
  const round = await betOn('SSC5', [member], later);
  await drawRoundAs(context.pool, round.roundId, { kind: 'SSC', numbers: [1, 1, 1, 1, 1] }, later);
  const call = (numero: string) =>
    context.app.inject({ method: 'POST', url: '/ops/v1/lottery/rounds/void', headers: { authorization: `Bearer ${operatorToken}` }, payload: { gameCode: 'SSC5', numero, reason: 'draw disputed' } });
  const response = await call(round.numero);
  expect(response.statusCode).toBe(200);
  expect(json<Envelope<unknown>>(response).value).toEqual({ gameCode: 'SSC5', numero: round.numero, refundedBets: 1, refundedMembers: 1, refunded: 4 });
  expect(await mainBalanceMinor(context.pool, member)).toBe(10_000);
  const again = await call(round.numero);
  expect([again.statusCode, json<Envelope<unknown>>(again).errorCode]).toEqual([409, 'lottery.round.not_voidable']);
  expect(await mainBalanceMinor(context.pool, member)).toBe(10_000);
  const stored = await context.pool.query<{ state: string; voidReason: string }>('SELECT state, void_reason AS "voidReason" FROM lottery_round WHERE id = $1', [round.roundId]);
  expect(stored.rows[0]).toEqual({ state: 'void', voidReason: 'operator: draw disputed' });
  const audit = await context.pool.query<{ outcome: string; detail: object }>("SELECT outcome, detail FROM operator_action WHERE action = 'lottery_round.void' AND target_id = $1 ORDER BY id", [`SSC5 ${round.numero}`]);
  expect(audit.rows.map((row) => row.outcome)).toEqual(['started', 'ok', 'started', 'refused']);
  // The void's outcome: the round drawn with its open bet before, void and refunded after, and the reason.
  expect(audit.rows[1].detail).toEqual({
    reason: 'draw disputed',
    before: { state: 'drawn', openBets: 1, openStake: 4 },
    after: { state: 'void', openBets: 0, openStake: 0, refundedBets: 1, refundedMembers: 1, refunded: 4 },
  });

  // A settled round stays settled.
  const settledRound = await betOn('SSC5', [member], later + 3_600_000);
  await drawRoundAs(context.pool, settledRound.roundId, { kind: 'SSC', numbers: [1, 1, 1, 1, 1] }, later + 3_600_000);
  await settleRound(context.pool, settledRound.roundId, later + 3_600_000);
  const balance = await mainBalanceMinor(context.pool, member);
  expect((await call(settledRound.numero)).statusCode).toBe(409);
  expect(await mainBalanceMinor(context.pool, member)).toBe(balance);
  expect((await call('20991231-001')).statusCode).toBe(404);
});

it('voids a round from the command line', async () => {
  const [member] = await fundedMembers(context.pool, context.merchantId, 1, 10_000, 'voidcli');
  const later = nowMs + 5 * 3_600_000;
  const ssc = await betOn('SSC1', [member], later);
  const lines: string[] = [];
  const io = opsIoViaInject(context.app, operatorToken, lines);
  expect(await runOps(['lottery-void', 'SSC1', ssc.numero], io)).toBe(2);
  expect(lines).toEqual(['ops: --reason is required']);
  lines.length = 0;
  expect(await runOps(['lottery-void', 'SSC1', ssc.numero, '--reason', 'feed down'], io)).toBe(0);
  expect(lines).toEqual([`Voided SSC1 ${ssc.numero}: 1 bets of 1 members refunded, 4.00 in all.`]);
  expect(await mainBalanceMinor(context.pool, member)).toBe(10_000);
  expect(await runOps(['lottery-void', 'SSC1', ssc.numero, '--reason', 'again'], io)).toBe(1);
});
