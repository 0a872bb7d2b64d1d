import type {
  Envelope,
  FavouriteGamesValue,
  FavouriteGameValue,
  GameEntity,
  GameListValue,
  HotGamesValue,
  JackpotValue,
  LoginResult,
  RankListValue,
  RecentGamesValue,
  RoomListValue,
  VassGameTypeValue,
} from '@platform/contract';
import { readSeedFile, seedMerchant } from '../../db/seed';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { ensureMemberAccount } from '../ledger';
import { createMember, encryptedInject, tokenFor } from '../member/member.testing';
import { WINNERS_CACHE_MS } from './catalogue.service';
import { findLaunchableGame, maskUsername, recordRecentGame } from './index';

// The game catalogue over HTTP on a real PostgreSQL (migration 029 and the seed's in-house games):
// lists and their filters and pages, hot games, classifications, favourites and recent games (each
// member's own), rooms, the winners board and jackpot from real game rounds (migration 030), and
// who may call what.

let context: TestContext;
let otherMerchantId: number;
/** The app's clock: real time, moved forward past the winners board's cache where a test needs it. */
let clockOffsetMs = 0;
const clock = (): number => Date.now() + clockOffsetMs;
let addressCounter = 0;

interface Caller {
  id: number;
  token: string;
  username: string;
}

async function member(username: string): Promise<Caller> {
  const id = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  const token = await tokenFor(context.app, username, 'secret123', `10.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`);
  return { id, token, username };
}

async function call<T>(method: 'GET' | 'POST', url: string, options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {}) {
  const response = await context.app.inject({
    method,
    url,
    headers: { ...(options.token ? { authorization: options.token } : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
}

async function value<T>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown): Promise<T> {
  const { status, body } = await call<T>(method, url, { token, payload });
  if (status !== 200) throw new Error(`${method} ${url} answered ${status}: ${JSON.stringify(body)}`);
  return body.value;
}

const codes = (games: GameEntity[]) => games.map((game) => `${game.gameType}/${game.gameCode}`);

let vendorIds: Record<string, number>;

beforeAll(async () => {
  context = await createTestApp({ clock });
  const vendors = await context.pool.query<{ id: number; key: string }>(
    "SELECT id, game_category || '/' || vassalage AS key FROM game_vendor WHERE merchant_id = $1",
    [context.merchantId],
  );
  vendorIds = Object.fromEntries(vendors.rows.map((row) => [row.key, row.id]));
  const seed = await readSeedFile();
  otherMerchantId = (await seedMerchant(context.ownerPool, { ...seed, merchant: { code: 'OTHERBRAND', name: 'Other Brand' }, domains: ['other.example'] }))!;
});

afterAll(async () => {
  await context.close();
});

describe('the seeded catalogue', () => {
  it('has the in-house games: both slots under JL in RNG and INHOUSE, the crash game under INHOUSE only', async () => {
    const { rows } = await context.pool.query<{ key: string; min_bet_minor: string; line_num: number | null; trial_enabled: boolean; game_classify: string }>(
      `SELECT v.game_category || '/' || v.vassalage || '/' || g.game_code AS key, g.min_bet_minor, g.line_num, g.trial_enabled, g.game_classify
         FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id WHERE g.merchant_id = $1 ORDER BY 1`,
      [context.merchantId],
    );
    expect(rows).toEqual([
      { key: 'INHOUSE/JL/JLC001', min_bet_minor: '100', line_num: null, trial_enabled: false, game_classify: 'CRASH' },
      { key: 'INHOUSE/JL/JLS001', min_bet_minor: '20', line_num: 20, trial_enabled: true, game_classify: 'SLOT' },
      { key: 'INHOUSE/JL/JLS002', min_bet_minor: '20', line_num: 25, trial_enabled: true, game_classify: 'SLOT' },
      { key: 'RNG/JL/JLS001', min_bet_minor: '20', line_num: 20, trial_enabled: true, game_classify: 'SLOT' },
      { key: 'RNG/JL/JLS002', min_bet_minor: '20', line_num: 25, trial_enabled: true, game_classify: 'SLOT' },
    ]);
    // The other merchant has its own rows.
    const other = await context.pool.query('SELECT count(*)::int AS n FROM game WHERE merchant_id = $1', [otherMerchantId]);
    expect(other.rows[0].n).toBe(5);
    // Nothing of PVP: KY is disabled and has no games, so no rooms.
    expect((await context.pool.query('SELECT count(*)::int AS n FROM game_room')).rows[0].n).toBe(0);
  });

  it('serves each game icon', async () => {
    for (const code of ['jls001', 'jls002', 'jlc001']) {
      const response = await context.app.inject({ method: 'GET', url: `/assets/games/${code}.svg` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<svg');
    }
  });

  it('refuses a game under a vendor row of another merchant', async () => {
    await expect(
      context.pool.query(
        "INSERT INTO game (merchant_id, game_vendor_id, game_code, name, min_bet_minor, created_at) VALUES ($1, $2, 'X1', 'X', 1, now())",
        [otherMerchantId, vendorIds['RNG/PG']],
      ),
    ).rejects.toThrow(/another merchant/);
  });
});

describe('GET /wps/relay/GCSGAME_gameList', () => {
  let alice: Caller;
  beforeAll(async () => {
    alice = await member('listalice');
  });

  it('lists a category with the full game entity', async () => {
    const list = await value<GameListValue>('GET', '/wps/relay/GCSGAME_gameList?gameType=RNG&language=EN', alice.token);
    expect(list).toMatchObject({ totalPages: 1, totalCount: 2, hasMore: false, pageNo: 1, pageSize: 42 });
    const [first] = list.games;
    const id = (await context.pool.query<{ id: number }>("SELECT id FROM game WHERE game_vendor_id = $1 AND game_code = 'JLS001'", [vendorIds['RNG/JL']])).rows[0].id;
    expect(first).toEqual({
      nodeId: String(id),
      gameId: id,
      gameType: 'RNG',
      isGame: 'GAME',
      code: 'JLS001',
      gameCode: 'JLS001',
      vassalage: 'JL',
      vendor: 'Lucky Star Originals',
      provider: 'LUCKYSTAR',
      accountTypeName: null,
      gameName: 'Fortune Gems',
      iconUrl: '/assets/games/jls001.svg',
      minBet: 0.2,
      lineNum: 20,
      isHot: true,
      isNew: false,
      trial: true,
      gameClassify: 'SLOT',
      isFavourite: false,
    });
    expect(codes(list.games)).toEqual(['RNG/JLS001', 'RNG/JLS002']);
  });

  it('lists a game offered in two categories once when no category is asked for', async () => {
    const list = await value<GameListValue>('GET', '/wps/relay/GCSGAME_gameList', alice.token);
    expect(codes(list.games)).toEqual(['RNG/JLS001', 'RNG/JLS002', 'INHOUSE/JLC001']);
    const inhouse = await value<GameListValue>('GET', '/wps/relay/GCSGAME_gameList?gameType=INHOUSE', alice.token);
    expect(codes(inhouse.games)).toEqual(['INHOUSE/JLS001', 'INHOUSE/JLS002', 'INHOUSE/JLC001']);
  });

  it('has no games for a vendor without an adapter (never fake ones)', async () => {
    const list = await value<GameListValue>('GET', '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=PG', alice.token);
    expect(list).toEqual({ games: [], totalPages: 0, totalCount: 0, hasMore: false, pageNo: 1, pageSize: 42 });
  });

  it.each([
    ['gameClassify=CRASH', ['INHOUSE/JLC001']],
    ['gameClassify=slot&gameType=INHOUSE', ['INHOUSE/JLS001', 'INHOUSE/JLS002']],
    ['gameClassify=', ['RNG/JLS001', 'RNG/JLS002', 'INHOUSE/JLC001']],
    ['gameName=pearl', ['RNG/JLS002']],
    ['gameName=%20GEMS%20', ['RNG/JLS001']],
    ['gameName=%25', []],
    ['gameName=_', []],
    ['gameName=%E9%BE%99&language=CN', ['RNG/JLS002']],
    ['gameName=%E7%81%AB%E7%AE%AD&language=CN', ['INHOUSE/JLC001']],
    ['minBet=0.2', ['RNG/JLS001', 'RNG/JLS002']],
    ['minBet=0.19', []],
    ['minBet=1', ['RNG/JLS001', 'RNG/JLS002', 'INHOUSE/JLC001']],
    ['minLineNum=21', ['RNG/JLS002']],
    ['minLineNum=20&gameType=INHOUSE', ['INHOUSE/JLS001', 'INHOUSE/JLS002']],
    ['vassalage=jl&gameType=RNG', ['RNG/JLS001', 'RNG/JLS002']],
    ['platform=flash', []],
    ['platform=flash,html5', ['RNG/JLS001', 'RNG/JLS002', 'INHOUSE/JLC001']],
    ['gameType=LIVE', []],
  ])('filters: %s', async (query, expected) => {
    const list = await value<GameListValue>('GET', `/wps/relay/GCSGAME_gameList?${query}`, alice.token);
    expect(codes(list.games)).toEqual(expected);
    expect(list.totalCount).toBe(expected.length);
  });

  it('names games in the language asked for, else the Language header, else English', async () => {
    const names = async (query: string, headers: Record<string, string> = {}) =>
      (await call<GameListValue>('GET', `/wps/relay/GCSGAME_gameList?gameType=INHOUSE${query}`, { token: alice.token, headers })).body.value.games.map(
        (game) => game.gameName,
      );
    expect(await names('&language=TY')).toEqual(['財富寶石', '龍珠', '火箭衝天']);
    expect(await names('', { language: 'VI' })).toEqual(['Đá Quý May Mắn', 'Ngọc Rồng', 'Tên Lửa Bùng Nổ']);
    expect(await names('&language=EN', { language: 'VI' })).toEqual(['Fortune Gems', 'Dragon Pearl', 'Rocket Crash']);
  });

  it('pages: totalPages, hasMore, and an empty page past the end', async () => {
    // More games of a vendor of our own so that pages have something to show.
    await context.pool.query(
      `INSERT INTO game (merchant_id, game_vendor_id, game_code, name, min_bet_minor, sort_order, created_at)
       SELECT $1, $2, 'PAGE' || lpad(n::text, 3, '0'), 'Page game ' || n, 10, n, now() FROM generate_series(1, 95) AS n`,
      [context.merchantId, vendorIds['FISH/JDB']],
    );
    try {
      const page = (pageNo: number, pageSize?: number) =>
        value<GameListValue>('GET', `/wps/relay/GCSGAME_gameList?gameType=FISH&pageNo=${pageNo}${pageSize ? `&pageSize=${pageSize}` : ''}`, alice.token);
      const first = await page(1);
      expect(first).toMatchObject({ totalPages: 3, totalCount: 95, hasMore: true, pageSize: 42 });
      expect(first.games.map((game) => game.gameCode).slice(0, 2)).toEqual(['PAGE001', 'PAGE002']);
      const third = await page(3);
      expect(third).toMatchObject({ totalPages: 3, totalCount: 95, hasMore: false, pageNo: 3 });
      expect(third.games.map((game) => game.gameCode)).toEqual(Array.from({ length: 11 }, (_, index) => `PAGE0${85 + index}`));
      expect(await page(4)).toEqual({ games: [], totalPages: 3, totalCount: 95, hasMore: false, pageNo: 4, pageSize: 42 });
      const all = await page(1, 100);
      expect(all).toMatchObject({ totalPages: 1, hasMore: false });
      expect(new Set(all.games.map((game) => game.nodeId)).size).toBe(95);
      // Disabled games and games of disabled vendor rows are not listed.
      await context.pool.query("UPDATE game SET enabled = false WHERE game_code IN ('PAGE001', 'PAGE002')");
      expect((await page(1)).totalCount).toBe(93);
      await context.pool.query('UPDATE game_vendor SET enabled = false WHERE id = $1', [vendorIds['FISH/JDB']]);
      expect((await page(1)).totalCount).toBe(0);
    } finally {
      await context.pool.query('UPDATE game_vendor SET enabled = true WHERE id = $1', [vendorIds['FISH/JDB']]);
      await context.pool.query("DELETE FROM game WHERE game_code LIKE 'PAGE%'");
    }
  });

  it.each([
    ['pageSize=101', 'querystring.pageSize'],
    ['pageSize=0', 'querystring.pageSize'],
    ['pageNo=0', 'querystring.pageNo'],
    ['gameType=SLOTS', 'querystring.gameType'],
    ['minBet=-1', 'querystring.minBet'],
    ['minBet=abc', 'querystring.minBet'],
    ['platform=ios', 'querystring.platform'],
    [`gameName=${'x'.repeat(101)}`, 'querystring.gameName'],
  ])('refuses %s with a 400', async (query, field) => {
    const { status, body } = await call('GET', `/wps/relay/GCSGAME_gameList?${query}`, { token: alice.token });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request.param.err');
    expect(body.message).toContain(field);
  });

  it("lists only the caller's merchant's games", async () => {
    await context.pool.query(
      "UPDATE game SET name = 'Other Gems' WHERE merchant_id = $1 AND game_code = 'JLS001'",
      [otherMerchantId],
    );
    const ours = await value<GameListValue>('GET', '/wps/relay/GCSGAME_gameList?gameName=gems', alice.token);
    expect(ours.games.map((game) => game.gameName)).toEqual(['Fortune Gems']);
    const bob = await createMember(context.pool, otherMerchantId, { username: 'otherbob', password: 'secret123' });
    expect(bob).toBeGreaterThan(0);
    const login = await context.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameName=gems', headers: { merchant: 'OTHERBRAND', authorization: alice.token } });
    // Alice's session belongs to the default merchant: another merchant does not know it.
    expect(login.statusCode).toBe(401);
  });
});

describe('access', () => {
  let guestToken: string;
  beforeAll(async () => {
    const guest = await encryptedInject(context.app, 'POST', '/wps/session/login/freeplay', {});
    guestToken = json<Envelope<LoginResult>>(guest).value.token;
  });

  it.each([
    ['GET', '/wps/relay/GCSGAME_gameList'],
    ['GET', '/wps/relay/GCSGAME_getVassGameType'],
    ['GET', '/wps/relay/MCSFE_getFavoriteGames'],
    ['GET', '/wps/relay/MCSFE_getFavoriteGamesList'],
    ['POST', '/wps/relay/MCSFE_addFavoriteGame'],
    ['POST', '/wps/relay/MCSFE_removeFavoriteGame'],
    ['GET', '/wps/relay/GCS_recentGame'],
    ['GET', '/wps/relay/GLS2_roomList'],
  ] as const)('%s %s: refuses a visitor (401) and a free-play guest (403 guest.not.allowed)', async (method, url) => {
    const payload = method === 'POST' ? { nodeId: '1' } : undefined;
    const anonymous = await call(method, url, { payload });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorCode).toBe('CUSTOMER_NOT_LOGIN');
    const guest = await call(method, url, { token: guestToken, payload });
    expect(guest.status).toBe(403);
    expect(guest.body.errorCode).toBe('guest.not.allowed');
  });

  it.each(['/wps/relay/GCSGAME_hotGamesV2', '/wps/relay/GCSGAME_getRankList', '/wps/relay/VIS_getJackpot'])('%s is open to anybody', async (url) => {
    expect((await call('GET', url)).status).toBe(200);
    expect((await call('GET', url, { token: guestToken })).status).toBe(200);
    expect((await call('GET', url, { token: 'not-a-token' })).status).toBe(200);
  });
});

describe('GET /wps/relay/GCSGAME_hotGamesV2', () => {
  it('lists the hot games once each, for anybody, marking a logged-in caller’s favourites', async () => {
    const anonymous = await value<HotGamesValue>('GET', '/wps/relay/GCSGAME_hotGamesV2?merchantCode=DEFAULT&isPlatform=2&platform=flash,html5-desktop&language=EN');
    expect(codes(anonymous.list)).toEqual(['RNG/JLS001', 'INHOUSE/JLC001']);
    expect(anonymous.list.every((game) => game.isHot && !game.isFavourite)).toBe(true);
    const carol = await member('hotcarol');
    await value('POST', '/wps/relay/MCSFE_addFavoriteGame', carol.token, { nodeId: anonymous.list[1].nodeId });
    const hers = await value<HotGamesValue>('GET', '/wps/relay/GCSGAME_hotGamesV2', carol.token);
    expect(hers.list.map((game) => game.isFavourite)).toEqual([false, true]);
    expect(codes((await value<HotGamesValue>('GET', '/wps/relay/GCSGAME_hotGamesV2?vassalage=PG')).list)).toEqual([]);
    expect((await value<HotGamesValue>('GET', '/wps/relay/GCSGAME_hotGamesV2?language=CN')).list[0].gameName).toBe('财富宝石');
  });
});

describe('GET /wps/relay/GCSGAME_getVassGameType', () => {
  it('gives the classifications of each vendor row that has games', async () => {
    const dave = await member('vassdave');
    expect(await value<VassGameTypeValue>('GET', '/wps/relay/GCSGAME_getVassGameType', dave.token)).toEqual({
      list: [
        { vassalage: 'JL', gameType: 'RNG', vendorName: 'Lucky Star Originals', gameClassify: ['SLOT'] },
        { vassalage: 'JL', gameType: 'INHOUSE', vendorName: 'Lucky Star Originals', gameClassify: ['CRASH', 'SLOT'] },
      ],
    });
    expect((await value<VassGameTypeValue>('GET', '/wps/relay/GCSGAME_getVassGameType?gameType=INHOUSE', dave.token)).list).toHaveLength(1);
  });
});

describe('favourites', () => {
  const nodeIdOf = async (category: string, code: string) =>
    String((await context.pool.query<{ id: number }>('SELECT id FROM game WHERE game_vendor_id = $1 AND game_code = $2', [vendorIds[`${category}/JL`], code])).rows[0].id);

  it('adds (twice is fine), lists, and removes (a non-favourite too), each member their own', async () => {
    const erin = await member('faverin');
    const frank = await member('favfrank');
    const gems = await nodeIdOf('RNG', 'JLS001');
    const gemsInhouse = await nodeIdOf('INHOUSE', 'JLS001');
    const rocket = await nodeIdOf('INHOUSE', 'JLC001');

    expect(await value<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGames', erin.token)).toEqual([]);
    expect(await value<FavouriteGameValue>('POST', '/wps/relay/MCSFE_addFavoriteGame', erin.token, { nodeId: gems, vendor: 'JL', gameType: 'RNG' })).toEqual({
      nodeId: gems,
      isFavourite: true,
    });
    expect(await value<FavouriteGameValue>('POST', '/wps/relay/MCSFE_addFavoriteGame', erin.token, { nodeId: gems })).toEqual({ nodeId: gems, isFavourite: true });
    await value('POST', '/wps/relay/MCSFE_addFavoriteGame', erin.token, { nodeId: rocket });
    expect((await context.pool.query('SELECT count(*)::int AS n FROM game_favourite WHERE member_id = $1', [erin.id])).rows[0].n).toBe(2);

    // Ids: the newest first, a game in two categories under both of its ids.
    const ids = await value<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGames', erin.token);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(rocket);
    expect(ids.slice(1).sort()).toEqual([gems, gemsInhouse].sort());
    // The list: newest favourite first; marked in the game list of either category.
    const list = await value<FavouriteGamesValue>('GET', '/wps/relay/MCSFE_getFavoriteGamesList?clientType=3&platform=flash', erin.token);
    expect(list).toMatchObject({ totalPages: 1, totalElements: 2, hasMore: false });
    expect(codes(list.content)).toEqual(['INHOUSE/JLC001', 'RNG/JLS001']);
    expect(list.content.every((game) => game.isFavourite)).toBe(true);
    const inhouseFavourites = await value<FavouriteGamesValue>('GET', '/wps/relay/MCSFE_getFavoriteGamesList?gameType=INHOUSE', erin.token);
    expect(codes(inhouseFavourites.content)).toEqual(['INHOUSE/JLC001', 'INHOUSE/JLS001']);
    expect(
      (await value<GameListValue>('GET', '/wps/relay/GCSGAME_gameList?gameType=INHOUSE', erin.token)).games.map((game) => [game.gameCode, game.isFavourite]),
    ).toEqual([
      ['JLS001', true],
      ['JLS002', false],
      ['JLC001', true],
    ]);
    const paged = await value<FavouriteGamesValue>('GET', '/wps/relay/MCSFE_getFavoriteGamesList?pageSize=1&pageNo=2', erin.token);
    expect(paged).toMatchObject({ totalPages: 2, totalElements: 2, hasMore: false });
    expect(codes(paged.content)).toEqual(['RNG/JLS001']);

    // Frank sees none of Erin's, and his own removal of her favourite changes nothing for her.
    expect(await value<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGames', frank.token)).toEqual([]);
    expect((await value<FavouriteGamesValue>('GET', '/wps/relay/MCSFE_getFavoriteGamesList', frank.token)).content).toEqual([]);
    expect((await value<GameListValue>('GET', '/wps/relay/GCSGAME_gameList', frank.token)).games.some((game) => game.isFavourite)).toBe(false);
    expect(await value<FavouriteGameValue>('POST', '/wps/relay/MCSFE_removeFavoriteGame', frank.token, { nodeId: gems })).toEqual({ nodeId: gems, isFavourite: false });
    expect(await value<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGames', erin.token)).toHaveLength(3);

    // Removing by the other category's id removes the game; removing again is fine.
    await value('POST', '/wps/relay/MCSFE_removeFavoriteGame', erin.token, { nodeId: gemsInhouse });
    await value('POST', '/wps/relay/MCSFE_removeFavoriteGame', erin.token, { nodeId: gemsInhouse });
    await value('POST', '/wps/relay/MCSFE_removeFavoriteGame', erin.token, { nodeId: '2147483647' });
    expect(await value<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGames', erin.token)).toEqual([rocket]);

    // A disabled game drops out of the lists and comes back with its favourite when enabled again.
    await context.pool.query('UPDATE game SET enabled = false WHERE id = $1', [rocket]);
    expect(await value<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGames', erin.token)).toEqual([]);
    expect((await value<FavouriteGamesValue>('GET', '/wps/relay/MCSFE_getFavoriteGamesList', erin.token)).totalElements).toBe(0);
    await context.pool.query('UPDATE game SET enabled = true WHERE id = $1', [rocket]);
    expect(await value<string[]>('GET', '/wps/relay/MCSFE_getFavoriteGames', erin.token)).toEqual([rocket]);
  });

  it('refuses a game that does not exist, is disabled, belongs to another merchant or is not the named vendor’s', async () => {
    const gina = await member('favgina');
    const gems = await nodeIdOf('RNG', 'JLS001');
    const otherGame = String(
      (await context.pool.query<{ id: number }>("SELECT id FROM game WHERE merchant_id = $1 AND game_code = 'JLS002' LIMIT 1", [otherMerchantId])).rows[0].id,
    );
    await context.pool.query("INSERT INTO game (merchant_id, game_vendor_id, game_code, name, min_bet_minor, enabled, created_at) VALUES ($1, $2, 'OFF1', 'Off', 10, false, now())", [
      context.merchantId,
      vendorIds['RNG/JL'],
    ]);
    const disabled = String((await context.pool.query<{ id: number }>("SELECT id FROM game WHERE game_code = 'OFF1'")).rows[0].id);
    for (const payload of [
      { nodeId: '2147483647' },
      { nodeId: '9999999999' },
      { nodeId: otherGame },
      { nodeId: disabled },
      { nodeId: gems, vendor: 'PG' },
      { nodeId: gems, gameType: 'INHOUSE' },
    ]) {
      const { status, body } = await call('POST', '/wps/relay/MCSFE_addFavoriteGame', { token: gina.token, payload });
      expect([payload, status, body.errorCode]).toEqual([payload, 404, 'game.not_found']);
    }
    for (const payload of [{}, { nodeId: 'abc' }, { nodeId: '0' }, { nodeId: 1.5 }, { nodeId: '1', vendor: 'J L' }, { nodeId: '1', gameType: 'SLOT' }]) {
      const { status, body } = await call('POST', '/wps/relay/MCSFE_addFavoriteGame', { token: gina.token, payload });
      expect([payload, status, body.errorCode]).toEqual([payload, 400, 'request.param.err']);
    }
    expect((await context.pool.query('SELECT count(*)::int AS n FROM game_favourite WHERE member_id = $1', [gina.id])).rows[0].n).toBe(0);
  });
});

describe('recent games', () => {
  it('lists the games a member launched, most recent first, each game once, at most 20', async () => {
    const henry = await member('recenthenry');
    const ivy = await member('recentivy');
    const rows = await context.pool.query<{ id: number; key: string }>(
      "SELECT g.id, v.game_category || '/' || g.game_code AS key FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id WHERE g.merchant_id = $1",
      [context.merchantId],
    );
    const idOf = Object.fromEntries(rows.rows.map((row) => [row.key, row.id]));
    const t0 = Date.UTC(2025, 4, 1, 12);
    expect(await value<RecentGamesValue>('GET', '/wps/relay/GCS_recentGame?clientType=3', henry.token)).toEqual({ list: [], totalPages: 0 });
    await recordRecentGame(context.pool, henry.id, idOf['RNG/JLS001'], t0);
    await recordRecentGame(context.pool, henry.id, idOf['INHOUSE/JLC001'], t0 + 1000);
    await recordRecentGame(context.pool, henry.id, idOf['RNG/JLS002'], t0 + 2000);
    // The same game from the other category: it moves to the top, once.
    await recordRecentGame(context.pool, henry.id, idOf['INHOUSE/JLS001'], t0 + 3000);
    // An older launch recorded late changes nothing.
    await recordRecentGame(context.pool, henry.id, idOf['RNG/JLS002'], t0 - 5000);
    const recent = await value<RecentGamesValue>('GET', '/wps/relay/GCS_recentGame?clientType=3', henry.token);
    expect(recent.list.map((game) => [`${game.gameType}/${game.gameCode}`, game.lastPlayedAt])).toEqual([
      ['INHOUSE/JLS001', t0 + 3000],
      ['RNG/JLS002', t0 + 2000],
      ['INHOUSE/JLC001', t0 + 1000],
    ]);
    expect(recent.totalPages).toBe(1);
    expect((await value<RecentGamesValue>('GET', '/wps/relay/GCS_recentGame?pageSize=2&pageNo=2', henry.token)).list.map((game) => game.gameCode)).toEqual(['JLC001']);
    expect(await value<RecentGamesValue>('GET', '/wps/relay/GCS_recentGame', ivy.token)).toEqual({ list: [], totalPages: 0 });

    // 30 more games launched: the list keeps the newest 20.
    await context.pool.query(
      `INSERT INTO game (merchant_id, game_vendor_id, game_code, name, min_bet_minor, created_at)
       SELECT $1, $2, 'RECENT' || n, 'Recent ' || n, 10, now() FROM generate_series(1, 30) AS n`,
      [context.merchantId, vendorIds['FISH/JILI']],
    );
    const extra = await context.pool.query<{ id: number; game_code: string }>("SELECT id, game_code FROM game WHERE game_code LIKE 'RECENT%'");
    for (const game of extra.rows) await recordRecentGame(context.pool, henry.id, game.id, t0 + 10_000 + Number(game.game_code.slice(6)));
    const full = await value<RecentGamesValue>('GET', '/wps/relay/GCS_recentGame', henry.token);
    expect(full.list.map((game) => game.gameCode)).toEqual(Array.from({ length: 20 }, (_, index) => `RECENT${30 - index}`));
    expect((await context.pool.query('SELECT count(*)::int AS n FROM game_recent WHERE member_id = $1', [henry.id])).rows[0].n).toBeLessThanOrEqual(40);
  });
});

describe('findLaunchableGame', () => {
  it('finds an enabled game by id, code, vendor, category or room; nothing else', async () => {
    const rng = await findLaunchableGame(context.pool, context.merchantId, { gameCode: 'JLS001' });
    expect(rng).toMatchObject({ vassalage: 'JL', gameCategory: 'RNG', gameCode: 'JLS001', minBetMinor: 20, trialEnabled: true, lineNum: 20 });
    const inhouse = await findLaunchableGame(context.pool, context.merchantId, { gameCode: 'JLS001', gameCategory: 'INHOUSE' });
    expect(inhouse?.gameCategory).toBe('INHOUSE');
    expect(await findLaunchableGame(context.pool, context.merchantId, { nodeId: rng!.nodeId })).toEqual(rng);
    expect(await findLaunchableGame(context.pool, context.merchantId, { nodeId: rng!.id, vassalage: 'jl' })).toEqual(rng);
    expect(await findLaunchableGame(context.pool, context.merchantId, { gameId: String(rng!.id) })).toEqual(rng);
    expect(await findLaunchableGame(context.pool, context.merchantId, { gameId: 'JLC001', vassalage: 'JL' })).toMatchObject({ gameCode: 'JLC001', minBetMinor: 100 });
    expect(await findLaunchableGame(context.pool, context.merchantId, { nodeId: rng!.id, vassalage: 'PG' })).toBeUndefined();
    expect(await findLaunchableGame(context.pool, otherMerchantId, { nodeId: rng!.id })).toBeUndefined();
    expect(await findLaunchableGame(context.pool, context.merchantId, { nodeId: '0' })).toBeUndefined();
    expect(await findLaunchableGame(context.pool, context.merchantId, { nodeId: '99999999999' })).toBeUndefined();
    expect(await findLaunchableGame(context.pool, context.merchantId, { gameCode: 'NOPE' })).toBeUndefined();
    expect(await findLaunchableGame(context.pool, context.merchantId, {})).toBeUndefined();
    await context.pool.query('UPDATE game_vendor SET enabled = false WHERE id = $1', [vendorIds['RNG/JL']]);
    try {
      expect(await findLaunchableGame(context.pool, context.merchantId, { nodeId: rng!.id })).toBeUndefined();
      expect((await findLaunchableGame(context.pool, context.merchantId, { gameCode: 'JLS001' }))?.gameCategory).toBe('INHOUSE');
    } finally {
      await context.pool.query('UPDATE game_vendor SET enabled = true WHERE id = $1', [vendorIds['RNG/JL']]);
    }
  });
});

describe('GET /wps/relay/GLS2_roomList', () => {
  it('lists the rooms of enabled PVP vendors only (none in the seed)', async () => {
    const jack = await member('roomjack');
    expect(await value<RoomListValue>('GET', '/wps/relay/GLS2_roomList?vassalage=KY', jack.token)).toEqual({ list: [] });
    // An operator adds a game with rooms under KY: listed only once KY is enabled.
    const gameId = (
      await context.pool.query<{ id: number }>(
        "INSERT INTO game (merchant_id, game_vendor_id, game_code, name, display_names, min_bet_minor, created_at) VALUES ($1, $2, 'KY620', 'Texas Poker', '{\"CN\": \"德州扑克\"}', 100, now()) RETURNING id",
        [context.merchantId, vendorIds['PVP/KY']],
      )
    ).rows[0].id;
    await context.pool.query(
      "INSERT INTO game_room (game_id, room_code, name, min_bet_minor, max_bet_minor, sort_order) VALUES ($1, 'R1', 'Beginner', 100, 10000, 1), ($1, 'R2', 'VIP', 10000, NULL, 2)",
      [gameId],
    );
    expect((await value<RoomListValue>('GET', '/wps/relay/GLS2_roomList', jack.token)).list).toEqual([]);
    await context.pool.query('UPDATE game_vendor SET enabled = true WHERE id = $1', [vendorIds['PVP/KY']]);
    try {
      const rooms = await value<RoomListValue>('GET', `/wps/relay/GLS2_roomList?vassalage=KY&gameId=${gameId}&language=CN`, jack.token);
      expect(rooms.list).toEqual([
        { roomId: expect.any(Number), roomCode: 'R1', name: 'Beginner', minBet: 1, maxBet: 100, gameId, nodeId: String(gameId), gameCode: 'KY620', gameName: '德州扑克', vassalage: 'KY' },
        { roomId: expect.any(Number), roomCode: 'R2', name: 'VIP', minBet: 100, maxBet: null, gameId, nodeId: String(gameId), gameCode: 'KY620', gameName: '德州扑克', vassalage: 'KY' },
      ]);
      const launchable = await findLaunchableGame(context.pool, context.merchantId, { roomId: rooms.list[1].roomId });
      expect(launchable?.gameCode).toBe('KY620');
      expect((await findLaunchableGame(context.pool, context.merchantId, { roomId: 'R1' }))?.gameCode).toBe('KY620');
      expect((await value<RoomListValue>('GET', '/wps/relay/GLS2_roomList?vassalage=JL', jack.token)).list).toEqual([]);
    } finally {
      await context.pool.query('UPDATE game_vendor SET enabled = false WHERE id = $1', [vendorIds['PVP/KY']]);
      await context.pool.query('DELETE FROM game WHERE id = $1', [gameId]);
    }
  });
});

describe('winners board and jackpot', () => {
  let roundCounter = 0;
  async function round(memberId: number | null, betMinor: number, winMinor: number, startedAtMs: number, extra: { status?: string; merchantId?: number; code?: string } = {}) {
    const merchantId = extra.merchantId ?? context.merchantId;
    const accountId = memberId === null ? null : await ensureMemberAccount(context.pool, merchantId, memberId, 'REAL', startedAtMs);
    const code = extra.code ?? 'JLS002';
    const game = (await context.pool.query<{ id: number }>('SELECT id FROM game WHERE merchant_id = $1 AND game_code = $2 LIMIT 1', [merchantId, code])).rows[0];
    await context.pool.query(
      `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_id, game_code, game_name, game_category, vendor_round_id,
                               ledger_account_id, bet_minor, win_minor, valid_bet_minor, status, started_at, ended_at)
       VALUES ($1, $2, $3, 'JL', $4, $5, 'Stored name', 'RNG', $6, $7, $8, $9, $8, $10, $11, $12)`,
      [merchantId, memberId, memberId === null, game?.id ?? null, code, `W${++roundCounter}`, accountId, betMinor, winMinor, extra.status ?? 'settled', new Date(startedAtMs), new Date(startedAtMs + 1000)],
    );
  }

  it('is empty without rounds', async () => {
    expect(await value<RankListValue>('GET', '/wps/relay/GCSGAME_getRankList')).toEqual({ list: [], days: 7 });
    const jackpot = await value<JackpotValue>('GET', '/wps/relay/VIS_getJackpot');
    expect(jackpot).toMatchObject({ biggestWin: null, biggestMultiple: null, todayTotalWon: 0, periodDays: 30 });
  });

  it('lists the biggest real wins of the week with masked names; the jackpot has the 30 days and today', async () => {
    const now = clock();
    const kate = await createMember(context.pool, context.merchantId, { username: 'katherine99' });
    const leo = await createMember(context.pool, context.merchantId, { username: 'leo' });
    const other = await createMember(context.pool, otherMerchantId, { username: 'outsider1' });
    await round(kate, 100, 5_000, now - 60_000); // 50.00, x50
    await round(leo, 2_000, 30_000, now - 120_000, { code: 'JLS001' }); // 300.00, x15
    await round(kate, 1_000, 0, now - 30_000); // a loss: not a win
    await round(kate, 1_000, 90_000, now - 10_000, { status: 'rolled_back' }); // rolled back: never counted
    await round(null, 100, 80_000, now - 10_000); // trial: never counted
    await round(other, 100, 70_000, now - 10_000, { merchantId: otherMerchantId }); // another merchant's
    await round(kate, 100, 40_000, now - 10 * 86_400_000); // 400.00 x400, 10 days ago: jackpot only
    await round(leo, 0, 1_000, now - 5_000); // a free round: no multiple

    // Read at most every 30 s: still the empty board until then.
    expect((await value<RankListValue>('GET', '/wps/relay/GCSGAME_getRankList')).list).toEqual([]);
    expect((await value<JackpotValue>('GET', '/wps/relay/VIS_getJackpot')).biggestWin).toBeNull();
    clockOffsetMs += WINNERS_CACHE_MS + 1;

    const board = await value<RankListValue>('GET', '/wps/relay/GCSGAME_getRankList?language=CN');
    expect(board.list).toEqual([
      { username: 'l***o', gameName: '财富宝石', gameCode: 'JLS001', vassalage: 'JL', gameType: 'RNG', betAmount: 20, winAmount: 300, multiple: 15, time: now - 120_000 + 1000 },
      { username: 'ka***99', gameName: '龙珠', gameCode: 'JLS002', vassalage: 'JL', gameType: 'RNG', betAmount: 1, winAmount: 50, multiple: 50, time: now - 60_000 + 1000 },
      { username: 'l***o', gameName: '龙珠', gameCode: 'JLS002', vassalage: 'JL', gameType: 'RNG', betAmount: 0, winAmount: 10, multiple: null, time: now - 5_000 + 1000 },
    ]);
    expect(JSON.stringify(board)).not.toMatch(/katherine|"leo"/);
    expect((await value<RankListValue>('GET', '/wps/relay/GCSGAME_getRankList?size=1')).list).toHaveLength(1);

    const jackpot = await value<JackpotValue>('GET', '/wps/relay/VIS_getJackpot?language=EN');
    expect(jackpot.biggestWin).toMatchObject({ username: 'ka***99', winAmount: 400, multiple: 400, gameName: 'Dragon Pearl' });
    expect(jackpot.biggestMultiple).toMatchObject({ winAmount: 400, multiple: 400 });
    // Today: the rounds since the start of the merchant's day (Dhaka, UTC+6) that count.
    const offset = 6 * 3_600_000;
    const dayStart = Math.floor((clock() + offset) / 86_400_000) * 86_400_000 - offset;
    expect(jackpot.dayStart).toBe(dayStart);
    const today = [
      [5_000, now - 60_000],
      [30_000, now - 120_000],
      [0, now - 30_000],
      [1_000, now - 5_000],
    ].filter(([, at]) => at >= dayStart);
    expect(jackpot.todayTotalWon).toBe(today.reduce((sum, [win]) => sum + win, 0) / 100);

    // The other merchant sees only its own.
    const theirs = await context.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_getRankList', headers: { merchant: 'OTHERBRAND' } });
    expect(json<Envelope<RankListValue>>(theirs).value.list.map((win) => [win.username, win.winAmount])).toEqual([['ou***r1', 700]]);
  });

  it('masks names of every length', () => {
    expect(maskUsername('abcdefyz')).toBe('ab***yz');
    expect(maskUsername('abcde')).toBe('ab***de');
    expect(maskUsername('abcd')).toBe('a***d');
    expect(maskUsername('abc')).toBe('a***c');
    expect(maskUsername('ab')).toBe('a***');
    expect(maskUsername('用户名字很长')).toBe('用户***很长');
  });
});
