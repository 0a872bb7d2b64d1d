import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  cancelDepositCall,
  depositBanksListCall,
  depositMethodsCall,
  depositMTCall,
  depositReportCall,
  depositSettingsCall,
  fixedAmountsCall,
  newDepositPGCall,
  uploadDepositImageCall,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { callerLanguageOf, clientIpOf, deviceIdOf } from '../../http/request-context';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { resolveLanguage, translate } from '../../i18n/messages';
import type { SecretsKey } from '../../secrets-key';
import { idempotencyKeyOf, readWalletSettings, transferAmountMinor } from '../ledger';
import { authorizationHeader, memberOf } from '../session';
import { depositMessages } from './deposit.messages';
import * as queries from './deposit.queries';
import * as service from './deposit.service';
import { depositIdOf, settleProviderOrder } from './deposit.settle';
import { GatewayCallbackError } from './gateways/gateway';
import { gatewayRegistryFor, type GatewayRegistry } from './gateways/registry';
import { requestOrigin } from '../../http/origin';

export interface DepositRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** Seals the merchants' gateway secrets (server_secret). */
  secretsKey: SecretsKey;
  /** The payment providers (default: the registry of this pool, with the simulator outside production). */
  gateways?: GatewayRegistry;
  /** Methods other modules offer in the channel list (app.ts: C2C from modules/c2c). */
  extraMethods?: service.ExtraDepositMethods;
  /**
   * A deposit's promotionId: refused or joined by modules/promotion (app.ts). Without it a deposit
   * naming a promotion is refused (promotion.not.found).
   */
  choosePromotion?: DepositPromotionChooser;
}

/** Refuses (AppError) the deposit promotion chosen for a deposit of amountMinor, or joins the member to it. */
export type DepositPromotionChooser = (choice: {
  merchantId: number;
  memberId: number;
  promotionId: number;
  amountMinor: number;
  nowMs: number;
  language: string;
  deviceId?: string;
  clientIp: string;
}) => Promise<void>;

/** The largest upload body: a 5 MB image as base64 (4/3) in JSON, with room for the other fields. */
const UPLOAD_BODY_LIMIT = 7_200_000;

const idempotencyHeaders = {
  ...authorizationHeader,
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description: 'Drawn once per user action (a UUID), repeated on retry: the same key makes one deposit; reused with other details it is refused (409 wallet.idempotency.conflict)',
  },
};

const idempotencyKeyFrom = (request: FastifyRequest): string => idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);

const callbackParams = {
  type: 'object',
  required: ['provider'],
  properties: { provider: { type: 'string', pattern: '^[a-z0-9_]{1,32}$', description: 'the gateway adapter (simulator, ...)' } },
};

export async function depositRoutes(app: FastifyInstance, options: DepositRoutesOptions): Promise<void> {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const gateways = options.gateways ?? gatewayRegistryFor({ db, secretsKey: options.secretsKey, clock });
  /** The promotion the request names, to be joined for its deposit (none named: undefined). */
  const chosenPromotion = (request: FastifyRequest, promotionId: number | undefined, nowMs: number): service.ChosenPromotion | undefined => {
    if (promotionId === undefined) return undefined;
    const member = memberOf(request);
    const choose = options.choosePromotion;
    return {
      id: promotionId,
      join: async (amountMinor) => {
        if (!choose) throw new AppError(404, 'promotion.not.found');
        await choose({
          merchantId: member.merchantId,
          memberId: member.id,
          promotionId,
          amountMinor,
          nowMs,
          language: callerLanguageOf(request),
          deviceId: deviceIdOf(request),
          clientIp: clientIpOf(request),
        });
      },
    };
  };

  app.get('/wps/relay/getDepositSettings', {
    schema: apiSchema({
      tags: ['deposit'],
      summary: 'Deposit hub settings',
      description: "Texts, whether the member may start a deposit now, their deposits in progress.",
      headers: authorizationHeader,
      call: depositSettingsCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const [state, wallet] = await Promise.all([
      service.memberDepositState(db, gateways, member.merchantId, member.id, clock()),
      readWalletSettings(db, member.merchantId),
    ]);
    const allowDeposit = state.inProgress < state.maxPending;
    const language = resolveLanguage(typeof request.headers.language === 'string' ? request.headers.language : undefined);
    return ok({
      allowDeposit,
      allowDepositMessage: allowDeposit ? null : translate(depositMessages, 'deposit.pending.limit', language, { max: String(state.maxPending) }),
      inProgressCashInCount: state.inProgress,
      maxInProgressCashIn: state.maxPending,
      depositInfo: state.settings.depositInfo,
      description: state.settings.description,
      bindBankCardRequired: false,
      phoneVerificationRequired: false,
      idPictureVerifiedRequired: false,
      default_tab: state.defaultTab,
      currency: wallet.currency,
      currencySymbol: wallet.currencySymbol,
    });
  });

  for (const call of [depositBanksListCall, depositMethodsCall]) {
    app.get(call.path, {
      schema: apiSchema({
        tags: ['deposit'],
        summary: call === depositBanksListCall ? 'Deposit methods and their channels' : 'Deposit methods (the records filter)',
        headers: authorizationHeader,
        call,
      }),
    }, async (request) => ok(await service.depositMethods(db, gateways, memberOf(request).merchantId, options.extraMethods)));
  }

  app.get<RouteOf<typeof fixedAmountsCall>>('/wps/relay/getFixedAmounts', {
    schema: apiSchema({ tags: ['deposit'], summary: "A channel's fixed amounts and limits", headers: authorizationHeader, call: fixedAmountsCall }),
  }, async (request) => ok(await service.fixedAmounts(db, gateways, memberOf(request).merchantId, request.query.paymentMethod, request.query.channelName)));

  app.post<RouteOf<typeof depositMTCall>>('/wps/relay/depositMTV3', {
    schema: apiSchema({
      tags: ['deposit'],
      summary: 'Manual bank transfer: a pending deposit',
      description:
        "Takes an Idempotency-Key header. Answers the merchant's receiving account; no money moves until an operator approves. " +
        'With promotionId the member is joined to that deposit promotion first (404 promotion.not.found, 409 promotion.not.joinable, ' +
        '400 promotion.deposit.below_minimum: no deposit is made).',
      headers: idempotencyHeaders,
      call: depositMTCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = idempotencyKeyFrom(request);
    const { body } = request;
    const nowMs = clock();
    return ok(
      await service.createManualDeposit(db, gateways, {
        merchantId: member.merchantId,
        memberId: member.id,
        amountMinor: transferAmountMinor(body.amount),
        bankCode: body.bankCode,
        payeeName: body.payeeName,
        depositAccountNum: body.depositAccountNum,
        transactionDate: body.transactionDate,
        promotion: chosenPromotion(request, body.promotionId, nowMs),
        idempotencyKey,
        nowMs,
      }),
    );
  });

  app.post<RouteOf<typeof uploadDepositImageCall>>('/wps/relay/uploadDepositEncodedImage', {
    bodyLimit: UPLOAD_BODY_LIMIT,
    schema: apiSchema({
      tags: ['deposit'],
      summary: 'The receipt of a manual transfer',
      description: 'A png or jpg of at most 5 MB as a data URL; the type is read from the bytes. Replaces an earlier receipt; only while pending.',
      headers: authorizationHeader,
      call: uploadDepositImageCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const { depositId, image, referenceNo } = request.body;
    return ok(await service.uploadReceipt(db, { merchantId: member.merchantId, memberId: member.id, depositId, image, referenceNo, nowMs: clock() }));
  });

  app.post<RouteOf<typeof cancelDepositCall>>('/wps/relay/cancelDeposit', {
    schema: apiSchema({ tags: ['deposit'], summary: 'Cancel a pending deposit', headers: authorizationHeader, call: cancelDepositCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await service.cancelDeposit(db, { merchantId: member.merchantId, memberId: member.id, depositId: request.body.depositId, nowMs: clock() }));
  });

  app.post<RouteOf<typeof newDepositPGCall>>('/wps/relay/newDepositPG', {
    schema: apiSchema({
      tags: ['deposit'],
      summary: 'Online deposit: an order at the payment provider',
      description:
        "Takes an Idempotency-Key header. Answers the provider's payment page (redirectUrl) or a QR code (qrContent); the provider's signed callback credits the deposit. " +
        'With promotionId the member is joined to that deposit promotion first (as depositMTV3).',
      headers: idempotencyHeaders,
      call: newDepositPGCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = idempotencyKeyFrom(request);
    const { body } = request;
    const nowMs = clock();
    return ok(
      await service.createOnlineDeposit(db, gateways, {
        merchantId: member.merchantId,
        memberId: member.id,
        amountMinor: transferAmountMinor(body.amount),
        bankCode: body.bankCode,
        vendorId: body.vendorId,
        promotion: chosenPromotion(request, body.promotionId, nowMs),
        idempotencyKey,
        siteOrigin: requestOrigin(request),
        nowMs,
      }),
    );
  });

  app.get<RouteOf<typeof depositReportCall>>('/wps/relay/MCSFE_getDepositTransactionReport', {
    schema: apiSchema({ tags: ['deposit'], summary: "The member's deposits", description: 'Newest first; the footer sums the whole filtered period.', headers: authorizationHeader, call: depositReportCall }),
  }, async (request) => ok(await service.depositReport(db, memberOf(request).id, request.query)));

  // The providers' asynchronous notice: no session (the provider calls it), open while the site is
  // closed (maintenance or a region rule must not lose a payment). The merchant is the order's,
  // whatever host the provider called; the body must be signed with that merchant's secret for
  // the provider. Nothing is written before the signature is checked.
  app.post<{ Params: { provider: string }; Body: unknown }>('/payment/callback/:provider', {
    config: { auth: 'public', availability: 'always' },
    schema: apiSchema({
      tags: ['deposit'],
      summary: "A payment provider's callback",
      description:
        'Signed by the provider (HMAC-SHA256 over the canonical body with the merchant secret for that provider). A repeated or late callback credits a deposit at most once; a bad signature changes nothing (401).',
      params: callbackParams,
      body: { type: 'object', description: "the provider's signed notice (its own fields)" },
      value: {
        type: 'object',
        required: ['orderId', 'state'],
        properties: { orderId: { type: 'string' }, state: { type: 'string', description: 'the deposit after the notice' } },
      },
    }),
  }, async (request) => {
    const { provider } = request.params;
    const adapter = gateways.adapter(provider);
    if (!adapter) throw new AppError(404, 'not.found', { detail: `no payment provider ${provider}` });
    const orderId = adapter.orderIdOf(request.body);
    const depositId = orderId === undefined ? undefined : depositIdOf(orderId);
    const deposit = depositId === undefined ? undefined : await queries.selectProviderDeposit(db, provider, depositId);
    if (!deposit || orderId === undefined) throw new AppError(400, 'deposit.callback.invalid', { detail: 'no order of ours' });
    const account = await gateways.account(deposit.merchantId, provider);
    if (!account) throw new AppError(400, 'deposit.callback.invalid', { detail: 'the merchant has no account at this provider' });
    let order;
    try {
      order = adapter.verifyCallback(account, request.body);
    } catch (error) {
      if (!(error instanceof GatewayCallbackError)) throw error;
      request.log.warn({ provider, orderId, reason: error.reason }, 'payment callback refused');
      if (error.reason === 'signature') throw new AppError(401, 'deposit.callback.signature.invalid');
      throw new AppError(400, 'deposit.callback.invalid', { detail: error.message });
    }
    if (order.orderId !== orderId) throw new AppError(400, 'deposit.callback.invalid', { detail: 'the order differs from the one signed' });
    const nowMs = clock();
    const outcome = await settleProviderOrder(db, deposit, order, nowMs);
    await queries.insertCallback(db, { depositId: deposit.id, provider, status: order.status, body: request.body, outcome, nowMs });
    if (outcome === 'currency_mismatch') request.log.error({ provider, orderId, currency: order.currency }, 'payment in another currency: not credited');
    const after = await queries.selectDeposit(db, deposit.merchantId, deposit.id);
    return ok({ orderId, state: service.memberState(after?.status ?? deposit.status) });
  });
}
