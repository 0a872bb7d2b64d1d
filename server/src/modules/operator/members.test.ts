import type { Envelope } from '@platform/contract';
import { GUEST_MEMBER_TYPE } from '@platform/contract';
import { insertSettledBet, insertSettledRound } from '../agent/agent.testing';
import { createMember, tokenFor } from '../member/member.testing';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { operatorLogin } from './operator.testing';

// The back office's player lookup through the operator API, on a real PostgreSQL: a member found
// by name, mobile, e-mail, card number or login address (guests and other merchants never), and
// one member read whole: balances, cards, logins, the accounts linked by an address or a card,
// the last money movements; the read is in the audit trail.

let context: TestContext;
let cashier: string;
let otherMerchantId: number;

interface Hit {
  username: string;
  status: string;
  mobile: string | null;
  email: string | null;
  lastLoginAt: number | null;
  matched: string;
}

const ops = (method: 'GET' | 'POST', url: string, payload?: object, token = cashier) =>
  context.app.inject({
    method,
    url: `/ops/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `members-test-${Math.random().toString(36).slice(2, 12)}` },
    ...(payload ? { payload } : {}),
  });
const search = async (q: string): Promise<Hit[]> => {
  const response = await ops('GET', `/members?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return json<Envelope<{ list: Hit[] }>>(response).value.list;
};
const addCard = (memberId: number, cardNumber: string, { deleted = false } = {}) =>
  context.ownerPool.query(
    `INSERT INTO withdraw_card (merchant_id, member_id, card_type, bank_code, bank_name, card_number, payee_name, created_at, deleted_at)
     VALUES ($1, $2, 'BC', 'DBBL', 'Dutch-Bangla Bank', $3, 'Rahim Uddin', now(), CASE WHEN $4 THEN now() END)`,
    [context.merchantId, memberId, cardNumber, deleted],
  );

let rahim: number;
let karim: number;

beforeAll(async () => {
  context = await createTestApp({ balanceStreams: false });
  cashier = (await operatorLogin(context, { username: 'lookup-cashier', role: 'cashier' })).token;
  otherMerchantId = (await context.ownerPool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('LOOKUP2', 'Other brand') RETURNING id")).rows[0].id;

  rahim = await createMember(context.pool, context.merchantId, { username: 'Rahim_01', countryDialingCode: '+880', mobile: '1712345678' });
  await context.ownerPool.query("UPDATE member SET email = 'rahim@example.com' WHERE id = $1", [rahim]);
  karim = await createMember(context.pool, context.merchantId, { username: 'karim77' });
  await createMember(context.pool, context.merchantId, { username: 'rahimguest', memberType: GUEST_MEMBER_TYPE });
  await createMember(context.pool, otherMerchantId, { username: 'rahim_other' });
  // Both log in from one address; the card Rahim bound and removed, Karim bound after him.
  await tokenFor(context.app, 'Rahim_01', 'secret123', '203.0.113.9');
  await tokenFor(context.app, 'karim77', 'secret123', '203.0.113.9');
  await addCard(rahim, '1234567890123', { deleted: true });
  await addCard(karim, '1234567890123');
  // Some money for Rahim, as the back office credits it.
  const credit = await ops('POST', '/members/Rahim_01/adjustments', { amount: 250.5, direction: 'credit', reason: 'Goodwill' });
  expect(credit.statusCode).toBe(200);
});

afterAll(async () => {
  await context.close();
});

describe('finding a member', () => {
  it('by the start of the name in any case, the mobile digits, the e-mail, a card number or a login address', async () => {
    expect((await search('RAHIM')).map((hit) => [hit.username, hit.matched])).toEqual([['Rahim_01', 'username']]);
    expect((await search('2345678')).map((hit) => [hit.username, hit.matched])).toEqual([['Rahim_01', 'mobile']]);
    expect((await search('Rahim@Example.com')).map((hit) => hit.username)).toEqual(['Rahim_01']);
    expect((await search('1234567890123')).map((hit) => [hit.username, hit.matched])).toEqual([['karim77', 'card'], ['Rahim_01', 'card']]);
    expect((await search('203.0.113.9')).map((hit) => [hit.username, hit.matched])).toEqual([['karim77', 'address'], ['Rahim_01', 'address']]);
    const [hit] = await search('rahim_0');
    expect(hit).toMatchObject({ status: 'active', mobile: '+8801712345678', email: 'rahim@example.com' });
    expect(hit.lastLoginAt).toEqual(expect.any(Number));
  });

  it('never lists a free-play guest or another brand\'s member, and takes % and _ literally', async () => {
    expect((await search('rahim')).map((hit) => hit.username)).toEqual(['Rahim_01']);
    expect(await search('%im')).toEqual([]);
    expect((await search('rahim_')).map((hit) => hit.username)).toEqual(['Rahim_01']);
    expect(await search('rahimx')).toEqual([]);
  });

  it('refuses a search too short to mean anything', async () => {
    for (const q of ['', 'r', '  r ']) {
      const response = await ops('GET', `/members?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(400);
      expect(json<Envelope<null>>(response).success).toBe(false);
    }
  });
});

describe('one member, whole', () => {
  it('answers the profile, balances, cards, logins, the linked accounts and the last movements, and audits the read', async () => {
    const response = await ops('GET', '/members/rahim_01');
    expect(response.statusCode).toBe(200);
    const value = json<Envelope<Record<string, unknown>>>(response).value as {
      profile: Record<string, unknown>;
      balances: { account: string; unit: string; balance: number }[];
      cards: { number: string }[];
      logins: { address: string; outcome: string }[];
      linked: { username: string; via: string; value: string }[];
      movements: { kind: string; amount: number; balanceAfter: number; remark: string | null }[];
    };
    expect(value.profile).toMatchObject({ username: 'Rahim_01', status: 'active', mobile: '+8801712345678', email: 'rahim@example.com', upline: null });
    expect(value.balances).toEqual([{ account: 'member_main', unit: 'REAL', balance: 250.5 }]);
    expect(value.cards.map((card) => card.number)).toEqual(['1234567890123']);
    expect(value.logins).toEqual([expect.objectContaining({ address: '203.0.113.9', outcome: 'ok' })]);
    expect(value.linked).toEqual([
      { username: 'karim77', via: 'address', value: '203.0.113.9' },
      { username: 'karim77', via: 'card', value: '1234567890123' },
    ]);
    expect(value.movements).toEqual([expect.objectContaining({ amount: 250.5, balanceAfter: 250.5, remark: 'Goodwill' })]);

    const audit = await context.pool.query<{ outcome: string }>(
      "SELECT outcome FROM operator_action WHERE action = 'member.view' AND target_id = 'rahim_01' ORDER BY id",
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['started', 'ok']);
  });

  it('answers their last bets, newest first, settled or open, and no one else\'s', async () => {
    const round = (memberId: number, roundId: string, betMinor: number, winMinor: number, status: string, startedAt: string) =>
      context.ownerPool.query(
        `INSERT INTO game_round (merchant_id, member_id, vassalage, game_code, game_name, game_category, vendor_round_id, ledger_account_id, bet_minor, win_minor, status, started_at, ended_at)
         SELECT $1, $2, 'inhouse', 'crash', 'Crash', 'crash', $3, a.id, $4, $5, $6, $7::timestamptz, CASE WHEN $6 = 'open' THEN NULL ELSE $7::timestamptz + interval '1 minute' END
           FROM ledger_account a WHERE a.member_id = $2 AND a.kind = 'member_main'`,
        [context.merchantId, memberId, roundId, betMinor, winMinor, status, startedAt],
      );
    // Karim's round is the newest: it must not show among Rahim's.
    for (const inserted of [
      await round(rahim, 'R-1', 1000, 2500, 'settled', '2026-11-01T10:00:00Z'),
      await round(rahim, 'R-2', 500, 0, 'open', '2026-11-02T10:00:00Z'),
      await round(karim, 'K-1', 700, 0, 'settled', '2026-11-03T10:00:00Z'),
    ]) expect(inserted.rowCount).toBe(1);
    // A lottery bet between the two rounds, won.
    const lotteryAt = Date.parse('2026-11-01T12:00:00Z');
    const lotteryRound = await insertSettledRound(context.ownerPool, context.merchantId, '20261101-0001', lotteryAt);
    await insertSettledBet(context.ownerPool, { merchantId: context.merchantId, roundId: lotteryRound, memberId: rahim, amountMinor: 2000, state: 'won', prizeMinor: 3800, atMs: lotteryAt });
    const response = await ops('GET', '/members/rahim_01');
    expect(response.statusCode).toBe(200);
    const { bets } = json<Envelope<{ bets: Record<string, unknown>[] }>>(response).value;
    expect(bets).toEqual([
      { product: 'game', gameCode: 'crash', gameName: 'Crash', reference: 'R-2', stake: 5, win: 0, status: 'open', placedAt: Date.parse('2026-11-02T10:00:00Z'), settledAt: null },
      expect.objectContaining({ product: 'lottery', gameCode: 'SSC1', reference: expect.stringMatching(/^LTEST/), stake: 20, win: 38, status: 'won', placedAt: lotteryAt, settledAt: lotteryAt }),
      { product: 'game', gameCode: 'crash', gameName: 'Crash', reference: 'R-1', stake: 10, win: 25, status: 'settled', placedAt: Date.parse('2026-11-01T10:00:00Z'), settledAt: Date.parse('2026-11-01T10:01:00Z') },
    ]);
  });

  it("answers 404 for a guest, another brand's member, or nobody", async () => {
    for (const username of ['rahimguest', 'rahim_other', 'nobody_here']) {
      const response = await ops('GET', `/members/${username}`);
      expect({ username, status: response.statusCode, errorCode: json<Envelope<null>>(response).errorCode }).toEqual({ username, status: 404, errorCode: 'not.found' });
    }
  });
});
