import { BET_HISTORY_CALLS, BET_HISTORY_CATEGORIES, BET_HISTORY_DEFAULT_PAGE_SIZE, type personalRngHistoryCall } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { ok } from '../../http/envelope';
import { callerLanguageOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { resolveLanguage } from '../../i18n/messages';
import { authorizationHeader, memberOf } from '../session';
import { memberBetHistory } from './bet-history.service';

export interface BetHistoryRoutesOptions {
  db: pg.Pool;
}

// The member's bet records per category (legacy page personalHistoryCopy › rngHistory, …,
// and inhouseHistory): one route per category, all alike. Closed like the other records: a live
// session of a real account; the rows are always the session's member's own.
export async function betHistoryRoutes(app: FastifyInstance, { db }: BetHistoryRoutesOptions): Promise<void> {
  for (const category of BET_HISTORY_CATEGORIES) {
    const call = BET_HISTORY_CALLS[category];
    // Every category's row has the same query and value: one route type serves them all.
    app.get<RouteOf<typeof personalRngHistoryCall>>(call.path, {
      schema: apiSchema({
        tags: ['games'],
        summary: `The member's ${category} bet records`,
        description: `One row per ${category} game round of the member's own that started in [startDate, endDate] (at most 31 days), newest first; footer sums the whole filtered period. Rolled-back rounds and trial play are not records.`,
        headers: authorizationHeader,
        call,
      }),
    }, async (request) => {
      const member = memberOf(request);
      const { startDate, endDate, accountType, page = 1, size = BET_HISTORY_DEFAULT_PAGE_SIZE, language } = request.query;
      return ok(
        await memberBetHistory(db, {
          merchantId: member.merchantId,
          memberId: member.id,
          category,
          startDate,
          endDate,
          vassalage: accountType,
          page,
          size,
          language: language ? resolveLanguage(language) : callerLanguageOf(request),
        }),
      );
    });
  }
}
