import type pg from 'pg';
import { playById, topTierWeight, type PlayDefinition } from '@platform/lottery-rules';
import { AppError } from '../../http/envelope';
import { minorToMajor } from '../ledger';

// Liability limits of a game (migration 045, server/README.md Lottery), enforced in the betting
// transaction: the most a round may owe over all its open bets, the most one number of one play
// may owe in a round, and the most one member may stake on a round (0: no limit). The running
// totals are upserted rows, so two orders at once add up under the rows' locks and the second
// one sees the first; a refusal throws, rolling the whole order back. Rows are written in one
// order (round, then key) so concurrent orders cannot deadlock on them. A cancelled or stopped
// bet gives its share back (release).

export interface GameLimits {
  maxRoundPayoutMinor: number;
  maxNumberPayoutMinor: number;
  maxMemberStakeMinor: number;
}

/** What one bet adds to its round's totals. */
export interface BetLoad {
  roundId: number;
  memberId: number;
  playId: number;
  rows: readonly (readonly number[])[];
  amountMinor: number;
  ticketPrizeMinor: number;
  liabilityMinor: bigint;
}

/**
 * The most a bet can win, at most the game's cap per bet (0: none): every ticket winning (at its
 * top level, for a play paying several: LHC 三中二's 中三 wins 5 units); for a play paid per
 * occurrence (VN lô), every value of the draw it is played on hitting one of the bet's numbers
 * (each value is one number, so a bet of any number of points hits at most that many times).
 */
export function liabilityOf(play: PlayDefinition, tickets: number, ticketPrizeMinor: number, capMinor: number): bigint {
  const wins = play.perOccurrence ? BigInt(Math.min(tickets, 1) * (play.occurrences ?? 0)) : BigInt(tickets * topTierWeight(play));
  const most = wins * BigInt(ticketPrizeMinor);
  return capMinor > 0 && most > BigInt(capMinor) ? BigInt(capMinor) : most;
}

/**
 * The numbers a bet stands on (plays whose ticket is one number per row, the settle rule sum). A
 * number of a play paid per occurrence (VN lô) counts the prize of one appearance: its limit caps
 * what a number is staked to win on each of the draw's values, as lô is priced; the round's total
 * above counts the worst case of every value hitting.
 */
const numbersOf = (play: PlayDefinition, rows: readonly (readonly number[])[]) =>
  play.rule === 'sum' ? rows.flatMap((values, rowIndex) => values.map((value) => ({ rowIndex, value }))) : [];

interface Totals {
  stakes: Map<string, { roundId: number; memberId: number; amount: bigint }>;
  rounds: Map<number, bigint>;
  numbers: Map<string, { roundId: number; playId: number; rowIndex: number; value: number; amount: bigint }>;
}

function totalsOf(loads: readonly BetLoad[]): Totals {
  const totals: Totals = { stakes: new Map(), rounds: new Map(), numbers: new Map() };
  for (const load of loads) {
    const stakeKey = `${load.roundId}:${load.memberId}`;
    const stake = totals.stakes.get(stakeKey) ?? { roundId: load.roundId, memberId: load.memberId, amount: 0n };
    stake.amount += BigInt(load.amountMinor);
    totals.stakes.set(stakeKey, stake);
    totals.rounds.set(load.roundId, (totals.rounds.get(load.roundId) ?? 0n) + load.liabilityMinor);
    const play = playById(load.playId);
    if (!play) continue;
    for (const { rowIndex, value } of numbersOf(play, load.rows)) {
      const key = `${load.roundId}:${load.playId}:${rowIndex}:${value}`;
      const number = totals.numbers.get(key) ?? { roundId: load.roundId, playId: load.playId, rowIndex, value, amount: 0n };
      number.amount += BigInt(load.ticketPrizeMinor);
      totals.numbers.set(key, number);
    }
  }
  return totals;
}

const byKey = <T extends { roundId: number }>(rows: Iterable<T>, key: (row: T) => (number | bigint)[]) =>
  [...rows].sort((a, b) => {
    const left = key(a);
    const right = key(b);
    for (let i = 0; i < left.length; i++) if (left[i] !== right[i]) return left[i] < right[i] ? -1 : 1;
    return 0;
  });

const money = (minor: bigint | number) => minorToMajor(Number(minor)).toFixed(2);

/** Adds the bets to their rounds' totals; refuses (throws) when one passes a limit of the game. */
export async function reserve(client: pg.PoolClient, limits: GameLimits, loads: readonly BetLoad[]): Promise<void> {
  const { stakes, rounds, numbers } = totalsOf(loads);
  const stakeRows = byKey(stakes.values(), (row) => [row.roundId, row.memberId]);
  const staked = await client.query<{ roundId: string; memberId: string; stake: string }>(
    `INSERT INTO lottery_member_stake AS s (round_id, member_id, stake_minor)
     SELECT x.round_id, x.member_id, x.stake_minor FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS x(round_id, member_id, stake_minor, n) ORDER BY n
     ON CONFLICT (round_id, member_id) DO UPDATE SET stake_minor = s.stake_minor + EXCLUDED.stake_minor
     RETURNING s.round_id AS "roundId", s.member_id AS "memberId", s.stake_minor AS stake`,
    [stakeRows.map((row) => row.roundId), stakeRows.map((row) => row.memberId), stakeRows.map((row) => row.amount.toString())],
  );
  if (limits.maxMemberStakeMinor > 0) {
    const over = staked.rows.find((row) => BigInt(row.stake) > BigInt(limits.maxMemberStakeMinor));
    if (over) {
      const before = BigInt(over.stake) - (stakes.get(`${over.roundId}:${over.memberId}`)?.amount ?? 0n);
      const left = BigInt(limits.maxMemberStakeMinor) - before;
      throw new AppError(409, 'lottery.limit.stake', { detail: `at most ${money(limits.maxMemberStakeMinor)} per draw, ${money(left > 0n ? left : 0n)} left` });
    }
  }
  const roundRows = byKey([...rounds].map(([roundId, amount]) => ({ roundId, amount })), (row) => [row.roundId]);
  const owed = await client.query<{ payout: string }>(
    `INSERT INTO lottery_round_liability AS l (round_id, payout_minor)
     SELECT x.round_id, x.payout_minor FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS x(round_id, payout_minor, n) ORDER BY n
     ON CONFLICT (round_id) DO UPDATE SET payout_minor = l.payout_minor + EXCLUDED.payout_minor
     RETURNING l.payout_minor AS payout`,
    [roundRows.map((row) => row.roundId), roundRows.map((row) => row.amount.toString())],
  );
  if (limits.maxRoundPayoutMinor > 0 && owed.rows.some((row) => BigInt(row.payout) > BigInt(limits.maxRoundPayoutMinor))) {
    throw new AppError(409, 'lottery.limit.round', { detail: `at most ${money(limits.maxRoundPayoutMinor)} of prizes per draw` });
  }
  if (!numbers.size) return;
  const numberRows = byKey(numbers.values(), (row) => [row.roundId, row.playId, row.rowIndex, row.value]);
  const perNumber = await client.query<{ value: number; payout: string }>(
    `INSERT INTO lottery_number_liability AS l (round_id, play_id, row_index, value, payout_minor)
     SELECT x.round_id, x.play_id, x.row_index, x.value, x.payout_minor
       FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::bigint[]) WITH ORDINALITY AS x(round_id, play_id, row_index, value, payout_minor, n) ORDER BY n
     ON CONFLICT (round_id, play_id, row_index, value) DO UPDATE SET payout_minor = l.payout_minor + EXCLUDED.payout_minor
     RETURNING l.value, l.payout_minor AS payout`,
    [
      numberRows.map((row) => row.roundId),
      numberRows.map((row) => row.playId),
      numberRows.map((row) => row.rowIndex),
      numberRows.map((row) => row.value),
      numberRows.map((row) => row.amount.toString()),
    ],
  );
  if (limits.maxNumberPayoutMinor > 0) {
    const over = perNumber.rows.find((row) => BigInt(row.payout) > BigInt(limits.maxNumberPayoutMinor));
    if (over) throw new AppError(409, 'lottery.limit.number', { detail: `number ${over.value}: at most ${money(limits.maxNumberPayoutMinor)} of prizes per draw` });
  }
}

/** Takes bets out of their rounds' totals (a cancelled bet, a chase's bets stopped on a win). */
export async function release(client: pg.PoolClient, loads: readonly BetLoad[]): Promise<void> {
  if (!loads.length) return;
  const { stakes, rounds, numbers } = totalsOf(loads);
  const stakeRows = byKey(stakes.values(), (row) => [row.roundId, row.memberId]);
  await client.query(
    `UPDATE lottery_member_stake s SET stake_minor = GREATEST(s.stake_minor - x.amount, 0)
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS x(round_id, member_id, amount)
      WHERE s.round_id = x.round_id AND s.member_id = x.member_id`,
    [stakeRows.map((row) => row.roundId), stakeRows.map((row) => row.memberId), stakeRows.map((row) => row.amount.toString())],
  );
  const roundRows = byKey([...rounds].map(([roundId, amount]) => ({ roundId, amount })), (row) => [row.roundId]);
  await client.query(
    `UPDATE lottery_round_liability l SET payout_minor = GREATEST(l.payout_minor - x.amount, 0)
       FROM unnest($1::bigint[], $2::bigint[]) AS x(round_id, amount) WHERE l.round_id = x.round_id`,
    [roundRows.map((row) => row.roundId), roundRows.map((row) => row.amount.toString())],
  );
  if (!numbers.size) return;
  const numberRows = byKey(numbers.values(), (row) => [row.roundId, row.playId, row.rowIndex, row.value]);
  await client.query(
    `UPDATE lottery_number_liability l SET payout_minor = GREATEST(l.payout_minor - x.amount, 0)
       FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::bigint[]) AS x(round_id, play_id, row_index, value, amount)
      WHERE l.round_id = x.round_id AND l.play_id = x.play_id AND l.row_index = x.row_index AND l.value = x.value`,
    [
      numberRows.map((row) => row.roundId),
      numberRows.map((row) => row.playId),
      numberRows.map((row) => row.rowIndex),
      numberRows.map((row) => row.value),
      numberRows.map((row) => row.amount.toString()),
    ],
  );
}

/** The loads of stored bets (content is the slip's rows text: values by ",", rows by "_"). */
export async function loadsOfBets(client: pg.PoolClient, betIds: readonly number[]): Promise<BetLoad[]> {
  if (!betIds.length) return [];
  const found = await client.query<{ roundId: string; memberId: string; playId: number; content: string; amountMinor: string; ticketPrizeMinor: string; liabilityMinor: string }>(
    `SELECT round_id AS "roundId", member_id AS "memberId", play_id AS "playId", content, amount_minor AS "amountMinor",
            COALESCE(ticket_prize_minor, unit_prize_minor * multiple) AS "ticketPrizeMinor", liability_minor AS "liabilityMinor"
       FROM lottery_bet WHERE id = ANY($1::bigint[])`,
    [betIds],
  );
  return found.rows.map((bet) => ({
    roundId: Number(bet.roundId),
    memberId: Number(bet.memberId),
    playId: bet.playId,
    rows: bet.content.split('_').map((row) => (row === '' ? [] : row.split(',').map(Number))),
    amountMinor: Number(bet.amountMinor),
    ticketPrizeMinor: Number(bet.ticketPrizeMinor),
    liabilityMinor: BigInt(bet.liabilityMinor),
  }));
}
