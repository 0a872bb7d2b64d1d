import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { minorToMajor } from '../ledger';
import { auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from './audit-context';
import * as queries from './members.queries';
import { audited } from './operator.service';

// The back office's player lookup: find a member by name, mobile, e-mail, card number or an
// address they logged in from, and read one member whole (profile, balances, cards, logins, the
// accounts linked to them by an address or a card, their last money movements). Customer service,
// cashiers, risk and content staff use it (operator-roles.ts). Opening a member is audited
// (`member.view`): it shows personal data. Blocking and adjusting stay the routes they were
// (operator.routes.ts).

export interface MembersRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

const SEARCH_LIMIT_MAX = 100;
const LOGINS_SHOWN = 20;
const LINKED_SHOWN = 50;
const MOVEMENTS_SHOWN = 30;
const BETS_SHOWN = 50;

const time = { type: 'integer', description: 'epoch ms' } as const;
const optionalTime = { type: ['integer', 'null'], description: 'epoch ms' } as const;
const text = { type: 'string' } as const;
const optionalText = { type: ['string', 'null'] } as const;
const money = { type: 'number', description: 'major units' } as const;

const hitSchema: JsonSchema = {
  type: 'object',
  required: ['username', 'status', 'memberType', 'mobile', 'email', 'createdAt', 'lastLoginAt', 'matched'],
  properties: {
    username: text,
    status: { type: 'string', enum: ['active', 'blocked'] },
    memberType: { type: 'integer', description: '0 member, 1/2/41/42 agents' },
    mobile: optionalText,
    email: optionalText,
    createdAt: time,
    lastLoginAt: optionalTime,
    matched: { type: 'string', enum: ['username', 'mobile', 'email', 'card', 'address'] },
  },
};

const usernameParams: JsonSchema = { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } };

export async function membersRoutes(app: FastifyInstance, { db, clock = systemClock }: MembersRoutesOptions): Promise<void> {
  app.get<{ Querystring: { q: string; limit: number } }>('/members', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Find members',
      description: 'By the start of the name (any case), the digits of a mobile number (four or more), an e-mail address, a card or wallet number they bound, or an address they logged in from. Free-play guests are not listed.',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        required: ['q'],
        additionalProperties: false,
        properties: { q: { type: 'string', minLength: 2, maxLength: 100 }, limit: { type: 'integer', minimum: 1, maximum: SEARCH_LIMIT_MAX, default: 50 } },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: hitSchema } } },
    }),
  }, async (request) => {
    const query = request.query.q.trim();
    if (query.length < 2) throw new AppError(400, 'request.param.err', { detail: 'q: two characters at least' });
    const rows = await queries.searchMembers(db, operatorOf(request).merchantId, query, request.query.limit);
    return ok({
      list: rows.map((row) => ({
        username: row.username,
        status: row.status,
        memberType: row.member_type,
        mobile: row.mobile_e164,
        email: row.email,
        createdAt: row.created_at.getTime(),
        lastLoginAt: row.last_login_at?.getTime() ?? null,
        matched: row.matched,
      })),
    });
  });

  app.get<{ Params: { username: string } }>('/members/:username', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'One member, whole',
      description: `Profile, balances (each account of theirs), cards, the last ${LOGINS_SHOWN} logins with their addresses, the accounts linked to them by an address or a card, the last ${MOVEMENTS_SHOWN} money movements and the last ${BETS_SHOWN} bets (lottery and games, open or settled). Audited (member.view). 404 not.found for no such member of the merchant.`,
      headers: bearerHeader,
      params: usernameParams,
      value: {
        type: 'object',
        required: ['profile', 'balances', 'cards', 'logins', 'linked', 'movements', 'bets'],
        properties: {
          profile: {
            type: 'object',
            required: ['username', 'status', 'memberType', 'mobile', 'email', 'payeeName', 'upline', 'createdAt'],
            properties: { username: text, status: text, memberType: { type: 'integer' }, mobile: optionalText, email: optionalText, payeeName: optionalText, upline: optionalText, createdAt: time },
          },
          balances: { type: 'array', items: { type: 'object', required: ['account', 'unit', 'balance'], properties: { account: text, unit: text, balance: money } } },
          cards: {
            type: 'array',
            items: { type: 'object', required: ['type', 'bankName', 'number', 'payeeName', 'createdAt', 'deletedAt'], properties: { type: text, bankName: text, number: text, payeeName: text, createdAt: time, deletedAt: optionalTime } },
          },
          logins: { type: 'array', items: { type: 'object', required: ['address', 'type', 'outcome', 'at'], properties: { address: text, type: text, outcome: text, at: time } } },
          linked: { type: 'array', items: { type: 'object', required: ['username', 'via', 'value'], properties: { username: text, via: { type: 'string', enum: ['address', 'card'] }, value: text } } },
          movements: {
            type: 'array',
            items: {
              type: 'object',
              required: ['transactionId', 'kind', 'account', 'unit', 'amount', 'balanceAfter', 'orderNo', 'remark', 'at'],
              properties: { transactionId: { type: 'integer' }, kind: text, account: text, unit: text, amount: money, balanceAfter: { type: ['number', 'null'] }, orderNo: optionalText, remark: optionalText, at: time },
            },
          },
          bets: {
            type: 'array',
            items: {
              type: 'object',
              required: ['product', 'gameCode', 'gameName', 'reference', 'stake', 'win', 'status', 'placedAt', 'settledAt'],
              properties: {
                product: { type: 'string', enum: ['lottery', 'game'] },
                gameCode: text,
                gameName: text,
                reference: { ...text, description: "the lottery order's number, or the game's round id" },
                stake: money,
                win: money,
                status: { ...text, description: "lottery: open, won, lost, push, cancelled, stopped, void; game: open, settled, rolled_back" },
                placedAt: time,
                settledAt: optionalTime,
              },
            },
          },
        },
      },
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return audited(auditContextOf(request, db, clock), { action: 'member.view', targetType: 'member', targetId: request.params.username }, async () => {
      const profile = await queries.selectMemberProfile(db, merchantId, request.params.username);
      if (!profile) throw new AppError(404, 'not.found');
      const [balances, cards, logins, linked, movements, bets] = await Promise.all([
        queries.selectBalances(db, profile.id),
        queries.selectCards(db, profile.id),
        queries.selectLogins(db, merchantId, profile.username, LOGINS_SHOWN),
        queries.selectLinkedAccounts(db, merchantId, profile.id, LINKED_SHOWN),
        queries.selectMovements(db, profile.id, MOVEMENTS_SHOWN),
        queries.selectBets(db, merchantId, profile.id, BETS_SHOWN),
      ]);
      return ok({
        profile: {
          username: profile.username,
          status: profile.status,
          memberType: profile.member_type,
          mobile: profile.mobile_e164,
          email: profile.email,
          payeeName: profile.payee_name,
          upline: profile.upline,
          createdAt: profile.created_at.getTime(),
        },
        balances: balances.map((row) => ({ account: row.kind, unit: row.unit, balance: minorToMajor(Number(row.balance_minor)) })),
        cards: cards.map((row) => ({ type: row.card_type, bankName: row.bank_name, number: row.card_number, payeeName: row.payee_name, createdAt: row.created_at.getTime(), deletedAt: row.deleted_at?.getTime() ?? null })),
        logins: logins.map((row) => ({ address: row.client_ip, type: row.login_type, outcome: row.outcome, at: row.created_at.getTime() })),
        linked,
        movements: movements.map((row) => ({
          transactionId: row.transaction_id,
          kind: row.kind,
          account: row.account_kind,
          unit: row.unit,
          amount: minorToMajor(Number(row.amount_minor)),
          balanceAfter: row.balance_after_minor === null ? null : minorToMajor(Number(row.balance_after_minor)),
          orderNo: row.order_no,
          remark: row.remark,
          at: row.created_at.getTime(),
        })),
        bets: bets.map((row) => ({
          product: row.product,
          gameCode: row.game_code,
          gameName: row.game_name,
          reference: row.reference,
          stake: minorToMajor(Number(row.stake_minor)),
          win: minorToMajor(Number(row.win_minor)),
          status: row.status,
          placedAt: row.placed_at.getTime(),
          settledAt: row.settled_at?.getTime() ?? null,
        })),
      });
    });
  });
}
