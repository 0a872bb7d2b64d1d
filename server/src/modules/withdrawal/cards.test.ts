import { MAX_WITHDRAW_CARDS, type WithdrawAccountInfo, type WithdrawBank, type WithdrawCard } from '@platform/contract';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { bindVerified, isTronAddress } from './cards.service';
import { payWithdrawal, rejectWithdrawal } from './withdrawal.service';
import {
  bindCard,
  credit,
  get,
  memberWithSession,
  newKey,
  outcome,
  PAYMENT_PASSWORD,
  post,
  setPaymentPasswordOf,
  tronAddress,
  valueOf,
} from './withdrawal.testing';

// Bank cards, e-wallets and virtual wallets through HTTP: the merchant's list, binding with the
// payment password and its rules (real name, number formats, five at most, one number bound once),
// deleting (not while a withdrawal to the card is pending), and the races on those rules.

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

const addCard = (token: string, body: Record<string, unknown>) =>
  post(context.app, '/wps/relay/withdrawAddCard', token, { payeeName: 'Rahim Uddin', cardType: 'BC', bankCode: 'DBBL', paymentPassword: PAYMENT_PASSWORD, ...body });
const accountInfo = async (token: string) => valueOf<WithdrawAccountInfo>(await get(context.app, '/wps/relay/MCSFE_getWithdrawAccountInfo', token));

async function readyMember(username: string) {
  const session = await memberWithSession(context, username);
  await setPaymentPasswordOf(context.app, session.token);
  return session;
}

it("lists the merchant's banks, e-wallets and USDT (TRC20), seeded for every merchant", async () => {
  const { token } = await memberWithSession(context, 'cards01');
  const { banks } = valueOf<{ banks: WithdrawBank[] }>(await get(context.app, '/wps/relay/MCSFE_getBanks', token));
  expect(banks.map((bank) => bank.bankName)).toEqual([
    'Dutch-Bangla Bank',
    'BRAC Bank',
    'The City Bank',
    'Islami Bank Bangladesh',
    'Sonali Bank',
    'bKash',
    'Nagad',
    'Rocket',
    'USDT (TRC20)',
  ]);
  expect(banks.find((bank) => bank.bankCode === 'BKASH')).toEqual({ bankCode: 'BKASH', bankName: 'bKash', cardType: 'EW', protocol: null });
  expect(banks.find((bank) => bank.cardType === 'VM')).toEqual({ bankCode: 'USDT_TRC20', bankName: 'USDT (TRC20)', cardType: 'VM', protocol: 'TRC20' });
  // A merchant created later gets the list too (the default merchant itself is created after the migrations).
  const created = await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('CARDS2', 'Second brand') RETURNING id");
  const count = await context.pool.query('SELECT 1 FROM withdraw_bank WHERE merchant_id = $1', [created.rows[0].id]);
  expect(count.rowCount).toBe(banks.length);
  // A disabled one is no longer offered nor accepted.
  await context.pool.query("UPDATE withdraw_bank SET enabled = false WHERE merchant_id = $1 AND bank_code = 'ROCKET'", [context.merchantId]);
  const after = valueOf<{ banks: WithdrawBank[] }>(await get(context.app, '/wps/relay/MCSFE_getBanks', token)).banks;
  expect(after.map((bank) => bank.bankCode)).not.toContain('ROCKET');
  const member = await readyMember('cards01b');
  expect(outcome(await addCard(member.token, { cardType: 'EW', bankCode: 'ROCKET', cardNumber: '017123456789' }))).toEqual({ status: 400, errorCode: 'withdraw.bank.invalid' });
  await context.pool.query("UPDATE withdraw_bank SET enabled = true WHERE merchant_id = $1 AND bank_code = 'ROCKET'", [context.merchantId]);
});

it('binds a bank card, an e-wallet and a USDT wallet, shown masked; the first card sets the real name', async () => {
  const { token, memberId } = await readyMember('cards02');
  expect(await accountInfo(token)).toEqual({ bankCards: [], eWallets: [], virtualWallets: [], hasPaymentPassword: true, payeeName: null, maxCards: MAX_WITHDRAW_CARDS });

  const card = valueOf<WithdrawCard>(await addCard(token, { payeeName: '  Rahim   Uddin ', cardNumber: '1234 5678-9012 34' }));
  expect(card).toEqual({
    bankCardId: expect.any(Number),
    cardType: 'BC',
    bankCode: 'DBBL',
    bankName: 'Dutch-Bangla Bank',
    cardNumber: '****1234',
    payeeName: 'Rahim Uddin',
    walletAddress: null,
    protocol: null,
    createdAt: expect.any(Number),
  });
  const stored = await context.pool.query<{ card_number: string }>('SELECT card_number FROM withdraw_card WHERE id = $1', [card.bankCardId]);
  expect(stored.rows[0].card_number).toBe('12345678901234');
  expect((await context.pool.query<{ payee_name: string }>('SELECT payee_name FROM member WHERE id = $1', [memberId])).rows[0].payee_name).toBe('Rahim Uddin');

  // Later cards must name the same person (case and spacing aside).
  expect(outcome(await addCard(token, { payeeName: 'Karim Uddin', cardType: 'EW', bankCode: 'BKASH', cardNumber: '01712345678' }))).toEqual({
    status: 400,
    errorCode: 'withdraw.payee.mismatch',
  });
  const wallet = valueOf<WithdrawCard>(await addCard(token, { payeeName: 'rahim uddin', cardType: 'EW', bankCode: 'BKASH', cardNumber: '01712345678' }));
  expect(wallet).toMatchObject({ cardType: 'EW', bankName: 'bKash', cardNumber: '****5678', payeeName: 'Rahim Uddin' });
  // The same phone number on another e-wallet is another account.
  valueOf(await addCard(token, { cardType: 'EW', bankCode: 'NAGAD', cardNumber: '01712345678' }));

  const address = tronAddress();
  const usdt = valueOf<WithdrawCard>(await addCard(token, { cardType: 'VM', bankCode: 'USDT_TRC20', cardNumber: address }));
  expect(usdt).toMatchObject({ cardType: 'VM', protocol: 'TRC20', cardNumber: `****${address.slice(-4)}`, walletAddress: `${address.slice(0, 4)}****${address.slice(-4)}` });

  const info = await accountInfo(token);
  expect(info.payeeName).toBe('Rahim Uddin');
  expect(info.bankCards.map((row) => row.bankCardId)).toEqual([card.bankCardId]);
  expect(info.eWallets.map((row) => row.bankCode)).toEqual(['BKASH', 'NAGAD']);
  expect(info.virtualWallets.map((row) => row.bankCardId)).toEqual([usdt.bankCardId]);
  // Nothing of the full numbers leaves the server.
  expect(JSON.stringify(info)).not.toContain('12345678901234');
  expect(JSON.stringify(info)).not.toContain(address);
});

it('a member whose real name is set must use it', async () => {
  const { token, memberId } = await readyMember('cards03');
  await context.pool.query("UPDATE member SET payee_name = 'Ayesha Siddika' WHERE id = $1", [memberId]);
  expect(outcome(await addCard(token, { payeeName: 'Rahim Uddin', cardNumber: '99887766554433' }))).toEqual({ status: 400, errorCode: 'withdraw.payee.mismatch' });
  expect(valueOf<WithdrawCard>(await addCard(token, { payeeName: 'AYESHA SIDDIKA', cardNumber: '99887766554433' })).payeeName).toBe('Ayesha Siddika');
});

it('refuses bad input with clear codes, and changes nothing', async () => {
  const { token } = await readyMember('cards04');
  const cases: [Record<string, unknown>, string][] = [
    [{ bankCode: 'NOPE' }, 'withdraw.bank.invalid'],
    // A bank code of another type.
    [{ cardType: 'EW', bankCode: 'DBBL', cardNumber: '01712345670' }, 'withdraw.bank.invalid'],
    [{ cardType: 'BC', bankCode: 'USDT_TRC20', cardNumber: '01712345670' }, 'withdraw.bank.invalid'],
    [{ cardNumber: '1234567' }, 'withdraw.card.number.invalid'],
    [{ cardNumber: '1'.repeat(25) }, 'withdraw.card.number.invalid'],
    [{ cardNumber: '12345678abc' }, 'withdraw.card.number.invalid'],
    [{ cardNumber: '١٢٣٤٥٦٧٨٩٠' }, 'withdraw.card.number.invalid'],
    [{ cardType: 'VM', bankCode: 'USDT_TRC20', cardNumber: '0x52908400098527886E0F7030069857D2E4169EE7' }, 'withdraw.address.invalid'],
    // Right shape, wrong checksum (one character changed).
    [{ cardType: 'VM', bankCode: 'USDT_TRC20', cardNumber: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'withdraw.address.invalid'],
    [{ payeeName: 'R' }, 'withdraw.payee.invalid'],
    [{ payeeName: 'Rahim 123' }, 'withdraw.payee.invalid'],
    [{ payeeName: '<script>' }, 'withdraw.payee.invalid'],
    [{ paymentPassword: '000000' }, 'invalid.payment.pw'],
    [{ paymentPassword: '12345' }, 'request.param.err'],
    [{ cardType: 'XX' }, 'request.param.err'],
  ];
  for (const [body, errorCode] of cases) {
    expect({ body, ...outcome(await addCard(token, { cardNumber: '55554444333322', ...body })) }).toEqual({ body, status: 400, errorCode });
  }
  expect((await context.pool.query("SELECT 1 FROM withdraw_card c JOIN member m ON m.id = c.member_id WHERE m.username = 'cards04'")).rowCount).toBe(0);
  expect((await context.pool.query("SELECT payee_name FROM member WHERE username = 'cards04'")).rows[0].payee_name).toBeNull();
  // Names in other scripts are names.
  valueOf(await addCard(token, { payeeName: 'রহিম উদ্দিন', cardNumber: '55554444333322' }));
});

it('knows a real TRON address', () => {
  expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
  expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
  for (let index = 0; index < 20; index++) expect(isTronAddress(tronAddress())).toBe(true);
});

it('a member without a payment password is sent to set one first', async () => {
  const { token } = await memberWithSession(context, 'cards05');
  expect(outcome(await addCard(token, { cardNumber: '12121212121212' }))).toEqual({ status: 400, errorCode: 'not.exists.payment.password' });
});

it('binds one number once per merchant, whoever asks, even at the same moment', async () => {
  const first = await readyMember('cards06');
  const second = await readyMember('cards07');
  await context.pool.query("UPDATE member SET payee_name = 'Rahim Uddin' WHERE username IN ('cards06', 'cards07')");
  valueOf(await addCard(first.token, { cardNumber: '70000000000001' }));
  expect(outcome(await addCard(first.token, { cardNumber: '70000000000001' }))).toEqual({ status: 400, errorCode: 'withdraw.card.exists' });
  expect(outcome(await addCard(second.token, { cardNumber: '70000000000001' }))).toEqual({ status: 400, errorCode: 'withdraw.card.exists' });
  // The same number at another bank is another account.
  valueOf(await addCard(second.token, { bankCode: 'BRAC', cardNumber: '70000000000001' }));

  // Both members bind a new number at once, several times each: exactly one card results.
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, index) => addCard(index % 2 ? first.token : second.token, { bankCode: 'CITY', cardNumber: '70000000000002' })),
  );
  expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) expect(outcome(answer)).toEqual({ status: 400, errorCode: 'withdraw.card.exists' });
  expect((await context.pool.query("SELECT 1 FROM withdraw_card WHERE bank_code = 'CITY' AND card_number = '70000000000002'")).rowCount).toBe(1);
});

it('binds at most five, also when ten arrive at once', async () => {
  const { token, memberId } = await readyMember('cards08');
  await context.pool.query("UPDATE member SET payee_name = 'Rahim Uddin' WHERE id = $1", [memberId]);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => addCard(token, { cardNumber: `8100000000000${index}` })));
  expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(MAX_WITHDRAW_CARDS);
  // The payment password's lock counts every try before its check, right ones too (so a burst of
  // guesses checks at most five): beyond five at once, a try may be told to wait (429).
  for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
    expect([JSON.stringify({ status: 400, errorCode: 'withdraw.card.limit' }), JSON.stringify({ status: 429, errorCode: 'TOO_MANY_REQUESTS' })]).toContain(JSON.stringify(outcome(answer)));
  }
  const info = await accountInfo(token);
  expect(info.bankCards).toHaveLength(MAX_WITHDRAW_CARDS);
  // Deleting one makes room for one.
  valueOf(await post(context.app, '/wps/relay/withdrawDelCard', token, { bankCardId: info.bankCards[0].bankCardId, password: PAYMENT_PASSWORD }));
  valueOf(await addCard(token, { cardNumber: '81000000000099' }));
  expect(outcome(await addCard(token, { cardNumber: '81000000000098' }))).toEqual({ status: 400, errorCode: 'withdraw.card.limit' });
});

it('binds at most five when thirty pass the payment password at once (the race behind the password)', async () => {
  const { memberId } = await readyMember('cards08b');
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      bindVerified(context.pool, { merchantId: context.merchantId, memberId, payeeName: 'Rahim Uddin', bankCode: 'SONALI', cardNumber: `8200000000${String(index).padStart(4, '0')}`, cardType: 'BC', nowMs: Date.now() }).then(
        () => 'bound',
        (error: { errorCode?: string }) => error.errorCode,
      ),
    ),
  );
  expect(results.filter((result) => result === 'bound')).toHaveLength(MAX_WITHDRAW_CARDS);
  expect(results.filter((result) => result !== 'bound').every((result) => result === 'withdraw.card.limit')).toBe(true);
  const stored = await context.pool.query('SELECT 1 FROM withdraw_card WHERE member_id = $1 AND deleted_at IS NULL', [memberId]);
  expect(stored.rowCount).toBe(MAX_WITHDRAW_CARDS);
});

it('deletes a card with the payment password, never while a withdrawal to it is pending, never another member’s', async () => {
  const owner = await readyMember('cards09');
  const stranger = await readyMember('cards10');
  await credit(context.pool, context.merchantId, owner.memberId, 500_000);
  const cardId = await bindCard(context.app, owner.token, { cardNumber: '90000000000001' });
  const del = (token: string, bankCardId: number, password = PAYMENT_PASSWORD) => post(context.app, '/wps/relay/withdrawDelCard', token, { bankCardId, password });

  expect(outcome(await del(stranger.token, cardId))).toEqual({ status: 400, errorCode: 'withdraw.card.not.found' });
  expect(outcome(await del(owner.token, cardId, '000000'))).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
  expect(outcome(await del(owner.token, 987_654_321))).toEqual({ status: 400, errorCode: 'withdraw.card.not.found' });

  const withdraw = (key = newKey()) =>
    post(context.app, '/wps/relay/withdraw', owner.token, { amount: 1000, bankCardId: cardId, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' }, { 'idempotency-key': key });
  const pending = valueOf<{ withdrawId: number }>(await withdraw());
  expect(outcome(await del(owner.token, cardId))).toEqual({ status: 400, errorCode: 'withdraw.card.pending' });
  await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: pending.withdrawId, operatorName: 'ops1', nowMs: Date.now() });
  const second = valueOf<{ withdrawId: number }>(await withdraw());
  expect(outcome(await del(owner.token, cardId))).toEqual({ status: 400, errorCode: 'withdraw.card.pending' });
  await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: second.withdrawId, operatorName: 'ops1', reason: 'name mismatch at the bank', nowMs: Date.now() });

  expect((await del(owner.token, cardId)).statusCode).toBe(200);
  expect((await accountInfo(owner.token)).bankCards).toEqual([]);
  expect(outcome(await del(owner.token, cardId))).toEqual({ status: 400, errorCode: 'withdraw.card.not.found' });
  // A deleted card takes no withdrawals; its past ones keep their card.
  expect(outcome(await withdraw())).toEqual({ status: 400, errorCode: 'withdraw.card.not.found' });
  expect((await context.pool.query('SELECT 1 FROM withdrawal WHERE card_id = $1', [cardId])).rowCount).toBe(2);
  // Its number may be bound again.
  valueOf(await addCard(owner.token, { cardNumber: '90000000000001' }));
});

it('a delete and a withdrawal to the same card at the same moment: never a pending withdrawal to a deleted card', async () => {
  const owner = await readyMember('cards11');
  await credit(context.pool, context.merchantId, owner.memberId, 5_000_000);
  for (let round = 0; round < 5; round++) {
    const cardId = await bindCard(context.app, owner.token, { cardNumber: `9100000000000${round}` });
    await Promise.all([
      post(context.app, '/wps/relay/withdraw', owner.token, { amount: 600, bankCardId: cardId, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' }, { 'idempotency-key': newKey() }),
      post(context.app, '/wps/relay/withdrawDelCard', owner.token, { bankCardId: cardId, password: PAYMENT_PASSWORD }),
    ]);
  }
  const broken = await context.pool.query(
    "SELECT w.id FROM withdrawal w JOIN withdraw_card c ON c.id = w.card_id WHERE w.status = 'pending' AND c.deleted_at IS NOT NULL",
  );
  expect(broken.rows).toEqual([]);
});
