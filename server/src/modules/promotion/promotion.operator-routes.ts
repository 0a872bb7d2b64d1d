import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { minorToMajor } from '../ledger';
import type { SecretsKey } from '../../secrets-key';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { issuePromotion, reviewApplication } from './promotion.applications';
import { labelIdsByName, labelNamesById } from '../member-label';
import { selectApplication, selectApplicationImages, selectApplications, selectClaimStates, selectVipLadderLevels } from './promotion.queries';

// The operators' promotions (/ops/v1, registered behind the operator token check by app.ts through
// operatorRoutes' extraRoutes; content staff and admins, operator-roles.ts): the list with what
// each has cost, creating one, changing its rules, pausing and resuming it, and its claims. Every
// change is audited. Rules are written as the seed writes them (amounts in major units) and the
// database's checks (migration 053) refuse a promotion that could not pay: 400
// operator.promotion.invalid with the rule that failed.

// Whole cents are checked by columnsOf, not by multipleOf: in binary floating point 7.77 is no
// multiple of 0.01, and the schema would refuse it.
const MAJOR = { type: 'number', minimum: 0.01, maximum: 100_000_000 } as const;
const TEXT = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;

const rulesSchema = {
  type: ['object', 'null'],
  required: ['trigger', 'reward', 'wagering'],
  additionalProperties: false,
  properties: {
    trigger: { type: 'string', enum: ['registration', 'first_deposit', 'deposit', 'promo_code', 'sign_in', 'bet_volume', 'net_loss', 'application', 'issued'] },
    repeat: { type: 'string', enum: ['once', 'daily'], description: 'daily: sign_in, bet_volume and net_loss always; a deposit promotion may (daily reload)' },
    reward: {
      type: 'object',
      required: ['kind'],
      additionalProperties: false,
      properties: {
        kind: { type: 'string', enum: ['fixed', 'percent', 'streak', 'tickets', 'points'] },
        amount: MAJOR,
        percent: { type: 'number', minimum: 0.01, maximum: 1000 },
        cap: MAJOR,
        streak: { type: 'array', minItems: 1, maxItems: 31, items: MAJOR, description: 'sign_in: the reward of each streak day, day 1 first' },
        tickets: { type: 'integer', minimum: 1, maximum: 100, description: 'prize-wheel tickets' },
        points: { type: 'integer', minimum: 1, maximum: 1_000_000, description: 'loyalty points' },
      },
    },
    minDeposit: MAJOR,
    minBet: { ...MAJOR, description: "bet_volume: a day's stake that earns the reward" },
    minLoss: { ...MAJOR, description: "net_loss: a day's loss that earns a share of it back the next day" },
    wagering: {
      type: 'object',
      required: ['multiplier'],
      additionalProperties: false,
      properties: {
        multiplier: { type: 'number', minimum: 0, maximum: 1000 },
        includesDeposit: { type: 'boolean' },
        withinDays: { type: 'integer', minimum: 1, maximum: 3650 },
      },
    },
    claimWindowHours: { type: 'integer', minimum: 1, maximum: 87600 },
    newPlayerDays: { type: 'integer', minimum: 1, maximum: 3650 },
    requires: { type: 'array', uniqueItems: true, items: { type: 'string', enum: ['mobile_verified', 'bank_card', 'real_name'] } },
    onePerPerson: { type: 'boolean' },
    promoCode: { type: 'string', pattern: '^[A-Za-z0-9]{4,20}$' },
  },
} as const;

const promotionFields = {
  category: { type: 'string', enum: ['new_player', 'limited', 'special_offer', 'daily', 'high_rebate', 'vip'] },
  title: TEXT(200),
  imageUrl: TEXT(500),
  content: { type: 'string', maxLength: 20000, description: 'The terms, HTML (the pages sanitize it)' },
  startTime: { type: ['integer', 'null'], minimum: 0, description: 'epoch ms; null: from now' },
  endTime: { type: ['integer', 'null'], minimum: 0, description: 'epoch ms; null: no end' },
  sortOrder: { type: 'integer', minimum: 0, maximum: 100000 },
  texts: {
    type: 'object',
    description: 'Title and terms per language (BN CN EN ID TH TY VI), either optional; the whole set is replaced',
    additionalProperties: false,
    properties: Object.fromEntries(
      ['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'].map((language) => [
        language,
        { type: 'object', additionalProperties: false, properties: { title: { type: 'string', maxLength: 200 }, content: { type: 'string', maxLength: 20000 } } },
      ]),
    ),
  },
  rules: rulesSchema,
  audience: {
    type: 'object',
    additionalProperties: false,
    description: 'Who it is for besides its new-player rule (only the keys given change; null: everyone)',
    properties: {
      vipLevels: { type: ['array', 'null'], minItems: 1, maxItems: 21, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 20 }, description: "levels of the merchant's VIP ladder" },
      labels: { type: ['array', 'null'], minItems: 1, maxItems: 50, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 40 }, description: 'member label names: members carrying any of them' },
    },
  },
} as const;

interface Rules {
  trigger: 'registration' | 'first_deposit' | 'deposit' | 'promo_code' | 'sign_in' | 'bet_volume' | 'net_loss' | 'application' | 'issued';
  repeat?: 'once' | 'daily';
  reward: { kind: 'fixed' | 'percent' | 'streak' | 'tickets' | 'points'; amount?: number; percent?: number; cap?: number; streak?: number[]; tickets?: number; points?: number };
  minDeposit?: number;
  minBet?: number;
  minLoss?: number;
  wagering: { multiplier: number; includesDeposit?: boolean; withinDays?: number };
  claimWindowHours?: number;
  newPlayerDays?: number;
  requires?: string[];
  onePerPerson?: boolean;
  promoCode?: string;
}
interface PromotionInput {
  category?: string;
  title?: string;
  imageUrl?: string;
  content?: string;
  startTime?: number | null;
  endTime?: number | null;
  sortOrder?: number;
  texts?: Record<string, { title?: string; content?: string }>;
  rules?: Rules | null;
  audience?: { vipLevels?: number[] | null; labels?: string[] | null };
}

/** An amount, percentage or multiplier in hundredths (cents, basis points, ×100); refused when finer. */
function hundredths(value: number): number {
  const whole = Math.round(value * 100);
  if (Math.abs(value * 100 - whole) > 1e-6) throw new AppError(400, 'operator.promotion.invalid', { detail: `${value} has more than two decimals` });
  return whole;
}
const minor = (major: number | undefined): number | null => (major === undefined ? null : hundredths(major));

/** The columns an input sets (only those it names; `rules: null` makes a promotion to read only). */
function columnsOf(input: PromotionInput): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (input.category !== undefined) columns.category = input.category;
  if (input.title !== undefined) columns.title = input.title;
  if (input.imageUrl !== undefined) columns.image_url = input.imageUrl;
  if (input.content !== undefined) columns.content = input.content;
  if (input.sortOrder !== undefined) columns.sort_order = input.sortOrder;
  if (input.texts !== undefined) columns.texts = JSON.stringify(input.texts);
  if (input.startTime !== undefined) columns.starts_at = input.startTime === null ? null : new Date(input.startTime);
  if (input.endTime !== undefined) columns.ends_at = input.endTime === null ? null : new Date(input.endTime);
  if (input.rules !== undefined) {
    const rules = input.rules;
    const requires = rules?.requires ?? [];
    Object.assign(columns, {
      trigger: rules?.trigger ?? 'none',
      reward_kind: rules?.reward.kind ?? null,
      reward_fixed_minor: rules?.reward.kind === 'fixed' ? minor(rules.reward.amount) : null,
      reward_basis_points: rules?.reward.kind === 'percent' && rules.reward.percent !== undefined ? hundredths(rules.reward.percent) : null,
      reward_cap_minor: rules?.reward.kind === 'percent' ? minor(rules.reward.cap) : null,
      min_deposit_minor: minor(rules?.minDeposit),
      repeat: rules?.repeat ?? (rules && ['sign_in', 'bet_volume', 'net_loss'].includes(rules.trigger) ? 'daily' : 'once'),
      sign_in_rewards_minor: rules?.reward.kind === 'streak' ? (rules.reward.streak ?? []).map((amount) => minor(amount)) : null,
      reward_tickets: rules?.reward.kind === 'tickets' ? rules.reward.tickets ?? null : null,
      reward_points: rules?.reward.kind === 'points' ? rules.reward.points ?? null : null,
      min_bet_minor: minor(rules?.minBet),
      min_loss_minor: minor(rules?.minLoss),
      wagering_multiplier_x100: hundredths(rules?.wagering.multiplier ?? 0),
      wagering_includes_deposit: rules?.wagering.includesDeposit ?? false,
      wager_within_days: rules?.wagering.withinDays ?? null,
      claim_window_hours: rules?.claimWindowHours ?? null,
      new_player_days: rules?.newPlayerDays ?? null,
      requires_mobile_verified: requires.includes('mobile_verified'),
      requires_bank_card: requires.includes('bank_card'),
      requires_real_name: requires.includes('real_name'),
      one_per_person: rules?.onePerPerson ?? false,
      promo_code: rules?.promoCode?.toUpperCase() ?? null,
    });
  }
  return columns;
}

/**
 * The audience columns an input sets: VIP levels the merchant's ladder has, labels by name turned
 * into their ids (a name the merchant has no label of is refused).
 */
async function audienceColumnsOf(db: pg.Pool, merchantId: number, audience: PromotionInput['audience']): Promise<Record<string, unknown>> {
  const columns: Record<string, unknown> = {};
  if (audience?.vipLevels !== undefined) {
    const levels = audience.vipLevels;
    if (levels !== null) {
      const ladder = await selectVipLadderLevels(db, merchantId);
      const unknown = levels.filter((level) => level !== 0 && !ladder.includes(level));
      if (unknown.length > 0) throw new AppError(400, 'operator.promotion.invalid', { detail: `no VIP level ${unknown.join(', ')}` });
    }
    columns.audience_vip_levels = levels;
  }
  if (audience?.labels !== undefined) {
    if (audience.labels === null) columns.audience_label_ids = null;
    else {
      const { ids, missing } = await labelIdsByName(db, merchantId, audience.labels.map((name) => name.trim()));
      if (missing.length > 0) throw new AppError(400, 'operator.promotion.invalid', { detail: `no member label ${missing.join(', ')}` });
      columns.audience_label_ids = ids;
    }
  }
  return columns;
}

/** A database check that refused the promotion, in words: 400 for the operator. */
function refusedBy(error: unknown): never {
  const failure = error as { code?: string; constraint?: string };
  if (failure.code === '23514' || failure.code === '23505') {
    throw new AppError(400, 'operator.promotion.invalid', { detail: failure.code === '23505' ? 'that promo code is in use' : `rule ${failure.constraint ?? 'check'} is not met` });
  }
  throw error;
}

interface PromotionSummary {
  id: number;
  title: string;
  category: string;
  trigger: string;
  enabled: boolean;
  promoCode: string | null;
  startTime: number | null;
  endTime: number | null;
  joined: number;
  claimed: number;
  takenBack: number;
  cost: number;
  audience: { vipLevels: number[] | null; labels: string[] | null };
}

async function listWithCost(db: pg.Pool, merchantId: number): Promise<PromotionSummary[]> {
  const result = await db.query<{
    id: number; title: string; category: string; trigger: string; enabled: boolean; promo_code: string | null; starts_at: Date | null; ends_at: Date | null;
    joined: number; claimed: number; taken_back: number; cost_minor: string; audience_vip_levels: number[] | null; audience_label_ids: number[] | null;
  }>(
    `SELECT p.id, p.title, p.category, p.trigger, p.enabled, p.promo_code, p.starts_at, p.ends_at, p.audience_vip_levels, p.audience_label_ids,
            count(c.id) FILTER (WHERE c.state = 'joined')::int AS joined,
            count(c.id) FILTER (WHERE c.state IN ('claimed', 'taken_back'))::int AS claimed,
            count(c.id) FILTER (WHERE c.state = 'taken_back')::int AS taken_back,
            coalesce(sum(c.bonus_minor) FILTER (WHERE c.state IN ('claimed', 'taken_back')), 0) - coalesce(sum(c.taken_back_minor), 0) AS cost_minor
       FROM promotion p LEFT JOIN promotion_claim c ON c.promotion_id = p.id
      WHERE p.merchant_id = $1 GROUP BY p.id ORDER BY p.sort_order, p.id`,
    [merchantId],
  );
  const labelIds = [...new Set(result.rows.flatMap((row) => row.audience_label_ids ?? []))];
  const names = await labelNamesById(db, merchantId, labelIds);
  return result.rows.map((row) => ({
    id: row.id, title: row.title, category: row.category, trigger: row.trigger, enabled: row.enabled, promoCode: row.promo_code,
    startTime: row.starts_at?.getTime() ?? null, endTime: row.ends_at?.getTime() ?? null,
    joined: row.joined, claimed: row.claimed, takenBack: row.taken_back, cost: minorToMajor(Number(row.cost_minor)),
    audience: {
      vipLevels: row.audience_vip_levels === null ? null : [...row.audience_vip_levels].sort((a, b) => a - b),
      labels: row.audience_label_ids === null ? null : row.audience_label_ids.map((id) => names.get(id) ?? `#${id}`),
    },
  }));
}

/** A promotion as the operators' form edits it: the very fields POST /promotions(/:id) takes. */
interface PromotionDetail extends Required<Omit<PromotionInput, 'audience'>> {
  id: number;
  enabled: boolean;
  audience: { vipLevels: number[] | null; labels: string[] | null };
}

/** The rules of a promotion's columns, as columnsOf reads them (null: one to read only). */
function rulesOf(row: Record<string, unknown>): Rules | null {
  if (row.trigger === 'none') return null;
  const major = (value: unknown) => (value === null || value === undefined ? undefined : minorToMajor(Number(value)));
  const kind = row.reward_kind as Rules['reward']['kind'];
  const reward: Rules['reward'] = { kind };
  if (kind === 'fixed') reward.amount = major(row.reward_fixed_minor);
  if (kind === 'percent') {
    if (row.reward_basis_points !== null) reward.percent = Number(row.reward_basis_points) / 100;
    reward.cap = major(row.reward_cap_minor);
  }
  if (kind === 'streak') reward.streak = ((row.sign_in_rewards_minor as string[] | null) ?? []).map((value) => minorToMajor(Number(value)));
  if (kind === 'tickets' && row.reward_tickets !== null) reward.tickets = Number(row.reward_tickets);
  if (kind === 'points' && row.reward_points !== null) reward.points = Number(row.reward_points);
  const requires = (['mobile_verified', 'bank_card', 'real_name'] as const).filter((name) => row[`requires_${name}`] === true);
  const rules: Rules = {
    trigger: row.trigger as Rules['trigger'],
    repeat: row.repeat as 'once' | 'daily',
    reward: Object.fromEntries(Object.entries(reward).filter(([, value]) => value !== undefined)) as Rules['reward'],
    wagering: { multiplier: Number(row.wagering_multiplier_x100) / 100, includesDeposit: row.wagering_includes_deposit === true },
    onePerPerson: row.one_per_person === true,
    requires,
  };
  if (row.wager_within_days !== null) rules.wagering.withinDays = Number(row.wager_within_days);
  const minDeposit = major(row.min_deposit_minor);
  if (minDeposit !== undefined) rules.minDeposit = minDeposit;
  const minBet = major(row.min_bet_minor);
  if (minBet !== undefined) rules.minBet = minBet;
  const minLoss = major(row.min_loss_minor);
  if (minLoss !== undefined) rules.minLoss = minLoss;
  if (row.claim_window_hours !== null) rules.claimWindowHours = Number(row.claim_window_hours);
  if (row.new_player_days !== null) rules.newPlayerDays = Number(row.new_player_days);
  if (row.promo_code !== null) rules.promoCode = String(row.promo_code);
  return rules;
}

async function detailOf(db: pg.Pool, merchantId: number, id: number): Promise<PromotionDetail> {
  const result = await db.query<Record<string, unknown> & { id: number; enabled: boolean; category: string; title: string; image_url: string; content: string; starts_at: Date | null; ends_at: Date | null; sort_order: number; texts: PromotionDetail['texts']; audience_vip_levels: number[] | null; audience_label_ids: number[] | null }>(
    'SELECT * FROM promotion WHERE merchant_id = $1 AND id = $2',
    [merchantId, id],
  );
  const row = result.rows[0];
  if (!row) throw new AppError(404, 'promotion.not.found');
  const names = row.audience_label_ids === null ? null : await labelNamesById(db, merchantId, row.audience_label_ids);
  return {
    id: row.id, enabled: row.enabled, category: row.category, title: row.title, imageUrl: row.image_url, content: row.content,
    startTime: row.starts_at?.getTime() ?? null, endTime: row.ends_at?.getTime() ?? null, sortOrder: row.sort_order, texts: row.texts ?? {},
    rules: rulesOf(row),
    audience: {
      vipLevels: row.audience_vip_levels === null ? null : [...row.audience_vip_levels].sort((a, b) => a - b),
      labels: row.audience_label_ids === null || names === null ? null : row.audience_label_ids.map((labelId) => names.get(labelId) ?? `#${labelId}`),
    },
  };
}

/**
 * A promotion as the audit trail records a change to it: the fields the change touched (all of
 * them for a new one), without the terms and their translations, which can be long and which the
 * started row keeps as asked.
 */
function auditedPromotion(detail: PromotionDetail, touched?: readonly string[]): Record<string, unknown> {
  const { content, texts, ...fields } = detail;
  if (touched === undefined) return fields;
  const all: Record<string, unknown> = { ...fields, content, texts };
  return Object.fromEntries(['id', ...touched].filter((name) => name in all).map((name) => [name, all[name]]));
}

const summaryItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, title: { type: 'string' }, category: { type: 'string' }, trigger: { type: 'string' }, enabled: { type: 'boolean' },
    promoCode: { type: ['string', 'null'] }, startTime: { type: ['integer', 'null'] }, endTime: { type: ['integer', 'null'] },
    joined: { type: 'integer' }, claimed: { type: 'integer' }, takenBack: { type: 'integer' }, cost: { type: 'number', description: 'bonuses paid less taken back' },
    audience: {
      type: 'object',
      properties: { vipLevels: { type: ['array', 'null'], items: { type: 'integer' } }, labels: { type: ['array', 'null'], items: { type: 'string' } } },
    },
  },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;

export function promotionOperatorRoutes(secretsKey: SecretsKey): FastifyPluginAsync<{ db: pg.Pool; clock: Clock }> {
  return async (app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }) => {
    await promotionRulesRoutes(app, { db, clock });
    await decisionRoutes(app, { db, clock, secretsKey });
  };
}

async function promotionRulesRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  const summaryOf = async (merchantId: number, id: number) => {
    const summary = (await listWithCost(db, merchantId)).find((promotion) => promotion.id === id);
    if (!summary) throw new AppError(404, 'promotion.not.found');
    return summary;
  };

  app.get('/promotions', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's promotions with their claims and what they cost",
      headers: bearerHeader,
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: summaryItem } } },
    }),
  }, async (request) => ok({ list: await listWithCost(db, operatorOf(request).merchantId) }));

  app.get<{ Params: { id: number } }>('/promotions/:id', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'A promotion as its form edits it: the fields POST /promotions/:id takes (rules null: one to read only)',
      headers: bearerHeader,
      params: idParams,
      value: { type: 'object', properties: { id: { type: 'integer' }, enabled: { type: 'boolean' }, ...promotionFields } },
    }),
  }, async (request) => ok(await detailOf(db, operatorOf(request).merchantId, request.params.id)));

  app.post<{ Body: PromotionInput & { category: string; title: string; imageUrl: string } }>('/promotions', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Create a promotion (paused until resumed when `enabled` is false)',
      headers: bearerHeader,
      body: { type: 'object', required: ['category', 'title', 'imageUrl'], additionalProperties: false, properties: { ...promotionFields, enabled: { type: 'boolean', default: true } } },
      value: summaryItem,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { enabled, ...input } = request.body as PromotionInput & { enabled: boolean };
    return auditedChange(auditContextOf(request, db, clock), { action: 'promotion.create', targetType: 'promotion', targetId: input.title ?? '', asked: { ...input } }, async () => {
      const columns = { merchant_id: merchantId, enabled, content: '', ...columnsOf(input), ...(await audienceColumnsOf(db, merchantId, input.audience)) };
      const names = Object.keys(columns);
      const created = await db
        .query<{ id: number }>(`INSERT INTO promotion (${names.join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`, Object.values(columns))
        .catch(refusedBy);
      const id = created.rows[0].id;
      return { before: null, after: auditedPromotion(await detailOf(db, merchantId, id)), value: ok(await summaryOf(merchantId, id)) };
    });
  });

  app.post<{ Params: { id: number }; Body: PromotionInput }>('/promotions/:id', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Change a promotion's texts, schedule or rules (only the fields given); bonuses already paid keep theirs",
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: promotionFields },
      value: summaryItem,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { id } = request.params;
    return auditedChange(auditContextOf(request, db, clock), { action: 'promotion.update', targetType: 'promotion', targetId: String(id), asked: { ...request.body } }, async () => {
      const touched = Object.keys(request.body);
      const before = auditedPromotion(await detailOf(db, merchantId, id), touched);
      const columns = { ...columnsOf(request.body), ...(await audienceColumnsOf(db, merchantId, request.body.audience)) };
      const names = Object.keys(columns);
      const updated = await db
        .query(`UPDATE promotion SET ${names.map((name, index) => `${name} = $${index + 3}`).join(', ')} WHERE merchant_id = $1 AND id = $2`, [merchantId, id, ...Object.values(columns)])
        .catch(refusedBy);
      if (updated.rowCount === 0) throw new AppError(404, 'promotion.not.found');
      return { before, after: auditedPromotion(await detailOf(db, merchantId, id), touched), value: ok(await summaryOf(merchantId, id)) };
    });
  });

  for (const [action, enabled] of [['pause', false], ['resume', true]] as const) {
    app.post<{ Params: { id: number } }>(`/promotions/:id/${action}`, {
      schema: apiSchema({
        tags: ['operator'],
        summary: enabled ? 'Show the promotion again' : 'Hide the promotion: no one sees, joins or claims it (bonuses paid stay)',
        headers: bearerHeader,
        params: idParams,
        value: summaryItem,
      }),
    }, async (request) => {
      const merchantId = operatorOf(request).merchantId;
      const { id } = request.params;
      return auditedChange(auditContextOf(request, db, clock), { action: `promotion.${action}`, targetType: 'promotion', targetId: String(id) }, async () => {
        const before = await summaryOf(merchantId, id);
        const changed = await db.query('UPDATE promotion SET enabled = $3 WHERE merchant_id = $1 AND id = $2', [merchantId, id, enabled]);
        if (changed.rowCount === 0) throw new AppError(404, 'promotion.not.found');
        const after = await summaryOf(merchantId, id);
        return { before: { id, title: before.title, enabled: before.enabled }, after: { id, title: after.title, enabled: after.enabled }, value: ok(after) };
      });
    });
  }

  app.get<{ Params: { id: number } }>('/promotions/:id/claims', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "A promotion's members: joined, applying, rejected, claimed (the bonus or tickets, the wagering it asked; a daily one per day) and taken back, newest first",
      headers: bearerHeader,
      params: idParams,
      value: {
        type: 'object',
        required: ['list'],
        properties: {
          list: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                username: { type: 'string' }, state: { type: 'string' }, joinedAt: { type: 'integer' }, claimedAt: { type: ['integer', 'null'] },
                period: { type: 'string', description: "A daily promotion's merchant day (YYYY-MM-DD); '' for one that pays once" },
                tickets: { type: ['integer', 'null'] }, points: { type: ['integer', 'null'] }, streak: { type: ['integer', 'null'] },
                bonus: { type: ['number', 'null'] }, requirement: { type: ['number', 'null'] }, deposit: { type: ['number', 'null'] }, takenBack: { type: ['number', 'null'] },
              },
            },
          },
        },
      },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    await summaryOf(merchantId, request.params.id);
    const result = await db.query<{
      username: string; state: string; joined_at: Date; claimed_at: Date | null; bonus_minor: string | null; requirement_minor: string | null; deposit_minor: string | null; taken_back_minor: string | null;
      period_key: string; tickets: number | null; points: number | null; streak: number | null;
    }>(
      `SELECT m.username, c.state, c.joined_at, c.claimed_at, c.bonus_minor, c.requirement_minor, c.deposit_minor, c.taken_back_minor,
              c.period_key, c.tickets, c.points, c.streak
         FROM promotion_claim c JOIN member m ON m.id = c.member_id
        WHERE c.merchant_id = $1 AND c.promotion_id = $2 ORDER BY c.id DESC LIMIT 500`,
      [merchantId, request.params.id],
    );
    const major = (value: string | null) => (value === null ? null : minorToMajor(Number(value)));
    return ok({
      list: result.rows.map((row) => ({
        username: row.username, state: row.state, joinedAt: row.joined_at.getTime(), claimedAt: row.claimed_at?.getTime() ?? null,
        period: row.period_key, tickets: row.tickets, points: row.points, streak: row.streak,
        bonus: major(row.bonus_minor), requirement: major(row.requirement_minor), deposit: major(row.deposit_minor), takenBack: major(row.taken_back_minor),
      })),
    });
  });
}

const applicationItem = {
  type: 'object',
  properties: {
    claimId: { type: 'integer' }, promotionId: { type: 'integer' }, promotionTitle: { type: 'string' }, username: { type: 'string' },
    state: { type: 'string', description: 'applying (waiting), claimed (approved and paid), rejected' }, comment: { type: 'string' },
    imageCount: { type: 'integer' }, appliedAt: { type: 'integer' }, reviewedAt: { type: ['integer', 'null'] }, reviewedBy: { type: ['string', 'null'] },
    rejectReason: { type: ['string', 'null'] },
  },
} as const;
const claimParams = { type: 'object', required: ['claimId'], properties: { claimId: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } } as const;

/**
 * An application's review as the audit trail records it: the application before (waiting) and
 * after (decided, and what it paid).
 */
async function reviewedChange<T extends { bonus: number | null; tickets: number | null; points: number | null }>(
  db: pg.Pool,
  merchantId: number,
  claimId: number,
  review: () => Promise<T>,
) {
  const compact = async () => {
    const application = await selectApplication(db, merchantId, claimId);
    if (!application) throw new AppError(404, 'promotion.application.not.found');
    const { claimId: id, promotionId, username, state, reviewedBy, rejectReason } = application;
    return { claimId: id, promotionId, username, state, reviewedBy, rejectReason };
  };
  const before = await compact();
  const reviewed = await review();
  return { before, after: { ...(await compact()), bonus: reviewed.bonus, tickets: reviewed.tickets, points: reviewed.points }, value: ok(reviewed) };
}

/** Applications reviewed and promotions issued: the operators' decisions that pay a reward. */
async function decisionRoutes(app: FastifyInstance, { db, clock, secretsKey }: { db: pg.Pool; clock: Clock; secretsKey: SecretsKey }): Promise<void> {
  const decisionOf = (operator: { merchantId: number; username: string }) => ({ merchantId: operator.merchantId, reviewedBy: operator.username, nowMs: clock(), secretsKey });

  app.get<{ Querystring: { waiting?: boolean } }>('/promotions/applications', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Applications for promotions: those waiting first (oldest first), then the reviewed; waiting=true for the waiting only',
      headers: bearerHeader,
      querystring: { type: 'object', additionalProperties: false, properties: { waiting: { type: 'boolean' } } },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: applicationItem } } },
    }),
  }, async (request) => {
    const list = await selectApplications(db, operatorOf(request).merchantId, request.query.waiting === true);
    return ok({
      list: list.map(({ appliedAtMs, reviewedAtMs, ...item }) => ({ ...item, appliedAt: appliedAtMs, reviewedAt: reviewedAtMs })),
    });
  });

  app.get<{ Params: { claimId: number } }>('/promotions/applications/:claimId/images', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "An application's images, as data URLs",
      headers: bearerHeader,
      params: claimParams,
      value: { type: 'object', required: ['images'], properties: { images: { type: 'array', items: { type: 'string' } } } },
    }),
  }, async (request) => ok({ images: await selectApplicationImages(db, operatorOf(request).merchantId, request.params.claimId) }));

  const reviewed = {
    type: 'object',
    properties: {
      claimId: { type: 'integer' }, state: { type: 'string' }, bonus: { type: ['number', 'null'] }, tickets: { type: ['integer', 'null'] }, points: { type: ['integer', 'null'] },
    },
  } as const;

  app.post<{ Params: { claimId: number } }>('/promotions/applications/:claimId/approve', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Approve an application: its reward is paid now, once (409 promotion.application.reviewed when it was decided before)",
      headers: bearerHeader,
      params: claimParams,
      value: reviewed,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { claimId } = request.params;
    return auditedChange(auditContextOf(request, db, clock), { action: 'promotion.approve_application', targetType: 'promotion_claim', targetId: String(claimId) }, async () =>
      reviewedChange(db, operator.merchantId, claimId, () => reviewApplication(db, decisionOf(operator), claimId, { approve: true })),
    );
  });

  app.post<{ Params: { claimId: number }; Body: { reason: string } }>('/promotions/applications/:claimId/reject', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Reject an application with the reason the member reads on the promotion',
      headers: bearerHeader,
      params: claimParams,
      body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' } } },
      value: reviewed,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { claimId } = request.params;
    const reason = request.body.reason.trim();
    return auditedChange(auditContextOf(request, db, clock), { action: 'promotion.reject_application', targetType: 'promotion_claim', targetId: String(claimId), asked: { reason } }, async () =>
      reviewedChange(db, operator.merchantId, claimId, () => reviewApplication(db, decisionOf(operator), claimId, { approve: false, reason })),
    );
  });

  app.post<{ Params: { id: number }; Body: { usernames: string[] } }>('/promotions/:id/issue', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Issue an issued promotion's reward to members (each once; the outcome per member: issued, already_issued, member_not_found or the refusal's code)",
      headers: bearerHeader,
      params: idParams,
      body: {
        type: 'object',
        required: ['usernames'],
        additionalProperties: false,
        properties: { usernames: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } } },
      },
      value: {
        type: 'object',
        required: ['list'],
        properties: { list: { type: 'array', items: { type: 'object', properties: { username: { type: 'string' }, outcome: { type: 'string' } } } } },
      },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { id } = request.params;
    const { usernames } = request.body;
    return auditedChange(auditContextOf(request, db, clock), { action: 'promotion.issue', targetType: 'promotion', targetId: String(id), asked: { usernames } }, async () => {
      // Each member's claim on the promotion before and after (null: none); a member not found is
      // simply absent from both.
      const before = await selectClaimStates(db, operator.merchantId, id, usernames);
      const list = await issuePromotion(db, decisionOf(operator), id, usernames);
      return { before: { claims: before }, after: { claims: await selectClaimStates(db, operator.merchantId, id, usernames) }, value: ok({ list }) };
    });
  });
}
