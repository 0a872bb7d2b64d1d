import type { DepositMethods, DepositMTResult, DepositReport, DepositSettings, Envelope, FixedAmounts } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled, memberBalanceMinor } from '../ledger';
import { createMember, TestClock, tokenFor } from '../member/member.testing';
import { secretsKeyFromEnv } from '../../secrets-key';
import { approveDeposit, depositReceipt, listDeposits, reconcileDeposits, rejectDeposit } from './deposit.settle';
import { depositMethods } from './deposit.service';
import { createGatewayRegistry } from './gateways/registry';

// Manual bank transfers (MT) over HTTP on a real PostgreSQL, and the operators' decisions
// (approveDeposit, rejectDeposit): no money moves until approval; approval credits once, whoever
// and however often approves; a rejected or cancelled deposit is never credited; the pending limit
// holds when requests race; receipts are png or jpg by their bytes.

let context: TestContext;
const clock = new TestClock();
let keyCounter = 0;
const newKey = () => `deposit-test-${++keyCounter}-${Date.now()}`;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

async function member(username: string): Promise<{ id: number; token: string }> {
  const id = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  return { id, token: await tokenFor(context.app, username, 'secret123') };
}

const get = (url: string, token: string) => context.app.inject({ method: 'GET', url, headers: { authorization: token, language: 'EN' } });
const post = (url: string, token: string, payload: unknown, key: string | null = null) =>
  context.app.inject({ method: 'POST', url, headers: { authorization: token, language: 'EN', ...(key === null ? {} : { 'idempotency-key': key }) }, payload: payload as object });
const depositMT = (token: string, body: Record<string, unknown>, key: string | null = newKey()) => post('/wps/relay/depositMTV3', token, body, key);
const errorCodeOf = (response: { body: string }) => json<Envelope<unknown>>(response).errorCode;
const valueOf = <T>(response: { body: string }) => json<Envelope<T>>(response).value;

async function setDepositSettings(value: Record<string, unknown>): Promise<void> {
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'deposit', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId, JSON.stringify(value)],
  );
}

async function depositCredits(depositId: number): Promise<number> {
  const result = await context.pool.query("SELECT count(*)::int AS n FROM ledger_transaction WHERE idempotency_key = $1 AND kind = 'deposit'", [`deposit:${depositId}`]);
  return result.rows[0].n as number;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake but magic is right')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF body')]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('settings and channels', () => {
  it('lists the sandbox methods and channels (the simulator runs in tests), fixed amounts and limits in major units', async () => {
    const { token } = await member('dep_lists');
    const methods = valueOf<DepositMethods>(await get('/wps/relay/getDepositBanksList', token));
    expect(methods.methods.map((method) => method.method)).toEqual(['MT', 'PG', 'QR']);
    expect(methods.methods[1].channels.map((channel) => channel.vendorName)).toEqual(['bKash', 'Nagad', 'VISA']);
    expect(methods.methods[0].channels[0]).toMatchObject({ mcsBankCode: 'DEMOBANK', minAmount: 500, maxAmount: 100000, fixedAmounts: [1000, 2000, 5000, 10000] });
    expect(valueOf<DepositMethods>(await get('/wps/relay/MCSFE_getDepositMethods', token))).toEqual(methods);
    expect(valueOf<FixedAmounts>(await get('/wps/relay/getFixedAmounts?paymentMethod=PG&channelName=BKASH', token))).toEqual({
      fixedAmounts: [500, 1000, 2000, 5000],
      minAmount: 100,
      maxAmount: 25000,
    });
    expect(errorCodeOf(await get('/wps/relay/getFixedAmounts?paymentMethod=MT&channelName=BKASH', token))).toBe('deposit.channel.not.found');
  });

  it('serves no sandbox channel where the simulator is off (production)', async () => {
    const production = createGatewayRegistry({ db: context.pool, secretsKey: secretsKeyFromEnv(), clock: clock.now, simulator: false });
    expect(await depositMethods(context.pool, production, context.merchantId)).toEqual({ methods: [] });
  });

  it('says how many deposits are in progress and refuses more than the limit, also when requests race', async () => {
    await setDepositSettings({ maxPending: 2, depositInfo: 'Deposits are credited within 10 minutes' });
    const { token } = await member('dep_limit');
    const responses = await Promise.all(Array.from({ length: 6 }, () => depositMT(token, { amount: 600, payeeName: 'Limit Tester' })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 400, 400, 400, 400]);
    expect(responses.filter((response) => response.statusCode === 400).map(errorCodeOf)).toEqual(Array(4).fill('deposit.pending.limit'));
    const settings = valueOf<DepositSettings>(await get('/wps/relay/getDepositSettings', token));
    expect(settings).toMatchObject({ allowDeposit: false, inProgressCashInCount: 2, maxInProgressCashIn: 2, depositInfo: 'Deposits are credited within 10 minutes', default_tab: 'MT', currency: 'BDT' });
    expect(settings.allowDepositMessage).toMatch(/2 deposits in progress/);
    await setDepositSettings({});
  });
});

describe('manual bank transfer', () => {
  it('makes a pending deposit, shows the receiving account, moves no money, and answers a retry with the same deposit', async () => {
    const { id, token } = await member('dep_mt1');
    const key = newKey();
    const body = { amount: 1234.5, payeeName: 'Rahim Uddin', depositAccountNum: '01712345678', transactionDate: '2025-01-15 10:00' };
    const first = await depositMT(token, body, key);
    expect(first.statusCode).toBe(200);
    const created = valueOf<DepositMTResult>(first);
    expect(created).toEqual({
      depositId: expect.any(Number),
      refCode: `D${created.depositId}`,
      amount: 1234.5,
      state: 'pending',
      receivingAccount: { bankName: 'Demo Bank', accountName: 'Demo Receiving Account', accountNumber: '0123456789', branch: 'Demo Branch' },
      currencySymbol: '৳',
    });
    const again = await Promise.all([depositMT(token, body, key), depositMT(token, body, key)]);
    expect(again.map((response) => valueOf<DepositMTResult>(response).depositId)).toEqual([created.depositId, created.depositId]);
    expect((await context.pool.query('SELECT count(*)::int AS n FROM deposit WHERE member_id = $1', [id])).rows[0].n).toBe(1);
    // The same key with another amount: refused, nothing made.
    const conflict = await depositMT(token, { ...body, amount: 999 }, key);
    expect([conflict.statusCode, errorCodeOf(conflict)]).toEqual([409, 'wallet.idempotency.conflict']);
    expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(0);
  });

  it('refuses a missing key, a bad amount, an amount out of the limits and an unknown channel', async () => {
    const { token } = await member('dep_mt2');
    expect(errorCodeOf(await depositMT(token, { amount: 600, payeeName: 'A' }, null))).toBe('wallet.idempotency.key.required');
    expect(errorCodeOf(await depositMT(token, { amount: 600.001, payeeName: 'A' }))).toBe('wallet.amount.invalid');
    expect(errorCodeOf(await depositMT(token, { amount: -5, payeeName: 'A' }))).toBe('wallet.amount.invalid');
    const low = await depositMT(token, { amount: 499.99, payeeName: 'A' });
    expect([errorCodeOf(low), json<Envelope<unknown>>(low).message]).toEqual(['deposit.amount.out.of.range', 'The amount must be between 500.00 and 100000.00']);
    expect(errorCodeOf(await depositMT(token, { amount: 600, payeeName: 'A', bankCode: 'NOPE' }))).toBe('deposit.channel.not.found');
    expect(errorCodeOf(await depositMT(token, { amount: 600, payeeName: '   ' }))).toBe('request.param.err');
    expect((await context.pool.query("SELECT count(*)::int AS n FROM deposit d JOIN member m ON m.id = d.member_id WHERE m.username = 'dep_mt2'")).rows[0].n).toBe(0);
  });

  it('stores a png or jpg receipt by its bytes, refuses anything else and another member’s deposit', async () => {
    const { token } = await member('dep_receipt');
    const other = await member('dep_receipt_other');
    const { depositId } = valueOf<DepositMTResult>(await depositMT(token, { amount: 700, payeeName: 'Receipt Tester' }));
    const upload = (image: string, as = token, id = depositId) => post('/wps/relay/uploadDepositEncodedImage', as, { depositId: id, image, referenceNo: 'TRX-998877' });

    expect(valueOf(await upload(dataUrl('image/png', PNG)))).toEqual({ depositId, referenceNo: 'TRX-998877' });
    expect(await depositReceipt(context.pool, context.merchantId, depositId)).toMatchObject({ contentType: 'image/png', image: PNG, referenceNo: 'TRX-998877' });
    // Declared png, bytes of a jpeg: stored as what the bytes are. A later upload replaces the earlier.
    expect((await upload(dataUrl('image/png', JPEG))).statusCode).toBe(200);
    expect(await depositReceipt(context.pool, context.merchantId, depositId)).toMatchObject({ contentType: 'image/jpeg', image: JPEG });

    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    expect(errorCodeOf(await upload(dataUrl('image/gif', gif)))).toBe('deposit.image.invalid');
    expect(errorCodeOf(await upload(dataUrl('image/png', gif)))).toBe('deposit.image.invalid');
    expect(errorCodeOf(await upload(dataUrl('image/png', Buffer.from('<svg onload=alert(1)>'))))).toBe('deposit.image.invalid');
    expect(errorCodeOf(await upload('data:image/png;base64,!!notbase64!!'))).toBe('deposit.image.invalid');
    expect(errorCodeOf(await upload(PNG.toString('base64')))).toBe('deposit.image.invalid');
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length + 1)]);
    const large = await upload(dataUrl('image/png', tooLarge));
    expect([large.statusCode, errorCodeOf(large)]).toEqual([400, 'deposit.image.too.large']);
    const exactly = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await upload(dataUrl('image/png', exactly))).statusCode).toBe(200);
    // Someone else's deposit does not exist for them.
    expect(errorCodeOf(await upload(dataUrl('image/png', PNG), other.token))).toBe('deposit.not.found');
    expect(await depositReceipt(context.pool, context.merchantId, depositId)).toMatchObject({ image: exactly });
  });

  it('lets the member cancel a pending deposit (not another member’s); a cancelled one is never credited', async () => {
    const { id, token } = await member('dep_cancel');
    const other = await member('dep_cancel_other');
    const { depositId } = valueOf<DepositMTResult>(await depositMT(token, { amount: 800, payeeName: 'Cancel Tester' }));
    expect(errorCodeOf(await post('/wps/relay/cancelDeposit', other.token, { depositId }))).toBe('deposit.not.found');
    expect(valueOf(await post('/wps/relay/cancelDeposit', token, { depositId }))).toEqual({ depositId, state: 'cancelled' });
    expect(valueOf(await post('/wps/relay/cancelDeposit', token, { depositId }))).toEqual({ depositId, state: 'cancelled' });
    await expect(approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'op1', nowMs: clock.now() })).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'deposit.state.invalid',
    });
    expect(errorCodeOf(await post('/wps/relay/uploadDepositEncodedImage', token, { depositId, image: dataUrl('image/png', PNG), referenceNo: 'X1' }))).toBe('deposit.state.invalid');
    expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(0);
    expect(await depositCredits(depositId)).toBe(0);
  });
});

describe("operators' decisions", () => {
  async function pendingDeposit(username: string, amount: number) {
    const { id, token } = await member(username);
    const { depositId } = valueOf<DepositMTResult>(await depositMT(token, { amount, payeeName: 'Operator Tester' }));
    return { memberId: id, token, depositId };
  }

  it('approval credits the member once, from house_deposits, kind deposit, order number D<id>; approving again changes nothing', async () => {
    const { memberId, depositId } = await pendingDeposit('dep_approve', 1500.25);
    const decision = await approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'alice', nowMs: clock.now() });
    expect(decision).toMatchObject({ replayed: false, deposit: { status: 'approved', creditedMinor: 150_025, operatorName: 'alice', refCode: `D${depositId}` } });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(150_025);
    const ledger = await context.pool.query(
      `SELECT t.kind, t.order_no, a.kind AS account_kind, p.amount_minor::int AS amount
         FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
        WHERE t.idempotency_key = $1 ORDER BY p.amount_minor`,
      [`deposit:${depositId}`],
    );
    expect(ledger.rows).toEqual([
      { kind: 'deposit', order_no: `D${depositId}`, account_kind: 'house_deposits', amount: -150_025 },
      { kind: 'deposit', order_no: `D${depositId}`, account_kind: 'member_main', amount: 150_025 },
    ]);
    const again = await approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'bob', nowMs: clock.now(), amountMinor: 999 });
    expect(again).toMatchObject({ replayed: true, deposit: { status: 'approved', creditedMinor: 150_025, operatorName: 'alice' } });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(150_025);
    await expect(rejectDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'bob', nowMs: clock.now(), reason: 'late' })).rejects.toMatchObject({
      errorCode: 'deposit.state.invalid',
    });
    await assertLedgerReconciled(context.pool);
  });

  it('credits the amount the operator saw arrive when it differs from the request', async () => {
    const { memberId, depositId } = await pendingDeposit('dep_amount', 1000);
    await approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'alice', nowMs: clock.now(), amountMinor: 95_000 });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(95_000);
    await expect(approveDeposit(context.pool, { merchantId: context.merchantId, depositId: 10 ** 9, operatorName: 'a', nowMs: clock.now() })).rejects.toMatchObject({ errorCode: 'deposit.not.found' });
    await expect(approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'a', nowMs: clock.now(), amountMinor: -1 })).rejects.toMatchObject({ errorCode: 'wallet.amount.invalid' });
  });

  it('ten operators approving at once credit once', async () => {
    const { memberId, depositId } = await pendingDeposit('dep_race', 2000);
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, index) => approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: `op${index}`, nowMs: clock.now() })),
    );
    expect(decisions.filter((decision) => !decision.replayed)).toHaveLength(1);
    expect(decisions.every((decision) => decision.deposit.status === 'approved')).toBe(true);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(200_000);
    expect(await depositCredits(depositId)).toBe(1);
  });

  it('approve, reject and cancel racing: exactly one wins, and money moved only if approval won', async () => {
    for (let round = 0; round < 8; round++) {
      const { memberId, token, depositId } = await pendingDeposit(`dep_mix${round}`, 600);
      const results = await Promise.allSettled([
        approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'alice', nowMs: clock.now() }),
        rejectDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'bob', nowMs: clock.now(), reason: 'no money seen' }),
        post('/wps/relay/cancelDeposit', token, { depositId }),
        approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'carol', nowMs: clock.now() }),
      ]);
      const status = (await context.pool.query('SELECT status FROM deposit WHERE id = $1', [depositId])).rows[0].status as string;
      const balance = await memberBalanceMinor(context.pool, context.merchantId, memberId);
      expect(['approved', 'rejected', 'cancelled']).toContain(status);
      expect({ status, balance, credits: await depositCredits(depositId) }).toEqual(
        status === 'approved' ? { status, balance: 60_000, credits: 1 } : { status, balance: 0, credits: 0 },
      );
      // Every refusal is the state code, never anything else.
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toMatchObject({ errorCode: 'deposit.state.invalid' });
      }
    }
    await assertLedgerReconciled(context.pool);
  });

  it('rejection moves no money; approving a rejected deposit is refused; rejecting again answers it', async () => {
    const { memberId, depositId } = await pendingDeposit('dep_reject', 900);
    const rejected = await rejectDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'bob', nowMs: clock.now(), reason: 'No transfer found' });
    expect(rejected).toMatchObject({ replayed: false, deposit: { status: 'rejected', rejectReason: 'No transfer found', operatorName: 'bob' } });
    expect(await rejectDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'bob', nowMs: clock.now(), reason: 'again' })).toMatchObject({ replayed: true });
    await expect(approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'alice', nowMs: clock.now() })).rejects.toMatchObject({
      errorCode: 'deposit.state.invalid',
    });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);
    const pending = await listDeposits(context.pool, context.merchantId, { status: 'rejected' });
    expect(pending.find((row) => row.depositId === depositId)).toMatchObject({ username: 'dep_reject', hasReceipt: false, status: 'rejected' });
  });

  it('a deposit left half-credited (a crash after the decision) is finished by reconciliation, once', async () => {
    const { memberId, depositId } = await pendingDeposit('dep_crash', 1100);
    // What an approval leaves behind when the process dies after claiming and before posting.
    await context.pool.query("UPDATE deposit SET status = 'crediting', credited_minor = 110000, updated_at = $2 WHERE id = $1", [depositId, new Date(clock.now())]);
    const gateways = createGatewayRegistry({ db: context.pool, secretsKey: secretsKeyFromEnv(), clock: clock.now });
    const report = await reconcileDeposits(context.pool, gateways, { nowMs: clock.now() + 5 * 60_000 });
    expect(report.finished).toContain(depositId);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(110_000);
    // Approving it afterwards (the operator retrying) finds it approved; a second run finds nothing.
    expect(await approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'alice', nowMs: clock.now() })).toMatchObject({ replayed: true });
    expect((await reconcileDeposits(context.pool, gateways, { nowMs: clock.now() + 5 * 60_000 })).finished).not.toContain(depositId);
    expect(await depositCredits(depositId)).toBe(1);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(110_000);
  });
});

describe('deposit records', () => {
  it('lists the member’s deposits newest first with states, page count and the period’s totals', async () => {
    const { token } = await member('dep_report');
    const made: number[] = [];
    for (const amount of [500, 600, 700]) {
      made.push(valueOf<DepositMTResult>(await depositMT(token, { amount, payeeName: 'Report Tester' })).depositId);
      clock.advance(60_000);
    }
    await approveDeposit(context.pool, { merchantId: context.merchantId, depositId: made[0], operatorName: 'alice', nowMs: clock.now(), amountMinor: 49_000 });
    await rejectDeposit(context.pool, { merchantId: context.merchantId, depositId: made[1], operatorName: 'bob', nowMs: clock.now(), reason: 'none' });
    const from = clock.now() - 24 * 3_600_000;
    const to = clock.now() + 60_000;
    const report = valueOf<DepositReport>(await get(`/wps/relay/MCSFE_getDepositTransactionReport?startDate=${from}&endDate=${to}&page=1&size=2`, token));
    expect(report.totalPages).toBe(2);
    expect(report.list.map((row) => [row.depositId, row.state, row.requestedAmount, row.amount])).toEqual([
      [made[2], 'pending', 700, 0],
      [made[1], 'rejected', 600, 0],
    ]);
    expect(report.list[0]).toMatchObject({ depositMethod: 'MT', vendorName: 'Bank transfer', refCode: `D${made[2]}`, actualDepositDate: null, customerBankCharge: 0 });
    expect(report.footer).toEqual({ requestedAmount: 1800, amount: 490, customerBankCharge: 0 });
    const approved = valueOf<DepositReport>(await get(`/wps/relay/MCSFE_getDepositTransactionReport?startDate=${from}&endDate=${to}&depositState=approved&depositType=MT`, token));
    expect(approved.list).toEqual([expect.objectContaining({ depositId: made[0], amount: 490, requestedAmount: 500, actualDepositDate: clock.now() })]);
    expect(valueOf<DepositReport>(await get(`/wps/relay/MCSFE_getDepositTransactionReport?startDate=${from}&endDate=${to}&depositType=PG`, token))).toEqual({
      list: [],
      totalPages: 0,
      footer: { requestedAmount: 0, amount: 0, customerBankCharge: 0 },
    });
    expect(errorCodeOf(await get(`/wps/relay/MCSFE_getDepositTransactionReport?startDate=${to}&endDate=${from}`, token))).toBe('deposit.report.period.invalid');
    expect(errorCodeOf(await get(`/wps/relay/MCSFE_getDepositTransactionReport?startDate=0&endDate=${to}`, token))).toBe('deposit.report.period.invalid');
  });
});
