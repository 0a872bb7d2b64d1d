import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import { lotteryBonusCall, type LotteryBonusGame } from '@platform/contract';

// The odds and rebates of the lottery's plays (lottoGameBonus), and the one place the answer's
// prizes turn from major units (the wire) into minor units (what the page formats).

export interface BonusPlay {
  playId: number;
  playCode: string;
  /** The prize of one winning ticket (注) at the game's maxBetSeries, 元 mode, multiple 1. */
  oddsMinor: AmountMinor;
  /** Percent of turnover returned when betting at minSeries. */
  rebatePercent: number;
  /** Paid per occurrence of the number (VN lô), not once per ticket. */
  perHit: boolean;
}

export interface BonusPlayGroup {
  group: string;
  plays: BonusPlay[];
}

export interface BonusGame {
  gameCode: string;
  gameName: string;
  gameGroupCode: string;
  minSeries: number;
  maxSeries: number;
  maxBetSeries: number;
  playGroups: BonusPlayGroup[];
}

/** Games in one lobby group, in the server's order. */
export interface BonusGameGroup {
  gameGroupCode: string;
  games: BonusGame[];
}

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

function gameOf(game: LotteryBonusGame): BonusGame {
  return {
    gameCode: game.gameCode,
    gameName: game.gameName,
    gameGroupCode: game.gameGroupCode,
    minSeries: game.minSeries,
    maxSeries: game.maxSeries,
    maxBetSeries: game.maxBetSeries,
    playGroups: game.playMenuGroups.map((group) => ({
      group: group.group,
      plays: group.playMenus.map((play) => ({
        playId: play.playId,
        playCode: play.playCode,
        oddsMinor: minor(play.odds),
        rebatePercent: play.rebateValue,
        perHit: play.prizeType === 'hit',
      })),
    })),
  };
}

/** Games grouped by their lobby group, groups in the order their first game comes. */
export function groupGames(games: readonly BonusGame[]): BonusGameGroup[] {
  const groups = new Map<string, BonusGame[]>();
  for (const game of games) groups.set(game.gameGroupCode, [...(groups.get(game.gameGroupCode) ?? []), game]);
  return [...groups].map(([gameGroupCode, grouped]) => ({ gameGroupCode, games: grouped }));
}

/** Every game the member may bet on, with its plays' odds and rebates at the member's series. */
export async function loadBonusGames(signal: AbortSignal): Promise<BonusGame[]> {
  const games = await api.call(lotteryBonusCall, { signal });
  return games.map(gameOf);
}

/** A rebate as a percentage with at most two decimals: 8 → "8%", 7.25 → "7.25%". */
export const percentText = (percent: number): string => `${Number(percent.toFixed(2))}%`;
