export { useGameLanes, loadGameLanes, forgetGameLanes, GAME_VENDOR_PARAMS } from './hooks/use-game-lanes';
