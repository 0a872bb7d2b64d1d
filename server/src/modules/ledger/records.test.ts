import type { Envelope, MemberTransactions } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, tokenFor } from '../member/member.testing';
import { ensureGameAccount } from './ledger.queries';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from './ledger.service';
import { OTHER_TX_TYPE_ID } from './records.service';

// The member's transaction records (ODSFE2_MemTransDet) through HTTP, on a real PostgreSQL: one row
// per posting on the member's own wallets, typed by the ledger kind, newest first, with the total
// over the whole filtered period; and never anybody else's rows, whatever the request says.

let context: TestContext;
let vendors: { id: number; vassalage: string; vendorName: string }[];
const DAY = 24 * 60 * 60 * 1000;
let keyCounter = 0;
const newKey = () => `records-key-${++keyCounter}-${Date.now()}`;

beforeAll(async () => {
  context = await createTestApp();
  vendors = (
    await context.pool.query<{ id: number; vassalage: string; vendorName: string }>(
      'SELECT id, vassalage, vendor_name AS "vendorName" FROM game_vendor WHERE merchant_id = $1 AND enabled ORDER BY sort_order, id',
      [context.merchantId],
    )
  ).rows;
  if (vendors.length < 2) throw new Error('the seeded merchant has fewer than two game vendors');
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wallet', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId, JSON.stringify({ single: false })],
  );
});

afterAll(async () => {
  await context.close();
});

/** A movement between a house account and the member's main wallet (positive: to the member). */
async function move(
  merchantId: number,
  memberId: number,
  kind: string,
  amountMinor: number,
  nowMs: number,
  extra: { orderNo?: string; remark?: string; house?: `house_${string}` } = {},
): Promise<void> {
  const account = await ensureMemberAccount(context.pool, merchantId, memberId, 'REAL', nowMs);
  const house = await ensureHouseAccount(context.pool, merchantId, extra.house ?? 'house_cash', nowMs);
  await postTransaction(context.pool, {
    merchantId,
    idempotencyKey: newKey(),
    kind,
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -amountMinor },
      { accountId: account, amountMinor },
    ],
    nowMs,
    orderNo: extra.orderNo,
    remark: extra.remark,
  });
}

async function member(username: string, merchantId = context.merchantId): Promise<{ id: number; token: string }> {
  const id = await createMember(context.pool, merchantId, { username, password: 'secret123' });
  return { id, token: merchantId === context.merchantId ? await tokenFor(context.app, username, 'secret123') : '' };
}

const records = (token: string, query: Record<string, string | number>, headers: Record<string, string> = {}) =>
  context.app.inject({
    method: 'GET',
    url: '/wps/relay/ODSFE2_MemTransDet',
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: { authorization: token, language: 'EN', ...headers },
  });

async function valueOf(token: string, query: Record<string, string | number>, headers: Record<string, string> = {}): Promise<MemberTransactions> {
  const response = await records(token, query, headers);
  if (response.statusCode !== 200) throw new Error(`records refused: ${response.statusCode} ${response.body}`);
  return json<Envelope<MemberTransactions>>(response).value;
}

const transfer = (token: string, body: Record<string, unknown>) =>
  context.app.inject({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', headers: { authorization: token, 'idempotency-key': newKey() }, payload: body });

/** The period around now that the HTTP transfers (stamped with the app's clock) fall in. */
const aroundNow = () => ({ startTime: Date.now() - DAY, endTime: Date.now() + DAY });

describe('GET /wps/relay/ODSFE2_MemTransDet', () => {
  it("lists the member's movements newest first: types, signed amounts, balances after, order numbers, remarks and the total", async () => {
    const { id, token } = await member('records01');
    const t0 = Date.now() - 60_000;
    await move(context.merchantId, id, 'deposit', 100_000, t0, { orderNo: 'D20250101-7', house: 'house_deposits' });
    expect((await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 250.5 })).statusCode).toBe(200);
    expect((await transfer(token, { fromAccountTypeId: vendors[0].id, toAccountTypeId: 0, amount: 50.25 })).statusCode).toBe(200);
    const recall = await context.app.inject({ method: 'POST', url: '/wps/relay/GCS_walletReturn', headers: { authorization: token, 'idempotency-key': newKey() } });
    expect(recall.statusCode).toBe(200);
    await move(context.merchantId, id, 'operator_adjustment', -1_234, Date.now() + 1000, { remark: 'Correction of a duplicate credit', house: 'house_adjustments' });

    const value = await valueOf(token, aroundNow());
    const main = 0;
    const game = vendors[0].id;
    const gameName = vendors[0].vendorName;
    expect(value.list.map(({ txTypeId, txTypeName, amount, currentAvailBalance, remark, accountTypeId }) => ({
      txTypeId, txTypeName, amount, currentAvailBalance, remark, accountTypeId,
    }))).toEqual([
      { txTypeId: 3002, txTypeName: 'Adjustment (debit)', amount: -12.34, currentAvailBalance: 987.66, remark: 'Correction of a duplicate credit', accountTypeId: main },
      // The recall: the game wallet out, the main wallet in (same transaction).
      { txTypeId: 8202, txTypeName: 'Transfer out', amount: -200.25, currentAvailBalance: 0, remark: `${gameName} → Main wallet`, accountTypeId: game },
      { txTypeId: 8102, txTypeName: 'Transfer in', amount: 200.25, currentAvailBalance: 1000, remark: `${gameName} → Main wallet`, accountTypeId: main },
      { txTypeId: 8202, txTypeName: 'Transfer out', amount: -50.25, currentAvailBalance: 200.25, remark: `${gameName} → Main wallet`, accountTypeId: game },
      { txTypeId: 8102, txTypeName: 'Transfer in', amount: 50.25, currentAvailBalance: 799.75, remark: `${gameName} → Main wallet`, accountTypeId: main },
      { txTypeId: 8102, txTypeName: 'Transfer in', amount: 250.5, currentAvailBalance: 250.5, remark: `Main wallet → ${gameName}`, accountTypeId: game },
      { txTypeId: 8202, txTypeName: 'Transfer out', amount: -250.5, currentAvailBalance: 749.5, remark: `Main wallet → ${gameName}`, accountTypeId: main },
      { txTypeId: 1001, txTypeName: 'Deposit', amount: 1000, currentAvailBalance: 1000, remark: '', accountTypeId: main },
    ]);
    expect(value.list.at(-1)?.orderNo).toBe('D20250101-7');
    expect(value.list.at(-1)?.txTimeInTimestamp).toBe(t0);
    // Without an order number, the ledger transaction's id; both postings of a transfer share it.
    const transactionIds = value.list.slice(0, -1).map((row) => row.orderNo);
    expect(transactionIds.every((orderNo) => /^\d+$/.test(orderNo))).toBe(true);
    expect(transactionIds[1]).toBe(transactionIds[2]);
    expect(value.totalPages).toBe(1);
    // Transfers between the member's own wallets cancel out: the total is the deposit less the adjustment.
    expect(value.footer).toEqual({ amount: 987.66 });
  });

  it('filters by type group and by type id, the total following the filter', async () => {
    const { id, token } = await member('records02');
    await move(context.merchantId, id, 'deposit', 50_000, Date.now() - 5000);
    await move(context.merchantId, id, 'bet', -2_000, Date.now() - 4000);
    await move(context.merchantId, id, 'win', 3_500, Date.now() - 3000);
    await move(context.merchantId, id, 'withdraw_request', -10_000, Date.now() - 2000, { house: 'house_withdrawal_hold' });
    await move(context.merchantId, id, 'withdraw_refund', 10_000, Date.now() - 1000, { house: 'house_withdrawal_hold' });
    await move(context.merchantId, id, 'lucky_spin_prize', 777, Date.now() - 500);
    await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[1].id, amount: 100 });

    const typesOf = async (query: Record<string, string>) => {
      const value = await valueOf(token, { ...aroundNow(), ...query });
      return { types: value.list.map((row) => row.txTypeId), total: value.footer?.amount };
    };
    expect(await typesOf({ codeTypes: 'deposit' })).toEqual({ types: [1001], total: 500 });
    expect(await typesOf({ codeTypes: 'withdraw' })).toEqual({ types: [2003, 2001], total: 0 });
    expect(await typesOf({ codeTypes: 'bet' })).toEqual({ types: [4002, 4001], total: 15 });
    expect(await typesOf({ codeTypes: 'deposit,bet' })).toEqual({ types: [4002, 4001, 1001], total: 515 });
    expect(await typesOf({ codeTypes: 'transfer' })).toEqual({ types: [8102, 8202], total: 0 });
    expect(await typesOf({ txTypeIds: '8202' })).toEqual({ types: [8202], total: -100 });
    expect(await typesOf({ codeTypes: 'transfer', txTypeIds: '8102,1001' })).toEqual({ types: [8102], total: 100 });
    // A kind the type table does not name yet shows as "Other", and its group finds it.
    expect(await typesOf({ codeTypes: 'other' })).toEqual({ types: [OTHER_TX_TYPE_ID], total: 7.77 });
    expect(await typesOf({ codeTypes: 'adjustment' })).toEqual({ types: [], total: 0 });
  });

  it('pages the rows; the total covers the whole period whatever the page', async () => {
    const { id, token } = await member('records03');
    const base = Date.now() - 10 * DAY;
    for (let index = 0; index < 5; index += 1) await move(context.merchantId, id, 'deposit', 1_000 * (index + 1), base + index * 1000);
    const period = { startTime: base - DAY, endTime: base + DAY };
    const first = await valueOf(token, { ...period, page: 1, size: 2 });
    const third = await valueOf(token, { ...period, page: 3, size: 2 });
    const beyond = await valueOf(token, { ...period, page: 9, size: 2 });
    expect(first.list.map((row) => row.amount)).toEqual([50, 40]);
    expect(third.list.map((row) => row.amount)).toEqual([10]);
    expect(beyond.list).toEqual([]);
    for (const value of [first, third, beyond]) {
      expect(value.totalPages).toBe(3);
      expect(value.footer).toEqual({ amount: 150 });
    }
    // Thirteen a page unless asked.
    expect((await valueOf(token, period)).list).toHaveLength(5);
    // Movements outside the period are left out, at both ends.
    expect((await valueOf(token, { startTime: base + 1000, endTime: base + 3000 })).list.map((row) => row.amount)).toEqual([40, 30, 20]);
    expect((await valueOf(token, { startTime: base + 10_000, endTime: base + DAY })).list).toEqual([]);
  });

  it('refuses a period longer than 29 days or ending before it starts, and bad paging, in the caller’s language', async () => {
    const { token } = await member('records04');
    const start = Date.UTC(2025, 0, 1);
    // 29 whole days (from the first millisecond of the first to the last of the 29th) are allowed.
    expect((await records(token, { startTime: start, endTime: start + 29 * DAY - 1 })).statusCode).toBe(200);
    expect((await records(token, { startTime: start, endTime: start + 29 * DAY })).statusCode).toBe(200);
    for (const [query, errorCode] of [
      [{ startTime: start, endTime: start + 29 * DAY + 1 }, 'records.period.invalid'],
      [{ startTime: start, endTime: start + 31 * DAY - 1 }, 'records.period.invalid'],
      [{ startTime: start, endTime: start - 1 }, 'records.period.invalid'],
      [{ startTime: start, endTime: start + DAY, size: 101 }, 'request.param.err'],
      [{ startTime: start, endTime: start + DAY, page: 0 }, 'request.param.err'],
      [{ startTime: start, endTime: start + DAY, codeTypes: 'deposit,everything' }, 'request.param.err'],
      [{ startTime: start, endTime: start + DAY, txTypeIds: '8102;DROP TABLE' }, 'request.param.err'],
      [{ startTime: 'yesterday', endTime: start }, 'request.param.err'],
      [{ endTime: start }, 'request.param.err'],
    ] as [Record<string, string | number>, string][]) {
      const response = await records(token, query);
      expect({ query, status: response.statusCode, errorCode: json<Envelope<unknown>>(response).errorCode }).toEqual({ query, status: 400, errorCode });
    }
    const chinese = json<Envelope<unknown>>(await records(token, { startTime: start, endTime: start + 40 * DAY }, { language: 'CN' }));
    expect(chinese.message).toBe('请选择不超过 29 天且结束时间晚于开始时间的时间段');
  });

  it("names the types in the caller's language (Language header, or the language parameter)", async () => {
    const { id, token } = await member('records05');
    await move(context.merchantId, id, 'deposit', 1_000, Date.now());
    await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 1 });
    const names = async (headers: Record<string, string>, query: Record<string, string> = {}) =>
      (await valueOf(token, { ...aroundNow(), ...query }, headers)).list.map((row) => [row.txTypeName, row.remark]);
    const vendor = vendors[0].vendorName;
    expect(await names({ language: 'CN' })).toEqual([
      ['转入', `主钱包 → ${vendor}`],
      ['转出', `主钱包 → ${vendor}`],
      ['存款', ''],
    ]);
    expect((await names({ language: 'EN' }, { language: 'VI' }))[2]).toEqual(['Nạp tiền', '']);
    expect((await names({ language: 'BN' }))[2]).toEqual(['জমা', '']);
  });

  it("never shows another member's or another merchant's movements, whatever the request names", async () => {
    const alice = await member('records06');
    const bob = await member('records07');
    await move(context.merchantId, alice.id, 'deposit', 1_100, Date.now());
    await move(context.merchantId, bob.id, 'deposit', 2_200, Date.now());
    await transfer(bob.token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 5 });
    const other = await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('RECORDS_OTHER', 'Other brand') RETURNING id");
    const otherMerchant = other.rows[0].id;
    // Same user name, another brand.
    const twin = await member('records06', otherMerchant);
    await move(otherMerchant, twin.id, 'deposit', 3_300, Date.now());

    const aliceSees = async (query: Record<string, string | number>) => (await valueOf(alice.token, { ...aroundNow(), ...query })).list.map((row) => row.amount);
    expect(await aliceSees({})).toEqual([11]);
    // Parameters a caller might try: another member's id, another merchant. Ignored.
    const attempts: Record<string, string | number>[] = [{ memberId: bob.id }, { merchantId: otherMerchant }, { accountId: 1 }];
    for (const attempt of attempts) {
      expect(await aliceSees(attempt)).toEqual([11]);
    }
    // Another member's name (subordinateName, an agent's read of its downline): refused to a player.
    const named = await records(alice.token, { ...aroundNow(), subordinateName: 'records07' });
    expect([named.statusCode, json<Envelope<MemberTransactions>>(named).errorCode]).toEqual([403, 'agent.only']);
    expect((await valueOf(alice.token, aroundNow(), { merchant: 'DEFAULT' })).list.map((row) => row.amount)).toEqual([11]);
    // The session belongs to its merchant: under another brand's header it is no session at all.
    const elsewhere = await records(alice.token, aroundNow(), { merchant: 'RECORDS_OTHER' });
    expect(elsewhere.statusCode).toBe(401);
    expect(json<Envelope<unknown>>(elsewhere).value).toBeNull();
    // Bob's game wallet posting is his: Alice's game wallet (never used) shows nothing either.
    await ensureGameAccount(context.pool, context.merchantId, alice.id, vendors[0].id, Date.now());
    expect(await aliceSees({ codeTypes: 'transfer' })).toEqual([]);
    expect((await valueOf(bob.token, aroundNow())).list.map((row) => row.amount)).toEqual([5, -5, 22]);
  });

  it("types a game's bets, wins and rollbacks (game_bet, game_win, game_rollback) and names their game and round", async () => {
    const { id, token } = await member('records08');
    const t0 = Date.now() - 10_000;
    await move(context.merchantId, id, 'deposit', 10_000, t0 - 1000);
    const account = await ensureMemberAccount(context.pool, context.merchantId, id, 'REAL', t0);
    const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_game_play', t0);
    const gameId = (
      await context.pool.query<{ id: number }>(
        `INSERT INTO game (merchant_id, game_vendor_id, game_code, name, display_names, min_bet_minor, created_at)
         VALUES ($1, $2, 'RECGAME1', 'Record Gems', '{"CN": "记录宝石"}', 20, now()) RETURNING id`,
        [context.merchantId, vendors[0].id],
      )
    ).rows[0].id;
    const roundId = (
      await context.pool.query<{ id: string }>(
        `INSERT INTO game_round (merchant_id, member_id, vassalage, game_id, game_code, game_name, game_category, vendor_round_id,
                                 ledger_account_id, bet_minor, win_minor, valid_bet_minor, status, started_at)
         VALUES ($1, $2, 'JL', $3, 'RECGAME1', 'Record Gems', 'RNG', 'JL-R-42', $4, 300, 450, 300, 'settled', $5) RETURNING id`,
        [context.merchantId, id, gameId, account, new Date(t0)],
      )
    ).rows[0].id;
    // As the game-provider module posts a vendor transaction: key game:<merchant>:<vassalage>:<vendorTxId>.
    const post = async (vendorTxId: string, kind: 'game_bet' | 'game_win' | 'game_rollback', amountMinor: number, nowMs: number) => {
      const posted = await postTransaction(context.pool, {
        merchantId: context.merchantId,
        idempotencyKey: `game:${context.merchantId}:JL:${vendorTxId}`,
        kind,
        unit: 'REAL',
        postings: [
          { accountId: house, amountMinor: -amountMinor },
          { accountId: account, amountMinor },
        ],
        nowMs,
      });
      await context.pool.query(
        `INSERT INTO game_transaction (merchant_id, vassalage, vendor_tx_id, kind, round_id, member_id, amount_minor, ledger_transaction_id, created_at)
         VALUES ($1, 'JL', $2, $3, $4, $5, $6, $7, $8)`,
        [context.merchantId, vendorTxId, kind.slice('game_'.length), roundId, id, Math.abs(amountMinor), posted.transactionId, new Date(nowMs)],
      );
    };
    await post('tx:1', 'game_bet', -300, t0);
    await post('tx:2', 'game_win', 450, t0 + 1000);
    await post('tx:3', 'game_bet', -200, t0 + 2000);
    await post('tx:4', 'game_rollback', 200, t0 + 3000);

    const rows = async (query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
      (await valueOf(token, { ...aroundNow(), ...query }, headers)).list.map(({ txTypeId, txTypeName, amount, remark }) => ({ txTypeId, txTypeName, amount, remark }));
    const remark = 'Record Gems · JL-R-42';
    expect(await rows()).toEqual([
      { txTypeId: 4003, txTypeName: 'Bet refund', amount: 2, remark },
      { txTypeId: 4001, txTypeName: 'Bet', amount: -2, remark },
      { txTypeId: 4002, txTypeName: 'Win', amount: 4.5, remark },
      { txTypeId: 4001, txTypeName: 'Bet', amount: -3, remark },
      { txTypeId: 1001, txTypeName: 'Deposit', amount: 100, remark: '' },
    ]);
    // The bet group keeps them, with its total; the game's name in the caller's language.
    const bets = await valueOf(token, { ...aroundNow(), codeTypes: 'bet' }, { language: 'CN' });
    expect(bets.list.map((row) => [row.txTypeName, row.remark])).toEqual([
      ['投注退回', '记录宝石 · JL-R-42'],
      ['投注', '记录宝石 · JL-R-42'],
      ['派彩', '记录宝石 · JL-R-42'],
      ['投注', '记录宝石 · JL-R-42'],
    ]);
    expect(bets.footer).toEqual({ amount: 1.5 });
    expect((await rows({ txTypeIds: '4002' })).map((row) => row.amount)).toEqual([4.5]);
    expect((await rows({ codeTypes: 'other' }))).toEqual([]);
  });

  it('is closed to visitors without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: `/wps/relay/ODSFE2_MemTransDet?startTime=0&endTime=1000` });
    expect(response.statusCode).toBe(401);
  });
});
