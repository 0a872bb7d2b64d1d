import type pg from 'pg';
import { AppError } from '../../http/envelope';
import { CRASH_GAME_CODE, CRASH_MIN_BET } from './engine';
import { CRASH_MAX_BET, slotGame, type StakeRange } from './games';

// The stakes a merchant's players may place on each in-house game (migration 085): the merchant
// narrows the certified bounds, never widens them. The certified bounds are the games' maths (a
// slot's bet steps, the crash game's minimum and maximum bet) and live here in the code; the table
// keeps only the merchant's choice, so a stored range is read back intersected with them (a range
// the certified maths no longer allows is ignored, the certified bounds apply). The game pages are
// shown this range (slotConfig, crashConfig) and every spin and bet is held to it on the server:
// the page's own limits are a convenience, never the check.

export interface CertifiedStakes extends StakeRange {
  /** A slot's certified bet steps (a spin takes one of them); crash: empty (any amount in the range). */
  steps: readonly number[];
}

/** The certified stakes of an in-house game; undefined for a game that is not one. */
export function certifiedStakes(gameCode: string): CertifiedStakes | undefined {
  if (gameCode === CRASH_GAME_CODE) return { minMinor: CRASH_MIN_BET, maxMinor: CRASH_MAX_BET, steps: [] };
  const game = slotGame(gameCode);
  if (!game) return undefined;
  const steps = game.machine.definition.betSteps;
  return { minMinor: Math.min(...steps), maxMinor: Math.max(...steps), steps };
}

/** The stakes `range` allows within the certified ones: the certified bounds when it leaves no stake to place. */
export function withinCertified(certified: CertifiedStakes, range: StakeRange | undefined): StakeRange {
  if (!range) return { minMinor: certified.minMinor, maxMinor: certified.maxMinor };
  const narrowed = { minMinor: Math.max(range.minMinor, certified.minMinor), maxMinor: Math.min(range.maxMinor, certified.maxMinor) };
  const empty = narrowed.minMinor > narrowed.maxMinor || (certified.steps.length > 0 && !certified.steps.some((step) => step >= narrowed.minMinor && step <= narrowed.maxMinor));
  return empty ? { minMinor: certified.minMinor, maxMinor: certified.maxMinor } : narrowed;
}

/** The range the merchant stored for the game, as stored (minor units); undefined when none. */
export async function storedStakeRange(db: Pick<pg.Pool, 'query'>, merchantId: number, gameCode: string): Promise<StakeRange | undefined> {
  const result = await db.query<StakeRange>(
    'SELECT min_bet_minor::float8 AS "minMinor", max_bet_minor::float8 AS "maxMinor" FROM inhouse_game_setting WHERE merchant_id = $1 AND game_code = $2',
    [merchantId, gameCode],
  );
  return result.rows[0];
}

/** The stakes the merchant's players may place on the game now (the certified bounds unless narrowed). */
export async function merchantStakeRange(db: Pick<pg.Pool, 'query'>, merchantId: number, gameCode: string): Promise<StakeRange> {
  const certified = certifiedStakes(gameCode);
  if (!certified) throw new AppError(404, 'inhouse.game.unknown');
  return withinCertified(certified, await storedStakeRange(db, merchantId, gameCode));
}

/**
 * Refuses (400 inhouse.bet.invalid, before any money moves) a stake the game's certified maths or
 * the merchant's range does not allow: a slot's stake must also be one of its bet steps.
 */
export async function assertStakeAllowed(db: Pick<pg.Pool, 'query'>, merchantId: number, gameCode: string, betMinor: number | undefined): Promise<void> {
  const certified = certifiedStakes(gameCode);
  if (!certified) throw new AppError(404, 'inhouse.game.unknown');
  if (betMinor === undefined || betMinor < certified.minMinor || betMinor > certified.maxMinor) throw new AppError(400, 'inhouse.bet.invalid');
  if (certified.steps.length > 0 && !certified.steps.includes(betMinor)) throw new AppError(400, 'inhouse.bet.invalid');
  const range = withinCertified(certified, await storedStakeRange(db, merchantId, gameCode));
  if (betMinor < range.minMinor || betMinor > range.maxMinor) throw new AppError(400, 'inhouse.bet.invalid', { detail: 'outside the stakes this site allows for the game' });
}
