import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { likeContaining } from './catalogue.queries';

// The game catalogue's desk of the operator API (/ops/v1/games/catalogue, registered behind the
// operator token check by app.ts through operatorRoutes' extraRoutes): every game row of the
// merchant (enabled or not) by category, and what the operator decides of one: whether it is
// offered, its place in its vendor's list and its two lobby marks (hot, new). Names, codes and
// stakes are the vendor's and stay as the seed wrote them. The lobby reads the game table on every
// request (catalogue.queries, no cache), so a change shows on the player's next page load.

/** The most rows one catalogue read lists (a vendor has a few hundred games at most). */
export const CATALOGUE_LIST_MAX = 1000;
/** The bounds of a game's sort order. */
export const SORT_ORDER_BOUND = 1_000_000;

/** What the operator may change of a game: the columns of migration 029 that are the operator's. */
export interface GameSettings {
  enabled: boolean;
  sortOrder: number;
  isHot: boolean;
  isNew: boolean;
}

interface CatalogueRow extends GameSettings {
  gameId: number;
  gameCode: string;
  name: string;
  gameClassify: string | null;
  vassalage: string;
  category: string;
  vendorName: string;
  vendorEnabled: boolean;
}

const SETTINGS = `g.enabled, g.sort_order AS "sortOrder", g.is_hot AS "isHot", g.is_new AS "isNew"`;

const gameSchema: JsonSchema = {
  type: 'object',
  required: ['gameId', 'gameCode', 'name', 'gameClassify', 'vassalage', 'category', 'vendorName', 'vendorEnabled', 'enabled', 'sortOrder', 'isHot', 'isNew'],
  properties: {
    gameId: { type: 'integer', description: 'the nodeId players see' },
    gameCode: { type: 'string' },
    name: { type: 'string', description: 'English name' },
    gameClassify: { type: ['string', 'null'] },
    vassalage: { type: 'string' },
    category: { type: 'string', description: 'the vendor row\'s game category (RNG, LOTT, ...)' },
    vendorName: { type: 'string' },
    vendorEnabled: { type: 'boolean', description: 'false: the whole vendor row is off, its games are not shown whatever their own switch' },
    enabled: { type: 'boolean' },
    sortOrder: { type: 'integer' },
    isHot: { type: 'boolean' },
    isNew: { type: 'boolean' },
  },
};

/** The merchant's game rows of `category` (any when null) whose name or code contains `q`, in the lobby's order. */
export async function listCatalogue(db: pg.Pool, merchantId: number, category: string | null, q: string | null): Promise<{ list: CatalogueRow[]; categories: string[]; total: number }> {
  const pattern = q ? likeContaining(q) : null;
  const [rows, categories] = await Promise.all([
    db.query<CatalogueRow & { total: string }>(
      `SELECT g.id AS "gameId", g.game_code AS "gameCode", g.name, g.game_classify AS "gameClassify", v.vassalage,
              v.game_category AS category, v.vendor_name AS "vendorName", v.enabled AS "vendorEnabled", ${SETTINGS},
              count(*) OVER () AS total
         FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id
        WHERE g.merchant_id = $1
          AND ($2::text IS NULL OR v.game_category = $2)
          AND ($3::text IS NULL OR g.name ILIKE $3 OR g.game_code ILIKE $3 OR v.vassalage ILIKE $3)
        ORDER BY v.sort_order, v.id, g.sort_order, g.id
        LIMIT $4`,
      [merchantId, category, pattern, CATALOGUE_LIST_MAX],
    ),
    db.query<{ category: string }>('SELECT DISTINCT game_category AS category FROM game_vendor WHERE merchant_id = $1 ORDER BY 1', [merchantId]),
  ]);
  return {
    list: rows.rows.map(({ total: _total, ...row }) => row),
    categories: categories.rows.map((row) => row.category),
    total: Number(rows.rows[0]?.total ?? 0),
  };
}

/**
 * Changes what was asked of the merchant's game `gameId`, under its row's lock: answers the
 * settings before and after. 404 game.not_found for no such game of this merchant (another
 * merchant's id is not found either).
 */
export async function updateGameSettings(db: pg.Pool, merchantId: number, gameId: number, asked: Partial<GameSettings>): Promise<{ before: GameSettings; after: GameSettings }> {
  return withTransaction(db, async (client) => {
    const found = await client.query<GameSettings>(`SELECT ${SETTINGS} FROM game g WHERE g.merchant_id = $1 AND g.id = $2 FOR UPDATE`, [merchantId, gameId]);
    const before = found.rows[0];
    if (!before) throw new AppError(404, 'game.not_found');
    const after: GameSettings = {
      enabled: asked.enabled ?? before.enabled,
      sortOrder: asked.sortOrder ?? before.sortOrder,
      isHot: asked.isHot ?? before.isHot,
      isNew: asked.isNew ?? before.isNew,
    };
    await client.query('UPDATE game SET enabled = $3, sort_order = $4, is_hot = $5, is_new = $6 WHERE merchant_id = $1 AND id = $2', [
      merchantId,
      gameId,
      after.enabled,
      after.sortOrder,
      after.isHot,
      after.isNew,
    ]);
    return { before, after };
  });
}

export async function gamesOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get<{ Querystring: { category?: string; q?: string } }>('/games/catalogue', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's games (enabled or not) in the lobby's order, and the categories to filter by",
      description: `category: one vendor category (RNG, LOTT, ...); q: part of the name, game code or vendor code. At most ${CATALOGUE_LIST_MAX} rows (total: all that match).`,
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          category: { type: 'string', pattern: '^[A-Z_]{1,16}$' },
          q: { type: 'string', maxLength: 64 },
        },
      },
      value: {
        type: 'object',
        required: ['list', 'categories', 'total'],
        properties: {
          list: { type: 'array', items: gameSchema },
          categories: { type: 'array', items: { type: 'string' } },
          total: { type: 'integer' },
        },
      },
    }),
  }, async (request) => {
    const { category, q } = request.query;
    return ok(await listCatalogue(db, operatorOf(request).merchantId, category ?? null, q?.trim() || null));
  });

  app.post<{ Params: { gameId: number }; Body: Partial<GameSettings> }>('/games/catalogue/:gameId', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Change a game's place and marks in the lobby, or take it off / put it back",
      description:
        'Only what is sent changes. enabled false: the game leaves every list and cannot be launched (its open rounds still settle). sortOrder: its place in its vendor\'s list (smaller first). 404 game.not_found: no such game of this merchant.',
      headers: bearerHeader,
      params: { type: 'object', required: ['gameId'], properties: { gameId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
      body: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          enabled: { type: 'boolean' },
          sortOrder: { type: 'integer', minimum: -SORT_ORDER_BOUND, maximum: SORT_ORDER_BOUND },
          isHot: { type: 'boolean' },
          isNew: { type: 'boolean' },
        },
      },
      value: {
        type: 'object',
        required: ['gameId', 'enabled', 'sortOrder', 'isHot', 'isNew'],
        properties: { gameId: { type: 'integer' }, enabled: { type: 'boolean' }, sortOrder: { type: 'integer' }, isHot: { type: 'boolean' }, isNew: { type: 'boolean' } },
      },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const gameId = request.params.gameId;
    // Unknown fields are dropped by the schema (removeAdditional): a body left with nothing to change is refused.
    if (Object.keys(request.body).length === 0) throw new AppError(400, 'request.param.err', { detail: 'nothing to change' });
    return auditedChange(auditContextOf(request, db, clock), { action: 'game.update', targetType: 'game', targetId: String(gameId), asked: { ...request.body } }, async () => {
      const { before, after } = await updateGameSettings(db, merchantId, gameId, request.body);
      return { before, after, value: ok({ gameId, ...after }) };
    });
  });
}
