import { MISSION_DEVICES, MISSION_LEADERBOARD_METRICS, MISSION_MILESTONE_KINDS, MISSION_MONEY_KINDS, type MissionMilestoneKind } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { minorToMajor } from '../ledger';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { readWithdrawSettings } from '../withdrawal';
import * as queries from './mission.queries';
import { countedWindow, statusOf } from './mission.rules';
import { rankingOf, textsOf } from './mission.service';

// The operators' missions (/ops/v1, registered behind the operator token check by app.ts through
// operatorRoutes' extraRoutes; content staff write them as they write promotions, risk reads them:
// operator-roles.ts): the list with what each has paid, creating one with its milestones and
// leaderboard prizes, changing it, pausing and resuming it, a member's progress, and the claims
// and leaderboard payouts. Every change is audited. Times are written in the merchant's time zone
// ("YYYY-MM-DD HH:mm", the offset of its withdraw settings), amounts in major units. A milestone
// someone has claimed keeps its target and reward, and prizes paid keep theirs: changing them is
// refused (operator.mission.invalid), as is anything the database's checks refuse.

const LANGUAGES = ['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'] as const;
const LOCAL_TIME = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$', description: "YYYY-MM-DD HH:mm in the merchant's time zone" } as const;
const MAJOR = { type: 'number', minimum: 0.01, maximum: 100_000_000 } as const;
const MULTIPLIER = { type: 'number', minimum: 0, maximum: 100, default: 1, description: 'times the reward to wager before withdrawing' } as const;

const textsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        type: 'object',
        additionalProperties: false,
        properties: { title: { type: 'string', maxLength: 100 }, description: { type: 'string', maxLength: 500 }, rules: { type: 'string', maxLength: 5000 } },
      },
    ]),
  ),
} as const;

const milestoneSchema = {
  type: 'object',
  required: ['kind', 'target', 'reward'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: MISSION_MILESTONE_KINDS },
    target: { type: 'number', minimum: 0.01, maximum: 100_000_000, description: 'stake, deposits, wins: major units; sign_ins: days; variety: games (whole numbers)' },
    reward: {
      type: 'object',
      additionalProperties: false,
      properties: { amount: MAJOR, tickets: { type: 'integer', minimum: 1, maximum: 100 }, wageringMultiplier: MULTIPLIER },
      description: 'amount (money) or tickets (prize-wheel spins), one of the two',
    },
  },
} as const;

const prizeSchema = {
  type: 'object',
  required: ['rank', 'amount'],
  additionalProperties: false,
  properties: { rank: { type: 'integer', minimum: 1, maximum: 100 }, amount: MAJOR, wageringMultiplier: MULTIPLIER },
} as const;

const missionFields = {
  name: { type: 'string', minLength: 1, maxLength: 100 },
  texts: textsSchema,
  start: LOCAL_TIME,
  end: LOCAL_TIME,
  device: { type: 'string', enum: MISSION_DEVICES },
  minVipLevel: { type: 'integer', minimum: 0, maximum: 99 },
  leaderboardMetric: { type: ['string', 'null'], enum: [...MISSION_LEADERBOARD_METRICS, null] },
  milestones: { type: 'array', maxItems: 20, items: milestoneSchema, description: 'replaces the milestones (claimed ones must stay as they are)' },
  prizes: { type: 'array', maxItems: 100, items: prizeSchema, description: 'replaces the leaderboard prizes (refused once paid)' },
} as const;

interface MilestoneInput {
  kind: MissionMilestoneKind;
  target: number;
  reward: { amount?: number; tickets?: number; wageringMultiplier?: number };
}

interface MissionInput {
  name?: string;
  texts?: Record<string, { title?: string; description?: string; rules?: string }>;
  start?: string;
  end?: string;
  device?: string;
  minVipLevel?: number;
  leaderboardMetric?: string | null;
  milestones?: MilestoneInput[];
  prizes?: { rank: number; amount: number; wageringMultiplier?: number }[];
}

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;
const invalid = (detail: string) => new AppError(400, 'operator.mission.invalid', { detail });

/** Whole minor units of a major amount; a fraction of a cent is refused, not rounded. */
function minorOf(major: number, what: string): number {
  const minor = Math.round(major * 100);
  if (Math.abs(minor - major * 100) > 1e-6) throw invalid(`${what} ${major} has more than two decimals`);
  return minor;
}

const multiplierX100 = (multiplier: number | undefined) => Math.round((multiplier ?? 1) * 100);

function localToMs(text: string, offsetMinutes: number): number {
  const [date, time] = text.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(ms);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) throw invalid(`${text} is no time`);
  return ms - offsetMinutes * 60_000;
}

const msToLocal = (ms: number, offsetMinutes: number) => new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');

/** A milestone's row values, checked: whole days and games, exactly one kind of reward. */
function milestoneColumns(input: MilestoneInput, index: number) {
  const money = MISSION_MONEY_KINDS.includes(input.kind);
  const target = money ? minorOf(input.target, `milestone ${index + 1} target`) : input.target;
  if (!money && !Number.isInteger(target)) throw invalid(`milestone ${index + 1}: a ${input.kind} target is a whole number`);
  const { amount, tickets } = input.reward;
  if ((amount === undefined) === (tickets === undefined)) throw invalid(`milestone ${index + 1}: a reward is an amount or tickets, one of the two`);
  return {
    kind: input.kind,
    target,
    rewardKind: amount !== undefined ? 'money' : 'tickets',
    rewardMinor: amount !== undefined ? minorOf(amount, `milestone ${index + 1} reward`) : null,
    rewardTickets: tickets ?? null,
    multiplierX100: multiplierX100(input.reward.wageringMultiplier),
    sortOrder: index,
  };
}

/** A database check refusing the change: the operator's error with the constraint that failed. */
function refusedBy(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === '23514' || code === '23505' || code === '23503') throw invalid((error as { constraint?: string }).constraint ?? 'a rule of the mission');
  throw error;
}

async function summaryOf(db: pg.Pool, merchantId: number, missionId: number, nowMs: number) {
  const mission = await queries.selectMission(db, merchantId, missionId);
  if (!mission) throw new AppError(404, 'mission.not.found');
  const offsetMinutes = (await readWithdrawSettings(db, merchantId)).timeZoneOffsetMinutes;
  const [milestones, prizes, totals] = await Promise.all([
    queries.selectMilestones(db, [missionId]),
    queries.selectPrizes(db, missionId),
    db.query<{ claims: number; claimedMinor: number; tickets: number; leaderboardMinor: number }>(
      `SELECT (SELECT count(*) FROM mission_claim WHERE mission_id = $1 AND claimed_at IS NOT NULL)::int AS claims,
              (SELECT coalesce(sum(reward_minor), 0) FROM mission_claim WHERE mission_id = $1)::float8 AS "claimedMinor",
              (SELECT coalesce(sum(tickets), 0) FROM mission_claim WHERE mission_id = $1)::int AS tickets,
              (SELECT coalesce(sum(amount_minor), 0) FROM mission_leaderboard_payout WHERE mission_id = $1)::float8 AS "leaderboardMinor"`,
      [missionId],
    ),
  ]);
  const total = totals.rows[0];
  return {
    id: mission.id,
    name: mission.name,
    title: textsOf(mission, 'EN').title,
    texts: mission.texts,
    start: msToLocal(mission.startsAtMs, offsetMinutes),
    end: msToLocal(mission.endsAtMs, offsetMinutes),
    startTime: mission.startsAtMs,
    endTime: mission.endsAtMs,
    status: statusOf(mission, nowMs),
    paused: mission.paused,
    device: mission.device,
    minVipLevel: mission.minVipLevel,
    leaderboardMetric: mission.leaderboardMetric,
    leaderboardPaid: mission.leaderboardPaidAtMs !== null,
    milestones: milestones.map((row) => ({
      id: row.id,
      kind: row.kind,
      target: MISSION_MONEY_KINDS.includes(row.kind) ? minorToMajor(row.target) : row.target,
      reward: { amount: row.rewardMinor === null ? null : minorToMajor(row.rewardMinor), tickets: row.rewardTickets, wageringMultiplier: row.wageringMultiplierX100 / 100 },
    })),
    prizes: prizes.map((prize) => ({ rank: prize.rank, amount: minorToMajor(prize.amountMinor), wageringMultiplier: prize.wageringMultiplierX100 / 100 })),
    claims: total.claims,
    claimedAmount: minorToMajor(total.claimedMinor),
    ticketsGiven: total.tickets,
    leaderboardPaidAmount: minorToMajor(total.leaderboardMinor),
  };
}

/**
 * A mission as the audit trail records a change to it: its settings (the fields the change touched,
 * all of them for a new one), not the counts of what it has paid, which change without an operator.
 */
function auditedMission(summary: Awaited<ReturnType<typeof summaryOf>>, touched?: readonly string[]): Record<string, unknown> {
  const { id, name, texts, start, end, paused, device, minVipLevel, leaderboardMetric, milestones, prizes } = summary;
  const settings: Record<string, unknown> = { id, name, texts, start, end, paused, device, minVipLevel, leaderboardMetric, milestones, prizes };
  if (touched === undefined) return settings;
  return Object.fromEntries(['id', ...touched].filter((field) => field in settings).map((field) => [field, settings[field]]));
}

const summaryValue = { type: 'object', additionalProperties: true, required: ['id', 'name', 'status', 'milestones', 'prizes'] } as const;

/** Writes the fields given of a mission (created when `missionId` is null), in the caller's transaction. */
async function writeMission(client: pg.PoolClient, merchantId: number, missionId: number | null, input: MissionInput, nowMs: number): Promise<number> {
  const offsetMinutes = (await readWithdrawSettings(client, merchantId)).timeZoneOffsetMinutes;
  const columns: Record<string, unknown> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.texts !== undefined) columns.texts = JSON.stringify(input.texts);
  if (input.start !== undefined) columns.starts_at = new Date(localToMs(input.start, offsetMinutes));
  if (input.end !== undefined) columns.ends_at = new Date(localToMs(input.end, offsetMinutes));
  if (input.device !== undefined) columns.device = input.device;
  if (input.minVipLevel !== undefined) columns.min_vip_level = input.minVipLevel;
  if (input.leaderboardMetric !== undefined) columns.leaderboard_metric = input.leaderboardMetric;
  columns.updated_at = new Date(nowMs);
  let id: number;
  if (missionId === null) {
    Object.assign(columns, { merchant_id: merchantId, created_at: new Date(nowMs) });
    const names = Object.keys(columns);
    const created = await client
      .query<{ id: number }>(`INSERT INTO mission (${names.join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`, Object.values(columns))
      .catch(refusedBy);
    id = created.rows[0].id;
  } else {
    const locked = await queries.selectMission(client, merchantId, missionId, true);
    if (!locked) throw new AppError(404, 'mission.not.found');
    id = missionId;
    if (locked.leaderboardPaidAtMs !== null && (input.prizes !== undefined || input.leaderboardMetric !== undefined || input.end !== undefined || input.start !== undefined)) {
      throw invalid('the leaderboard has been paid: its window, metric and prizes stay');
    }
    const names = Object.keys(columns);
    await client.query(`UPDATE mission SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')} WHERE id = $1`, [id, ...Object.values(columns)]).catch(refusedBy);
  }
  if (input.milestones !== undefined) {
    const wanted = input.milestones.map(milestoneColumns);
    const existing = await queries.selectMilestones(client, [id]);
    const claimed = new Set(
      (await client.query<{ milestone_id: number }>('SELECT DISTINCT milestone_id FROM mission_claim WHERE mission_id = $1 AND claimed_at IS NOT NULL', [id])).rows.map((row) => row.milestone_id),
    );
    const same = (row: queries.MilestoneRow, want: ReturnType<typeof milestoneColumns>) =>
      row.kind === want.kind && row.target === want.target && row.rewardKind === want.rewardKind && row.rewardMinor === want.rewardMinor &&
      row.rewardTickets === want.rewardTickets && row.wageringMultiplierX100 === want.multiplierX100;
    // A claimed milestone stays as it is: it must be among those wanted, unchanged.
    const kept = new Set<number>();
    for (const row of existing.filter((milestone) => claimed.has(milestone.id))) {
      const index = wanted.findIndex((want, at) => !kept.has(at) && same(row, want));
      if (index < 0) throw invalid(`milestone ${row.id} has been claimed: it stays as it is`);
      kept.add(index);
      await client.query('UPDATE mission_milestone SET sort_order = $2 WHERE id = $1', [row.id, wanted[index].sortOrder]);
    }
    await client.query('DELETE FROM mission_claim WHERE mission_id = $1 AND claimed_at IS NULL AND NOT (milestone_id = ANY ($2::int[]))', [id, [...claimed]]);
    await client.query('DELETE FROM mission_milestone WHERE mission_id = $1 AND NOT (id = ANY ($2::int[]))', [id, [...claimed]]);
    for (const [index, want] of wanted.entries()) {
      if (kept.has(index)) continue;
      await client
        .query(
          `INSERT INTO mission_milestone (mission_id, kind, target, reward_kind, reward_minor, reward_tickets, wagering_multiplier_x100, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, want.kind, want.target, want.rewardKind, want.rewardMinor, want.rewardTickets, want.multiplierX100, want.sortOrder],
        )
        .catch(refusedBy);
    }
  }
  if (input.prizes !== undefined) {
    const ranks = new Set(input.prizes.map((prize) => prize.rank));
    if (ranks.size !== input.prizes.length) throw invalid('a rank is given twice');
    await client.query('DELETE FROM mission_leaderboard_prize WHERE mission_id = $1', [id]);
    for (const prize of input.prizes) {
      await client
        .query('INSERT INTO mission_leaderboard_prize (mission_id, rank, amount_minor, wagering_multiplier_x100) VALUES ($1, $2, $3, $4)', [
          id,
          prize.rank,
          minorOf(prize.amount, `prize of rank ${prize.rank}`),
          multiplierX100(prize.wageringMultiplier),
        ])
        .catch(refusedBy);
    }
  }
  return id;
}

export async function missionOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get('/missions', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's missions with their milestones, prizes and what they have paid",
      headers: bearerHeader,
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: summaryValue } } },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const missions = await queries.selectMissions(db, merchantId, { includePaused: true });
    return ok({ list: await Promise.all(missions.map((mission) => summaryOf(db, merchantId, mission.id, clock()))) });
  });

  app.post<{ Body: MissionInput & { enabled?: boolean } }>('/missions', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Create a mission with its milestones and leaderboard prizes (paused when `enabled` is false)',
      description: '400 operator.mission.invalid: the rule that failed (an end before the start, a reward that is neither an amount nor tickets, …).',
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['name', 'start', 'end', 'milestones'],
        additionalProperties: false,
        properties: { ...missionFields, enabled: { type: 'boolean', default: true } },
      },
      value: summaryValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { enabled, ...input } = request.body;
    return auditedChange(auditContextOf(request, db, clock), { action: 'mission.create', targetType: 'mission', targetId: input.name ?? '', asked: { ...input } }, async () => {
      const id = await withTransaction(db, async (client) => {
        const created = await writeMission(client, merchantId, null, input, clock());
        if (enabled === false) await client.query('UPDATE mission SET paused = true WHERE id = $1', [created]);
        return created;
      });
      const summary = await summaryOf(db, merchantId, id, clock());
      return { before: null, after: auditedMission(summary), value: ok(summary) };
    });
  });

  app.post<{ Params: { id: number }; Body: MissionInput }>('/missions/:id', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Change a mission: only the fields given (milestones and prizes are replaced as a whole; claimed milestones and paid prizes stay)',
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: missionFields },
      value: summaryValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { id } = request.params;
    return auditedChange(auditContextOf(request, db, clock), { action: 'mission.update', targetType: 'mission', targetId: String(id), asked: { ...request.body } }, async () => {
      const touched = Object.keys(request.body);
      const before = auditedMission(await summaryOf(db, merchantId, id, clock()), touched);
      await withTransaction(db, (client) => writeMission(client, merchantId, id, request.body, clock()));
      const summary = await summaryOf(db, merchantId, id, clock());
      return { before, after: auditedMission(summary, touched), value: ok(summary) };
    });
  });

  for (const [action, paused] of [['pause', true], ['resume', false]] as const) {
    app.post<{ Params: { id: number } }>(`/missions/:id/${action}`, {
      schema: apiSchema({
        tags: ['operator'],
        summary: paused ? 'Hide the mission: no one sees or claims it, its leaderboard waits (rewards paid stay)' : 'Show the mission again',
        headers: bearerHeader,
        params: idParams,
        value: summaryValue,
      }),
    }, async (request) => {
      const merchantId = operatorOf(request).merchantId;
      const { id } = request.params;
      return auditedChange(auditContextOf(request, db, clock), { action: `mission.${action}`, targetType: 'mission', targetId: String(id) }, async () => {
        const before = await summaryOf(db, merchantId, id, clock());
        const changed = await db.query('UPDATE mission SET paused = $3, updated_at = $4 WHERE merchant_id = $1 AND id = $2', [merchantId, id, paused, new Date(clock())]);
        if (changed.rowCount === 0) throw new AppError(404, 'mission.not.found');
        const after = await summaryOf(db, merchantId, id, clock());
        return { before: { id, name: before.name, paused: before.paused }, after: { id, name: after.name, paused: after.paused }, value: ok(after) };
      });
    });
  }

  app.get<{ Params: { id: number }; Querystring: { username?: string } }>('/missions/:id/progress', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The leaderboard as it stands (every member with a score) and, with `username`, that member's progress in each milestone",
      headers: bearerHeader,
      params: idParams,
      querystring: { type: 'object', additionalProperties: false, properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
      value: { type: 'object', additionalProperties: true, required: ['leaderboard'] },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const mission = await queries.selectMission(db, merchantId, request.params.id);
    if (!mission) throw new AppError(404, 'mission.not.found');
    const ranking = await rankingOf(db, mission);
    let member = null;
    if (request.query.username) {
      const found = await db.query<{ id: string; username: string }>('SELECT id, username FROM member WHERE merchant_id = $1 AND lower(username) = lower($2)', [merchantId, request.query.username]);
      if (!found.rows[0]) throw new AppError(404, 'operator.member.not.found');
      const memberId = Number(found.rows[0].id);
      const offsetMinutes = (await readWithdrawSettings(db, merchantId)).timeZoneOffsetMinutes;
      const [progress, milestones, claims] = await Promise.all([
        queries.selectProgress(db, { merchantId, memberId, ...countedWindow(mission), offsetMinutes }),
        queries.selectMilestones(db, [mission.id]),
        queries.selectClaims(db, memberId, [mission.id]),
      ]);
      member = {
        username: found.rows[0].username,
        rank: ranking.find((entry) => entry.memberId === memberId)?.rank ?? null,
        milestones: milestones.map((row) => {
          const money = MISSION_MONEY_KINDS.includes(row.kind);
          return {
            id: row.id,
            kind: row.kind,
            target: money ? minorToMajor(row.target) : row.target,
            progress: money ? minorToMajor(progress[row.kind]) : progress[row.kind],
            claimedAt: claims.get(row.id)?.claimedAtMs ?? null,
          };
        }),
      };
    }
    return ok({
      leaderboard: ranking.slice(0, 100).map((entry) => ({ rank: entry.rank, username: entry.username, score: minorToMajor(entry.score), reachedAt: entry.reachedAtMs })),
      member,
    });
  });

  app.get<{ Params: { id: number } }>('/missions/:id/payouts', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "A mission's milestone claims (newest first, at most 500) and its leaderboard payouts",
      headers: bearerHeader,
      params: idParams,
      value: { type: 'object', additionalProperties: true, required: ['claims', 'leaderboard'] },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const mission = await queries.selectMission(db, merchantId, request.params.id);
    if (!mission) throw new AppError(404, 'mission.not.found');
    const [claims, payouts] = await Promise.all([queries.selectMissionClaims(db, mission.id, 500), queries.selectPayouts(db, mission.id)]);
    return ok({
      claims: claims.map((claim) => ({ milestoneId: claim.milestoneId, username: claim.username, amount: claim.rewardMinor === null ? null : minorToMajor(claim.rewardMinor), tickets: claim.tickets, claimedAt: claim.claimedAtMs })),
      leaderboard: payouts.map((payout) => ({ rank: payout.rank, username: payout.username, score: minorToMajor(payout.score), amount: minorToMajor(payout.amountMinor), paidAt: payout.paidAtMs })),
      leaderboardPaid: mission.leaderboardPaidAtMs !== null,
    });
  });
}
