import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, audited, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { agentContracts, agentRun, agentRuns, agentTree, RUN_KINDS, type RunKind } from './agent.operator-queries';

// What risk reads of the agent programme (/ops/v1; registered by agentOperatorRoutes): the team
// tree a level at a time, an agent's contracts with their history, and the wage, salary and
// dividend runs with their re-check. Reads only: no money moves here. The reads that name members
// are audited.

const KINDS = ['realtime', 'daily', 'hourly', 'dividend'] as const;
const nullable = (type: string) => ({ type: [type, 'null'] });

const treeNode = {
  type: 'object',
  properties: {
    memberId: { type: 'integer' },
    username: { type: 'string' },
    accountType: { type: 'string', enum: ['agent', 'player'] },
    status: { type: 'string' },
    uplineUsername: nullable('string'),
    directAgents: { type: 'integer' },
    directPlayers: { type: 'integer' },
    teamSize: { type: 'integer' },
    contracts: { type: 'array', items: { type: 'string', enum: KINDS } },
    children: { type: ['array', 'null'], items: { $ref: 'agentTreeNode#' } },
    moreChildren: { type: 'integer' },
  },
} as const;

const runSchema = {
  type: 'object',
  properties: {
    runId: { type: 'integer' },
    kind: { type: 'string', enum: RUN_KINDS },
    cycle: { type: 'string' },
    ranTime: { type: 'integer' },
    periodStart: nullable('integer'),
    periodEnd: nullable('integer'),
    rounds: { type: 'integer' },
    agents: { type: 'integer' },
    paid: { type: 'number' },
    ledgerPaid: { type: 'number' },
    linesPaid: { type: 'number' },
    expectedPaid: nullable('number'),
    check: { type: 'string', enum: ['recomputed', 'ledger'], description: 'recomputed: worked out again by the salary/dividend formula and compared with the lines and the ledger; ledger: the lines compared with the ledger credits and the run total' },
    consistent: { type: 'boolean' },
    difference: { type: 'number', description: 'ledger paid − what should have been paid (recomputed, else the recorded lines)' },
    mismatchedAgents: { type: 'integer' },
  },
} as const;

export async function agentOperatorReads(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.addSchema({ $id: 'agentTreeNode', ...treeNode });

  app.get<{ Querystring: { root?: string; depth: number; search?: string } }>('/agents/tree', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'The agent tree: a member with `depth` levels of direct downlines (agents first, counts on each), its uplines; without a root, the agents matching `search` or the top agents',
      description: '404 agent.downline.unknown for a root that is no member of the merchant.',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          root: { type: 'string', minLength: 1, maxLength: 64 },
          depth: { type: 'integer', minimum: 1, maximum: 3, default: 1 },
          search: { type: 'string', maxLength: 64 },
        },
      },
      value: {
        type: 'object',
        properties: {
          root: { oneOf: [{ type: 'null' }, { $ref: 'agentTreeNode#' }] },
          path: { type: 'array', items: { type: 'string' } },
          agents: { type: 'array', items: { $ref: 'agentTreeNode#' } },
        },
      },
    }),
  }, async (request) => {
    const { root, depth, search } = request.query;
    return audited(
      auditContextOf(request, db, clock),
      { action: 'agent_tree.view', ...(root ? { targetType: 'member', targetId: root } : {}), detail: { depth, search: search ?? null } },
      async () => ok(await agentTree(db, operatorOf(request).merchantId, { root, depth, search })),
    );
  });

  app.get<{ Params: { username: string } }>('/agents/:username/contracts', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'An agent’s contracts of every kind (as the downline), newest first, with their history: made, accepted, changed (capped), ended, and by whom',
      description: '404 agent.downline.unknown for no member of the merchant. `by`: a member’s username, `operator:<name>` for the merchant’s contracts, null for a change the system made (a cascade).',
      headers: bearerHeader,
      params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
      value: {
        type: 'object',
        properties: {
          agent: { $ref: 'agentTreeNode#' },
          topAgent: { type: 'boolean', description: 'no agent above it: its contracts come from the merchant' },
          contracts: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                contractId: { type: 'integer' },
                kind: { type: 'string', enum: KINDS },
                state: { type: 'string' },
                uplineUsername: nullable('string'),
                terms: { type: 'object', additionalProperties: true },
                createdTime: { type: 'integer' },
                decidedTime: nullable('integer'),
                terminatedTime: nullable('integer'),
                replacedBy: nullable('integer'),
                history: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      time: nullable('integer'),
                      event: { type: 'string', enum: ['created', 'accepted', 'rejected', 'termination_asked', 'changed', 'ended'] },
                      by: nullable('string'),
                    },
                  },
                },
              },
            },
          },
        },
      },
    }),
  }, async (request) =>
    audited(auditContextOf(request, db, clock), { action: 'agent_contract.view', targetType: 'member', targetId: request.params.username }, async () =>
      ok(await agentContracts(db, operatorOf(request).merchantId, request.params.username)),
    ),
  );

  app.get<{ Querystring: { kind?: RunKind; days: number; limit: number } }>('/agent-runs', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'The wage, salary and dividend runs of the last days, newest first, with their totals and a re-check of each',
      description:
        'Daily, hourly and dividend runs are recomputed by the services’ own formula and compared with their lines and the ledger; real-time runs (wages and agent rebates) compare their lines with the ledger’s credits and the run’s total.',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          kind: { type: 'string', enum: RUN_KINDS },
          days: { type: 'integer', minimum: 1, maximum: 92, default: 7 },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
        },
      },
      value: { type: 'array', items: runSchema },
    }),
  }, async (request) => ok(await agentRuns(db, operatorOf(request).merchantId, request.query, clock())));

  app.get<{ Params: { id: number } }>('/agent-runs/:id', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'One run with its lines per agent: recorded, credited by the ledger, recomputed',
      description: '404 not.found when the merchant has no run with the id.',
      headers: bearerHeader,
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } } },
      value: {
        type: 'object',
        properties: {
          run: runSchema,
          lines: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                username: { type: 'string' },
                rows: { type: 'integer' },
                figure: nullable('number'),
                rate: nullable('integer'),
                gross: nullable('number'),
                downline: nullable('number'),
                recorded: { type: 'number' },
                ledger: { type: 'number' },
                expected: nullable('number'),
                consistent: { type: 'boolean' },
              },
            },
          },
        },
      },
    }),
  }, async (request) =>
    audited(auditContextOf(request, db, clock), { action: 'agent_run.view', targetType: 'agent_run', targetId: String(request.params.id) }, async () =>
      ok(await agentRun(db, operatorOf(request).merchantId, request.params.id)),
    ),
  );
}
