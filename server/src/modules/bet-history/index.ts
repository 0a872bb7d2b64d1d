// Bet records: the member's own game rounds per category, read from game_round (the
// game-provider module writes it); nothing here moves money.
export { betHistoryRoutes, type BetHistoryRoutesOptions } from './bet-history.routes';
export { betHistoryMessages } from './bet-history.messages';
