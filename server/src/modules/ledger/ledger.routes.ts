import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  allWalletBalanceCall,
  BALANCE_EVENT,
  BALANCE_STREAM_RETRY_MS,
  balanceCall,
  balanceEventsCall,
  consolidatedCall,
  merchantWalletCall,
  walletReturnCall,
  walletTransferCall,
  type ConsolidatedContractFlags,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { openEventStream } from '../../http/event-stream';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { authorizationHeader, memberOf } from '../session';
import { minorToMajor } from './ledger.service';
import type { BalanceStreams } from './balance-stream';
import { idempotencyKeyOf, readWalletSettings, recallAllToMain, totalBalanceMinor, transferAmountMinor, transferBetweenWallets, walletBalances } from './wallet.service';

export interface LedgerRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
  /** The process's balance streams (app.ts); without them the events route is not served. */
  balanceStreams?: BalanceStreams;
  /** The agent programme's contract flags of the consolidated answer (app.ts asks the agent module, which the ledger may not import). */
  contractFlags: (merchantId: number, memberId: number) => Promise<ConsolidatedContractFlags>;
  /** Other modules' events on the same stream (the message module's unread count), so a page needs one connection. */
  memberEvents?: readonly MemberEventSource[];
}

/** Events another module adds to the member's balance stream: sent on subscribe and on every change. */
export interface MemberEventSource {
  subscribe(subscriber: { merchantId: number; memberId: number; send: (event: string, data: unknown) => void }): () => void;
}

/** A balance stream ends after this long: the browser reconnects, and its session is checked again. */
export const BALANCE_STREAM_LIFETIME_MS = 5 * 60_000;

const idempotencyHeaders = {
  ...authorizationHeader,
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description: 'Drawn once per user action (a UUID), repeated on retry: the same key moves money once; reused with another payload it is refused (409 wallet.idempotency.conflict)',
  },
};

const idempotencyKeyFrom = (request: FastifyRequest): string => idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);

export async function ledgerRoutes(app: FastifyInstance, { db, clock = systemClock, balanceStreams, memberEvents = [], contractFlags }: LedgerRoutesOptions): Promise<void> {
  if (balanceStreams) {
    app.get('/wps/v2/wallets/balance/events', {
      config: { auth: 'member' },
      schema: apiSchema({
        tags: ['wallet'],
        summary: "The member's balance, pushed",
        description: `A text/event-stream: a \`${BALANCE_EVENT}\` event with the balance (as GET /wps/v2/wallets/balance) when it opens and whenever it changes. It ends after ${BALANCE_STREAM_LIFETIME_MS / 60_000} minutes; the client reconnects.`,
        headers: authorizationHeader,
        call: balanceEventsCall,
      }),
    }, async (request, reply) => {
      const member = memberOf(request);
      const stream = openEventStream(request, reply, { retryMs: BALANCE_STREAM_RETRY_MS, lifetimeMs: BALANCE_STREAM_LIFETIME_MS });
      const unsubscribe = balanceStreams.subscribe({
        merchantId: member.merchantId,
        memberId: member.id,
        send: (sumBalance) => stream.send(BALANCE_EVENT, { sumBalance }),
        end: () => stream.end(),
      });
      const unsubscribeOthers = memberEvents.map((source) =>
        source.subscribe({ merchantId: member.merchantId, memberId: member.id, send: (event, data) => stream.send(event, data) }),
      );
      stream.onClose(() => {
        unsubscribe();
        for (const unsubscribeOther of unsubscribeOthers) unsubscribeOther();
      });
    });
  }

  app.get('/wps/v2/wallets/balance', {
    config: { auth: 'member' },
    schema: apiSchema({
      tags: ['wallet'],
      summary: "The member's balance",
      description: 'Every wallet of the member together (main and game wallets), in major units with two decimals (play money for free-play guests).',
      headers: authorizationHeader,
      call: balanceCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok({ sumBalance: minorToMajor(await totalBalanceMinor(db, member.merchantId, member.id)) });
  });

  // The wallet routes below say nothing about access: closed, a live session of a real account.
  app.get('/wps/relay/GCS_merchantWallet', {
    schema: apiSchema({ tags: ['wallet'], summary: 'Single wallet or game wallets', headers: authorizationHeader, call: merchantWalletCall }),
  }, async (request) => {
    const settings = await readWalletSettings(db, memberOf(request).merchantId);
    return ok({ isSingle: settings.single });
  });

  app.get('/wps/relay/getAllWalletBalanceV2', {
    schema: apiSchema({
      tags: ['wallet'],
      summary: 'Every wallet of the member',
      description: 'Main wallet (accountTypeId 0) and, unless single-wallet, one per game vendor; major units.',
      headers: authorizationHeader,
      call: allWalletBalanceCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await walletBalances(db, member.merchantId, member.id));
  });

  app.post<RouteOf<typeof walletTransferCall>>('/wps/relay/GCS_walletTransfer', {
    schema: apiSchema({
      tags: ['wallet'],
      summary: 'Transfer between the main wallet and a game wallet',
      description: 'Takes an Idempotency-Key header. Answers every wallet after the transfer.',
      headers: idempotencyHeaders,
      call: walletTransferCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const idempotencyKey = idempotencyKeyFrom(request);
    const amountMinor = transferAmountMinor(request.body.amount);
    await transferBetweenWallets(db, {
      merchantId: member.merchantId,
      memberId: member.id,
      fromAccountTypeId: request.body.fromAccountTypeId,
      toAccountTypeId: request.body.toAccountTypeId,
      amountMinor,
      idempotencyKey,
      nowMs: clock(),
    });
    return ok(await walletBalances(db, member.merchantId, member.id));
  });

  app.post('/wps/relay/GCS_walletReturn', {
    schema: apiSchema({
      tags: ['wallet'],
      summary: 'Recall every game wallet to the main wallet',
      description: 'Takes an Idempotency-Key header. Answers every wallet after the recall.',
      headers: idempotencyHeaders,
      call: walletReturnCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    await recallAllToMain(db, { merchantId: member.merchantId, memberId: member.id, idempotencyKey: idempotencyKeyFrom(request), nowMs: clock() });
    return ok(await walletBalances(db, member.merchantId, member.id));
  });

  app.get('/wps/member/info/funds/consolidated', {
    schema: apiSchema({
      tags: ['wallet'],
      summary: "The member's funds at a glance",
      description:
        'Wallet part (isSingle, sumBalance) and the agent contract flags: realtimesalreqtype, dailysalreqtype, contracthoursalreq and divtypereq when the member is a side of a pending or active contract of that kind; their info types (realtimesalinfotype, dailysalinfotype, contracthoursalinfo, divtypeinfo) with LOTT.agent when of an active one.',
      headers: authorizationHeader,
      call: consolidatedCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const [settings, totalMinor, flags] = await Promise.all([
      readWalletSettings(db, member.merchantId),
      totalBalanceMinor(db, member.merchantId, member.id),
      contractFlags(member.merchantId, member.id),
    ]);
    // Contract flags of the agent programme, from the agent module.
    return ok({ isSingle: settings.single, sumBalance: minorToMajor(totalMinor), ...flags });
  });
}
