import { DRAW_SIZES, drawNumberWidth, isValidDraw, isVietnamKind, type LotteryKind } from '@platform/lottery-rules';
import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { drawRoundFromResult } from './rounds.service';

// Official results, four eyes (migration 086): a game set to official results is not drawn by the
// house; once a round's draw time has passed, an operator enters the official numbers, and a
// second, different operator enters them again without being shown the first entry. Equal: the
// round is drawn with them in the same transaction (rounds.service drawRoundFromResult) and the
// scheduler settles it, exactly once, as any drawn round. Different: both entries are set aside
// and the result must be entered twice again, so one mistyped or dishonest entry never decides a
// round. Every entry locks the round first, so two second entries at once decide it once: the
// later one finds the round drawn (409 lottery.result.closed).

/** What an entry did. */
export type ResultEntryOutcome = { state: 'awaiting_second' } | { state: 'drawn'; numbers: string[] };

/** How many characters each number of a kind's draw is written with (VN, VN18: its prize's digits, zero-padded). */
export function widthsOf(kind: LotteryKind): number[] {
  return Array.from({ length: DRAW_SIZES[kind] }, (_, index) => drawNumberWidth(kind, index));
}

/**
 * The numbers of a draw of `kind` as staff type them from the official result, in the draw's order
 * (VN and VN18: the special prize first, each zero-padded to its prize's digits, although the
 * southern and central results are printed from G8 up to the special prize; the others as the
 * lobby shows them); a refusal saying what is wrong otherwise.
 */
export function parseOfficialNumbers(kind: LotteryKind, typed: readonly string[]): number[] {
  const widths = widthsOf(kind);
  if (typed.length !== widths.length) throw new AppError(400, 'lottery.result.invalid', { detail: `${widths.length} numbers expected, ${typed.length} given` });
  // A Vietnamese prize number is written with all its digits: one too few is a typo, or the
  // numbers typed in the printed order (G8 first) instead of the special prize first.
  const exactly = isVietnamKind(kind);
  const numbers = typed.map((text, index) => {
    const exact = exactly ? new RegExp(`^\\d{${widths[index]}}$`) : new RegExp(`^\\d{1,${widths[index]}}$`);
    if (!exact.test(text)) throw new AppError(400, 'lottery.result.invalid', { detail: `number ${index + 1} (${text}) must be ${exactly ? 'exactly' : 'at most'} ${widths[index]} digits` });
    return Number(text);
  });
  if (!isValidDraw({ kind, numbers })) throw new AppError(400, 'lottery.result.invalid', { detail: 'out of range or repeated' });
  return numbers;
}

/** A round waiting for its official result, as staff see it (the first entry's numbers never). */
export interface AwaitingRound {
  roundId: number;
  gameCode: string;
  gameName: string;
  kind: LotteryKind;
  /** How many numbers its result has (lottery-rules DRAW_SIZES): what the entry form asks for. */
  size: number;
  /** The digits of each number, in the entry's order (drawNumberWidth): exact for VN and VN18, at most for the others. */
  widths: number[];
  numero: string;
  /** Epoch ms. */
  drawAt: number;
  /** Bets still open on it. */
  openBets: number;
  /** The entry waiting for a second operator: who and when; null when none waits. */
  firstEntry: { operator: string; enteredAt: number } | null;
  /** Entries set aside because two did not agree. */
  mismatches: number;
}

/** The merchant's rounds of official-result games whose draw time has passed and which have no result yet. */
export async function awaitingResults(db: pg.Pool, merchantId: number, nowMs: number): Promise<AwaitingRound[]> {
  const rows = await db.query<{
    roundId: string;
    gameCode: string;
    gameName: string;
    kind: LotteryKind;
    numero: string;
    drawAt: Date;
    openBets: string;
    firstOperator: string | null;
    firstAt: Date | null;
    mismatches: string;
  }>(
    `SELECT r.id AS "roundId", g.game_code AS "gameCode", g.name AS "gameName", g.kind, r.numero, r.draw_at AS "drawAt",
            (SELECT count(*) FROM lottery_bet b WHERE b.round_id = r.id AND b.state = 'open') AS "openBets",
            o.username AS "firstOperator", e.entered_at AS "firstAt",
            (SELECT count(*) FROM lottery_result_entry m WHERE m.round_id = r.id AND m.state = 'mismatched') AS mismatches
       FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
       LEFT JOIN lottery_result_entry e ON e.round_id = r.id AND e.state = 'pending'
       LEFT JOIN operator o ON o.id = e.operator_id
      WHERE g.merchant_id = $1 AND g.result_source = 'official' AND r.state = 'open' AND r.draw_at <= $2
      ORDER BY r.draw_at, r.id LIMIT 200`,
    [merchantId, new Date(nowMs)],
  );
  return rows.rows.map((row) => ({
    roundId: Number(row.roundId),
    gameCode: row.gameCode,
    gameName: row.gameName,
    kind: row.kind,
    size: DRAW_SIZES[row.kind],
    widths: widthsOf(row.kind),
    numero: row.numero,
    drawAt: row.drawAt.getTime(),
    openBets: Number(row.openBets),
    firstEntry: row.firstOperator && row.firstAt ? { operator: row.firstOperator, enteredAt: row.firstAt.getTime() } : null,
    mismatches: Number(row.mismatches),
  }));
}

/** What an entry's audit row says of the round before and after it. */
export interface ResultEntryState {
  round: string;
  /** 'awaiting_first' | 'awaiting_second' | 'drawn'. */
  state: string;
}

/**
 * One operator's entry of a round's official result. The round is locked for the whole entry; the
 * first entry waits, a second by another operator decides (drawn, or both set aside: 409
 * lottery.result.mismatch after the rows say so). Refusals: 404 lottery.round.unknown (not the
 * merchant's), 409 lottery.result.not_official, lottery.result.not_due, lottery.result.closed,
 * lottery.result.own; 400 lottery.result.invalid.
 */
export async function enterOfficialResult(
  db: pg.Pool,
  input: { merchantId: number; operatorId: number; roundId: number; numbers: readonly string[]; nowMs: number },
): Promise<{ before: ResultEntryState; after: ResultEntryState; value: ResultEntryOutcome }> {
  type Entered = { before: ResultEntryState; after: ResultEntryState; value: ResultEntryOutcome } | { mismatch: string };
  const outcome = await withTransaction(db, async (client): Promise<Entered> => {
    const found = await client.query<{ id: string; gameCode: string; kind: LotteryKind; numero: string; state: string; drawAt: Date; resultSource: string }>(
      `SELECT r.id, g.game_code AS "gameCode", g.kind, r.numero, r.state, r.draw_at AS "drawAt", g.result_source AS "resultSource"
         FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
        WHERE r.id = $1 AND r.merchant_id = $2 FOR UPDATE OF r`,
      [input.roundId, input.merchantId],
    );
    const round = found.rows[0];
    if (!round) throw new AppError(404, 'lottery.round.unknown');
    const label = `${round.gameCode} ${round.numero}`;
    if (round.resultSource !== 'official') throw new AppError(409, 'lottery.result.not_official');
    if (round.state !== 'open') throw new AppError(409, 'lottery.result.closed');
    if (round.drawAt.getTime() > input.nowMs) throw new AppError(409, 'lottery.result.not_due');
    const numbers = parseOfficialNumbers(round.kind, input.numbers);
    const pending = await client.query<{ id: string; operatorId: string; numbers: number[] }>(
      `SELECT id, operator_id AS "operatorId", numbers FROM lottery_result_entry WHERE round_id = $1 AND state = 'pending'`,
      [round.id],
    );
    const first = pending.rows[0];
    const enteredAt = new Date(input.nowMs);
    if (!first) {
      await client.query('INSERT INTO lottery_result_entry (merchant_id, round_id, operator_id, numbers, entered_at) VALUES ($1, $2, $3, $4, $5)', [
        input.merchantId,
        round.id,
        input.operatorId,
        numbers,
        enteredAt,
      ]);
      return { before: { round: label, state: 'awaiting_first' }, after: { round: label, state: 'awaiting_second' }, value: { state: 'awaiting_second' } };
    }
    if (Number(first.operatorId) === input.operatorId) throw new AppError(409, 'lottery.result.own');
    const agree = first.numbers.length === numbers.length && first.numbers.every((number, index) => number === numbers[index]);
    if (!agree) {
      await client.query("UPDATE lottery_result_entry SET state = 'mismatched', decided_at = $2 WHERE id = $1", [first.id, enteredAt]);
      await client.query("INSERT INTO lottery_result_entry (merchant_id, round_id, operator_id, numbers, state, entered_at, decided_at) VALUES ($1, $2, $3, $4, 'mismatched', $5, $5)", [
        input.merchantId,
        round.id,
        input.operatorId,
        numbers,
        enteredAt,
      ]);
      // Committed, then refused: the entries stay set aside whatever the caller does next.
      return { mismatch: label };
    }
    await client.query("UPDATE lottery_result_entry SET state = 'confirmed', decided_at = $2 WHERE id = $1", [first.id, enteredAt]);
    await client.query("INSERT INTO lottery_result_entry (merchant_id, round_id, operator_id, numbers, state, entered_at, decided_at) VALUES ($1, $2, $3, $4, 'confirmed', $5, $5)", [
      input.merchantId,
      round.id,
      input.operatorId,
      numbers,
      enteredAt,
    ]);
    const drawn = await drawRoundFromResult(client, { id: Number(round.id), gameCode: round.gameCode, numero: round.numero, kind: round.kind, drawAt: round.drawAt }, numbers, input.nowMs);
    return { before: { round: label, state: 'awaiting_second' }, after: { round: label, state: 'drawn' }, value: { state: 'drawn', numbers: drawn } };
  });
  if ('mismatch' in outcome) throw new AppError(409, 'lottery.result.mismatch', { detail: outcome.mismatch });
  return outcome;
}
