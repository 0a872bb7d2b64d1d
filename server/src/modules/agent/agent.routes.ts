import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  agentCreateDownlineCall,
  agentDailySalaryContractActionCall,
  agentDailySalaryContractsCall,
  agentDailySalaryRecordsCall,
  agentHourlySalaryContractActionCall,
  agentHourlySalaryContractsCall,
  agentHourlySalaryRecordsCall,
  agentCreateLinkCall,
  agentDeleteLinkCall,
  agentDownlineRemarkCall,
  agentDownlineStatusCall,
  agentDownlinesCall,
  agentLinksCall,
  agentPromoteCall,
  agentRealtimeContractActionCall,
  agentRealtimeContractsCall,
  agentRealtimeWagesCall,
  agentRebateSettingsCall,
  agentRegisteredAffiliatesCall,
  agentRedEnvelopeCall,
  agentTeamOverviewCall,
  agentTransferDownlineCall,
  agentDividendContractsCall,
  agentDividendContractActionCall,
  agentDividendRecordsCall,
  agentTeamProfitLossCall,
  agentIncomeCall,
  agentAnnouncementsCall,
  affiliateApplyCall,
  affiliateApplicationCall,
  AGENT_REPORT_MAX_RANGE_MS,
} from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { idempotencyKeyOf } from '../ledger';
import { authorizationHeader, memberOf } from '../session';
import { agentOf, teamHeadOf } from './agent-access';
import { agentAnnouncements, applyForAgency, latestApplication } from './application.service';
import { dividendRecords } from './dividend.service';
import { agentIncome, teamProfitLoss } from './reports.service';
import { answerContract, askTermination, contractsOf, offerContract, realtimeContracts, type ContractKind } from './contracts.service';
import { teamOverview } from './overview.service';
import { sendRedEnvelope } from './red-envelope.service';
import { salaryRecords } from './salary.service';
import { createDownline, listDownlines, promoteToAgent, seriesRangeOf, setRemark, setStatus } from './downline.service';
import { createLink, deleteLink, listLinks, registeredAffiliates } from './links.service';
import { transferToDownline } from './transfer.service';
import { realtimeWages } from './wages.service';

export interface AgentRoutesOptions {
  db: pg.Pool;
  clock: Clock;
}

const tags = ['agent'];
const MAX_RANGE_MS = 31 * 86_400_000;

// The agent centre's calls (the wire: contract/src/agent.ts). Every route keeps the
// default access (a live session of a real account) and then requires an agent (agentOf: 403
// agent.only); whom it reads or acts on comes from the session's subtree (agent-access.ts). A page's
// calls answer only while its whitelabel switch is on (config.feature; AGENT_PAGE_SWITCHES).
/** create / accept / reject / terminate of a contract of the kind (the body of every contract action call). */
function contractAction<T>(
  db: pg.Pool,
  caller: ReturnType<typeof agentOf>,
  kind: ContractKind,
  body: { action: 'create' | 'accept' | 'reject' | 'terminate'; downlineId?: number; contractId?: number; terms?: T },
  nowMs: number,
) {
  if (body.action === 'create') {
    if (body.downlineId === undefined || body.terms === undefined) throw new AppError(400, 'agent.contract.invalid', { detail: 'create needs downlineId and terms' });
    return offerContract(db, caller, kind, body.downlineId, body.terms as never, nowMs);
  }
  if (body.contractId === undefined) throw new AppError(400, 'agent.contract.invalid', { detail: `${body.action} needs contractId` });
  if (body.action === 'terminate') return askTermination(db, caller, kind, body.contractId);
  return answerContract(db, caller, kind, body.contractId, body.action === 'accept', nowMs);
}

export async function agentRoutes(app: FastifyInstance, { db, clock }: AgentRoutesOptions): Promise<void> {
  app.get<RouteOf<typeof agentRebateSettingsCall>>(agentRebateSettingsCall.path, {
    schema: apiSchema({ tags, summary: 'The rebate settings an agent may give', headers: authorizationHeader, call: agentRebateSettingsCall }),
  }, async (request) => ok(await seriesRangeOf(db, agentOf(request))));

  app.get<RouteOf<typeof agentTeamOverviewCall>>(agentTeamOverviewCall.path, {
    schema: apiSchema({ tags, summary: 'The agent’s team now and its activity over a period, per day', headers: authorizationHeader, call: agentTeamOverviewCall }),
  }, async (request) => {
    const { startDate, endDate, subordinateName } = request.query;
    if (endDate < startDate || endDate - startDate > AGENT_REPORT_MAX_RANGE_MS) throw new AppError(400, 'lottery.period.invalid');
    const caller = agentOf(request);
    const member = memberOf(request);
    const head = await teamHeadOf(db, { merchantId: member.merchantId, memberId: member.id, memberType: member.memberType }, subordinateName?.trim() || undefined);
    return ok(await teamOverview(db, { merchantId: caller.merchantId, agentId: head.memberId }, startDate, endDate, clock()));
  });

  app.get<RouteOf<typeof agentDownlinesCall>>(agentDownlinesCall.path, {
    config: { feature: 'DOWNMAN' },
    schema: apiSchema({ tags, summary: 'The agent’s direct downlines with their teams', headers: authorizationHeader, call: agentDownlinesCall }),
  }, async (request) => {
    const caller = agentOf(request);
    const { accountType, username, page = 1, size = 10 } = request.query;
    return ok(await listDownlines(db, caller, { accountType, username, page, size }, clock()));
  });

  app.post<RouteOf<typeof agentCreateDownlineCall>>(agentCreateDownlineCall.path, {
    config: { encrypted: true, feature: 'AGEREGDOWN3' },
    schema: apiSchema({ tags, summary: 'Create a downline account (agent or player) under the caller', headers: authorizationHeader, call: agentCreateDownlineCall }),
  }, async (request) => ok(await createDownline(db, agentOf(request), request.body, clock())));

  app.post<RouteOf<typeof agentCreateLinkCall>>(agentCreateLinkCall.path, {
    config: { feature: 'CREATEAFF3' },
    schema: apiSchema({ tags, summary: 'Create an affiliate (invitation) link', headers: authorizationHeader, call: agentCreateLinkCall }),
  }, async (request) => ok(await createLink(db, agentOf(request), request.body, clock())));

  app.get<RouteOf<typeof agentLinksCall>>(agentLinksCall.path, {
    config: { feature: 'AFFMAN3' },
    schema: apiSchema({ tags, summary: 'The agent’s affiliate links', headers: authorizationHeader, call: agentLinksCall }),
  }, async (request) => ok(await listLinks(db, agentOf(request), clock())));

  app.delete<RouteOf<typeof agentDeleteLinkCall>>(agentDeleteLinkCall.path, {
    config: { feature: 'AFFMAN3' },
    schema: apiSchema({ tags, summary: 'Delete an affiliate link (its registrations stay)', headers: authorizationHeader, call: agentDeleteLinkCall }),
  }, async (request) => {
    await deleteLink(db, agentOf(request), request.query.affiUrlId, clock());
    return ok(null);
  });

  app.get<RouteOf<typeof agentRegisteredAffiliatesCall>>(agentRegisteredAffiliatesCall.path, {
    config: { feature: 'AFFMAN3' },
    schema: apiSchema({ tags, summary: 'Members registered through the agent’s links', headers: authorizationHeader, call: agentRegisteredAffiliatesCall }),
  }, async (request) => ok(await registeredAffiliates(db, agentOf(request), request.query.page ?? 1, request.query.size ?? 10)));

  app.put<RouteOf<typeof agentPromoteCall>>(agentPromoteCall.path, {
    config: { feature: 'DOWNMAN' },
    schema: apiSchema({ tags, summary: 'Promote a direct downline player to agent', headers: authorizationHeader, call: agentPromoteCall }),
  }, async (request) => {
    await promoteToAgent(db, agentOf(request), request.body.memberId);
    return ok(null);
  });

  app.put<RouteOf<typeof agentDownlineRemarkCall>>(agentDownlineRemarkCall.path, {
    config: { feature: 'DOWNMAN' },
    schema: apiSchema({ tags, summary: 'The agent’s remark on a direct downline', headers: authorizationHeader, call: agentDownlineRemarkCall }),
  }, async (request) => {
    await setRemark(db, agentOf(request), request.body.memberId, request.body.remark);
    return ok(null);
  });

  app.put<RouteOf<typeof agentDownlineStatusCall>>(agentDownlineStatusCall.path, {
    config: { feature: 'DOWNMAN' },
    schema: apiSchema({ tags, summary: 'Block or unblock a direct downline', headers: authorizationHeader, call: agentDownlineStatusCall }),
  }, async (request) => {
    await setStatus(db, agentOf(request), request.body.memberId, request.body.status, clock());
    return ok(null);
  });

  app.put<RouteOf<typeof agentTransferDownlineCall>>(agentTransferDownlineCall.path, {
    config: { encrypted: true, feature: 'DOWNMAN' },
    schema: apiSchema({
      tags,
      summary: 'Transfer from the agent’s main wallet to a member of its downline',
      description: 'Encrypted; takes an Idempotency-Key header (the same key moves money once).',
      headers: {
        ...authorizationHeader,
        [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN, description: 'one per transfer the agent confirms, repeated on retry' },
      },
      call: agentTransferDownlineCall,
    }),
  }, async (request) => {
    const caller = agentOf(request);
    const { memberId, transferAmount, password, remark } = request.body;
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    return ok(await transferToDownline(db, caller, { memberId, amountMajor: transferAmount, password, remark, idempotencyKey, nowMs: clock() }));
  });

  app.post<RouteOf<typeof agentRedEnvelopeCall>>(agentRedEnvelopeCall.path, {
    config: { encrypted: true, feature: 'AGENTRANSMULTDOWN3' },
    schema: apiSchema({
      tags,
      summary: 'Send a red envelope (share or fighting) to direct downlines',
      description: 'Encrypted; takes an Idempotency-Key header (the same key sends once).',
      headers: {
        ...authorizationHeader,
        [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN, description: 'one per envelope the agent confirms, repeated on retry' },
      },
      call: agentRedEnvelopeCall,
    }),
  }, async (request) => {
    const caller = agentOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    return ok(await sendRedEnvelope(db, caller, { ...request.body, idempotencyKey, nowMs: clock() }));
  });

  app.get<RouteOf<typeof agentRealtimeContractsCall>>(agentRealtimeContractsCall.path, {
    schema: apiSchema({ tags, summary: 'The agent’s real-time salary contracts', headers: authorizationHeader, call: agentRealtimeContractsCall }),
  }, async (request) => ok(await realtimeContracts(db, agentOf(request))));

  app.post<RouteOf<typeof agentRealtimeContractActionCall>>(agentRealtimeContractActionCall.path, {
    schema: apiSchema({ tags, summary: 'Offer, accept, reject or end a real-time salary contract', headers: authorizationHeader, call: agentRealtimeContractActionCall }),
  }, async (request) => {
    const caller = agentOf(request);
    const { action, downlineId, contractId, terms } = request.body;
    const nowMs = clock();
    return ok(await contractAction(db, caller, 'realtime', { action, downlineId, contractId, terms }, nowMs));
  });

  // Daily and hourly salary: the same three calls per kind.
  for (const [kind, feature, contracts, action, records] of [
    ['daily', 'DAYSAL', agentDailySalaryContractsCall, agentDailySalaryContractActionCall, agentDailySalaryRecordsCall],
    ['hourly', 'HOURSAL3', agentHourlySalaryContractsCall, agentHourlySalaryContractActionCall, agentHourlySalaryRecordsCall],
  ] as const) {
    app.get<RouteOf<typeof agentDailySalaryContractsCall>>(contracts.path, {
      config: { feature },
      schema: apiSchema({ tags, summary: `The agent’s ${kind} salary contracts`, headers: authorizationHeader, call: contracts }),
    }, async (request) => ok(await contractsOf(db, agentOf(request), kind)));

    app.post<RouteOf<typeof agentDailySalaryContractActionCall>>(action.path, {
      config: { feature },
      schema: apiSchema({ tags, summary: `Offer, accept, reject or end a ${kind} salary contract`, headers: authorizationHeader, call: action }),
    }, async (request) => ok(await contractAction(db, agentOf(request), kind, request.body, clock())));

    app.get<RouteOf<typeof agentDailySalaryRecordsCall>>(records.path, {
      config: { feature },
      schema: apiSchema({ tags, summary: `The agent’s ${kind} salary records`, headers: authorizationHeader, call: records }),
    }, async (request) => {
      const caller = agentOf(request);
      const { startDate, endDate, page = 1, size = 10 } = request.query;
      if (endDate < startDate || endDate - startDate > MAX_RANGE_MS) throw new AppError(400, 'lottery.period.invalid');
      return ok(await salaryRecords(db, caller, kind, startDate, endDate, page, size));
    });
  }

  app.get<RouteOf<typeof agentDividendContractsCall>>(agentDividendContractsCall.path, {
    config: { feature: 'DIVIDEND' },
    schema: apiSchema({ tags, summary: 'The agent’s dividend contracts', headers: authorizationHeader, call: agentDividendContractsCall }),
  }, async (request) => ok(await contractsOf(db, agentOf(request), 'dividend')));

  app.post<RouteOf<typeof agentDividendContractActionCall>>(agentDividendContractActionCall.path, {
    config: { feature: 'DIVIDEND' },
    schema: apiSchema({ tags, summary: 'Offer, accept, reject or end a dividend contract', headers: authorizationHeader, call: agentDividendContractActionCall }),
  }, async (request) => ok(await contractAction(db, agentOf(request), 'dividend', request.body, clock())));

  app.get<RouteOf<typeof agentDividendRecordsCall>>(agentDividendRecordsCall.path, {
    config: { feature: 'DIVIDEND' },
    schema: apiSchema({ tags, summary: 'The agent’s dividend records', headers: authorizationHeader, call: agentDividendRecordsCall }),
  }, async (request) => {
    const caller = agentOf(request);
    const { startDate, endDate, page = 1, size = 10 } = request.query;
    if (endDate < startDate || endDate - startDate > AGENT_REPORT_MAX_RANGE_MS) throw new AppError(400, 'lottery.period.invalid');
    return ok(await dividendRecords(db, caller, startDate, endDate, page, size));
  });

  app.get<RouteOf<typeof agentTeamProfitLossCall>>(agentTeamProfitLossCall.path, {
    config: { feature: 'AGETEAMPNL3' },
    schema: apiSchema({ tags, summary: 'User loss: a team’s money of a period, per direct downline', headers: authorizationHeader, call: agentTeamProfitLossCall }),
  }, async (request) => {
    const caller = agentOf(request);
    const { startDate, endDate, subordinateName, page = 1, size = 10 } = request.query;
    if (endDate < startDate || endDate - startDate > AGENT_REPORT_MAX_RANGE_MS) throw new AppError(400, 'lottery.period.invalid');
    const member = memberOf(request);
    const head = await teamHeadOf(db, { merchantId: member.merchantId, memberId: member.id, memberType: member.memberType }, subordinateName?.trim() || undefined);
    return ok(await teamProfitLoss(db, caller, head.memberId, startDate, endDate, page, size));
  });

  app.get<RouteOf<typeof agentIncomeCall>>(agentIncomeCall.path, {
    config: { feature: 'AGEREV3' },
    schema: apiSchema({ tags, summary: 'My income: the agent’s rebates, dividends and salaries of a period', headers: authorizationHeader, call: agentIncomeCall }),
  }, async (request) => {
    const caller = agentOf(request);
    const { startDate, endDate } = request.query;
    if (endDate < startDate || endDate - startDate > AGENT_REPORT_MAX_RANGE_MS) throw new AppError(400, 'lottery.period.invalid');
    return ok(await agentIncome(db, caller, startDate, endDate));
  });

  app.get<RouteOf<typeof agentAnnouncementsCall>>(agentAnnouncementsCall.path, {
    schema: apiSchema({ tags, summary: 'The merchant’s announcements for agents', headers: authorizationHeader, call: agentAnnouncementsCall }),
  }, async (request) => {
    const caller = agentOf(request);
    return ok(await agentAnnouncements(db, caller.merchantId, request.query.page ?? 1, request.query.size ?? 10, clock()));
  });

  // The affiliate application: a player's (an agent is refused: agent.application.invalid).
  app.post<RouteOf<typeof affiliateApplyCall>>(affiliateApplyCall.path, {
    schema: apiSchema({ tags, summary: 'Apply to become an agent', headers: authorizationHeader, call: affiliateApplyCall }),
  }, async (request) => ok(await applyForAgency(db, memberOf(request), request.body, clock())));

  app.get<RouteOf<typeof affiliateApplicationCall>>(affiliateApplicationCall.path, {
    schema: apiSchema({ tags, summary: 'The caller’s latest application to become an agent', headers: authorizationHeader, call: affiliateApplicationCall }),
  }, async (request) => ok(await latestApplication(db, { merchantId: memberOf(request).merchantId, id: memberOf(request).id })));

  app.get<RouteOf<typeof agentRealtimeWagesCall>>(agentRealtimeWagesCall.path, {
    schema: apiSchema({ tags, summary: 'The agent’s real-time salary records', headers: authorizationHeader, call: agentRealtimeWagesCall }),
  }, async (request) => {
    const caller = agentOf(request);
    const { startDate, endDate, page = 1, size = 10 } = request.query;
    if (endDate < startDate || endDate - startDate > MAX_RANGE_MS) throw new AppError(400, 'lottery.period.invalid');
    return ok(await realtimeWages(db, caller, startDate, endDate, page, size));
  });
}
