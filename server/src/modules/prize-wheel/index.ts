// The prize wheel: tickets (granted by other modules inside their transactions, or by an
// operator) spun once each on the merchant's wheel, drawn provably fair, cash prizes paid through
// the ledger with 1× the prize to wager.
export { prizeWheelRoutes, type PrizeWheelRoutesOptions } from './prize-wheel.routes';
export { prizeWheelOperatorRoutes } from './prize-wheel.operator-routes';
export { prizeWheelMessages } from './prize-wheel.messages';
export { grantTickets, MAX_TICKETS_PER_GRANT, PRIZE_WHEEL_HOUSE_ACCOUNT, PRIZE_WHEEL_KIND, type GrantInput, type Granted } from './prize-wheel.service';
export { verifySpin, verifySpinAsync, type WeightedSegment } from './prize-wheel.rules';
