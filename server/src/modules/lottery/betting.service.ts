import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  LHC_ZODIAC_PLAY_SIZES,
  SLIP_MAX_MULTIPLE,
  betAmountMinor,
  isSlipError,
  lhcZodiacValues,
  lunarYearOf,
  parseSlips,
  pickWords,
  playById,
  rebateFraction,
  ticketPrizeMinor,
  topTierWeight,
  unitPrizeMinor,
  type PlayDefinition,
  type SlipLine,
} from '@platform/lottery-rules';
import { AppError } from '../../http/envelope';
import { withTransaction } from '../../db/transaction';
import { ensureHouseAccount, ensureMemberAccount, IdempotencyConflictError, InsufficientFundsError, minorToMajor, postTransactionIn } from '../ledger';
import { liabilityOf, loadsOfBets, release, reserve } from './liability';
import { GAME_COLUMNS, limitedBySetting, rebateSettingOf, type GameRow } from './rounds.service';
import { LOTTERY_HOUSE_ACCOUNT, orderStakeKey } from './settlement.service';

// Betting (POST /lgw/orders/betting) and cancelling (PUT /lgw/orders/suborders/cancel). An order
// is its slip lines on the round on sale, and on the `chase` rounds after it for a chase; it is
// paid in full at once (one ledger movement, key lottery:order:<id>) in the transaction that writes
// its bets, under a share lock of every round it bets on: the draw takes the round's row lock, so
// a bet is either in the round before its draw or refused as closed. Every rule is the server's:
// the slip is parsed and priced here (@platform/lottery-rules), and the page's total must match.
// A chase may follow a plan (chaseMultiples: one factor per round): each round's bets are the
// slip's lines at their multiples × the round's factor, each within the slip's maximum multiple
// and the game's prize cap, and the total is every round at its own cost.
// A line one of whose winning tickets would pay more than the game's cap per bet is refused, so
// the prize the page shows is never cut; the game's liability limits are checked in the same
// transaction (liability.ts).

export interface PlaceOrderInput {
  merchantId: number;
  memberId: number;
  gameCode: string;
  currentNumero: string;
  slip: string;
  betCartAmountSum: string;
  chase: number;
  winningStop: boolean;
  /** The chase plan: chase + 1 factors, round i's bets at each line's multiple × factor i; absent: all 1. */
  chaseMultiples?: readonly number[];
  /** The client's Idempotency-Key, if it sent one. */
  requestKey?: string;
  nowMs: number;
}

export interface PlacedOrder {
  orderNo: string;
  amount: number;
  bets: { orderDetailId: number; numero: string; amount: number }[];
}

interface PricedLine {
  line: SlipLine;
  play: PlayDefinition;
  /** The multiple its bets are placed at: the line's own, times the round's factor of a chase plan. */
  multiple: number;
  tickets: number;
  amountMinor: number;
  unitPrizeMinor: number;
  /** What one winning ticket pays at the line's multiple, rounded down once. */
  ticketPrizeMinor: number;
  /** The most the line can win (liability.ts liabilityOf). */
  liabilityMinor: bigint;
  rebateMinor: number;
  content: string;
}

export async function findGame(db: Pick<pg.Pool, 'query'>, merchantId: number, gameCode: string): Promise<GameRow> {
  const result = await db.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM lottery_game g WHERE g.merchant_id = $1 AND g.game_code = $2 AND g.enabled`, [merchantId, gameCode]);
  if (!result.rowCount) throw new AppError(404, 'lottery.game.unknown');
  return result.rows[0];
}

/** The slip's lines priced for the game; refused when a line is not a valid bet of it. */
export function priceSlip(game: GameRow, slip: string): PricedLine[] {
  const parsed = parseSlips(slip);
  if (isSlipError(parsed)) {
    throw new AppError(400, 'lottery.slip.invalid', { detail: parsed.line === undefined ? parsed.code : `line ${parsed.line + 1}: ${parsed.code}` });
  }
  return parsed.map((line, index) => {
    const play = playById(line.playId);
    const where = `line ${index + 1}`;
    if (!play || play.kind !== game.kind) throw new AppError(400, 'lottery.slip.invalid', { detail: `${where}: play ${line.playId} is not a play of ${game.gameCode}` });
    if (!Number.isInteger(line.series) || line.series < game.minSeries || line.series > game.maxBetSeries) {
      throw new AppError(400, 'lottery.series.invalid', { detail: `${where}: series ${line.series} is outside ${game.minSeries}-${game.maxBetSeries}` });
    }
    const tickets = play.ticketsOf(line.picks);
    if (tickets <= 0) throw new AppError(400, 'lottery.slip.invalid', { detail: `${where}: the picks are not a bet of this play` });
    const priced = priceAt(game, line, play, tickets, line.multiple);
    if (priced.amountMinor === undefined || !Number.isSafeInteger(priced.amountMinor) || priced.amountMinor <= 0) {
      throw new AppError(400, 'lottery.slip.invalid', { detail: `${where}: this stake is not a whole number of cents in this money mode` });
    }
    const topPrize = priced.ticketPrizeMinor * topTierWeight(play);
    if (game.maxPrizeMinor > 0 && topPrize > game.maxPrizeMinor) {
      const most = mostMultipleOf(game, line, play);
      throw new AppError(400, 'lottery.prize.over_cap', {
        detail: `${where}: one winning ticket pays ${(topPrize / 100).toFixed(2)}, a bet wins at most ${(game.maxPrizeMinor / 100).toFixed(2)}${most >= 1 ? `; the multiple may be at most ${most}` : ''}`,
      });
    }
    return { ...priced, amountMinor: priced.amountMinor };
  });
}

/** A line priced at `multiple` (its own, or times a round's factor); amountMinor undefined when not whole cents. */
function priceAt(game: GameRow, line: SlipLine, play: PlayDefinition, tickets: number, multiple: number): Omit<PricedLine, 'amountMinor'> & { amountMinor: number | undefined } {
  const amountMinor = betAmountMinor(play, tickets, line.mode, multiple);
  const rebate = rebateFraction(line.series, game.maxSeries);
  // A play priced by its picks (Mark Six 过关) at this bet's own P (prices.ts betProbability).
  const ticketPrize = ticketPrizeMinor(play, line.series, line.mode, multiple, line.picks);
  return {
    line,
    play,
    multiple,
    tickets,
    amountMinor,
    unitPrizeMinor: unitPrizeMinor(play, line.series, line.mode, line.picks),
    ticketPrizeMinor: ticketPrize,
    liabilityMinor: liabilityOf(play, tickets, ticketPrize, game.maxPrizeMinor),
    rebateMinor: amountMinor === undefined ? 0 : Math.floor((amountMinor * rebate.num) / rebate.den),
    content: line.rows.map((row) => row.join(',')).join('_'),
  };
}

/**
 * The highest multiple of a line one of whose winning tickets pays no more than the game's cap (0:
 * none would); a ticket of a play paying several levels at its top level (topTierWeight).
 */
function mostMultipleOf(game: GameRow, line: SlipLine, play: PlayDefinition): number {
  const unit = ticketPrizeMinor(play, line.series, line.mode, 1, line.picks) * topTierWeight(play);
  return Math.floor(game.maxPrizeMinor / Math.max(unit, 1));
}

/**
 * The order's rounds priced: round i's lines at their multiples × the plan's factor i (all 1
 * without a plan). A plan of another length than the rounds, a factor that is not a whole number
 * of at least 1, or a round whose multiple passes the slip's maximum or whose prize passes the
 * game's cap is refused whole (lottery.chase.invalid, saying which round and line).
 */
function priceRounds(game: GameRow, lines: readonly PricedLine[], rounds: number, plan: readonly number[] | undefined): PricedLine[][] {
  if (plan === undefined) return Array.from({ length: rounds }, () => [...lines]);
  if (plan.length !== rounds) {
    throw new AppError(400, 'lottery.chase.invalid', { detail: `the plan has ${plan.length} multiples for ${rounds} rounds` });
  }
  const byFactor = new Map<number, PricedLine[]>([[1, [...lines]]]);
  return plan.map((factor, roundIndex) => {
    const where = `round ${roundIndex + 1}`;
    if (!Number.isSafeInteger(factor) || factor < 1) throw new AppError(400, 'lottery.chase.invalid', { detail: `${where}: the multiple ${factor} is not a whole number of at least 1` });
    const known = byFactor.get(factor);
    if (known) return known;
    const priced = lines.map((base, index) => {
      const multiple = base.line.multiple * factor;
      if (multiple > SLIP_MAX_MULTIPLE) {
        throw new AppError(400, 'lottery.chase.invalid', { detail: `${where}, line ${index + 1}: the multiple ${base.line.multiple} × ${factor} is above ${SLIP_MAX_MULTIPLE}` });
      }
      const at = priceAt(game, base.line, base.play, base.tickets, multiple);
      // A multiple of a whole-cent stake is whole cents; checked anyway, as every amount is.
      if (at.amountMinor === undefined || !Number.isSafeInteger(at.amountMinor)) throw new AppError(400, 'lottery.chase.invalid', { detail: `${where}, line ${index + 1}: the stake is too large` });
      const topPrize = at.ticketPrizeMinor * topTierWeight(base.play);
      if (game.maxPrizeMinor > 0 && topPrize > game.maxPrizeMinor) {
        const most = Math.floor(mostMultipleOf(game, base.line, base.play) / base.line.multiple);
        throw new AppError(400, 'lottery.chase.invalid', {
          detail: `${where}, line ${index + 1}: one winning ticket would pay ${(topPrize / 100).toFixed(2)}, a bet wins at most ${(game.maxPrizeMinor / 100).toFixed(2)}; this line's factor may be at most ${most}`,
        });
      }
      return { ...at, amountMinor: at.amountMinor };
    });
    byFactor.set(factor, priced);
    return priced;
  });
}

/** A plan as the order stores it: undefined (every round at factor 1) when it changes nothing. */
const storedPlan = (plan: readonly number[] | undefined): number[] | undefined => (plan && plan.some((factor) => factor !== 1) ? [...plan] : undefined);

/** "20.0000" → 2000 minor units; undefined when it has a fraction of a cent. */
function amountSumMinor(text: string): number | undefined {
  const [whole, fraction = ''] = text.split('.');
  const tenThousandths = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  return tenThousandths % 100 === 0 ? tenThousandths / 100 : undefined;
}

const newOrderNo = (nowMs: number): string => `L${nowMs.toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

interface RoundRow {
  id: number;
  numero: string;
  state: string;
  closeAt: Date;
  openAt: Date;
  drawAt: Date;
}

async function replayOf(client: pg.PoolClient, input: PlaceOrderInput): Promise<PlacedOrder | undefined> {
  if (!input.requestKey) return undefined;
  const found = await client.query<{ id: string; orderNo: string; amountMinor: string; slip: string; firstNumero: string; rounds: number; winStop: boolean; chaseMultiples: number[] | null }>(
    `SELECT id, order_no AS "orderNo", amount_minor AS "amountMinor", slip, first_numero AS "firstNumero", rounds, win_stop AS "winStop", chase_multiples AS "chaseMultiples"
       FROM lottery_order WHERE member_id = $1 AND request_key = $2`,
    [input.memberId, input.requestKey],
  );
  const order = found.rows[0];
  if (!order) return undefined;
  // The same order is the same slip, rounds, stop-on-win and plan (a plan of factors 1 only is no plan).
  const samePlan = (order.chaseMultiples ?? []).join(',') === (storedPlan(input.chaseMultiples) ?? []).join(',');
  if (order.slip !== input.slip || order.firstNumero !== input.currentNumero || order.rounds !== input.chase + 1 || order.winStop !== input.winningStop || !samePlan) {
    throw new AppError(409, 'wallet.idempotency.conflict');
  }
  return placedOrder(client, Number(order.id), order.orderNo, Number(order.amountMinor));
}

async function placedOrder(client: pg.PoolClient, orderId: number, orderNo: string, amountMinor: number): Promise<PlacedOrder> {
  const bets = await client.query<{ id: string; numero: string; amountMinor: string }>(
    `SELECT b.id, r.numero, b.amount_minor AS "amountMinor" FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id
      WHERE b.order_id = $1 ORDER BY b.chase_index, b.id`,
    [orderId],
  );
  return {
    orderNo,
    amount: minorToMajor(amountMinor),
    bets: bets.rows.map((bet) => ({ orderDetailId: Number(bet.id), numero: bet.numero, amount: minorToMajor(Number(bet.amountMinor)) })),
  };
}

/** The game as this member may bet on it: within its rebate setting (rounds.service limitedBySetting). */
async function gameForMember(pool: pg.Pool, input: PlaceOrderInput): Promise<GameRow> {
  return limitedBySetting(await findGame(pool, input.merchantId, input.gameCode), await rebateSettingOf(pool, input.memberId));
}

export async function placeOrder(pool: pg.Pool, input: PlaceOrderInput): Promise<PlacedOrder> {
  const game = await gameForMember(pool, input);
  const lines = priceSlip(game, input.slip);
  const pricedRounds = priceRounds(game, lines, input.chase + 1, input.chaseMultiples);
  const totalMinor = pricedRounds.reduce((sum, round) => round.reduce((roundSum, line) => roundSum + line.amountMinor, sum), 0);
  if (!Number.isSafeInteger(totalMinor)) throw new AppError(400, 'lottery.slip.invalid', { detail: 'the order is too large' });
  if (amountSumMinor(input.betCartAmountSum) !== totalMinor) {
    throw new AppError(409, 'lottery.amount.mismatch', { detail: `the slip costs ${(totalMinor / 100).toFixed(2)}` });
  }
  return withTransaction(pool, async (client) => {
    const replay = await replayOf(client, input);
    if (replay) return replay;
    // The round on sale and the chase's next rounds, share-locked (the draw waits for this order).
    const rounds = await client.query<RoundRow>(
      `SELECT r.id::int AS id, r.numero, r.state, r.open_at AS "openAt", r.close_at AS "closeAt", r.draw_at AS "drawAt"
         FROM lottery_round r
        WHERE r.game_id = $1 AND r.draw_at >= (SELECT draw_at FROM lottery_round WHERE game_id = $1 AND numero = $2)
        ORDER BY r.draw_at LIMIT $3 FOR SHARE`,
      [game.id, input.currentNumero, input.chase + 1],
    );
    const first = rounds.rows[0];
    if (!first || first.numero !== input.currentNumero) throw new AppError(404, 'lottery.round.unknown');
    if (first.state !== 'open' || first.closeAt.getTime() <= input.nowMs) throw new AppError(409, 'lottery.round.closed');
    if (first.openAt.getTime() > input.nowMs) throw new AppError(409, 'lottery.round.closed', { detail: 'this round is not on sale yet' });
    if (rounds.rows.length < input.chase + 1 || rounds.rows.some((round) => round.state !== 'open')) {
      throw new AppError(400, 'lottery.chase.invalid', { detail: `only ${rounds.rows.filter((round) => round.state === 'open').length - 1} further rounds are on sale` });
    }
    for (const round of rounds.rows) checkZodiacs(lines, round);
    const orderNo = newOrderNo(input.nowMs);
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO lottery_order (merchant_id, member_id, game_id, order_no, chase, win_stop, rounds, first_numero, slip, amount_minor, request_key, created_at, chase_multiples)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        input.merchantId, input.memberId, game.id, orderNo, input.chase > 0, input.chase > 0 && input.winningStop, input.chase + 1, input.currentNumero, input.slip, totalMinor,
        input.requestKey ?? null, new Date(input.nowMs), storedPlan(input.chaseMultiples) ?? null,
      ],
    );
    const orderId = Number(inserted.rows[0].id);
    const bets = rounds.rows.flatMap((round, chaseIndex) => pricedRounds[chaseIndex].map((line) => ({ round, chaseIndex, line })));
    await client.query(
      `INSERT INTO lottery_bet (order_id, merchant_id, member_id, round_id, chase_index, play_id, picks, content, tickets, money_mode, series,
         multiple, amount_minor, unit_prize_minor, ticket_prize_minor, liability_minor, max_prize_minor, rebate_minor, created_at)
       SELECT $1, $2, $3, x.round_id, x.chase_index, x.play_id, x.picks::bigint[], x.content, x.tickets, x.mode, x.series, x.multiple,
              x.amount, x.unit_prize, x.ticket_prize, x.liability, $4, x.rebate, $5
         FROM unnest($6::bigint[], $7::int[], $8::int[], $9::text[], $10::text[], $11::int[], $12::int[], $13::int[], $14::int[], $15::bigint[], $16::bigint[], $17::bigint[],
                     $18::bigint[], $19::bigint[])
           AS x(round_id, chase_index, play_id, picks, content, tickets, mode, series, multiple, amount, unit_prize, rebate, ticket_prize, liability)`,
      [
        orderId, input.merchantId, input.memberId, game.maxPrizeMinor, new Date(input.nowMs),
        bets.map((bet) => bet.round.id),
        bets.map((bet) => bet.chaseIndex),
        bets.map((bet) => bet.line.line.playId),
        bets.map((bet) => `{${pickWordsText(bet.line)}}`),
        bets.map((bet) => bet.line.content),
        bets.map((bet) => bet.line.tickets),
        bets.map((bet) => bet.line.line.mode),
        bets.map((bet) => bet.line.line.series),
        bets.map((bet) => bet.line.multiple),
        bets.map((bet) => bet.line.amountMinor),
        bets.map((bet) => bet.line.unitPrizeMinor),
        bets.map((bet) => bet.line.rebateMinor),
        bets.map((bet) => bet.line.ticketPrizeMinor),
        bets.map((bet) => bet.line.liabilityMinor.toString()),
      ],
    );
    const memberAccount = await ensureMemberAccount(client, input.merchantId, input.memberId, 'REAL', input.nowMs);
    const house = await ensureHouseAccount(client, input.merchantId, LOTTERY_HOUSE_ACCOUNT, input.nowMs);
    try {
      await postTransactionIn(client, {
        merchantId: input.merchantId,
        idempotencyKey: orderStakeKey(orderId),
        kind: 'bet',
        unit: 'REAL',
        postings: [
          { accountId: memberAccount, amountMinor: -totalMinor },
          { accountId: house, amountMinor: totalMinor },
        ],
        nowMs: input.nowMs,
        orderNo,
        remark: `${game.gameCode} ${input.currentNumero}${input.chase > 0 ? ` +${input.chase}` : ''}`,
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw new AppError(409, 'lottery.insufficient.funds');
      if (error instanceof IdempotencyConflictError) throw new AppError(409, 'wallet.idempotency.conflict');
      throw error;
    }
    // Last, after the house account's lock: the liability rows are held only from here to COMMIT
    // (every writer takes the house account first, so the two locks are always taken in one order).
    await reserve(
      client,
      game,
      bets.map((bet) => ({
        roundId: bet.round.id,
        memberId: input.memberId,
        playId: bet.line.line.playId,
        rows: bet.line.line.rows,
        amountMinor: bet.line.amountMinor,
        ticketPrizeMinor: bet.line.ticketPrizeMinor,
        liabilityMinor: bet.line.liabilityMinor,
      })),
    );
    return placedOrder(client, orderId, orderNo, totalMinor);
  }).catch(async (error: unknown) => {
    // Two requests with one Idempotency-Key at once: the second's insert meets the first's; its
    // answer is the first's order (or a conflict when it asked for something else).
    if ((error as { code?: string }).code === '23505' && input.requestKey) {
      return withTransaction(pool, async (client) => {
        const replay = await replayOf(client, input);
        if (!replay) throw error;
        return replay;
      });
    }
    throw error;
  });
}

/** Mark Six zodiac plays by the number count of their zodiacs, which changes at Lunar New Year (lhc.ts). */

/**
 * A zodiac bet picks the year's zodiac (5 numbers) only in the 5-number play and the others only
 * in the 4-number play, by the lunar year of the round's draw: priced by the other count it would
 * pay too much or too little.
 */
function checkZodiacs(lines: readonly PricedLine[], round: RoundRow): void {
  lines.forEach((priced, index) => {
    const size = LHC_ZODIAC_PLAY_SIZES[playById(priced.line.playId)?.code ?? ''];
    if (!size) return;
    const allowed = new Set(lhcZodiacValues(size, lunarYearOf(round.drawAt.getTime())));
    if (priced.line.rows[0].some((zodiac) => !allowed.has(zodiac))) {
      throw new AppError(400, 'lottery.slip.invalid', { detail: `line ${index + 1}: in round ${round.numero} the zodiacs of this play are ${[...allowed].join(',')}` });
    }
  });
}

function pickWordsText(priced: PricedLine): string {
  const play = playById(priced.line.playId)!;
  return pickWords(play, priced.line.picks).map((word) => word.toString()).join(',');
}

/** Cancels one open bet of the member before its round closes: refunded in full. */
export async function cancelBet(pool: pg.Pool, merchantId: number, memberId: number, betId: number, nowMs: number): Promise<{ orderDetailId: number; refunded: number }> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<{ state: string; amountMinor: string; closeAt: Date; roundState: string; orderId: string; orderNo: string; gameCode: string; numero: string }>(
      `SELECT b.state, b.amount_minor AS "amountMinor", r.close_at AS "closeAt", r.state AS "roundState", o.id AS "orderId", o.order_no AS "orderNo", g.game_code AS "gameCode", r.numero
         FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id JOIN lottery_order o ON o.id = b.order_id JOIN lottery_game g ON g.id = r.game_id
        WHERE b.id = $1 AND b.member_id = $2 AND b.merchant_id = $3
        FOR UPDATE OF b FOR SHARE OF r`,
      [betId, memberId, merchantId],
    );
    const bet = found.rows[0];
    if (!bet) throw new AppError(404, 'lottery.bet.not_found');
    if (bet.state !== 'open' || bet.roundState !== 'open' || bet.closeAt.getTime() <= nowMs) throw new AppError(409, 'lottery.bet.not_cancellable');
    await client.query("UPDATE lottery_bet SET state = 'cancelled', settled_at = $2 WHERE id = $1", [betId, new Date(nowMs)]);
    const amountMinor = Number(bet.amountMinor);
    const memberAccount = await ensureMemberAccount(client, merchantId, memberId, 'REAL', nowMs);
    const house = await ensureHouseAccount(client, merchantId, LOTTERY_HOUSE_ACCOUNT, nowMs);
    await postTransactionIn(client, {
      merchantId,
      idempotencyKey: `lottery:cancel:${betId}`,
      kind: 'bet_refund',
      unit: 'REAL',
      postings: [
        { accountId: memberAccount, amountMinor },
        { accountId: house, amountMinor: -amountMinor },
      ],
      nowMs,
      orderNo: bet.orderNo,
      remark: `${bet.gameCode} ${bet.numero} cancelled`,
      // The order's stake gets back this bet's share of what it met (modules/wagering).
      refunds: [{ stakeKey: orderStakeKey(bet.orderId), refundedMinor: amountMinor }],
    });
    // After the house account, as placeOrder takes them (liability.ts).
    await release(client, await loadsOfBets(client, [betId]));
    return { orderDetailId: betId, refunded: minorToMajor(amountMinor) };
  });
}

export interface CancelledChase {
  orderNo: string;
  refunded: number;
  bets: { orderDetailId: number; numero: string; amount: number }[];
}

/**
 * Cancels what is left of one of the member's orders (a chase's remaining rounds) in one step:
 * every open bet whose round is still on sale (open, not yet closed) is cancelled and refunded,
 * together in one ledger movement naming the order's stake. The order's row is locked first, so
 * two cancels of it at once run one after the other and the second finds nothing left; the rounds
 * are share-locked as a bet locks them, so a round's draw (which takes its row lock) either comes
 * before the cancel (its bets are no longer cancellable) or after it (they are gone from the
 * draw). Nothing left to cancel (every round closed, settled, stopped on a win or cancelled
 * already) is refused as for one bet, changing nothing.
 */
export async function cancelChase(pool: pg.Pool, merchantId: number, memberId: number, orderNo: string, nowMs: number): Promise<CancelledChase> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<{ id: string; gameCode: string }>(
      `SELECT o.id, g.game_code AS "gameCode" FROM lottery_order o JOIN lottery_game g ON g.id = o.game_id
        WHERE o.order_no = $1 AND o.member_id = $2 AND o.merchant_id = $3
        FOR NO KEY UPDATE OF o`,
      [orderNo, memberId, merchantId],
    );
    const order = found.rows[0];
    if (!order) throw new AppError(404, 'lottery.bet.not_found');
    // The rounds still on sale that hold an open bet of the order, locked as placeOrder and
    // cancelBet lock them; then their bets, which nothing else cancels while the order is locked.
    const onSale = await client.query<{ id: string }>(
      `SELECT r.id FROM lottery_round r
        WHERE r.id IN (SELECT round_id FROM lottery_bet WHERE order_id = $1 AND state = 'open') AND r.state = 'open' AND r.close_at > $2
        ORDER BY r.draw_at, r.id FOR SHARE`,
      [order.id, new Date(nowMs)],
    );
    const roundIds = onSale.rows.map((row) => row.id);
    const cancelled = roundIds.length
      ? await client.query<{ id: string; numero: string; amountMinor: string }>(
          `WITH cancelled AS (
             UPDATE lottery_bet SET state = 'cancelled', settled_at = $3
              WHERE order_id = $1 AND state = 'open' AND round_id = ANY($2::bigint[])
              RETURNING id, round_id, chase_index, amount_minor
           )
           SELECT c.id, r.numero, c.amount_minor AS "amountMinor" FROM cancelled c JOIN lottery_round r ON r.id = c.round_id ORDER BY c.chase_index, c.id`,
          [order.id, roundIds, new Date(nowMs)],
        )
      : { rows: [] };
    if (cancelled.rows.length === 0) throw new AppError(409, 'lottery.bet.not_cancellable');
    const amountMinor = cancelled.rows.reduce((sum, bet) => sum + Number(bet.amountMinor), 0);
    const memberAccount = await ensureMemberAccount(client, merchantId, memberId, 'REAL', nowMs);
    const house = await ensureHouseAccount(client, merchantId, LOTTERY_HOUSE_ACCOUNT, nowMs);
    const numeros = cancelled.rows.map((bet) => bet.numero);
    await postTransactionIn(client, {
      merchantId,
      // Once per order: a first cancel leaves no bet of it on sale, so there is never a second.
      idempotencyKey: `lottery:chase-cancel:${order.id}`,
      kind: 'bet_refund',
      unit: 'REAL',
      postings: [
        { accountId: memberAccount, amountMinor },
        { accountId: house, amountMinor: -amountMinor },
      ],
      nowMs,
      orderNo,
      remark: `${order.gameCode} ${numeros[0]}${numeros.length > 1 ? `…${numeros[numeros.length - 1]}` : ''} chase cancelled`,
      // The order's stake gets back the cancelled bets' share of what it met (modules/wagering).
      refunds: [{ stakeKey: orderStakeKey(order.id), refundedMinor: amountMinor }],
    });
    // After the house account, as placeOrder takes them (liability.ts).
    await release(client, await loadsOfBets(client, cancelled.rows.map((bet) => Number(bet.id))));
    return {
      orderNo,
      refunded: minorToMajor(amountMinor),
      bets: cancelled.rows.map((bet) => ({ orderDetailId: Number(bet.id), numero: bet.numero, amount: minorToMajor(Number(bet.amountMinor)) })),
    };
  });
}
