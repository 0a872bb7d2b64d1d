import type { AgentContract, Envelope } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, TestClock, tokenFor } from '../member/member.testing';
import { endMerchantContract, grantMerchantContract } from './contracts.service';

// Ending or lowering a contract brings every contract of the kind below it under it: the chain
// A (top) → B → C of the review, where B's contract ends and C's must not stay in force; a legacy
// downline contract above its upline's new terms is capped; the agents concerned are told.

let context: TestContext;
const clock = new TestClock();
const PASSWORD = 'secret123';
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const URL = '/wps/relay/MCSFE_processRealTimeSalaryContract';

const member = async (username: string, uplineId: number | null) => {
  const id = await createMember(context.pool, context.merchantId, { username, password: PASSWORD, memberType: 1, nowMs: clock.nowMs });
  if (uplineId !== null) await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [id, uplineId]);
  ids[username] = id;
  tokens[username] = await tokenFor(context.app, username, PASSWORD);
  return id;
};
const post = async <T>(username: string, payload: object) =>
  json<Envelope<T>>(await context.app.inject({ method: 'POST', url: URL, headers: { authorization: tokens[username] }, payload }));
const contractOf = async (username: string) =>
  (await context.pool.query<{ state: string; terms: unknown }>("SELECT state, terms FROM agent_contract WHERE kind = 'realtime' AND downline_id = $1 ORDER BY id DESC LIMIT 1", [ids[username]])).rows[0];
const mailsOf = async (username: string) =>
  (await context.pool.query<{ subject: string }>('SELECT m.subject FROM mail m JOIN mail_delivery d ON d.mail_id = m.id WHERE d.member_id = $1 ORDER BY m.id', [ids[username]])).rows.map((row) => row.subject);
const sign = async (upline: string, downline: string, rate: number) => {
  const offered = await post<AgentContract>(upline, { action: 'create', downlineId: ids[downline], terms: { default: { profitRate: rate, lossRate: rate } } });
  expect(offered.value).toMatchObject({ state: 'pending' });
  expect((await post<AgentContract>(downline, { action: 'accept', contractId: offered.value.contractId })).value.state).toBe('active');
  return offered.value.contractId;
};

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  await context.app.ready();
  await member('cascA', null);
  await member('cascB', ids.cascA);
  await member('cascC', ids.cascB);
  await member('cascD', ids.cascC);
  await context.pool.query("INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'site', '{\"defaultLanguage\":\"EN\"}') ON CONFLICT (merchant_id, key) DO UPDATE SET value = merchant_setting.value || EXCLUDED.value", [context.merchantId]);
});

afterAll(async () => {
  await context.close();
});

it('ends every contract below one that ends, a pending offer included, and tells each agent', async () => {
  await grantMerchantContract(context.pool, context.merchantId, 'cascA', 'realtime', { default: { profitRate: 100, lossRate: 100 } }, clock.nowMs);
  const ab = await sign('cascA', 'cascB', 90);
  await sign('cascB', 'cascC', 80);
  const offeredToD = await post<AgentContract>('cascC', { action: 'create', downlineId: ids.cascD, terms: { default: { profitRate: 70, lossRate: 70 } } });
  expect(offeredToD.value.state).toBe('pending');
  // B asks to end its contract; A accepts: C's (and the offer C made D) cannot stay in force under nothing.
  expect((await post<AgentContract>('cascB', { action: 'terminate', contractId: ab })).value.terminateRequested).toBe(true);
  expect((await post<AgentContract>('cascA', { action: 'accept', contractId: ab })).value.state).toBe('terminated');
  expect((await contractOf('cascC')).state).toBe('terminated');
  expect((await contractOf('cascD')).state).toBe('rejected');
  expect(await mailsOf('cascC')).toEqual(['Your real-time salary contract has ended']);
  expect(await mailsOf('cascD')).toEqual(['Your real-time salary contract has ended']);
  expect(await mailsOf('cascB')).toEqual([]);
});

it('caps a downline contract above its upline’s new, lower terms when the upline signs again', async () => {
  // A contract left in force under an ended one (as rows written before the cascade existed can be).
  await context.pool.query(
    "INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at) VALUES ($1, 'realtime', $2, $3, $4, 'active', $5, $5)",
    [context.merchantId, ids.cascB, ids.cascC, JSON.stringify({ default: { profitRate: 80, lossRate: 40 }, games: { SSC1: { profitRate: 20, lossRate: 90 } } }), new Date(clock.nowMs)],
  );
  clock.advance(60_000);
  await sign('cascA', 'cascB', 50);
  expect(await contractOf('cascC')).toEqual({ state: 'active', terms: { default: { profitRate: 50, lossRate: 40 }, games: { SSC1: { profitRate: 20, lossRate: 50 } } } });
  expect((await mailsOf('cascC')).at(-1)).toBe('Your real-time salary contract has been lowered');
  // The terms it had until now stay on record, ended now: a period before is paid at them.
  const history = await context.pool.query<{ state: string; terms: { default: unknown }; decidedAt: Date; terminatedAt: Date | null }>(
    `SELECT state, terms, decided_at AS "decidedAt", terminated_at AS "terminatedAt" FROM agent_contract
      WHERE kind = 'realtime' AND downline_id = $1 AND state IN ('active', 'terminated') ORDER BY id DESC LIMIT 2`,
    [ids.cascC],
  );
  expect(history.rows.map((row) => [row.state, row.terms.default])).toEqual([
    ['active', { profitRate: 50, lossRate: 40 }],
    ['terminated', { profitRate: 80, lossRate: 40 }],
  ]);
  expect(history.rows[1].terminatedAt?.getTime()).toBe(history.rows[0].decidedAt.getTime());
});

it('ends the whole chain when the merchant ends the top agent’s contract', async () => {
  await endMerchantContract(context.pool, context.merchantId, 'cascA', 'realtime', clock.nowMs);
  expect((await contractOf('cascB')).state).toBe('terminated');
  expect((await contractOf('cascC')).state).toBe('terminated');
});
