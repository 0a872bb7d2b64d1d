// The game lobby: vendors and their lanes by category.
export { gamesRoutes, type GamesRoutesOptions } from './games.routes';
