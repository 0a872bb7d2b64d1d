import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { minorToMajor } from '../ledger';
import { auditContextOf, audited, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { voidRoundIn } from './settlement.service';

// The operators' side of the lottery (/ops/v1, registered behind the operator token check by app.ts
// through operatorRoutes' extraRoutes; the command-line tool's `lottery-void`), audited: voiding a
// round that cannot settle (no result, a broken draw). Every open bet of it is refunded once, in
// one transaction with the round's state change (settlement.service voidRoundIn, the same as the
// scheduler's void of a round whose seed cannot be read): a second void of it, or one racing the
// first, finds it void and is refused; a round already settled cannot be voided.

export interface VoidedRound {
  gameCode: string;
  numero: string;
  refundedBets: number;
  refundedMembers: number;
  /** Major units. */
  refunded: number;
}

export async function voidRound(pool: pg.Pool, input: { merchantId: number; gameCode: string; numero: string; reason: string; nowMs: number }): Promise<VoidedRound> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<{ id: string; state: string }>(
      `SELECT r.id, r.state FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
        WHERE g.merchant_id = $1 AND g.game_code = $2 AND r.numero = $3 FOR UPDATE OF r`,
      [input.merchantId, input.gameCode, input.numero],
    );
    const round = found.rows[0];
    if (!round) throw new AppError(404, 'lottery.round.unknown');
    if (round.state !== 'open' && round.state !== 'drawn') throw new AppError(409, 'lottery.round.not_voidable');
    const open = await client.query<{ bets: string; amountMinor: string | null }>(
      "SELECT count(*) AS bets, sum(amount_minor) AS \"amountMinor\" FROM lottery_bet WHERE round_id = $1 AND state = 'open'",
      [round.id],
    );
    const members = await voidRoundIn(client, Number(round.id), `operator: ${input.reason}`.slice(0, 200), input.nowMs);
    return {
      gameCode: input.gameCode,
      numero: input.numero,
      refundedBets: Number(open.rows[0].bets),
      refundedMembers: members,
      refunded: minorToMajor(Number(open.rows[0].amountMinor ?? 0)),
    };
  });
}

export async function lotteryOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.post<{ Body: { gameCode: string; numero: string; reason: string } }>('/lottery/rounds/void', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Void a lottery round that cannot settle: every open bet refunded, once',
      description: '404 lottery.round.unknown: no such round of this merchant; 409 lottery.round.not_voidable: already settled or void.',
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['gameCode', 'numero', 'reason'],
        additionalProperties: false,
        properties: {
          gameCode: { type: 'string', pattern: '^[A-Z0-9]{2,16}$' },
          numero: { type: 'string', pattern: '^[0-9]{8}(-[0-9]{2,4})?$' },
          reason: { type: 'string', minLength: 1, maxLength: 180, description: 'kept in the audit trail and on the round' },
        },
      },
      value: {
        type: 'object',
        required: ['gameCode', 'numero', 'refundedBets', 'refundedMembers', 'refunded'],
        properties: {
          gameCode: { type: 'string' },
          numero: { type: 'string' },
          refundedBets: { type: 'integer' },
          refundedMembers: { type: 'integer' },
          refunded: { type: 'number', description: 'the stakes given back; major units' },
        },
      },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { gameCode, numero, reason } = request.body;
    return audited(
      auditContextOf(request, db, clock),
      { action: 'lottery_round.void', targetType: 'lottery_round', targetId: `${gameCode} ${numero}`, detail: { reason } },
      async () => ok(await voidRound(db, { merchantId: operator.merchantId, gameCode, numero, reason, nowMs: clock() })),
    );
  });
}
