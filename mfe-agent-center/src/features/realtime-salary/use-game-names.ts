import { useT } from '@platform/shared';
import { useCallback } from 'react';
import type { LotteryGameName } from './realtime-api';
import { NAMESPACE } from './translations';

/**
 * A lottery game's name in the language in use (game_<gameCode>); for a game the translation sets
 * do not know, the server's English name, else its code.
 */
export function useGameNames(games: readonly LotteryGameName[] | undefined): (gameCode: string) => string {
  const { t } = useT(NAMESPACE);
  return useCallback(
    (gameCode: string) => t(`game_${gameCode}`, { defaultValue: games?.find((game) => game.gameCode === gameCode)?.gameName ?? gameCode }),
    [t, games],
  );
}
