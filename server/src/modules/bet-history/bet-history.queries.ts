import type { Db } from '../../db/pool';

// SQL of the bet records (bet-history.service.ts): reads the member's own rounds of game_round
// (migration 030, written by the game-provider module) and the game's names (game, migration 029);
// nothing here writes.

export interface RoundRecord {
  id: number;
  vendorRoundId: string;
  startedAtMs: number;
  gameCode: string;
  /** The game's name in the language asked for, else the name the round was recorded with. */
  gameName: string;
  vassalage: string;
  status: 'open' | 'settled';
  betMinor: number;
  validBetMinor: number;
  winMinor: number;
}

export interface RoundPage {
  rows: RoundRecord[];
  /** Rounds over the whole filtered period, and their sums. */
  total: number;
  betMinor: number;
  validBetMinor: number;
  winMinor: number;
}

interface PageRow {
  total: string;
  bet_minor: string;
  valid_bet_minor: string;
  win_minor: string;
  rows: {
    id: number | string;
    vendor_round_id: string;
    started_at_ms: number | string;
    game_code: string;
    game_name: string;
    vassalage: string;
    status: 'open' | 'settled';
    bet_minor: number | string;
    valid_bet_minor: number | string;
    win_minor: number | string;
  }[] | null;
}

function toSafeNumber(value: string | number): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Amount ${value} is beyond safe integer range`);
  return number;
}

/**
 * One page of a member's rounds of one category that started in [fromMs, toMs], newest first,
 * with the count and the sums over every round the period and filter keep. Rolled-back rounds
 * (their money went back) are left out. One statement: the page and its totals read the same
 * snapshot.
 */
export async function selectMemberRounds(
  db: Db,
  input: {
    merchantId: number;
    memberId: number;
    category: string;
    fromMs: number;
    toMs: number;
    /** A vendor code, or '' for every vendor. */
    vassalage: string;
    language: string;
    limit: number;
    offset: number;
  },
): Promise<RoundPage> {
  const result = await db.query<PageRow>(
    `WITH kept AS (
       SELECT r.id, r.vendor_round_id, r.started_at, r.game_code, r.vassalage, r.status,
              r.bet_minor, r.valid_bet_minor, r.win_minor,
              COALESCE(NULLIF(g.display_names ->> $7, ''), r.game_name) AS game_name
         FROM game_round r
         LEFT JOIN game g ON g.id = r.game_id
        WHERE r.member_id = $2 AND r.merchant_id = $1 AND r.game_category = $3
          AND r.started_at BETWEEN $4 AND $5
          AND NOT r.trial AND r.status <> 'rolled_back'
          AND ($6 = '' OR r.vassalage = $6)
     ), page AS (
       SELECT * FROM kept ORDER BY started_at DESC, id DESC LIMIT $8 OFFSET $9
     )
     SELECT (SELECT count(*) FROM kept) AS total,
            (SELECT COALESCE(sum(bet_minor), 0) FROM kept)::text AS bet_minor,
            (SELECT COALESCE(sum(valid_bet_minor), 0) FROM kept)::text AS valid_bet_minor,
            (SELECT COALESCE(sum(win_minor), 0) FROM kept)::text AS win_minor,
            (SELECT json_agg(json_build_object(
                      'id', page.id,
                      'vendor_round_id', page.vendor_round_id,
                      'started_at_ms', (extract(epoch FROM page.started_at) * 1000)::bigint,
                      'game_code', page.game_code,
                      'game_name', page.game_name,
                      'vassalage', page.vassalage,
                      'status', page.status,
                      'bet_minor', page.bet_minor,
                      'valid_bet_minor', page.valid_bet_minor,
                      'win_minor', page.win_minor)
                    ORDER BY page.started_at DESC, page.id DESC)
               FROM page) AS rows`,
    [
      input.merchantId,
      input.memberId,
      input.category,
      new Date(input.fromMs),
      new Date(input.toMs),
      input.vassalage,
      input.language,
      input.limit,
      input.offset,
    ],
  );
  const row = result.rows[0];
  return {
    total: Number(row.total),
    betMinor: toSafeNumber(row.bet_minor),
    validBetMinor: toSafeNumber(row.valid_bet_minor),
    winMinor: toSafeNumber(row.win_minor),
    rows: (row.rows ?? []).map((round) => ({
      id: Number(round.id),
      vendorRoundId: round.vendor_round_id,
      startedAtMs: Number(round.started_at_ms),
      gameCode: round.game_code,
      gameName: round.game_name,
      vassalage: round.vassalage,
      status: round.status,
      betMinor: toSafeNumber(round.bet_minor),
      validBetMinor: toSafeNumber(round.valid_bet_minor),
      winMinor: toSafeNumber(round.win_minor),
    })),
  };
}
