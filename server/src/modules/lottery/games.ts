import type { Db } from '../../db/pool';

// A merchant's lottery games live in lottery_game (migration 039), one row per game, edited by the
// operator. A new merchant starts with the defaults of migration 039's
// lottery_insert_default_games (SSC1, SSC5, GD11X5, PK10, LHC5, VNMB, VN5; migration 045 names VNMB
// the house's own daily draw, since its numbers come from its seed, not the official XSMB result):
// the one list of them.
export async function insertDefaultLotteryGames(db: Db, merchantId: number): Promise<void> {
  await db.query('SELECT lottery_insert_default_games($1)', [merchantId]);
}
