import { useT } from '@platform/shared';
import { useMemo } from 'react';
import { NAMESPACE } from './translations';

export interface LotteryNames {
  /** A game by its code (game_<gameCode>); the server's English name for a game the sets lack. */
  game: (gameCode: string, englishName: string) => string;
  /** A play by its code (play_<playCode>, the plays of @platform/lottery-rules). */
  play: (playCode: string) => string;
}

/**
 * The lottery's names in the language in use, as the member centre's bet records show them. Codes
 * the sets do not know (a game the merchant added, a play newer than this page) show as the server
 * sent them rather than as a key.
 */
export function useLotteryNames(): LotteryNames {
  const { t } = useT(NAMESPACE);
  return useMemo(
    () => ({
      game: (gameCode, englishName) => t(`game_${gameCode}`, { defaultValue: englishName }),
      play: (playCode) => t(`play_${playCode}`, { defaultValue: playCode }),
    }),
    [t],
  );
}
