import {
  AFFILIATE_APPLICATION_STATES,
  agentDailySalaryContractActionCall,
  agentDividendContractActionCall,
  agentRealtimeContractActionCall,
  type AffiliateApplication,
} from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { agentOperatorReads } from './agent.operator-reads';
import { applicationForOperator, decideApplication, listApplications } from './application.service';
import { endMerchantContract, grantMerchantContract, merchantContractById, merchantContractOf, type ContractKind } from './contracts.service';

// The operators' side of the agent programme (/ops/v1, registered behind the operator token check by
// app.ts through operatorRoutes' extraRoutes), audited: the affiliate applications and a decision
// on a pending one (approve: the player becomes an agent); the merchant's contracts with top agents.

const applicationSchema = {
  type: 'object',
  properties: {
    applicationId: { type: 'integer' },
    username: { type: 'string' },
    contact: { type: 'string', description: 'plain text as sent: show it as text' },
    message: { type: 'string', description: 'plain text as sent: show it as text' },
    state: { type: 'string', enum: AFFILIATE_APPLICATION_STATES },
    answer: { type: 'string' },
    createdTime: { type: 'integer' },
    decidedTime: { type: ['integer', 'null'] },
  },
} as const;

export async function agentOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get<{ Querystring: { state?: AffiliateApplication['state']; limit: number } }>('/affiliate-applications', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Affiliate applications, newest first',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { state: { type: 'string', enum: AFFILIATE_APPLICATION_STATES }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
      },
      value: { type: 'array', items: applicationSchema },
    }),
  }, async (request) => ok(await listApplications(db, operatorOf(request).merchantId, request.query.state, request.query.limit)));

  app.post<{ Params: { id: number }; Body: { approve: boolean; answer: string } }>('/affiliate-applications/:id/decision', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Approve (the player becomes an agent) or reject a pending affiliate application',
      description: '404 not.found when no pending application of this merchant has the id.',
      headers: bearerHeader,
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } } },
      body: {
        type: 'object',
        required: ['approve'],
        additionalProperties: false,
        properties: { approve: { type: 'boolean' }, answer: { type: 'string', maxLength: 500, default: '' } },
      },
      value: applicationSchema,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { approve, answer } = request.body;
    // The trail keeps the decision, not the applicant's contact and message.
    const compact = (application: { applicationId: number; state: string; answer: string; decidedTime: number | null } | null, username?: string) =>
      application && { applicationId: application.applicationId, username, state: application.state, answer: application.answer, decidedTime: application.decidedTime };
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: approve ? 'affiliate_application.approve' : 'affiliate_application.reject', targetType: 'affiliate_application', targetId: String(request.params.id) },
      async () => {
        const before = await applicationForOperator(db, operator.merchantId, request.params.id);
        const decided = await decideApplication(db, { merchantId: operator.merchantId, applicationId: request.params.id, approve, answer, operator: operator.username, nowMs: clock() });
        return { before: compact(before, before?.username), after: compact(decided, before?.username), value: ok(decided) };
      },
    );
  });

  await contractRoutes(app, { db, clock });
  await agentOperatorReads(app, { db, clock });
}

/** The terms of each kind, as the contract's action calls define them (the server reads the schemas whole). */
const TERMS_OF_KIND = {
  realtime: agentRealtimeContractActionCall.body.properties.terms,
  daily: agentDailySalaryContractActionCall.body.properties.terms,
  hourly: agentDailySalaryContractActionCall.body.properties.terms,
  dividend: agentDividendContractActionCall.body.properties.terms,
} as const;
const KINDS = Object.keys(TERMS_OF_KIND) as ContractKind[];

async function contractRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.post<{ Body: { username: string; kind: ContractKind; terms: never } }>('/agent-contracts', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Give a top agent a contract from the merchant (active at once)',
      description: '409 agent.contract.exists while the agent has one of the kind; 400 agent.contract.invalid for a member that is not an agent or has an agent upline.',
      headers: bearerHeader,
      body: {
        oneOf: KINDS.map((kind) => ({
          type: 'object',
          required: ['username', 'kind', 'terms'],
          additionalProperties: false,
          properties: { username: { type: 'string', minLength: 1, maxLength: 64 }, kind: { const: kind }, terms: TERMS_OF_KIND[kind] },
        })),
      },
      value: { type: 'object', additionalProperties: true },
    }),
  }, async (request) => {
    const { username, kind, terms } = request.body;
    const merchantId = operatorOf(request).merchantId;
    return auditedChange(auditContextOf(request, db, clock), { action: 'agent_contract.grant', targetType: 'member', targetId: username, asked: { kind, terms } }, async () => {
      const before = await merchantContractOf(db, merchantId, username, kind);
      const granted = await grantMerchantContract(db, merchantId, username, kind, terms, clock());
      return { before, after: await merchantContractOf(db, merchantId, username, kind), value: ok(granted) };
    });
  });

  app.post<{ Body: { username: string; kind: ContractKind } }>('/agent-contracts/end', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'End the merchant’s active contract of a kind with a top agent',
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['username', 'kind'],
        additionalProperties: false,
        properties: { username: { type: 'string', minLength: 1, maxLength: 64 }, kind: { type: 'string', enum: KINDS } },
      },
      value: { type: 'null' },
    }),
  }, async (request) => {
    const { username, kind } = request.body;
    const merchantId = operatorOf(request).merchantId;
    return auditedChange(auditContextOf(request, db, clock), { action: 'agent_contract.end', targetType: 'member', targetId: username, asked: { kind } }, async () => {
      const before = await merchantContractOf(db, merchantId, username, kind);
      await endMerchantContract(db, merchantId, username, kind, clock());
      const after = before && (await merchantContractById(db, merchantId, before.contractId));
      return { before, after, value: ok(null) };
    });
  });
}
