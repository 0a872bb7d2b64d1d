import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  c2cDepositDetailCall,
  cancelC2CDepositCall,
  confirmC2CPaidCall,
  confirmC2CReceiptCall,
  depositC2CCall,
  paymentConfirmationListCall,
  uploadC2CProofCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { idempotencyKeyOf, transferAmountMinor } from '../ledger';
import { authorizationHeader, memberOf } from '../session';
import type { SenderFactory } from '../notification';
import * as service from './c2c.service';

// The members' C2C calls (contract c2c.ts): the depositor's (depositC2C, proof, paid, cancel,
// detail) and the withdrawer's (confirmation list, confirmC2CReceipt). Closed by default: a live
// session of a real account; an order is reachable only by its depositor or its withdrawer.

export interface C2CRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** How SMS leave (the claim notice to the withdrawer, where the merchant asks for it). */
  senders?: SenderFactory;
}

/** One 5 MB image as base64 in JSON, with room for the other fields. */
const PROOF_BODY_LIMIT = 7_200_000;
/** Three of them. */
const DISPUTE_BODY_LIMIT = 21_200_000;

const idempotencyHeaders = {
  ...authorizationHeader,
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description: 'Drawn once per user action, repeated on retry: the same key acts once; reused with another payload it is refused (409 wallet.idempotency.conflict)',
  },
};

const keyOf = (request: FastifyRequest): string => idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);

export async function c2cRoutes(app: FastifyInstance, options: C2CRoutesOptions): Promise<void> {
  const { db } = options;
  const clock = options.clock ?? systemClock;

  app.post<RouteOf<typeof depositC2CCall>>('/wps/relay/depositC2C', {
    schema: apiSchema({
      tags: ['c2c'],
      summary: "Player-to-player deposit: matched to another member's pending withdrawal",
      description: 'Takes an Idempotency-Key header. Answers the card to pay and the payment deadline; no money moves until the withdrawer confirms receipt.',
      headers: idempotencyHeaders,
      call: depositC2CCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = keyOf(request);
    return ok(
      await service.createC2CDeposit(db, {
        merchantId: member.merchantId,
        memberId: member.id,
        amountMinor: transferAmountMinor(request.body.amount),
        payerName: request.body.payerName,
        idempotencyKey,
        nowMs: clock(),
      }),
    );
  });

  app.get<RouteOf<typeof c2cDepositDetailCall>>('/wps/relay/getDepositConfirmationDetail', {
    schema: apiSchema({ tags: ['c2c'], summary: "The member's C2C deposit (or latest open one)", headers: authorizationHeader, call: c2cDepositDetailCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await service.depositorDetail(db, member.merchantId, member.id, request.query.depositId, clock()));
  });

  app.post<RouteOf<typeof uploadC2CProofCall>>('/wps/relay/uploadC2CProof', {
    bodyLimit: PROOF_BODY_LIMIT,
    schema: apiSchema({
      tags: ['c2c'],
      summary: "The depositor's proof of payment",
      description: 'A png or jpg of at most 5 MB as a data URL; the type is read from the bytes. Replaces an earlier one; while matched or paid.',
      headers: authorizationHeader,
      call: uploadC2CProofCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await service.uploadProof(db, { merchantId: member.merchantId, memberId: member.id, depositId: request.body.depositId, image: request.body.image, nowMs: clock() }));
  });

  app.post<RouteOf<typeof confirmC2CPaidCall>>('/wps/relay/confirmC2CPaid', {
    schema: apiSchema({ tags: ['c2c'], summary: '"I have paid": the withdrawer is asked to confirm', headers: authorizationHeader, call: confirmC2CPaidCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(
      await service.confirmPaid(db, { merchantId: member.merchantId, memberId: member.id, depositId: request.body.depositId, nowMs: clock() }, { senders: options.senders, log: request.log }),
    );
  });

  app.post<RouteOf<typeof cancelC2CDepositCall>>('/wps/relay/cancelC2CDeposit', {
    schema: apiSchema({ tags: ['c2c'], summary: 'Cancel a C2C deposit not yet paid', headers: authorizationHeader, call: cancelC2CDepositCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await service.cancelOrder(db, { merchantId: member.merchantId, memberId: member.id, depositId: request.body.depositId, nowMs: clock() }));
  });

  app.get('/wps/relay/MCSFE_getPaymentConfirmationList', {
    schema: apiSchema({
      tags: ['c2c'],
      summary: "Payments to confirm on the member's withdrawals",
      headers: authorizationHeader,
      call: paymentConfirmationListCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await service.confirmationList(db, member.merchantId, member.id, clock()));
  });

  app.post<RouteOf<typeof confirmC2CReceiptCall>>('/wps/relay/confirmC2CReceipt', {
    bodyLimit: DISPUTE_BODY_LIMIT,
    schema: apiSchema({
      tags: ['c2c'],
      summary: "The withdrawer's answer: received, partially received, not received",
      description: 'Takes an Idempotency-Key header. received / partial credit the payer from the withdrawal held; not_received (1-3 images) opens a dispute for an operator.',
      headers: idempotencyHeaders,
      call: confirmC2CReceiptCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = keyOf(request);
    const { orderId, result, receivedAmount, images } = request.body;
    return ok(
      await service.confirmReceipt(db, {
        merchantId: member.merchantId,
        memberId: member.id,
        orderId,
        result,
        receivedMinor: result === 'partial' && receivedAmount !== undefined ? transferAmountMinor(receivedAmount) : undefined,
        images,
        idempotencyKey,
        nowMs: clock(),
      }),
    );
  });
}
