import type { BetHistory, Envelope } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { ensureMemberAccount } from '../ledger';
import { createMember } from '../member/member.testing';
import { get, memberWithSession, outcome, valueOf, type TestMemberSession } from '../withdrawal/withdrawal.testing';

// The bet records (getPersonal<CATEGORY>History) over HTTP on a real PostgreSQL: one row per round
// of the caller's own in the category asked for, newest first, its name in the caller's language,
// the totals of the whole filtered period whatever the page, the period's bounds included, and
// never anybody else's rounds, nor trial play, nor rolled-back rounds, whatever the request says.
// The rounds are written as the game-provider module writes game_round (migration 030).

let context: TestContext;
let counter = 0;
let vendorId: number;
let gameId: number;

const DAY = 24 * 60 * 60 * 1000;
/** A fixed period: 2025-03-01 00:00 to 2025-03-07 23:59:59.999 UTC. */
const START = Date.UTC(2025, 2, 1);
const END = START + 7 * DAY - 1;

beforeAll(async () => {
  context = await createTestApp();
  vendorId = (
    await context.pool.query<{ id: number }>("SELECT id FROM game_vendor WHERE merchant_id = $1 ORDER BY (vassalage = 'JL') DESC, id LIMIT 1", [context.merchantId])
  ).rows[0].id;
  // A game of our own with names per language (the catalogue's rows may change; this one is the test's).
  gameId = (
    await context.pool.query<{ id: number }>(
      `INSERT INTO game (merchant_id, game_vendor_id, game_code, name, display_names, game_classify, min_bet_minor, created_at)
       VALUES ($1, $2, 'BHTEST1', 'Test Gems', '{"CN": "测试宝石", "VI": "Đá quý thử"}', 'SLOT', 20, now()) RETURNING id`,
      [context.merchantId, vendorId],
    )
  ).rows[0].id;
});

afterAll(async () => {
  await context.close();
});

interface RoundInput {
  memberId: number | null;
  startedAtMs: number;
  betMinor: number;
  winMinor?: number;
  validBetMinor?: number;
  category?: string;
  vassalage?: string;
  status?: 'open' | 'settled' | 'rolled_back';
  gameId?: number | null;
  gameCode?: string;
  gameName?: string;
  merchantId?: number;
}

/** A round as the game-provider module records it; returns its vendor round id. */
async function round(input: RoundInput): Promise<string> {
  const merchantId = input.merchantId ?? context.merchantId;
  const vendorRoundId = `R${++counter}-${input.startedAtMs}`;
  const accountId = input.memberId === null ? null : await ensureMemberAccount(context.pool, merchantId, input.memberId, 'REAL', input.startedAtMs);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_id, game_code, game_name, game_category, vendor_round_id,
                             ledger_account_id, bet_minor, win_minor, valid_bet_minor, status, started_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      merchantId,
      input.memberId,
      input.memberId === null,
      input.vassalage ?? 'JL',
      input.gameId === undefined ? gameId : input.gameId,
      input.gameCode ?? 'BHTEST1',
      input.gameName ?? 'Test Gems',
      input.category ?? 'RNG',
      vendorRoundId,
      accountId,
      input.betMinor,
      input.winMinor ?? 0,
      input.validBetMinor ?? input.betMinor,
      input.status ?? 'settled',
      new Date(input.startedAtMs),
      input.status === 'open' ? null : new Date(input.startedAtMs + 1000),
    ],
  );
  return vendorRoundId;
}

const newMember = (): Promise<TestMemberSession> => memberWithSession(context, `bet${String(++counter).padStart(4, '0')}`);

function historyUrl(category: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return `/wps/relay/getPersonal${category}History?${search.toString()}`;
}

const history = (token: string, category: string, query: Record<string, string | number>, language = 'EN') =>
  get(context.app, historyUrl(category, query), token, language);

const historyValue = async (token: string, category: string, query: Record<string, string | number>, language = 'EN'): Promise<BetHistory> =>
  valueOf<BetHistory>(await history(token, category, query, language));

describe('the rounds of the member and category asked for', () => {
  it('lists the member’s own rounds of the category, newest first, with the period’s totals', async () => {
    const member = await newMember();
    const other = await newMember();
    const lost = await round({ memberId: member.memberId, startedAtMs: START + DAY, betMinor: 2_000, winMinor: 0 });
    const won = await round({ memberId: member.memberId, startedAtMs: START + 2 * DAY, betMinor: 500, winMinor: 12_345, validBetMinor: 400 });
    const open = await round({ memberId: member.memberId, startedAtMs: START + 3 * DAY, betMinor: 100, status: 'open' });
    // Not records of this member's RNG tab: another member's round, a FISH round, trial play, a
    // rolled-back round (its stake went back).
    await round({ memberId: other.memberId, startedAtMs: START + 2 * DAY, betMinor: 99_900, winMinor: 1 });
    const fish = await round({ memberId: member.memberId, startedAtMs: START + 2 * DAY, betMinor: 700, winMinor: 300, category: 'FISH', gameId: null, gameCode: 'FSH01', gameName: 'Ocean King' });
    await round({ memberId: null, startedAtMs: START + 2 * DAY, betMinor: 5_000, winMinor: 9_000 });
    await round({ memberId: member.memberId, startedAtMs: START + 2 * DAY, betMinor: 8_800, status: 'rolled_back' });

    const value = await historyValue(member.token, 'RNG', { startDate: START, endDate: END });
    const base = { gameName: 'Test Gems', gameCode: 'BHTEST1', vassalage: 'JL' };
    expect(value.list).toEqual([
      { ...base, roundId: open, betTimeInTimestamp: START + 3 * DAY, status: 'open', betAmount: 1, validBetAmount: 1, winAmount: 0, profitAndLoss: -1 },
      { ...base, roundId: won, betTimeInTimestamp: START + 2 * DAY, status: 'settled', betAmount: 5, validBetAmount: 4, winAmount: 123.45, profitAndLoss: 118.45 },
      { ...base, roundId: lost, betTimeInTimestamp: START + DAY, status: 'settled', betAmount: 20, validBetAmount: 20, winAmount: 0, profitAndLoss: -20 },
    ]);
    expect(value.totalPages).toBe(1);
    expect(value.footer).toEqual({ betAmount: 26, validBetAmount: 25, winAmount: 123.45, profitAndLoss: 97.45 });

    // The FISH tab has the FISH round (its name as recorded: the game row is gone from the catalogue).
    expect((await historyValue(member.token, 'FISH', { startDate: START, endDate: END })).list).toEqual([
      { roundId: fish, betTimeInTimestamp: START + 2 * DAY, gameName: 'Ocean King', gameCode: 'FSH01', vassalage: 'JL', status: 'settled', betAmount: 7, validBetAmount: 7, winAmount: 3, profitAndLoss: -4 },
    ]);
    // The other member sees only their own round.
    const others = await historyValue(other.token, 'RNG', { startDate: START, endDate: END });
    expect(others.list.map((row) => row.betAmount)).toEqual([999]);
    expect(others.footer).toEqual({ betAmount: 999, validBetAmount: 999, winAmount: 0.01, profitAndLoss: -998.99 });
    // Every other category is empty for the member, with zero totals.
    for (const category of ['LIVE', 'PVP', 'SPORTS', 'INHOUSE']) {
      expect(await historyValue(member.token, category, { startDate: START, endDate: END })).toEqual({
        list: [],
        totalPages: 0,
        footer: { betAmount: 0, validBetAmount: 0, winAmount: 0, profitAndLoss: 0 },
      });
    }
  });

  it('names the game in the caller’s language (the language parameter, else the Language header), else as recorded', async () => {
    const member = await newMember();
    await round({ memberId: member.memberId, startedAtMs: START + DAY, betMinor: 100 });
    const names = async (query: Record<string, string | number>, header: string) =>
      (await historyValue(member.token, 'RNG', { startDate: START, endDate: END, ...query }, header)).list.map((row) => row.gameName);
    expect(await names({}, 'CN')).toEqual(['测试宝石']);
    expect(await names({ language: 'VI' }, 'CN')).toEqual(['Đá quý thử']);
    // No Thai name: the recorded one.
    expect(await names({}, 'TH')).toEqual(['Test Gems']);
  });

  it('narrows to one vendor with accountType', async () => {
    const member = await newMember();
    const jl = await round({ memberId: member.memberId, startedAtMs: START + DAY, betMinor: 100 });
    const pg = await round({ memberId: member.memberId, startedAtMs: START + DAY + 1, betMinor: 200, vassalage: 'PG', gameId: null, gameCode: 'PG1', gameName: 'Mahjong' });
    const ids = async (accountType?: string) =>
      (await historyValue(member.token, 'RNG', { startDate: START, endDate: END, ...(accountType === undefined ? {} : { accountType }) })).list.map((row) => row.roundId);
    expect(await ids()).toEqual([pg, jl]);
    expect(await ids('')).toEqual([pg, jl]);
    expect(await ids('JL')).toEqual([jl]);
    expect(await ids('PG')).toEqual([pg]);
    expect(await ids('EVO')).toEqual([]);
    expect((await history(member.token, 'RNG', { startDate: START, endDate: END, accountType: "JL' OR '1'='1" })).statusCode).toBe(400);
  });
});

describe('the period', () => {
  it('includes rounds started at its first and last millisecond, and none outside it', async () => {
    const member = await newMember();
    const first = await round({ memberId: member.memberId, startedAtMs: START, betMinor: 101 });
    const last = await round({ memberId: member.memberId, startedAtMs: END, betMinor: 102 });
    await round({ memberId: member.memberId, startedAtMs: START - 1, betMinor: 1_000 });
    await round({ memberId: member.memberId, startedAtMs: END + 1, betMinor: 2_000 });
    const value = await historyValue(member.token, 'RNG', { startDate: START, endDate: END });
    expect(value.list.map((row) => row.roundId)).toEqual([last, first]);
    expect(value.footer?.betAmount).toBe(2.03);
    // One day (a member's "today" in UTC+6: the browser sends its own day bounds).
    const dhakaDay = Date.UTC(2025, 2, 3) - 6 * 60 * 60 * 1000;
    const inDay = await round({ memberId: member.memberId, startedAtMs: dhakaDay + 5 * 60 * 60 * 1000, betMinor: 300 });
    expect((await historyValue(member.token, 'RNG', { startDate: dhakaDay, endDate: dhakaDay + DAY - 1 })).list.map((row) => row.roundId)).toEqual([inDay]);
  });

  it('refuses a period that ends before it starts or spans more than 31 days; nothing else is read', async () => {
    const member = await newMember();
    await round({ memberId: member.memberId, startedAtMs: START, betMinor: 100 });
    expect(outcome(await history(member.token, 'RNG', { startDate: END, endDate: START }))).toEqual({ status: 400, errorCode: 'bet.history.period.invalid' });
    expect(outcome(await history(member.token, 'RNG', { startDate: START, endDate: START + 31 * DAY + 1 }))).toEqual({ status: 400, errorCode: 'bet.history.period.invalid' });
    // A whole month of 31 days fits.
    expect((await historyValue(member.token, 'RNG', { startDate: START, endDate: START + 31 * DAY - 1 })).list).toHaveLength(1);
    const refused = await history(member.token, 'RNG', { startDate: END, endDate: START }, 'CN');
    expect(json<Envelope<null>>(refused).message).toContain('31');
    // Bad input is a 400, never a 500.
    for (const query of [
      { startDate: 'yesterday', endDate: END },
      { endDate: END },
      { startDate: START },
      { startDate: -1, endDate: END },
      { startDate: START, endDate: END, page: 0 },
      { startDate: START, endDate: END, size: 101 },
      { startDate: START, endDate: END, size: 'ten' },
      { startDate: START, endDate: END, language: 'English' },
    ] as Record<string, string | number>[]) {
      expect({ query, status: (await history(member.token, 'RNG', query)).statusCode }).toEqual({ query, status: 400 });
    }
  });
});

describe('pages and totals', () => {
  it('pages the rounds newest first; the footer is the whole period’s on every page', async () => {
    const member = await newMember();
    const ids: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      ids.push(await round({ memberId: member.memberId, startedAtMs: START + index * 60_000, betMinor: 100 + index, winMinor: index % 3 === 0 ? 250 : 0 }));
    }
    const newestFirst = [...ids].reverse();
    const pages = await Promise.all([1, 2, 3, 4].map((page) => historyValue(member.token, 'RNG', { startDate: START, endDate: END, page, size: 10 })));
    expect(pages.map((page) => page.list.map((row) => row.roundId))).toEqual([newestFirst.slice(0, 10), newestFirst.slice(10, 20), newestFirst.slice(20), []]);
    expect(pages.map((page) => page.totalPages)).toEqual([3, 3, 3, 3]);
    // Sum of 100..124 = 2800 minor; 9 winning rounds of 250 = 2250 minor.
    for (const page of pages) expect(page.footer).toEqual({ betAmount: 28, validBetAmount: 28, winAmount: 22.5, profitAndLoss: -5.5 });
    // The default page size is 10.
    expect((await historyValue(member.token, 'RNG', { startDate: START, endDate: END })).list).toHaveLength(10);
    // Rounds started at the same millisecond keep one order across pages (by id).
    const same = await newMember();
    const tied: string[] = [];
    for (let index = 0; index < 5; index += 1) tied.push(await round({ memberId: same.memberId, startedAtMs: START, betMinor: 100 }));
    const tiedPages = await Promise.all([1, 2, 3].map((page) => historyValue(same.token, 'RNG', { startDate: START, endDate: END, page, size: 2 })));
    expect(tiedPages.flatMap((page) => page.list.map((row) => row.roundId))).toEqual([...tied].reverse());
  });
});

describe('access', () => {
  it('is closed: no session or a bad token gets no records', async () => {
    const member = await newMember();
    await round({ memberId: member.memberId, startedAtMs: START, betMinor: 100 });
    const anonymous = await context.app.inject({ method: 'GET', url: historyUrl('RNG', { startDate: START, endDate: END }) });
    expect(anonymous.statusCode).toBeGreaterThanOrEqual(400);
    expect(anonymous.statusCode).toBeLessThan(500);
    expect(json<Envelope<BetHistory | null>>(anonymous).value?.list ?? []).toEqual([]);
    const forged = await history('not-a-token', 'RNG', { startDate: START, endDate: END });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
  });

  it('never shows another member’s rounds, whatever the query names', async () => {
    const victim = await newMember();
    const attacker = await newMember();
    await round({ memberId: victim.memberId, startedAtMs: START, betMinor: 100_000, winMinor: 500_000 });
    // A member of another merchant with rounds too.
    const otherMerchant = (
      await context.ownerPool.query<{ id: number }>(
        "INSERT INTO merchant (code, name) VALUES ('BHOTHER', 'Other') ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id",
      )
    ).rows[0].id;
    const stranger = await createMember(context.pool, otherMerchant, { username: `bhstranger${++counter}`, password: 'secret123' });
    await round({ memberId: stranger, merchantId: otherMerchant, startedAtMs: START, betMinor: 7_700, vassalage: 'JL', gameId: null });
    const attempts: Record<string, string | number>[] = [
      {},
      { memberId: victim.memberId },
      { member_id: victim.memberId, merchantId: otherMerchant },
      { subordinateName: victim.username, subordinateType: 'ALL' },
      { username: victim.username },
    ];
    for (const extra of attempts) {
      const response = await history(attacker.token, 'RNG', { startDate: START, endDate: END, ...extra });
      if (response.statusCode === 200) {
        expect(json<Envelope<BetHistory>>(response).value).toEqual({
          list: [],
          totalPages: 0,
          footer: { betAmount: 0, validBetAmount: 0, winAmount: 0, profitAndLoss: 0 },
        });
      } else {
        expect(response.statusCode).toBe(400);
      }
    }
    // The victim still sees theirs.
    expect((await historyValue(victim.token, 'RNG', { startDate: START, endDate: END })).footer).toEqual({
      betAmount: 1000,
      validBetAmount: 1000,
      winAmount: 5000,
      profitAndLoss: 4000,
    });
  });
});
