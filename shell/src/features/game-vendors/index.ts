export { useGameLanes, loadGameLanes, GAME_VENDOR_PARAMS } from './hooks/use-game-lanes';
