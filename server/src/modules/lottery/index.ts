// The lottery: games per merchant, scheduled provably fair rounds, betting with chase,
// set-based settlement exactly once, results pushed, records. Pure play math: @platform/lottery-rules.
export { lotteryRoutes, type LotteryRoutesOptions } from './lottery.routes';
export { lotteryMessages } from './lottery.messages';
export { lotteryOperatorRoutes, voidRound, type VoidedRound } from './lottery.operator-routes';
export { DrawStreams } from './draw-events';
export { createLotteryScheduler, drawAndSettle, type LotterySchedulerOptions, type TickReport } from './lottery.jobs';
export { insertDefaultLotteryGames } from './games';
export { ensureRounds, roundDraw, ROUNDS_AHEAD } from './rounds.service';
export { settleRound, settleRoundIn, voidRoundIn, LOTTERY_HOUSE_ACCOUNT, type SettlementResult } from './settlement.service';
export { placeOrder, cancelBet, type PlaceOrderInput, type PlacedOrder } from './betting.service';
