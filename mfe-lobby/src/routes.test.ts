import { GAME_CATEGORIES } from '@platform/contract';
import routes from './routes.json';

// routes.json is data the server hands the shell with the release (never code), so the game
// category pages are listed in it literally: each category's of the contract but the lottery's
// (LOTT has a remote of its own), and the hot games.
test("routes.json has a page for each of the contract's game categories but LOTT, and the hot games", () => {
  const paths = [...GAME_CATEGORIES.filter((category) => category.code !== 'LOTT').map((category) => category.route), '/hot'];
  const categoryPages = routes.filter((route) => route.module === './GameCategoryPage');
  expect(categoryPages).toEqual(paths.map((path) => ({ id: `games-${path.slice(1)}`, paths: [path], module: './GameCategoryPage', layout: 'full', banner: 'w_games' })));
});
