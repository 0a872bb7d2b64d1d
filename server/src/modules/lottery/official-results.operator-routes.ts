import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { awaitingResults, enterOfficialResult } from './official-results.service';

// The operators' side of official results (official-results.service.ts): the rounds waiting for
// their result, and one operator's entry of it. The first entry's numbers are never answered nor
// written to the audit trail (which other staff read), so the second operator types the result
// from the official source, not from the screen; the trail has who entered, when, and once the
// round is drawn, its numbers.

export async function officialResultsOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get('/lottery/results', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Rounds of official-result games past their draw time and waiting for their result, oldest first',
      headers: bearerHeader,
      value: {
        type: 'object',
        required: ['list'],
        properties: {
          list: {
            type: 'array',
            items: {
              type: 'object',
              required: ['roundId', 'gameCode', 'gameName', 'kind', 'size', 'widths', 'numero', 'drawAt', 'openBets', 'firstEntry', 'mismatches'],
              properties: {
                roundId: { type: 'integer' },
                gameCode: { type: 'string' },
                gameName: { type: 'string' },
                kind: { type: 'string' },
                size: { type: 'integer', description: 'how many numbers its result has' },
                widths: {
                  type: 'array',
                  items: { type: 'integer' },
                  description: 'the digits of each number in the entry order: exactly that many for VN and VN18 (zero-padded), at most for the other kinds',
                },
                numero: { type: 'string' },
                drawAt: { type: 'integer', description: 'epoch ms' },
                openBets: { type: 'integer' },
                firstEntry: {
                  anyOf: [
                    { type: 'object', required: ['operator', 'enteredAt'], properties: { operator: { type: 'string' }, enteredAt: { type: 'integer', description: 'epoch ms' } } },
                    { type: 'null' },
                  ],
                  description: 'the entry waiting for a second operator (never its numbers); null: none',
                },
                mismatches: { type: 'integer', description: 'entries set aside because two did not agree' },
              },
            },
          },
        },
      },
    }),
  }, async (request) => ok({ list: await awaitingResults(db, operatorOf(request).merchantId, clock()) }));

  app.post<{ Params: { roundId: number }; Body: { numbers: string[] } }>('/lottery/results/:roundId', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Enter a round's official result; a second operator's equal entry draws the round",
      description:
        'numbers: as the official result prints them, in the draw order (VN: 27, VN18: 18, the special prize first, each zero-padded to its prize digits; the southern and central results print G8 first, their entry starts with the special prize). Answers awaiting_second or drawn. 404 lottery.round.unknown; 409 lottery.result.not_official, lottery.result.not_due, lottery.result.closed, lottery.result.own (the first entry was yours), lottery.result.mismatch (both entries set aside); 400 lottery.result.invalid.',
      headers: bearerHeader,
      params: { type: 'object', required: ['roundId'], properties: { roundId: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } },
      body: {
        type: 'object',
        required: ['numbers'],
        additionalProperties: false,
        properties: { numbers: { type: 'array', minItems: 1, maxItems: 40, items: { type: 'string', pattern: '^[0-9]{1,6}$' } } },
      },
      value: {
        type: 'object',
        required: ['state'],
        properties: {
          state: { type: 'string', enum: ['awaiting_second', 'drawn'] },
          numbers: { type: 'array', items: { type: 'string' }, description: 'when drawn: the numbers as shown' },
        },
      },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const roundId = request.params.roundId;
    return auditedChange(
      auditContextOf(request, db, clock),
      // Not the numbers: the trail is read by staff who may be the second to enter them.
      { action: 'lottery_result.enter', targetType: 'lottery_round', targetId: String(roundId), asked: { count: request.body.numbers.length } },
      async () => {
        const entered = await enterOfficialResult(db, { merchantId: operator.merchantId, operatorId: operator.id, roundId, numbers: request.body.numbers, nowMs: clock() });
        const after = entered.value.state === 'drawn' ? { ...entered.after, numbers: entered.value.numbers } : entered.after;
        return { before: entered.before, after, value: ok(entered.value) };
      },
    );
  });
}
