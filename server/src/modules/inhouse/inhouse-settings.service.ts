import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { crashConfig } from './crash.service';
import { INHOUSE_GAME_CODES, slotRtp, type SlotGameCode } from './engine';
import { majorToMinor, minorToMajor, slotGame, type StakeRange } from './games';
import { certifiedStakes, storedStakeRange, withinCertified, type CertifiedStakes } from './stake-range';

// The operators' stake settings of the in-house games (inhouse.operator-routes.ts): what the
// merchant's players may stake on each game, narrowed within the certified bounds (stake-range.ts).
// Amounts on the operator API are major units, as everywhere else on it.

export interface InhouseGameSetting {
  gameCode: string;
  name: string;
  kind: 'slot' | 'crash';
  certified: { minBet: number; maxBet: number; betSteps: number[]; rtp: number };
  /** The stakes the merchant's players may place now. */
  minBet: number;
  maxBet: number;
  /** False: no range of the merchant's, the certified bounds apply. */
  narrowed: boolean;
}

/** The range as the audit trail keeps it (major units). */
export interface StakeRangeOnWire {
  minBet: number;
  maxBet: number;
}

const rangeOnWire = (range: StakeRange): StakeRangeOnWire => ({ minBet: minorToMajor(range.minMinor), maxBet: minorToMajor(range.maxMinor) });

function certifiedOf(gameCode: string): CertifiedStakes {
  const certified = certifiedStakes(gameCode);
  if (!certified) throw new AppError(404, 'inhouse.game.unknown');
  return certified;
}

function settingOf(gameCode: string, stored: StakeRange | undefined): InhouseGameSetting {
  const certified = certifiedOf(gameCode);
  const range = withinCertified(certified, stored);
  const slot = slotGame(gameCode);
  const name = slot ? slot.machine.definition.name : crashConfig().name;
  // The exact RTP of the slot's maths (computed once, then kept); the crash game's is by construction.
  const rtp = slot ? Math.round(slotRtp(gameCode as SlotGameCode).rtp.toNumber() * 1e6) / 1e6 : (crashConfig().rtp ?? 0.99);
  return {
    gameCode,
    name,
    kind: slot ? 'slot' : 'crash',
    certified: { ...rangeOnWire(certified), betSteps: certified.steps.map(minorToMajor), rtp },
    ...rangeOnWire(range),
    narrowed: stored !== undefined,
  };
}

/** Every in-house game with its certified bounds and the merchant's range. */
export async function listInhouseSettings(db: pg.Pool, merchantId: number): Promise<InhouseGameSetting[]> {
  const stored = await db.query<StakeRange & { gameCode: string }>(
    'SELECT game_code AS "gameCode", min_bet_minor::float8 AS "minMinor", max_bet_minor::float8 AS "maxMinor" FROM inhouse_game_setting WHERE merchant_id = $1',
    [merchantId],
  );
  const byGame = new Map(stored.rows.map((row) => [row.gameCode, row]));
  return INHOUSE_GAME_CODES.map((gameCode) => settingOf(gameCode, byGame.get(gameCode)));
}

const refuse = (detail: string): AppError => new AppError(400, 'inhouse.setting.out.of.bounds', { detail });

/**
 * The merchant's range as asked, checked against the certified bounds: both ends within them, a
 * slot's both certified bet steps, the minimum not above the maximum. Minor units.
 */
export function checkedRange(gameCode: string, asked: StakeRangeOnWire): StakeRange {
  const certified = certifiedOf(gameCode);
  const minMinor = majorToMinor(asked.minBet);
  const maxMinor = majorToMinor(asked.maxBet);
  if (minMinor === undefined || maxMinor === undefined) throw refuse('amounts are positive with at most two decimals');
  const bounds = `${minorToMajor(certified.minMinor)} to ${minorToMajor(certified.maxMinor)}`;
  if (minMinor < certified.minMinor || maxMinor > certified.maxMinor) throw refuse(`the certified stakes are ${bounds}`);
  if (certified.steps.length > 0) {
    const offStep = [minMinor, maxMinor].find((amount) => !certified.steps.includes(amount));
    if (offStep !== undefined) throw refuse(`${minorToMajor(offStep)} is not one of the certified bet steps: ${certified.steps.map(minorToMajor).join(', ')}`);
  }
  if (minMinor > maxMinor) throw refuse('the minimum is above the maximum');
  return { minMinor, maxMinor };
}

/** Sets the merchant's range of a game; answers the range in force before and after, and the game's setting. */
export async function updateInhouseSetting(
  db: pg.Pool,
  clock: Clock,
  merchantId: number,
  gameCode: string,
  asked: StakeRangeOnWire,
): Promise<{ before: StakeRangeOnWire; after: StakeRangeOnWire; value: InhouseGameSetting }> {
  const range = checkedRange(gameCode, asked);
  return withTransaction(db, async (client) => {
    // The row locked: two changes at once are audited one after the other, each with its true before.
    await client.query('SELECT 1 FROM inhouse_game_setting WHERE merchant_id = $1 AND game_code = $2 FOR UPDATE', [merchantId, gameCode]);
    const before = withinCertified(certifiedOf(gameCode), await storedStakeRange(client, merchantId, gameCode));
    await client.query(
      `INSERT INTO inhouse_game_setting (merchant_id, game_code, min_bet_minor, max_bet_minor, updated_at) VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
       ON CONFLICT (merchant_id, game_code) DO UPDATE SET min_bet_minor = EXCLUDED.min_bet_minor, max_bet_minor = EXCLUDED.max_bet_minor, updated_at = EXCLUDED.updated_at`,
      [merchantId, gameCode, range.minMinor, range.maxMinor, clock()],
    );
    return { before: rangeOnWire(before), after: rangeOnWire(range), value: settingOf(gameCode, range) };
  });
}

/** Removes the merchant's range of a game: its players get the certified bounds again. */
export async function resetInhouseSetting(
  db: pg.Pool,
  merchantId: number,
  gameCode: string,
): Promise<{ before: StakeRangeOnWire; after: StakeRangeOnWire; value: InhouseGameSetting }> {
  const certified = certifiedOf(gameCode);
  const removed = await db.query<StakeRange>(
    'DELETE FROM inhouse_game_setting WHERE merchant_id = $1 AND game_code = $2 RETURNING min_bet_minor::float8 AS "minMinor", max_bet_minor::float8 AS "maxMinor"',
    [merchantId, gameCode],
  );
  return { before: rangeOnWire(withinCertified(certified, removed.rows[0])), after: rangeOnWire(certified), value: settingOf(gameCode, undefined) };
}
