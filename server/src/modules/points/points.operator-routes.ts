import { POINT_EARN_SOURCES, POINT_ITEM_KINDS, type PointEarnSource, type PointItemKind } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { MESSAGE_LANGUAGES, type MessageTexts } from '../../i18n/messages';
import { minorToMajor, transferAmountMinor } from '../ledger';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorIdempotencyKeyOf, operatorOf } from '../operator';
import * as queries from './points.queries';
import { adjustPoints, deliverRedeem, earnDayByOperator } from './points.service';

// The operators' side of points (/ops/v1, registered behind the operator token check by app.ts
// through operatorRoutes' extraRoutes; the command-line tool's points-* verbs): the earning rules
// and the conversion, the catalogue (created, changed, enabled or disabled, its stock), the
// redeems and a physical item marked delivered (once), a member's points and an adjustment (once
// per Idempotency-Key), and a closed day's earning counted again. Every change is audited.

const IDEMPOTENCY_HEADER = { 'idempotency-key': { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' } } as const;

const textsSchema = (maxLength: number, required: boolean) =>
  ({
    type: 'object',
    additionalProperties: false,
    ...(required ? { required: [...MESSAGE_LANGUAGES] } : {}),
    properties: Object.fromEntries(MESSAGE_LANGUAGES.map((language) => [language, { type: 'string', minLength: required ? 1 : 0, maxLength }])),
  }) as const;

const itemFields = {
  names: { ...textsSchema(80, true), description: 'the name in the seven languages (BN CN EN ID TH TY VI)' },
  descriptions: { ...textsSchema(500, false), description: 'the description per language' },
  imageUrl: { type: ['string', 'null'], maxLength: 500 },
  point: { type: 'integer', minimum: 1, maximum: 100_000_000, description: 'the price in points' },
  amount: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 10_000_000, multipleOf: 0.01, description: 'credit and bonus: money given (major units)' },
  wageringMultiple: { type: ['integer', 'null'], minimum: 0, maximum: 100, description: 'bonus: times the amount to wager' },
  ticketCount: { type: ['integer', 'null'], minimum: 1, maximum: 100, description: 'tickets: prize-wheel tickets given' },
  stock: { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000, description: 'null: unlimited' },
  memberLimit: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000, description: 'redeems per member; null: no limit' },
  enabled: { type: 'boolean' },
  position: { type: 'integer', minimum: 0, maximum: 1_000_000 },
} as const;

interface ItemBody {
  kind?: PointItemKind;
  names?: MessageTexts;
  descriptions?: Partial<MessageTexts>;
  imageUrl?: string | null;
  point?: number;
  amount?: number | null;
  wageringMultiple?: number | null;
  ticketCount?: number | null;
  stock?: number | null;
  memberLimit?: number | null;
  enabled?: boolean;
  position?: number;
}

const itemOnWire = (item: queries.ItemRow) => ({
  itemId: item.id,
  kind: item.kind,
  names: item.names,
  descriptions: item.descriptions,
  imageUrl: item.imageUrl,
  point: item.pricePoints,
  amount: item.amountMinor === null ? null : minorToMajor(item.amountMinor),
  wageringMultiple: item.wageringMultiple,
  ticketCount: item.ticketCount,
  stock: item.stock,
  memberLimit: item.memberLimit,
  enabled: item.enabled,
  position: item.position,
});

// Answers: objects of the fields built below (itemOnWire, redeemOnWire, …), every field kept.
const anyObject = { type: 'object', additionalProperties: true } as const;
const itemValue = anyObject;
const listValue = { type: 'object', required: ['list'], additionalProperties: true, properties: { list: { type: 'array', items: anyObject } } } as const;

const invalid = (detail: string) => new AppError(400, 'operator.point.invalid', { detail });

/** The item a body makes of `base` (a new item's defaults, or the row as it is), checked whole. */
function mergedItem(base: queries.ItemInput, body: ItemBody): queries.ItemInput {
  const item: queries.ItemInput = {
    ...base,
    names: body.names ?? base.names,
    descriptions: body.descriptions ?? base.descriptions,
    imageUrl: body.imageUrl !== undefined ? body.imageUrl : base.imageUrl,
    pricePoints: body.point ?? base.pricePoints,
    amountMinor: body.amount !== undefined ? (body.amount === null ? null : transferAmountMinor(body.amount)) : base.amountMinor,
    wageringMultiple: body.wageringMultiple !== undefined ? body.wageringMultiple : base.wageringMultiple,
    ticketCount: body.ticketCount !== undefined ? body.ticketCount : base.ticketCount,
    stock: body.stock !== undefined ? body.stock : base.stock,
    memberLimit: body.memberLimit !== undefined ? body.memberLimit : base.memberLimit,
    enabled: body.enabled ?? base.enabled,
    position: body.position ?? base.position,
  };
  const money = item.kind === 'credit' || item.kind === 'bonus';
  if (money !== (item.amountMinor !== null)) throw invalid(money ? `a ${item.kind} item needs an amount` : `a ${item.kind} item has no amount`);
  if ((item.kind === 'bonus') !== (item.wageringMultiple !== null)) throw invalid(item.kind === 'bonus' ? 'a bonus needs wageringMultiple' : 'only a bonus has wageringMultiple');
  if ((item.kind === 'tickets') !== (item.ticketCount !== null)) throw invalid(item.kind === 'tickets' ? 'a tickets item needs ticketCount' : 'only a tickets item has ticketCount');
  if (item.imageUrl !== null && !/^(https?:\/\/|\/)[^\s]*$/.test(item.imageUrl)) throw invalid('imageUrl is an http(s) or site path address');
  return item;
}

const settingsValue = {
  type: 'object',
  required: ['rules', 'convert'],
  properties: {
    rules: { type: 'array', items: { type: 'object', required: ['source', 'perAmount', 'points'], properties: { source: { type: 'string' }, perAmount: { type: 'number' }, points: { type: 'integer' } } } },
    convert: { type: ['object', 'null'], properties: { points: { type: 'integer' }, amount: { type: 'number' }, minPoints: { type: 'integer' }, enabled: { type: 'boolean' } } },
  },
} as const;

async function settingsOnWire(db: pg.Pool, merchantId: number) {
  const settings = await queries.selectSettings(db, merchantId);
  return {
    rules: settings.rules.map((rule) => ({ source: rule.source, perAmount: minorToMajor(rule.perAmountMinor), points: rule.points })),
    convert: settings.convert && { points: settings.convert.points, amount: minorToMajor(settings.convert.amountMinor), minPoints: settings.convert.minPoints, enabled: settings.convert.enabled },
  };
}

const redeemOnWire = (redeem: queries.RedeemRow) => ({
  redeemId: redeem.id,
  username: redeem.username,
  itemId: redeem.itemId,
  name: redeem.itemNames.EN,
  kind: redeem.kind,
  point: redeem.points,
  amount: redeem.amountMinor === null ? null : minorToMajor(redeem.amountMinor),
  ticketCount: redeem.ticketCount,
  deliveryStatus: redeem.deliveryStatus,
  redeemedAt: redeem.createdAtMs,
  deliveredAt: redeem.deliveredAtMs,
  deliveredBy: redeem.deliveredBy,
  note: redeem.deliveryNote,
});

export async function pointsOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  // ── Earning rules and conversion ──
  app.get('/points/settings', {
    schema: apiSchema({ tags: ['operator'], summary: "The merchant's point earning rules and conversion", headers: bearerHeader, value: settingsValue }),
  }, async (request) => ok(await settingsOnWire(db, operatorOf(request).merchantId)));

  app.put<{ Body: { rules?: { source: PointEarnSource; perAmount: number; points: number }[]; convert?: { points: number; amount: number; minPoints: number; enabled?: boolean } } }>('/points/settings', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Change earning rules (each replaces its source; points 0 earns nothing) and/or the conversion; answers the settings',
      description: '400 operator.point.invalid: a source given twice, or a minimum below the rate’s points.',
      headers: bearerHeader,
      body: {
        type: 'object',
        minProperties: 1,
        additionalProperties: false,
        properties: {
          rules: {
            type: 'array',
            maxItems: POINT_EARN_SOURCES.length,
            items: {
              type: 'object',
              required: ['source', 'perAmount', 'points'],
              additionalProperties: false,
              properties: {
                source: { type: 'string', enum: POINT_EARN_SOURCES },
                perAmount: { type: 'number', exclusiveMinimum: 0, maximum: 10_000_000, multipleOf: 0.01, description: 'every whole amount of this earns `points`' },
                points: { type: 'integer', minimum: 0, maximum: 1_000_000 },
              },
            },
          },
          convert: {
            type: 'object',
            required: ['points', 'amount', 'minPoints'],
            additionalProperties: false,
            properties: {
              points: { type: 'integer', minimum: 1, maximum: 1_000_000, description: 'this many points are worth `amount`' },
              amount: { type: 'number', minimum: 0, maximum: 1_000_000, multipleOf: 0.01 },
              minPoints: { type: 'integer', minimum: 1, maximum: 100_000_000 },
              enabled: { type: 'boolean', default: true },
            },
          },
        },
      },
      value: settingsValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { rules, convert } = request.body;
    const seen = new Set<string>();
    for (const rule of rules ?? []) {
      if (seen.has(rule.source)) throw invalid(`${rule.source} given twice`);
      seen.add(rule.source);
    }
    if (convert && convert.minPoints < convert.points) throw invalid('the minimum is at least the rate’s points');
    return auditedChange(auditContextOf(request, db, clock), { action: 'points.settings', targetType: 'merchant', targetId: String(merchantId), asked: { rules: rules ?? null, convert: convert ?? null } }, async () => {
      const before = await settingsOnWire(db, merchantId);
      await queries.upsertSettings(db, merchantId, {
        rules: rules?.map((rule) => ({ source: rule.source, perAmountMinor: transferAmountMinor(rule.perAmount), points: rule.points })),
        convert: convert && { points: convert.points, amountMinor: Math.round(convert.amount * 100), minPoints: convert.minPoints, enabled: convert.enabled ?? true },
      }, clock());
      const after = await settingsOnWire(db, merchantId);
      return { before, after, value: ok(after) };
    });
  });

  // ── The catalogue ──
  app.get('/points/items', {
    schema: apiSchema({ tags: ['operator'], summary: 'The point mall catalogue, disabled items included', headers: bearerHeader, value: listValue }),
  }, async (request) => ok({ list: (await queries.selectItems(db, operatorOf(request).merchantId, false)).map(itemOnWire) }));

  app.post<{ Body: ItemBody & { kind: PointItemKind; names: MessageTexts; point: number } }>('/points/items', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Add an item to the point mall',
      description: '400 operator.point.invalid: the fields of another kind (amount for credit and bonus, wageringMultiple for bonus, ticketCount for tickets).',
      headers: bearerHeader,
      body: { type: 'object', required: ['kind', 'names', 'point'], additionalProperties: false, properties: { kind: { type: 'string', enum: POINT_ITEM_KINDS }, ...itemFields } },
      value: itemValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const body = request.body;
    const item = mergedItem(
      { kind: body.kind, names: body.names, descriptions: {}, imageUrl: null, pricePoints: body.point, amountMinor: null, wageringMultiple: null, ticketCount: null, stock: null, memberLimit: null, enabled: true, position: 0 },
      body,
    );
    return auditedChange(auditContextOf(request, db, clock), { action: 'points.item_create', targetType: 'point_item', targetId: body.names.EN, asked: { ...body } }, async () => {
      const id = await queries.insertItem(db, merchantId, item, clock());
      const after = itemOnWire((await queries.selectItem(db, merchantId, id))!);
      return { before: null, after, value: ok(after) };
    });
  });

  app.post<{ Params: { id: number }; Body: ItemBody }>('/points/items/:id', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Change an item: texts, price, stock, limit, enabled (only the fields given)',
      description: '404 point.item.not.found; 400 operator.point.invalid. The kind never changes.',
      headers: bearerHeader,
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } } },
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: itemFields },
      value: itemValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const id = request.params.id;
    return auditedChange(auditContextOf(request, db, clock), { action: 'points.item_update', targetType: 'point_item', targetId: String(id), asked: { ...request.body } }, async () => {
      const before = await withTransaction(db, async (client) => {
        const current = await queries.selectItem(client, merchantId, id, true);
        if (!current) throw new AppError(404, 'point.item.not.found');
        const { id: _id, ...base } = current;
        await queries.updateItem(client, merchantId, id, mergedItem(base, request.body), clock());
        return itemOnWire(current);
      });
      const after = itemOnWire((await queries.selectItem(db, merchantId, id))!);
      return { before, after, value: ok(after) };
    });
  });

  // ── Redeems and deliveries ──
  app.get<{ Querystring: { status?: 'pending' | 'delivered' | 'physical' | 'all'; page?: number; size?: number } }>('/points/redeems', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Redeems, newest first: pending or delivered gifts, every physical one, or all',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: ['pending', 'delivered', 'physical', 'all'], default: 'all' },
          page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
          size: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
        },
      },
      value: listValue,
    }),
  }, async (request) => {
    const { status = 'all', page = 1, size = 50 } = request.query;
    const found = await queries.selectRedeems(db, { merchantId: operatorOf(request).merchantId, delivery: status, limit: size, offset: (page - 1) * size });
    return ok({ list: found.rows.map(redeemOnWire), total: found.total });
  });

  app.post<{ Params: { redeemId: number }; Body: { note?: string } }>('/points/redeems/:redeemId/deliver', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Mark a physical item delivered (once)',
      description: '404 point.redeem.not.found, 409 point.redeem.not.physical, 409 point.redeem.delivered (marked already).',
      headers: bearerHeader,
      params: { type: 'object', required: ['redeemId'], properties: { redeemId: { type: 'integer', minimum: 1, maximum: 9007199254740991 } } },
      body: { type: 'object', additionalProperties: false, properties: { note: { type: 'string', maxLength: 500 } } },
      value: anyObject,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { redeemId } = request.params;
    const note = request.body?.note?.trim() || null;
    // The delivery as the trail records it: the redeem's delivery state, by whom and the note.
    const delivery = (redeem: queries.RedeemRow | undefined) =>
      redeem && { redeemId: redeem.id, username: redeem.username, itemId: redeem.itemId, deliveryStatus: redeem.deliveryStatus, deliveredBy: redeem.deliveredBy, deliveryNote: redeem.deliveryNote };
    return auditedChange(auditContextOf(request, db, clock), { action: 'points.redeem_deliver', targetType: 'point_redeem', targetId: String(redeemId), asked: { note } }, async () => {
      const before = delivery(await queries.selectRedeem(db, operator.merchantId, redeemId));
      const redeem = await deliverRedeem(db, { merchantId: operator.merchantId, redeemId, by: operator.username, note, nowMs: clock() });
      return { before, after: delivery(redeem), value: ok(redeemOnWire(redeem)) };
    });
  });

  // ── A member's points ──
  app.get<{ Params: { username: string } }>('/points/members/:username', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "A member's points",
      description: '404 operator.member.not.found.',
      headers: bearerHeader,
      params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
      value: { type: 'object', required: ['username', 'point'], properties: { username: { type: 'string' }, point: { type: 'integer' } } },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const member = await queries.selectRealMember(db, merchantId, request.params.username);
    if (!member) throw new AppError(404, 'operator.member.not.found');
    return ok({ username: member.username, point: await queries.selectPointBalance(db, merchantId, member.id) });
  });

  app.post<{ Params: { username: string }; Body: { points: number; reason: string } }>('/points/members/:username/adjust', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Adjust a member's points (positive adds, negative takes; never below zero)",
      description: '404 operator.member.not.found, 409 point.insufficient (a debit beyond the balance). Idempotency-Key required: repeated, it moves once (replayed).',
      headers: { ...bearerHeader, ...IDEMPOTENCY_HEADER },
      params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
      body: {
        type: 'object',
        required: ['points', 'reason'],
        additionalProperties: false,
        properties: { points: { type: 'integer', minimum: -100_000_000, maximum: 100_000_000, not: { const: 0 } }, reason: { type: 'string', minLength: 1, maxLength: 200 } },
      },
      value: { type: 'object', required: ['username', 'point', 'replayed'], properties: { username: { type: 'string' }, point: { type: 'integer' }, replayed: { type: 'boolean' } } },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const idempotencyKey = operatorIdempotencyKeyOf(request);
    const { username } = request.params;
    const { points, reason } = request.body;
    return auditedChange(auditContextOf(request, db, clock), { action: 'points.adjust', targetType: 'member', targetId: username, asked: { points, reason, idempotencyKey } }, async () => {
      const member = await queries.selectRealMember(db, operator.merchantId, username);
      const before = member ? { point: await queries.selectPointBalance(db, operator.merchantId, member.id) } : null;
      const adjusted = await adjustPoints(db, { merchantId: operator.merchantId, username, points, reason, operatorId: operator.id, idempotencyKey, nowMs: clock() });
      return { before, after: { point: adjusted.point, replayed: adjusted.replayed }, value: ok(adjusted) };
    });
  });

  // ── A closed day's earning, counted again ──
  app.post<{ Body: { balanceDate: string } }>('/points/earn', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Count a closed day's points now (the job does it after each day): credits only what was not credited",
      description: '409 point.day.not.closed (today or later), 400 operator.point.invalid (not a date).',
      headers: bearerHeader,
      body: { type: 'object', required: ['balanceDate'], additionalProperties: false, properties: { balanceDate: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } } },
      value: { type: 'object', required: ['balanceDate', 'credits', 'points'], properties: { balanceDate: { type: 'string' }, credits: { type: 'integer' }, points: { type: 'integer' } } },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { balanceDate } = request.body;
    return auditedChange(auditContextOf(request, db, clock), { action: 'points.earn', targetType: 'merchant', targetId: String(merchantId), asked: { balanceDate } }, async () => {
      // Not a calendar date (2026-02-31): the count refuses it, and the database could not read it.
      const [year, month, day] = balanceDate.split('-').map(Number);
      const aDate = new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === balanceDate;
      const before = aDate ? { balanceDate, counted: await queries.dayCounted(db, merchantId, balanceDate) } : null;
      const earned = await earnDayByOperator(db, merchantId, balanceDate, clock());
      return { before, after: { balanceDate, counted: await queries.dayCounted(db, merchantId, balanceDate), credits: earned.credits, points: earned.points }, value: ok(earned) };
    });
  });
}
