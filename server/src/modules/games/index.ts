// The game lobby: vendors and their lanes by category, and the game catalogue: game
// lists, hot games, favourites, recent games, rooms, the winners board and the jackpot.
export { gamesRoutes, type GamesRoutesOptions } from './games.routes';
// The operators' catalogue desk (/ops/v1/games/catalogue).
export { gamesOperatorRoutes } from './games.operator-routes';
// For the game-provider module (launch, provider API): the game a launch names, the recent list.
export {
  findLaunchableGame,
  gameEntityOf,
  hotGames,
  maskUsername,
  nameIn,
  recordRecentGame,
  type GameSelector,
  type LaunchableGame,
} from './catalogue.service';
