import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@platform/contract';
import { createMember, encryptedInject, tokenFor } from '../modules/member/member.testing';
import { memberBalanceMinor } from '../modules/ledger';
import { createOperator, enrolOperatorTotp } from '../modules/operator';
import { totpCodeAt } from '../modules/operator/operator.testing';
import { secretsKeyFromEnv } from '../secrets-key';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { runOps, type OpsIo } from './ops';

// The command-line tool against the real server over HTTP: what an operator types and reads.

let context: TestContext;
let baseUrl: string;
const PASSWORD = 'a long operator password';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a receipt')]);

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  // The tool talks to the operator API's own listener, as it does to a real site's OPS_PORT.
  const listener = await context.app.listenOperatorApi({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await context.close();
});

async function ops(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const io: OpsIo = {
    env: { OPS_URL: baseUrl, ...env },
    fetch,
    write: (line) => lines.push(line),
    createOperator: (input) => createOperator(context.ownerPool, secretsKeyFromEnv(), { ...input, nowMs: Date.now() }),
    enrolTotp: (input) => enrolOperatorTotp(context.ownerPool, secretsKeyFromEnv(), input),
  };
  return { code: await runOps(argv, io), lines };
}

/** The authenticator secret create-operator or enrol-totp printed. */
const secretPrinted = (lines: string[]): string => {
  const secret = lines.map((line) => /^ {2}secret: ([A-Z2-7]+)$/.exec(line)?.[1]).find(Boolean);
  if (!secret) throw new Error(`no secret in ${lines.join('\n')}`);
  return secret;
};

/** A new operator made and logged in with the tool (password and authenticator code): its OPS_TOKEN. */
async function operatorEnv(username: string, role = 'admin'): Promise<{ OPS_TOKEN: string }> {
  const created = await ops(['create-operator', '--merchant', 'DEFAULT', '--username', username, '--role', role], { OPS_PASSWORD: PASSWORD });
  const login = await ops(['login', '--merchant', 'DEFAULT', '--username', username, '--otp', totpCodeAt(secretPrinted(created.lines), Date.now())], { OPS_PASSWORD: PASSWORD });
  return { OPS_TOKEN: /^export OPS_TOKEN=(\S+)$/.exec(login.lines[0])![1] };
}

it('creates an operator, logs in, adjusts a balance, shows the audit trail, logs out', async () => {
  const created = await ops(['create-operator', '--merchant', 'DEFAULT', '--username', 'cli-op', '--role', 'cashier'], { OPS_PASSWORD: PASSWORD });
  expect(created).toMatchObject({ code: 0, lines: [expect.stringMatching(/^Operator cli-op created \(id \d+, role cashier\)\.$/), expect.stringContaining('Authenticator secret'), expect.stringMatching(/^ {2}secret: [A-Z2-7]{32}$/), expect.stringMatching(/^ {2}uri: +otpauth:\/\/totp\//)] });
  const secret = secretPrinted(created.lines);

  // The password alone opens nothing.
  expect(await ops(['login', '--merchant', 'DEFAULT', '--username', 'cli-op'], { OPS_PASSWORD: PASSWORD })).toEqual({ code: 2, lines: [expect.stringContaining('--otp')] });
  const login = await ops(['login', '--merchant', 'DEFAULT', '--username', 'cli-op', '--otp', totpCodeAt(secret, Date.now())], { OPS_PASSWORD: PASSWORD });
  expect(login.code).toBe(0);
  const token = /^export OPS_TOKEN=(\S+)$/.exec(login.lines[0])?.[1];
  expect(token).toBeDefined();

  const memberId = await createMember(context.pool, context.merchantId, { username: 'cliplayer' });
  const credit = await ops(['credit', 'cliplayer', '120.50', '--reason', 'Bonus by hand'], { OPS_TOKEN: token! });
  expect(credit).toEqual({ code: 0, lines: [expect.stringMatching(/^Adjusted: cliplayer \+120\.50 \(ledger transaction \d+\)\.$/)] });
  const debit = await ops(['debit', 'cliplayer', '0.50', '--reason', 'Correction'], { OPS_TOKEN: token! });
  expect(debit.lines[0]).toMatch(/^Adjusted: cliplayer -0\.50/);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(12000);

  const tooMuch = await ops(['debit', 'cliplayer', '500', '--reason', 'x'], { OPS_TOKEN: token! });
  expect(tooMuch).toEqual({ code: 1, lines: [expect.stringMatching(/^Refused \(wallet\.insufficient\.balance\): /)] });

  // A cashier reads no audit trail (risk and admin do); an admin does.
  expect((await ops(['audit'], { OPS_TOKEN: token! })).lines[0]).toMatch(/^Refused \(operator\.role\.forbidden\)/);
  const audit = await ops(['audit', '--limit', '6'], await operatorEnv('cli-admin'));
  expect(audit.code).toBe(0);
  expect(audit.lines[0]).toMatch(/^id\s+createdAt\s+operator\s+action\s+target\s+outcome\s+errorCode\s+detail$/);
  expect(audit.lines.find((line) => /balance\.adjust/.test(line))).toMatch(/cli-op\s+balance\.adjust\s+member:cliplayer\s+refused\s+wallet\.insufficient\.balance/);
  expect(audit.lines).toHaveLength(7);

  expect((await ops(['logout'], { OPS_TOKEN: token! })).code).toBe(0);
  const after = await ops(['deposits'], { OPS_TOKEN: token! });
  expect(after).toEqual({ code: 1, lines: [expect.stringMatching(/^Refused \(operator\.token\.invalid\)/)] });
});

it('decides deposits and withdrawals: lists, receipt, approve, reject, pay', async () => {
  const env = await operatorEnv('cli-cashier', 'cashier');
  // A withdrawal of 600 of the 750 deposited below: this merchant asks no turnover of deposits
  // (multiplier 0, read when a deposit is credited).
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'withdraw', '{"turnoverMultiplier": 0}')
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId],
  );
  const memberId = await createMember(context.pool, context.merchantId, { username: 'clidepositor', password: 'secret123' });
  const token = await tokenFor(context.app, 'clidepositor', 'secret123');
  const deposit = async (amount: number) => {
    const response = await context.app.inject({ method: 'POST', url: '/wps/relay/depositMTV3', headers: { authorization: token, 'idempotency-key': randomUUID() }, payload: { amount, payeeName: 'Karim Ahmed' } });
    return `D${json<Envelope<{ depositId: number }>>(response).value.depositId}`;
  };
  const first = await deposit(750);
  const second = await deposit(900);
  await context.app.inject({
    method: 'POST', url: '/wps/relay/uploadDepositEncodedImage', headers: { authorization: token },
    payload: { depositId: Number(first.slice(1)), image: `data:image/png;base64,${PNG.toString('base64')}`, referenceNo: 'TRX-77' },
  });

  const listed = await ops(['deposits', '--status', 'pending'], env);
  expect(listed.lines[0]).toMatch(/^number\s+createdAt\s+username\s+method/);
  expect(listed.lines.find((line) => line.startsWith(`${first} `))).toMatch(/clidepositor\s+MT\s+Bank transfer\s+750\.00\s+pending\s+Karim Ahmed\s+TRX-77\s+yes$/);

  const file = path.join(os.tmpdir(), `receipt-${process.pid}.png`);
  expect((await ops(['deposit-receipt', first, '--out', file], env)).code).toBe(0);
  expect(await readFile(file)).toEqual(PNG);

  expect(await ops(['approve-deposit', first], env)).toEqual({ code: 0, lines: [`Approved: ${first}, 750.00 credited.`] });
  expect(await ops(['approve-deposit', first], env)).toEqual({ code: 0, lines: [`Already approved: ${first}, 750.00 credited.`] });
  expect(await ops(['reject-deposit', second, '--reason', 'Nothing arrived'], env)).toEqual({ code: 0, lines: [`Rejected: ${second}.`] });
  expect((await ops(['approve-deposit', second], env)).code).toBe(1);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(75_000);

  const paymentPassword = '246810';
  await encryptedInject(context.app, 'POST', '/wps/relay/setWithdrawPassword', { paymentPassword, confirmPaymentPassword: paymentPassword }, { headers: { authorization: token } });
  const card = await encryptedInject(context.app, 'POST', '/wps/relay/withdrawAddCard',
    { payeeName: 'Karim Ahmed', bankCode: 'DBBL', cardNumber: '1234567890123', cardType: 'BC', paymentPassword }, { headers: { authorization: token } });
  const bankCardId = json<Envelope<{ bankCardId: number }>>(card).value.bankCardId;
  const withdraw = async () => {
    const response = await encryptedInject(context.app, 'POST', '/wps/relay/withdraw',
      { amount: 600, bankCardId, password: paymentPassword, currentWithdrawType: 'BC' }, { headers: { authorization: token, 'idempotency-key': randomUUID() } });
    const value = json<Envelope<{ orderNo: string }>>(response).value;
    expect(value?.orderNo).toMatch(/^W\d+$/);
    return value.orderNo;
  };
  const paid = await withdraw();
  const withdrawals = await ops(['withdrawals', '--status', 'pending'], env);
  expect(withdrawals.lines.find((line) => line.startsWith(`${paid} `))).toMatch(/clidepositor\s+BC\s+\S.*1234567890123\s+Karim Ahmed\s+600\.00\s+0\.00\s+600\.00\s+pending$/);
  expect(await ops(['pay-withdrawal', paid], env)).toEqual({ code: 0, lines: [`Paid: ${paid}, payout 600.00.`] });
  expect((await ops(['reject-withdrawal', paid, '--reason', 'late'], env)).lines[0]).toMatch(/^Refused \(withdrawal\.already\.settled\)/);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(15_000);
});

it('sends a platform message and reads what members wrote', async () => {
  const env = await operatorEnv('cli-content', 'content');
  await createMember(context.pool, context.merchantId, { username: 'clireader', password: 'secret123' });
  const token = await tokenFor(context.app, 'clireader', 'secret123');
  expect(await ops(['message', '--to', 'clireader', '--subject', 'Hello', '--content', 'Welcome aboard', '--no-reply'], env)).toEqual({
    code: 0,
    lines: [expect.stringMatching(/^Sent message \d+ to 1 member\(s\)\.$/)],
  });
  const inbox = await context.app.inject({ method: 'GET', url: '/wps/relay/getInboxMails', headers: { authorization: token } });
  expect(json<Envelope<{ list: { subject: string; canReply: boolean }[] }>>(inbox).value.list).toEqual([expect.objectContaining({ subject: 'Hello', canReply: false })]);
  await context.app.inject({ method: 'POST', url: '/wps/relay/sendMail', headers: { authorization: token }, payload: { subject: 'Thanks', content: 'Got it' } });
  const box = await ops(['member-mails', '--unread', '--username', 'clireader'], env);
  expect(box.lines[1]).toMatch(/clireader\s+Thanks\s+Got it$/);
  expect(box.lines.at(-1)).toBe('(page 1 of 1)');
});

it('gives an operator a new authenticator: the old one stops working', async () => {
  const created = await ops(['create-operator', '--merchant', 'DEFAULT', '--username', 'cli-phone', '--role', 'risk'], { OPS_PASSWORD: PASSWORD });
  const enrolled = await ops(['enrol-totp', '--merchant', 'DEFAULT', '--username', 'cli-phone']);
  expect(enrolled.code).toBe(0);
  const login = (secret: string) => ops(['login', '--merchant', 'DEFAULT', '--username', 'cli-phone', '--otp', totpCodeAt(secret, Date.now())], { OPS_PASSWORD: PASSWORD });
  expect((await login(secretPrinted(created.lines))).lines[0]).toMatch(/^Refused \(operator\.totp\.invalid\)/);
  expect((await login(secretPrinted(enrolled.lines))).code).toBe(0);
});

it('blocks and unblocks a member', async () => {
  const env = await operatorEnv('cli-risk', 'risk');
  await createMember(context.pool, context.merchantId, { username: 'cliblocked', password: 'secret123' });
  expect(await ops(['block', 'cliblocked', '--reason', 'chargeback'], env)).toEqual({ code: 0, lines: ['Blocked: cliblocked.'] });
  expect((await context.pool.query("SELECT status, blocked_by FROM member WHERE username = 'cliblocked'")).rows[0]).toEqual({ status: 'blocked', blocked_by: 'operator' });
  expect(await ops(['unblock', 'cliblocked', '--reason', 'cleared'], env)).toEqual({ code: 0, lines: ['Unblocked: cliblocked.'] });
});

it('prints its usage for --help (exit 0); no command or an unknown one is a usage error (exit 2)', async () => {
  for (const help of [['--help'], ['-h'], ['login', '--help']]) {
    const answer = await ops(help);
    expect(answer.code).toBe(0);
    expect(answer.lines[0]).toBe('Usage: ops <command> [arguments]');
  }
  const none = await ops([]);
  expect(none.code).toBe(2);
  expect(none.lines[0]).toBe('Usage: ops <command> [arguments]');
  expect(await ops(['nonsense'])).toMatchObject({ code: 2, lines: expect.arrayContaining(['ops: unknown command nonsense']) });
  expect((await ops(['create-operator', '--merchant', 'DEFAULT', '--username', 'norole'], { OPS_PASSWORD: PASSWORD })).lines).toEqual([expect.stringContaining('--role')]);
});

it('says what is wrong with a command line, without calling anything', async () => {
  expect(await ops(['audit'])).toEqual({ code: 2, lines: [expect.stringContaining('Log in first')] });
  expect(await ops(['login', '--merchant', 'DEFAULT', '--username', 'x', '--otp', '123456'])).toEqual({ code: 2, lines: [expect.stringContaining('OPS_PASSWORD')] });
  expect((await ops(['credit', 'someone', '1.234', '--reason', 'x'], { OPS_TOKEN: 'x'.repeat(43) })).code).toBe(2);
  expect((await ops(['audit', '--bogus'], { OPS_TOKEN: 'x' })).code).toBe(2);
  const unreachable = await ops(['audit'], { OPS_TOKEN: 'x'.repeat(43), OPS_URL: 'http://127.0.0.1:1' });
  expect(unreachable).toEqual({ code: 2, lines: [expect.stringContaining('Cannot reach')] });
});

it('VIP: reads and changes the ladder, sets a level by hand, decides a month once, lists the claims', async () => {
  const env = await operatorEnv('cli-vip');
  const levels = await ops(['vip-levels'], env);
  expect(levels.code).toBe(0);
  expect(levels.lines[0]).toMatch(/^level\s+name\s+club\s+monthTurnover\s+monthDeposit/);
  expect(levels.lines.some((line) => /^1\s+Bronze\s+Bronze\s+5000\s+1000\s/.test(line))).toBe(true);
  const set = await ops(['vip-level-set', '1', '--json', '{"upgradeBonus":60}'], env);
  expect(set.lines[0]).toBe('VIP level 1 saved.');
  // The seeded Bronze level: one more withdrawal a day, one more free one, not first in the review queue.
  expect(set.lines.some((line) => /^1\s+Bronze.*\s60\s+18\s+1\s+1$/.test(line))).toBe(true);
  const perks = await ops(['vip-level-set', '1', '--json', '{"withdrawDailyCountExtra":4,"withdrawFreeExtra":2,"withdrawPriority":true}'], env);
  expect(perks.lines.some((line) => /^1\s+Bronze.*\s60\s+18\s+4\s+2\s+yes$/.test(line))).toBe(true);
  expect(await ops(['vip-level-set', '1', '--json', '{"withdrawFreeExtra":101}'], env)).toMatchObject({ code: 1, lines: [expect.stringContaining('request.param.err')] });
  expect(await ops(['vip-level-set', '0', '--json', '{"withdrawPriority":true}'], env)).toMatchObject({ code: 1, lines: [expect.stringContaining('operator.vip.invalid')] });
  expect(await ops(['vip-level-set', '9', '--json', '{"upgradeBonus":1}'], env)).toMatchObject({ code: 1, lines: [expect.stringContaining('operator.vip.invalid')] });

  // A level given by hand now is not judged by a month that ended before it: September leaves it.
  await createMember(context.pool, context.merchantId, { username: 'clivip1' });
  expect(await ops(['vip-member-level', 'clivip1', '2', '--reason', 'moved from another brand'], env)).toEqual({ code: 0, lines: ['clivip1: level 0 → 2.'] });
  expect(await ops(['vip-member-level', 'clivip1', '2', '--reason', 'again'], env)).toEqual({ code: 0, lines: ['clivip1 is at level 2 already.'] });
  const september = await ops(['vip-month-end', '2026-09'], env);
  expect(september).toEqual({ code: 0, lines: [expect.stringMatching(/^Month 2026-09 decided: \d+ promoted, \d+ relegated\.$/)] });
  expect((await ops(['vip-month-end', '2026-09'], env)).lines[0]).toMatch(/^Month 2026-09 was decided already \(operator:\d+, [\d-]+ [\d:]+\): \d+ promoted, \d+ relegated\.$/);
  expect(await ops(['vip-month-end', '2999-01'], env)).toMatchObject({ code: 1, lines: [expect.stringContaining('vip.month.invalid')] });
  const member = await ops(['vip-member', 'clivip1'], env);
  expect(member.lines[0]).toBe('clivip1: level 2 (highest reached 2).');
  expect(member.lines.slice(1).join('\n')).toMatch(/operator.*moved from another brand/);
  expect((await ops(['vip-claims', '--username', 'clivip1'], env)).lines.at(-1)).toBe('0 claims, 0 paid.');
});
