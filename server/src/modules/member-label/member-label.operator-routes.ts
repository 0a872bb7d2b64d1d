import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import * as queries from './member-label.queries';

// The operators' member labels (/ops/v1, behind the operator token check through operatorRoutes'
// extraRoutes; content and risk staff: operator-roles.ts): the labels with how many members carry
// each, making and changing one, putting it on members and taking it off, and a member's labels.
// Every change is audited. A promotion's audience names labels (promotion.operator-routes.ts).

const tags = ['operator'];
const COLOR = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } as const;
const NAME = { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' } as const;
const labelFields = {
  name: NAME,
  shown: { type: 'boolean', description: "Shown in the member's own info beside the VIP badge (default: operators only)" },
  textColor: COLOR,
  backgroundColor: COLOR,
} as const;
const labelItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, name: { type: 'string' }, shown: { type: 'boolean' }, textColor: { type: 'string' }, backgroundColor: { type: 'string' },
    members: { type: 'integer' },
  },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;
const USERNAMES = { type: 'array', maxItems: 500, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } } as const;

type LabelBody = queries.LabelWrite;
export type LabelMemberOutcome = 'added' | 'already_labelled' | 'removed' | 'not_labelled' | 'member_not_found';

const invalid = (detail: string): AppError => new AppError(400, 'operator.member_label.invalid', { detail });

export async function memberLabelOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  const labelOrRefuse = async (merchantId: number, id: number) => {
    const label = await queries.selectLabel(db, merchantId, id);
    if (!label) throw invalid(`no label ${id}`);
    return label;
  };

  app.get('/member-labels', {
    schema: apiSchema({
      tags,
      summary: "The merchant's member labels, by name, with how many members carry each",
      headers: bearerHeader,
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: labelItem } } },
    }),
  }, async (request) => ok({ list: await queries.selectLabels(db, operatorOf(request).merchantId) }));

  app.post<{ Body: LabelBody & { name: string } }>('/member-labels', {
    schema: apiSchema({
      tags,
      summary: 'Make a label (its name unique in the merchant)',
      headers: bearerHeader,
      body: { type: 'object', required: ['name'], additionalProperties: false, properties: labelFields },
      value: labelItem,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const body = { ...request.body, name: request.body.name.trim() };
    return auditedChange(auditContextOf(request, db, clock), { action: 'member_label.create', targetType: 'member_label', targetId: body.name, asked: { ...body } }, async () => {
      const id = await queries.insertLabel(db, merchantId, body, clock());
      if (id === undefined) throw invalid(`the name ${body.name} is in use`);
      const label = await labelOrRefuse(merchantId, id);
      return { before: null, after: label, value: ok(label) };
    });
  });

  app.post<{ Params: { id: number }; Body: LabelBody }>('/member-labels/:id', {
    schema: apiSchema({
      tags,
      summary: "Change a label's name, colours or whether members see it (only the fields given)",
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: labelFields },
      value: labelItem,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { id } = request.params;
    const body = { ...request.body, name: request.body.name?.trim() };
    return auditedChange(auditContextOf(request, db, clock), { action: 'member_label.update', targetType: 'member_label', targetId: String(id), asked: { ...body } }, async () => {
      const before = await labelOrRefuse(merchantId, id);
      const updated = await queries.updateLabel(db, merchantId, id, body).catch((error: { code?: string }) => {
        throw error.code === '23505' ? invalid(`the name ${body.name ?? ''} is in use`) : error;
      });
      if (!updated) throw invalid(`no label ${id}`);
      const label = await labelOrRefuse(merchantId, id);
      return { before, after: label, value: ok(label) };
    });
  });

  app.post<{ Params: { id: number }; Body: { add?: string[]; remove?: string[] } }>('/member-labels/:id/members', {
    schema: apiSchema({
      tags,
      summary: 'Put the label on members and take it off others; each username answers what happened to it',
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: { add: USERNAMES, remove: USERNAMES } },
      value: {
        type: 'object',
        required: ['label', 'list'],
        properties: {
          label: labelItem,
          list: {
            type: 'array',
            items: {
              type: 'object',
              properties: { username: { type: 'string' }, outcome: { type: 'string', enum: ['added', 'already_labelled', 'removed', 'not_labelled', 'member_not_found'] } },
            },
          },
        },
      },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { id } = request.params;
    const add = request.body.add ?? [];
    const remove = request.body.remove ?? [];
    const both = add.filter((username) => remove.some((other) => other.toLowerCase() === username.toLowerCase()));
    if (both.length > 0) throw invalid(`both added and removed: ${both.join(', ')}`);
    return auditedChange(auditContextOf(request, db, clock), { action: 'member_label.members', targetType: 'member_label', targetId: String(id), asked: { add, remove } }, async () => {
      // The trail records, of the members named, those that carried the label before and after, and its count of members.
      const carrying = async (client: pg.PoolClient, memberIds: Map<string, number>) => {
        const carriers = await queries.selectCarriers(client, id, [...memberIds.values()]);
        return [...memberIds].filter(([, memberId]) => carriers.has(memberId)).map(([username]) => username).sort();
      };
      const { list, before, after } = await withTransaction(db, async (client) => {
        const label = await labelOrRefuse(operator.merchantId, id);
        const memberIds = await queries.selectMemberIds(client, operator.merchantId, [...add, ...remove]);
        const was = { members: label.members, carrying: await carrying(client, memberIds) };
        const nowMs = clock();
        const outcomes: { username: string; outcome: LabelMemberOutcome }[] = [];
        for (const username of add) {
          const memberId = memberIds.get(username.toLowerCase());
          const outcome = memberId === undefined ? 'member_not_found' : (await queries.addMember(client, id, memberId, `operator:${operator.id}`, nowMs)) ? 'added' : 'already_labelled';
          outcomes.push({ username, outcome });
        }
        for (const username of remove) {
          const memberId = memberIds.get(username.toLowerCase());
          const outcome = memberId === undefined ? 'member_not_found' : (await queries.removeMember(client, id, memberId)) ? 'removed' : 'not_labelled';
          outcomes.push({ username, outcome });
        }
        return { list: outcomes, before: was, after: await carrying(client, memberIds) };
      });
      const label = await labelOrRefuse(operator.merchantId, id);
      return { before, after: { members: label.members, carrying: after }, value: ok({ label, list }) };
    });
  });

  app.get<{ Params: { username: string } }>('/member-labels/members/:username', {
    schema: apiSchema({
      tags,
      summary: 'The labels a member carries',
      headers: bearerHeader,
      params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
      value: { type: 'object', required: ['username', 'list'], properties: { username: { type: 'string' }, list: { type: 'array', items: labelItem } } },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { username } = request.params;
    const memberId = (await queries.selectMemberIds(db, merchantId, [username])).get(username.toLowerCase());
    if (memberId === undefined) throw invalid(`no member ${username}`);
    return ok({ username, list: await queries.selectMemberLabels(db, merchantId, memberId) });
  });
}
