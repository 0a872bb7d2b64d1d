import type { Db } from '../../db/pool';

// A merchant's lottery games live in lottery_game (migration 039), one row per game, edited by the
// operator. A new merchant starts with the defaults of lottery_insert_default_games, last written
// by migration 088 (the contract's LOTTERY_DEFAULT_GAME_CODES, in the same order): the one list of
// them. Migration 045 names VNMB the house's own daily draw, since its numbers come from its seed,
// not the official XSMB result; the southern and central provinces' games (XSMN…, XSMT…, 088) take
// the official results, entered by staff.
export async function insertDefaultLotteryGames(db: Db, merchantId: number): Promise<void> {
  await db.query('SELECT lottery_insert_default_games($1)', [merchantId]);
}
