import type { Envelope, GameListValue, HotGamesValue } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { readSeedFile, seedMerchant } from '../../db/seed';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';

// The game catalogue through the operator API (/ops/v1/games/catalogue) on a real PostgreSQL: the
// merchant's games by category and search, a game taken off the lobby, reordered and marked by
// content staff, each change audited once with the settings before and after; the player's lobby
// (game list, hot games) shows the change on its next request; bad input and another merchant's
// games are refused with nothing written; risk may not touch the catalogue.

let context: TestContext;
let otherMerchantId: number;
let memberToken: string;
const tokens: Record<'content' | 'risk', string> = { content: '', risk: '' };

beforeAll(async () => {
  context = await createTestApp();
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = (await operatorLogin(context, { username: `catalogue_${role}`, role })).token;
  const seed = await readSeedFile();
  otherMerchantId = (await seedMerchant(context.ownerPool, { ...seed, merchant: { code: 'OTHERCAT', name: 'Other Catalogue' }, domains: ['othercat.example'] }))!;
  await createMember(context.pool, context.merchantId, { username: 'lobbyplayer', password: 'secret123' });
  memberToken = await tokenFor(context.app, 'lobbyplayer', 'secret123', '10.88.0.1');
}, 120_000);

afterAll(async () => {
  await context.close();
});

const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

interface CatalogueGame { gameId: number; gameCode: string; vassalage: string; category: string; enabled: boolean; sortOrder: number; isHot: boolean; isNew: boolean }

const lobby = async (gameType: string) => {
  const response = await context.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?gameType=${gameType}&language=EN`, headers: { authorization: memberToken } });
  return body<GameListValue>(response).value!.games.map((game) => game.gameCode);
};
const hot = async () => body<HotGamesValue>(await context.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_hotGamesV2' })).value!.list.map((game) => game.gameCode);

const gameRow = async (merchantId: number, category: string, code: string) =>
  (
    await context.pool.query<{ id: number; enabled: boolean; sort_order: number; is_hot: boolean; is_new: boolean }>(
      `SELECT g.id, g.enabled, g.sort_order, g.is_hot, g.is_new FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id
        WHERE g.merchant_id = $1 AND v.game_category = $2 AND g.game_code = $3`,
      [merchantId, category, code],
    )
  ).rows[0];

const auditOf = async (targetId: string) =>
  (await context.pool.query<{ action: string; outcome: string; detail: Record<string, unknown> }>("SELECT action, outcome, detail FROM operator_action WHERE target_type = 'game' AND target_id = $1 ORDER BY id", [targetId])).rows.filter((row) => row.outcome === 'ok');

describe('GET /games/catalogue', () => {
  it('lists every game of the merchant by category, enabled or not, and finds one by name or code', async () => {
    const all = body<{ list: CatalogueGame[]; categories: string[]; total: number }>(await ops(tokens.content, 'GET', '/games/catalogue'));
    expect(all.value!.categories).toEqual(expect.arrayContaining(['RNG', 'INHOUSE']));
    expect(all.value!.total).toBe(all.value!.list.length);
    const rng = body<{ list: CatalogueGame[] }>(await ops(tokens.content, 'GET', '/games/catalogue?category=RNG')).value!.list;
    expect(rng.map((game) => game.gameCode)).toEqual(['JLS001', 'JLS002']);
    expect(rng[0]).toMatchObject({ vassalage: 'JL', category: 'RNG', enabled: true, isHot: true, isNew: false, vendorEnabled: true, name: 'Fortune Gems' });
    const found = body<{ list: CatalogueGame[] }>(await ops(tokens.content, 'GET', '/games/catalogue?q=dragon')).value!.list;
    expect(found.map((game) => `${game.category}/${game.gameCode}`).sort()).toEqual(['INHOUSE/JLS002', 'RNG/JLS002']);
    // Another merchant's rows are never listed.
    const other = await gameRow(otherMerchantId, 'RNG', 'JLS001');
    expect(all.value!.list.some((game) => game.gameId === other.id)).toBe(false);
    // Risk has no catalogue desk.
    expect((await ops(tokens.risk, 'GET', '/games/catalogue')).statusCode).toBe(403);
  });
});

describe('POST /games/catalogue/:gameId', () => {
  it('takes a game off the lobby on the next request and puts it back, audited once each with before and after', async () => {
    const game = await gameRow(context.merchantId, 'RNG', 'JLS001');
    const other = await gameRow(otherMerchantId, 'RNG', 'JLS001');
    expect(await lobby('RNG')).toEqual(['JLS001', 'JLS002']);

    const off = await ops(tokens.content, 'POST', `/games/catalogue/${game.id}`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(body(off).value).toEqual({ gameId: game.id, enabled: false, sortOrder: 0, isHot: true, isNew: false });
    expect(await lobby('RNG')).toEqual(['JLS002']);
    expect((await gameRow(otherMerchantId, 'RNG', 'JLS001')).enabled).toBe(true);
    const audit = await auditOf(String(game.id));
    expect(audit).toEqual([
      {
        action: 'game.update',
        outcome: 'ok',
        detail: { before: { enabled: true, sortOrder: 0, isHot: true, isNew: false }, after: { enabled: false, sortOrder: 0, isHot: true, isNew: false } },
      },
    ]);

    await ops(tokens.content, 'POST', `/games/catalogue/${game.id}`, { enabled: true });
    expect(await lobby('RNG')).toEqual(['JLS001', 'JLS002']);
    expect(await auditOf(String(game.id))).toHaveLength(2);
    expect(other).toEqual(await gameRow(otherMerchantId, 'RNG', 'JLS001'));
  });

  it('reorders and marks games: the lobby lists them in the new order and the hot list follows the mark', async () => {
    const second = await gameRow(context.merchantId, 'RNG', 'JLS002');
    const changed = body<{ sortOrder: number; isHot: boolean; isNew: boolean }>(await ops(tokens.content, 'POST', `/games/catalogue/${second.id}`, { sortOrder: -10, isHot: true, isNew: false }));
    expect(changed.value).toMatchObject({ sortOrder: -10, isHot: true, isNew: false });
    expect(await lobby('RNG')).toEqual(['JLS002', 'JLS001']);
    expect(await hot()).toContain('JLS002');
    await ops(tokens.content, 'POST', `/games/catalogue/${second.id}`, { isHot: false });
    expect(await hot()).not.toContain('JLS002');
    const audit = await auditOf(String(second.id));
    expect(audit).toHaveLength(2);
    expect(audit[1].detail).toEqual({ before: { enabled: true, sortOrder: -10, isHot: true, isNew: false }, after: { enabled: true, sortOrder: -10, isHot: false, isNew: false } });
  });

  it("refuses bad input, another merchant's game and other roles, with nothing changed", async () => {
    const game = await gameRow(context.merchantId, 'INHOUSE', 'JLC001');
    const other = await gameRow(otherMerchantId, 'INHOUSE', 'JLC001');
    const auditsBefore = (await context.pool.query('SELECT 1 FROM operator_action WHERE target_type = $1', ['game'])).rowCount;
    for (const payload of [{}, { enabled: 'no' }, { sortOrder: 1.5 }, { sortOrder: 10_000_000 }, { name: 'Renamed' }]) {
      const refused = await ops(tokens.content, 'POST', `/games/catalogue/${game.id}`, payload);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).errorCode).toBe('request.param.err');
    }
    const foreign = await ops(tokens.content, 'POST', `/games/catalogue/${other.id}`, { enabled: false });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).errorCode).toBe('game.not_found');
    expect((await ops(tokens.risk, 'POST', `/games/catalogue/${game.id}`, { enabled: false })).statusCode).toBe(403);
    expect(await gameRow(context.merchantId, 'INHOUSE', 'JLC001')).toEqual(game);
    expect(await gameRow(otherMerchantId, 'INHOUSE', 'JLC001')).toEqual(other);
    // The refused change is audited as refused, never as made.
    const audits = (await context.pool.query<{ outcome: string }>('SELECT outcome FROM operator_action WHERE target_type = $1 ORDER BY id', ['game'])).rows.slice(auditsBefore ?? 0);
    expect(audits.map((row) => row.outcome)).not.toContain('ok');
    expect(audits.map((row) => row.outcome)).toContain('refused');
  });
});
