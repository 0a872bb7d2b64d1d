import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  changeWithdrawPasswordCall,
  checkWithdrawPasswordCall,
  resetPaymentPasswordCall,
  setWithdrawPasswordCall,
  turnoverInfoCall,
  withdrawAccountInfoCall,
  withdrawAddCardCall,
  withdrawBanksCall,
  withdrawCall,
  withdrawChargesCall,
  withdrawDelCardCall,
  withdrawReportCall,
  withdrawSettingsCall,
} from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { idempotencyKeyOf, transferAmountMinor } from '../ledger';
import { authorizationHeader, memberOf } from '../session';
import { accountInfo, addCard, cardValue, deleteCard } from './cards.service';
import { changePaymentPassword, resetPaymentPassword, setPaymentPassword, verifyPaymentPassword } from './payment-password';
import * as queries from './withdrawal.queries';
import { chargesValue, requestWithdrawal, settingsValue, turnoverValue, withdrawalReport, withdrawalValue } from './withdrawal.service';
import { noWithdrawalPerks, type WithdrawalPerksOf } from './withdrawal.settings';

// The member's withdrawal calls. Every route is closed (a live session of a real account, never a
// free-play guest); those carrying a password are encrypted like the login's.

export interface WithdrawalRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /**
   * What a member's standing adds to the merchant's rules (app.ts: the VIP module's level perks):
   * the settings, the charge preview and the request itself apply it. None without it.
   */
  perksOf?: WithdrawalPerksOf;
}

const tags = ['withdrawal'];

const idempotencyHeaders = {
  ...authorizationHeader,
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description: 'Drawn once per withdrawal the member confirms (a UUID), repeated on retry: the same key is the same withdrawal; reused with another payload it is refused (409 wallet.idempotency.conflict)',
  },
};

export async function withdrawalRoutes(app: FastifyInstance, { db, clock = systemClock, perksOf = noWithdrawalPerks }: WithdrawalRoutesOptions): Promise<void> {
  // ── Payment password ──
  app.post<RouteOf<typeof setWithdrawPasswordCall>>('/wps/relay/setWithdrawPassword', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Set the first payment password',
      description: 'Encrypted. Six digits, twice (inconsistent.twice). Refused once one is set (exists.payment.password): change or reset it instead.',
      headers: authorizationHeader,
      call: setWithdrawPasswordCall,
    }),
  }, async (request) => {
    await setPaymentPassword(db, memberOf(request), request.body);
    return ok(null);
  });

  app.post<RouteOf<typeof changeWithdrawPasswordCall>>('/wps/relay/changeWithdrawPassword', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Change the payment password',
      description: 'Encrypted. The current one is checked like every payment password (invalid.payment.pw, counted toward the lock: 429 after 5 wrong).',
      headers: authorizationHeader,
      call: changeWithdrawPasswordCall,
    }),
  }, async (request) => {
    await changePaymentPassword(db, memberOf(request), request.body, clock());
    return ok(null);
  });

  app.post<RouteOf<typeof resetPaymentPasswordCall>>('/wps/relay/resetPaymentPassword', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Reset a forgotten payment password with the login password',
      description: "Encrypted. A wrong login password answers current.password.err and counts toward the member's password-proof lock. Lifts the payment password's lock.",
      headers: authorizationHeader,
      call: resetPaymentPasswordCall,
    }),
  }, async (request) => {
    await resetPaymentPassword(db, memberOf(request), request.body, clock());
    return ok(null);
  });

  app.post<RouteOf<typeof checkWithdrawPasswordCall>>('/wps/relay/checkWithdrawPassword', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Check the payment password',
      description: 'Encrypted. Success: right. invalid.payment.pw (value.remainingAttempts), not.exists.payment.password, or 429 while locked.',
      headers: authorizationHeader,
      call: checkWithdrawPasswordCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await verifyPaymentPassword(db, member.merchantId, member.id, request.body.password, clock());
    return ok(null);
  });

  // ── Banks and cards ──
  app.get('/wps/relay/MCSFE_getBanks', {
    schema: apiSchema({ tags, summary: 'Banks and wallet types the merchant pays out to', headers: authorizationHeader, call: withdrawBanksCall }),
  }, async (request) => {
    return ok({ banks: await queries.selectBanks(db, memberOf(request).merchantId) });
  });

  app.get('/wps/relay/MCSFE_getWithdrawAccountInfo', {
    schema: apiSchema({
      tags,
      summary: "The member's bound cards, e-wallets and virtual wallets",
      description: 'Numbers masked but for the last four characters.',
      headers: authorizationHeader,
      call: withdrawAccountInfoCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await accountInfo(db, member.merchantId, member.id));
  });

  app.post<RouteOf<typeof withdrawAddCardCall>>('/wps/relay/withdrawAddCard', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Bind a bank card, e-wallet or virtual wallet',
      description: 'Encrypted; the payment password first. See the contract row for the rules. Answers the card, masked.',
      headers: authorizationHeader,
      call: withdrawAddCardCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const card = await addCard(db, { merchantId: member.merchantId, memberId: member.id, ...request.body, nowMs: clock() });
    return ok(cardValue(card));
  });

  app.post<RouteOf<typeof withdrawDelCardCall>>('/wps/relay/withdrawDelCard', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Delete a bound card',
      description: 'Encrypted; the payment password first. Refused while a withdrawal to the card is pending (withdraw.card.pending).',
      headers: authorizationHeader,
      call: withdrawDelCardCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await deleteCard(db, { merchantId: member.merchantId, memberId: member.id, cardId: request.body.bankCardId, password: request.body.password, nowMs: clock() });
    return ok(null);
  });

  // ── Settings, turnover, charges ──
  app.get('/wps/relay/getWithdrawSettings', {
    schema: apiSchema({
      tags,
      summary: "The merchant's withdrawal rules as they apply to the member (its VIP level may add to the daily and free counts), and its count today",
      headers: authorizationHeader,
      call: withdrawSettingsCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await settingsValue(db, member.merchantId, member.id, clock(), perksOf));
  });

  app.get('/wps/relay/getTurnoverInfo', {
    schema: apiSchema({
      tags,
      summary: 'Required and reached turnover',
      description: 'Since the last paid withdrawal: required = deposits × turnoverMultiplier, actual = valid bets.',
      headers: authorizationHeader,
      call: turnoverInfoCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await turnoverValue(db, member.merchantId, member.id));
  });

  app.get<RouteOf<typeof withdrawChargesCall>>('/wps/relay/getCalculatedWithdrawCharges', {
    schema: apiSchema({ tags, summary: 'The charge a withdrawal of this amount would have now', headers: authorizationHeader, call: withdrawChargesCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await chargesValue(db, member.merchantId, member.id, transferAmountMinor(request.query.withdrawAmount), clock(), perksOf));
  });

  // ── Withdraw and its records ──
  app.post<RouteOf<typeof withdrawCall>>('/wps/relay/withdraw', {
    config: { encrypted: true },
    schema: apiSchema({
      tags,
      summary: 'Withdraw to a bound card',
      description:
        'Encrypted; takes an Idempotency-Key header. Holds the amount at once (pending until an operator pays or rejects it; ' +
        'the charge is taken when paid). The order of the checks and their codes: see the contract row.',
      headers: idempotencyHeaders,
      call: withdrawCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    const amountMinor = transferAmountMinor(request.body.amount);
    const { withdrawal } = await requestWithdrawal(db, {
      merchantId: member.merchantId,
      memberId: member.id,
      amountMinor,
      cardId: request.body.bankCardId,
      withdrawType: request.body.currentWithdrawType,
      password: request.body.password,
      idempotencyKey,
      nowMs: clock(),
    }, perksOf);
    return ok(withdrawalValue(withdrawal));
  });

  app.get<RouteOf<typeof withdrawReportCall>>('/wps/relay/getWithdrawTransactionReport', {
    schema: apiSchema({
      tags,
      summary: "The member's withdrawals in a period",
      description: 'At most 31 days (withdraw.report.range.invalid); rows start..end (≤ 100), newest first; footer.amount and total over the whole period.',
      headers: authorizationHeader,
      call: withdrawReportCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await withdrawalReport(db, member.merchantId, member.id, request.query));
  });
}
