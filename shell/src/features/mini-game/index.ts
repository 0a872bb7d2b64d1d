// The app shell's mini-game widget: the in-house instant game, lazily loaded.
export { MINI_GAME } from './mini-game';
export { showsMiniGameOn } from './mini-game-pages';
