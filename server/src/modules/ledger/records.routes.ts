import { RECORDS_DEFAULT_PAGE_SIZE, memberTransactionsCall, type TransactionCodeType } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AppError, ok } from '../../http/envelope';
import { callerLanguageOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { resolveLanguage } from '../../i18n/messages';
import { authorizationHeader, memberOf } from '../session';
import { commaList, memberTransactions } from './records.service';

export interface RecordsRoutesOptions {
  db: pg.Pool;
  /**
   * The member of the caller's downline named subordinateName (the agent module's check, given by
   * app.ts); without it a name other than the caller's own is refused as unknown.
   */
  subordinateOf?: (caller: { merchantId: number; memberId: number; memberType: number }, username: string) => Promise<number>;
}

// The member's records of money movements (legacy page transactionHistory › transactionLogs).
// Closed like the wallet routes: a live session of a real account; the rows are always the
// session's member's own, or, for an agent naming subordinateName, a member of its own downline.
export async function recordsRoutes(app: FastifyInstance, { db, subordinateOf }: RecordsRoutesOptions): Promise<void> {
  app.get<RouteOf<typeof memberTransactionsCall>>('/wps/relay/ODSFE2_MemTransDet', {
    schema: apiSchema({
      tags: ['wallet'],
      summary: "The member's transaction records",
      description:
        "One row per movement on the member's own wallets (main and game wallets) in [startTime, endTime] (at most 29 days), newest first; footer.amount sums the whole filtered period. Filters: codeTypes (groups) and txTypeIds.",
      headers: authorizationHeader,
      call: memberTransactionsCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const { startTime, endTime, codeTypes, txTypeIds, page = 1, size, language, subordinateName, unit } = request.query;
    const named = subordinateName?.trim();
    let memberId = member.id;
    if (named && named.toLowerCase() !== member.username.toLowerCase()) {
      if (!subordinateOf) throw new AppError(404, 'agent.downline.unknown');
      memberId = await subordinateOf({ merchantId: member.merchantId, memberId: member.id, memberType: member.memberType }, named);
    }
    return ok(
      await memberTransactions(db, {
        merchantId: member.merchantId,
        memberId,
        startTime,
        endTime,
        codeTypes: commaList(codeTypes) as TransactionCodeType[],
        txTypeIds: commaList(txTypeIds).map(Number),
        page,
        size: size ?? RECORDS_DEFAULT_PAGE_SIZE,
        language: language ? resolveLanguage(language) : callerLanguageOf(request),
        unit,
      }),
    );
  });
}
