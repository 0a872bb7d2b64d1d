import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  LOTTERY_DRAW_EVENT,
  LOTTERY_RECORDS_MAX_RANGE_MS,
  lotteryBetCall,
  lotteryBonusCall,
  lotteryCancelBetCall,
  lotteryCancelChaseCall,
  lotteryDrawEventsCall,
  lotteryDrawsCall,
  lotteryGameMenusCall,
  lotteryGamesCall,
  lotteryLatestDrawCall,
  lotteryMemberBetsCall,
  lotteryNearNumerosCall,
  lotteryOpenedNumeroCall,
  lotteryOrderDetailCall,
  lotteryPopularGamesCall,
  lotteryRecentGamesCall,
  lotteryTodayOrdersCall,
  lotteryVnGameMenuCall,
  lotteryVnOpenedCall,
  lotteryVnRecentGamesCall,
  lottoOpenedNumeroCall,
  type LotteryGame,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { openEventStream } from '../../http/event-stream';
import { apiSchema, type RouteOf } from '../../http/schemas';
import { merchantOf } from '../../plugins/merchant';
import { authorizationHeader, memberOf } from '../session';
import { cancelBet, cancelChase, placeOrder } from './betting.service';
import type { DrawStreams } from './draw-events';
import { draws, groupGames, latestDraw, listGames, nearRounds, openedRound, popularGames, recentGames, vnOpened } from './lobby.service';
import { bonusTable, memberBets, orderDetail, todayBets } from './records.service';
import { limitedBySetting, rebateSettingOf } from './rounds.service';

export interface LotteryRoutesOptions {
  db: pg.Pool;
  clock: Clock;
  drawStreams?: DrawStreams;
  /**
   * Team betting: the head of the team an agent asks for — itself (its downline, depth
   * ≥ 1) or the named member of its downline (its team, itself included) — by the agent module's
   * checks (403 agent.only for a non-agent, 404 agent.downline.unknown outside the caller's
   * downline), given by app.ts. Without it TEAM is refused as for a non-agent.
   */
  teamHeadOf?: (caller: { merchantId: number; memberId: number; memberType: number }, subordinateName: string | undefined) => Promise<{ memberId: number; minDepth: 0 | 1 }>;
}

const STREAM_LIFETIME_MS = 10 * 60_000;

// The lottery's routes (the wire: contract/src/lottery.ts). Games, rounds and
// results are open to anybody (the lobby shows them before login; the game lists take a session
// when sent, for the member's own series limit); betting, orders and records need a live
// session of a real account (the default), and are always the session member's own.
export async function lotteryRoutes(app: FastifyInstance, { db, clock, drawStreams, teamHeadOf }: LotteryRoutesOptions): Promise<void> {
  const unknownGame = () => new AppError(404, 'lottery.game.unknown');
  // A logged-in member's rebate setting (migration 040) limits the series its bets may use and its
  // rebate: the lists say so (optional access: anybody, the member's own limits when a session is sent).
  const forCaller = async (request: FastifyRequest, games: LotteryGame[]): Promise<LotteryGame[]> => {
    const member = request.authenticated?.member;
    if (!member) return games;
    const own = await rebateSettingOf(db, member.id);
    return games.map((game) => limitedBySetting(game, own));
  };
  const groupsForCaller = async (request: FastifyRequest, games: LotteryGame[]) => groupGames(await forCaller(request, games));

  app.get<RouteOf<typeof lotteryGamesCall>>(lotteryGamesCall.path, {
    config: { auth: 'optional' },
    schema: apiSchema({ tags: ['lottery'], summary: 'The merchant’s lottery games', call: lotteryGamesCall }),
  }, async (request) => ok(await forCaller(request, await listGames(db, merchantOf(request).id, request.query.prizeMode))));

  app.get<RouteOf<typeof lotteryGameMenusCall>>(lotteryGameMenusCall.path, {
    config: { auth: 'optional' },
    schema: apiSchema({ tags: ['lottery'], summary: 'Lottery games by lobby group', call: lotteryGameMenusCall }),
  }, async (request) => ok(await groupsForCaller(request, await listGames(db, merchantOf(request).id, request.query.prizeMode ?? 'Lott'))));

  app.get<RouteOf<typeof lotteryVnGameMenuCall>>(lotteryVnGameMenuCall.path, {
    config: { auth: 'optional' },
    schema: apiSchema({ tags: ['lottery'], summary: 'Vietnam lottery games by group', call: lotteryVnGameMenuCall }),
  }, async (request) => ok(await groupsForCaller(request, await listGames(db, merchantOf(request).id, 'SEA'))));

  app.get<RouteOf<typeof lotteryRecentGamesCall>>(lotteryRecentGamesCall.path, {
    schema: apiSchema({ tags: ['lottery'], summary: 'Lottery games the member bet on lately', headers: authorizationHeader, call: lotteryRecentGamesCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await forCaller(request, await recentGames(db, member.merchantId, member.id, request.query.prizeMode ?? 'Lott')));
  });

  app.get<RouteOf<typeof lotteryVnRecentGamesCall>>(lotteryVnRecentGamesCall.path, {
    schema: apiSchema({ tags: ['lottery'], summary: 'Vietnam lottery games the member bet on lately', headers: authorizationHeader, call: lotteryVnRecentGamesCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await forCaller(request, await recentGames(db, member.merchantId, member.id, 'SEA')));
  });

  app.get<RouteOf<typeof lotteryPopularGamesCall>>(lotteryPopularGamesCall.path, {
    config: { auth: 'optional' },
    schema: apiSchema({ tags: ['lottery'], summary: 'The most played lottery games of the last 7 days', call: lotteryPopularGamesCall }),
  }, async (request) => ok(await forCaller(request, await popularGames(db, merchantOf(request).id, request.query.prizeMode, request.query.count ?? 20, clock()))));

  for (const call of [lotteryOpenedNumeroCall, lottoOpenedNumeroCall]) {
    app.get<RouteOf<typeof lotteryOpenedNumeroCall>>(call.path, {
      config: { auth: 'public' },
      schema: apiSchema({ tags: ['lottery'], summary: 'The round on sale and the latest draw', call }),
    }, async (request) => {
      const opened = await openedRound(db, merchantOf(request).id, request.query.gameCode, clock());
      if (!opened) throw unknownGame();
      return ok(opened);
    });
  }

  app.get<RouteOf<typeof lotteryNearNumerosCall>>(lotteryNearNumerosCall.path, {
    config: { auth: 'public' },
    schema: apiSchema({ tags: ['lottery'], summary: 'The round on sale and the next ones (chase)', call: lotteryNearNumerosCall }),
  }, async (request) => {
    const rounds = await nearRounds(db, merchantOf(request).id, request.query.gameCode, request.query.count ?? 10, clock());
    if (!rounds) throw unknownGame();
    return ok(rounds);
  });

  app.get<RouteOf<typeof lotteryVnOpenedCall>>(lotteryVnOpenedCall.path, {
    config: { auth: 'public' },
    schema: apiSchema({ tags: ['lottery'], summary: 'Vietnam lottery games with a round on sale', call: lotteryVnOpenedCall }),
  }, async (request) => ok(await vnOpened(db, merchantOf(request).id, request.query.count ?? 100, clock())));

  app.get<RouteOf<typeof lotteryDrawsCall>>(lotteryDrawsCall.path, {
    config: { auth: 'public' },
    schema: apiSchema({ tags: ['lottery'], summary: 'Results of a game, newest first, with their seeds', call: lotteryDrawsCall }),
  }, async (request) => {
    const page = await draws(db, merchantOf(request).id, request.query.gameCode, request.query.page ?? 1, request.query.size ?? 10, clock());
    if (!page) throw unknownGame();
    return ok(page);
  });

  app.get<RouteOf<typeof lotteryLatestDrawCall>>(lotteryLatestDrawCall.path, {
    config: { auth: 'public' },
    schema: apiSchema({ tags: ['lottery'], summary: 'The latest result of a game', call: lotteryLatestDrawCall }),
  }, async (request) => {
    const draw = await latestDraw(db, merchantOf(request).id, request.params.gameCode, clock());
    if (draw === undefined) throw unknownGame();
    return ok(draw);
  });

  if (drawStreams) {
    app.get<RouteOf<typeof lotteryDrawEventsCall>>(lotteryDrawEventsCall.path, {
      config: { auth: 'public' },
      schema: apiSchema({
        tags: ['lottery'],
        summary: 'Draws of a game, pushed',
        description: `A text/event-stream: a \`${LOTTERY_DRAW_EVENT}\` event with the round (as GET /lgw/draw lists them) each time one of the game's rounds is drawn, settled or voided. It ends after ${STREAM_LIFETIME_MS / 60_000} minutes; the client reconnects.`,
        call: lotteryDrawEventsCall,
      }),
    }, async (request, reply) => {
      const merchant = merchantOf(request);
      if (!(await openedRound(db, merchant.id, request.query.gameCode, clock()))) throw unknownGame();
      const stream = openEventStream(request, reply, { retryMs: 3000, lifetimeMs: STREAM_LIFETIME_MS });
      const unsubscribe = drawStreams.subscribe({
        merchantId: merchant.id,
        gameCode: request.query.gameCode,
        send: (draw) => stream.send(LOTTERY_DRAW_EVENT, draw),
        end: () => stream.end(),
      });
      stream.onClose(unsubscribe);
    });
  }

  app.post<RouteOf<typeof lotteryBetCall>>(lotteryBetCall.path, {
    schema: apiSchema({
      tags: ['lottery'],
      summary: 'Place a lottery order (a slip on the round on sale, optionally chased over the next rounds)',
      description:
        'Paid in full at once; refused whole when any line is invalid, the round has closed, the total differs from betCartAmountSum, the chase plan (chaseMultiples) is not one of its rounds, or the balance is short. An Idempotency-Key makes a repeat (the same slip, rounds and plan) return the first order.',
      headers: {
        ...authorizationHeader,
        [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN, description: 'optional: one per user action, repeated on retry' },
      },
      call: lotteryBetCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    const body = request.body;
    const requestKey = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    return ok(
      await placeOrder(db, {
        merchantId: member.merchantId,
        memberId: member.id,
        gameCode: body.gameCode,
        currentNumero: body.currentNumero,
        slip: body.bettingSlipString,
        betCartAmountSum: body.betCartAmountSum,
        chase: body.chase ?? 0,
        winningStop: body.winningStop ?? false,
        chaseMultiples: body.chaseMultiples,
        requestKey: typeof requestKey === 'string' ? requestKey : undefined,
        nowMs: clock(),
      }),
    );
  });

  app.put<RouteOf<typeof lotteryCancelBetCall>>(lotteryCancelBetCall.path, {
    schema: apiSchema({ tags: ['lottery'], summary: 'Cancel an open bet before its round closes (refunded)', headers: authorizationHeader, call: lotteryCancelBetCall }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await cancelBet(db, member.merchantId, member.id, request.body.orderDetailId, clock()));
  });

  app.post<RouteOf<typeof lotteryCancelChaseCall>>(lotteryCancelChaseCall.path, {
    schema: apiSchema({
      tags: ['lottery'],
      summary: 'Cancel the remaining rounds of a chase (every bet still on sale, refunded)',
      description: '409 lottery.bet.not_cancellable: nothing of the order is left on sale (a repeat finds it so); 404 lottery.bet.not_found: not an order of the caller.',
      headers: authorizationHeader,
      call: lotteryCancelChaseCall,
    }),
  }, async (request) => {
    const member = memberOf(request);
    return ok(await cancelChase(db, member.merchantId, member.id, request.body.orderNo, clock()));
  });

  app.get<RouteOf<typeof lotteryTodayOrdersCall>>(lotteryTodayOrdersCall.path, {
    schema: apiSchema({ tags: ['lottery'], summary: 'The member’s bets of the last 24 hours', headers: authorizationHeader, call: lotteryTodayOrdersCall }),
  }, async (request) => {
    const member = memberOf(request);
    const { gameCode, page = 1, size = 10 } = request.query;
    return ok(await todayBets(db, member.merchantId, member.id, gameCode, page, size, clock()));
  });

  app.get<RouteOf<typeof lotteryMemberBetsCall>>(lotteryMemberBetsCall.path, {
    schema: apiSchema({ tags: ['lottery'], summary: 'The member’s lottery bet records (lottHistory, chaseHistory, vlottHistory)', headers: authorizationHeader, call: lotteryMemberBetsCall }),
  }, async (request) => {
    const member = memberOf(request);
    const query = request.query;
    if (query.endDate < query.startDate || query.endDate - query.startDate > LOTTERY_RECORDS_MAX_RANGE_MS) {
      throw new AppError(400, 'lottery.period.invalid');
    }
    let whose: { memberId: number; team?: { minDepth: 0 | 1 } } = { memberId: member.id };
    if (query.subordinateType === 'TEAM') {
      if (!teamHeadOf) throw new AppError(403, 'agent.only');
      const head = await teamHeadOf({ merchantId: member.merchantId, memberId: member.id, memberType: member.memberType }, query.subordinateName?.trim() || undefined);
      whose = { memberId: head.memberId, team: { minDepth: head.minDepth } };
    }
    return ok(
      await memberBets(db, {
        merchantId: member.merchantId,
        ...whose,
        startMs: query.startDate,
        endMs: query.endDate,
        area: query.lottoArea ?? 'LOTT',
        chase: query.chase,
        gameCode: query.gameCode,
        status: query.status,
        numero: query.numero,
        page: query.page ?? 1,
        size: query.size ?? 10,
        nowMs: clock(),
      }),
    );
  });

  app.get<RouteOf<typeof lotteryOrderDetailCall>>(lotteryOrderDetailCall.path, {
    schema: apiSchema({ tags: ['lottery'], summary: 'One lottery order of the member with every bet (chase rounds)', headers: authorizationHeader, call: lotteryOrderDetailCall }),
  }, async (request) => {
    const member = memberOf(request);
    const detail = await orderDetail(db, member.merchantId, member.id, request.query.orderNo, clock());
    if (!detail) throw new AppError(404, 'lottery.bet.not_found');
    return ok(detail);
  });

  app.get<RouteOf<typeof lotteryBonusCall>>(lotteryBonusCall.path, {
    schema: apiSchema({ tags: ['lottery'], summary: 'Odds and rebates per play (bonusDetails)', headers: authorizationHeader, call: lotteryBonusCall }),
  }, async (request) => ok(await bonusTable(db, memberOf(request).merchantId, request.query.gameCode, await rebateSettingOf(db, memberOf(request).id))));
}
