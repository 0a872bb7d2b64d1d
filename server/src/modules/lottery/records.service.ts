import type { LotteryBetRecord, LotteryBonusGame, LotteryOrderDetail } from '@platform/contract';
import { formatDraw, playById, playsOf, rebateFraction, highestUnitPrizeMinor, type LotteryKind } from '@platform/lottery-rules';
import type { Db } from '../../db/pool';
import { minorToMajor } from '../ledger';
import { GAME_COLUMNS, limitedBySetting, type GameRow } from './rounds.service';

// The member's lottery bets (today's orders on the betting page; lottHistory, chaseHistory and
// vlottHistory in the member centre; an order's detail) and the odds table (bonusDetails). Always
// the session's member's own rows; nothing here writes.

interface BetRow {
  id: string;
  orderNo: string;
  gameCode: string;
  gameName: string;
  kind: LotteryKind;
  numero: string;
  playId: number;
  content: string;
  createdAt: Date;
  amountMinor: string;
  multiple: number;
  moneyMode: 1 | 2 | 3;
  series: number;
  tickets: number;
  state: LotteryBetRecord['status'];
  prizeMinor: string;
  rebateMinor: string;
  numbers: number[] | null;
  chase: boolean;
  chaseIndex: number;
  closeAt: Date;
  roundState: string;
}

const BET_COLUMNS = `b.id, o.order_no AS "orderNo", g.game_code AS "gameCode", g.name AS "gameName", g.kind, r.numero, b.play_id AS "playId",
  b.content, b.created_at AS "createdAt", b.amount_minor AS "amountMinor", b.multiple, b.money_mode AS "moneyMode", b.series, b.tickets,
  lottery_bet_state(b.state, r.state) AS state, b.prize_minor AS "prizeMinor", b.rebate_minor AS "rebateMinor", r.numbers, o.chase, b.chase_index AS "chaseIndex",
  r.close_at AS "closeAt", r.state AS "roundState"`;

const BET_FROM = `lottery_bet b JOIN lottery_order o ON o.id = b.order_id JOIN lottery_round r ON r.id = b.round_id JOIN lottery_game g ON g.id = r.game_id`;

const recordOf = (row: BetRow, nowMs: number): LotteryBetRecord => ({
  orderDetailId: Number(row.id),
  orderNo: row.orderNo,
  gameCode: row.gameCode,
  gameName: row.gameName,
  kind: row.kind,
  numero: row.numero,
  playId: row.playId,
  playCode: playById(row.playId)?.code ?? String(row.playId),
  betContent: row.content,
  betTimeInTimestamp: row.createdAt.getTime(),
  betAmount: minorToMajor(Number(row.amountMinor)),
  multiple: row.multiple,
  moneyMode: row.moneyMode,
  series: row.series,
  tickets: row.tickets,
  status: row.state,
  winAmount: minorToMajor(Number(row.prizeMinor)),
  rebateAmount: row.state === 'won' || row.state === 'lost' ? minorToMajor(Number(row.rebateMinor)) : 0,
  winningNumber: row.numbers && row.roundState !== 'void' ? formatDraw({ kind: row.kind, numbers: row.numbers }) : [],
  chase: row.chase,
  chaseIndex: row.chaseIndex,
  cancellable: row.state === 'open' && row.roundState === 'open' && row.closeAt.getTime() > nowMs,
});

export interface MemberBetsFilter {
  merchantId: number;
  memberId: number;
  /**
   * Whose bets: the member's own (absent), or a team's (an agent's team betting): the bets of the
   * member's subtree (member_tree, the agent module's closure table) from `minDepth` down — 1 for
   * the caller's own downline, 0 for a named subordinate's team with the subordinate itself.
   */
  team?: { minDepth: 0 | 1 };
  startMs: number;
  endMs: number;
  area: 'LOTT' | 'VN';
  chase?: boolean;
  gameCode?: string;
  status?: LotteryBetRecord['status'];
  numero?: string;
  page: number;
  size: number;
  nowMs: number;
}

export async function memberBets(db: Db, filter: MemberBetsFilter) {
  const whose = filter.team
    ? `b.member_id IN (SELECT t.descendant_id FROM member_tree t WHERE t.ancestor_id = $2 AND t.depth >= ${filter.team.minDepth})`
    : 'b.member_id = $2';
  const where = `b.merchant_id = $1 AND ${whose} AND b.created_at BETWEEN $3 AND $4
    AND (g.kind IN ('VN', 'VN18')) = $5 AND ($6::boolean IS NULL OR o.chase = $6) AND ($7::text IS NULL OR g.game_code = $7)
    AND ($8::text IS NULL OR lottery_bet_state(b.state, r.state) = $8) AND ($9::text IS NULL OR r.numero = $9)`;
  const params = [filter.merchantId, filter.memberId, new Date(filter.startMs), new Date(filter.endMs), filter.area === 'VN', filter.chase ?? null, filter.gameCode ?? null, filter.status ?? null, filter.numero ?? null];
  const [rows, totals] = await Promise.all([
    db.query<BetRow & { username: string }>(`SELECT ${BET_COLUMNS}, m.username FROM ${BET_FROM} JOIN member m ON m.id = b.member_id WHERE ${where} ORDER BY b.created_at DESC, b.id DESC LIMIT $10 OFFSET $11`, [
      ...params,
      filter.size,
      (filter.page - 1) * filter.size,
    ]),
    db.query<{ count: string; amount: string | null; prize: string | null; rebate: string | null }>(
      `SELECT count(*) AS count, sum(b.amount_minor) AS amount, sum(b.prize_minor) AS prize,
              sum(b.rebate_minor) FILTER (WHERE lottery_bet_state(b.state, r.state) IN ('won', 'lost')) AS rebate
         FROM ${BET_FROM} WHERE ${where}`,
      params,
    ),
  ]);
  const total = totals.rows[0];
  return {
    list: rows.rows.map((row) => (filter.team ? { ...recordOf(row, filter.nowMs), username: row.username } : recordOf(row, filter.nowMs))),
    totalPages: Math.ceil(Number(total.count) / filter.size),
    footer: { betAmount: minorToMajor(Number(total.amount ?? 0)), winAmount: minorToMajor(Number(total.prize ?? 0)), rebateAmount: minorToMajor(Number(total.rebate ?? 0)) },
  };
}

/** Today's bets (the member's local day is not known here: the last 24 hours), optionally of one game. */
export async function todayBets(db: Db, merchantId: number, memberId: number, gameCode: string | undefined, page: number, size: number, nowMs: number) {
  const where = 'b.merchant_id = $1 AND b.member_id = $2 AND b.created_at > $3 AND ($4::text IS NULL OR g.game_code = $4)';
  const params = [merchantId, memberId, new Date(nowMs - 86_400_000), gameCode ?? null];
  const [rows, count] = await Promise.all([
    db.query<BetRow>(`SELECT ${BET_COLUMNS} FROM ${BET_FROM} WHERE ${where} ORDER BY b.created_at DESC, b.chase_index, b.id DESC LIMIT $5 OFFSET $6`, [...params, size, (page - 1) * size]),
    db.query<{ count: string }>(`SELECT count(*) AS count FROM ${BET_FROM} WHERE ${where}`, params),
  ]);
  return { list: rows.rows.map((row) => recordOf(row, nowMs)), totalPages: Math.ceil(Number(count.rows[0].count) / size) };
}

export async function orderDetail(db: Db, merchantId: number, memberId: number, orderNo: string, nowMs: number): Promise<LotteryOrderDetail | undefined> {
  const order = await db.query<{ id: string; gameCode: string; chase: boolean; winStop: boolean; stopped: boolean; amountMinor: string }>(
    `SELECT o.id, g.game_code AS "gameCode", o.chase, o.win_stop AS "winStop", o.stopped, o.amount_minor AS "amountMinor"
       FROM lottery_order o JOIN lottery_game g ON g.id = o.game_id WHERE o.order_no = $1 AND o.member_id = $2 AND o.merchant_id = $3`,
    [orderNo, memberId, merchantId],
  );
  const found = order.rows[0];
  if (!found) return undefined;
  const bets = await db.query<BetRow>(`SELECT ${BET_COLUMNS} FROM ${BET_FROM} WHERE b.order_id = $1 ORDER BY b.chase_index, b.id`, [found.id]);
  return {
    orderNo,
    gameCode: found.gameCode,
    chase: found.chase,
    winningStop: found.winStop,
    stopped: found.stopped,
    amount: minorToMajor(Number(found.amountMinor)),
    bets: bets.rows.map((row) => recordOf(row, nowMs)),
  };
}

/** Each game's plays with the prize of one ticket at the highest series the member's bets may use, and the rebate at the lowest. */
export async function bonusTable(db: Db, merchantId: number, gameCode: string | undefined, rebateSetting: number | null): Promise<LotteryBonusGame[]> {
  const games = await db.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM lottery_game g WHERE g.merchant_id = $1 AND g.enabled AND ($2::text IS NULL OR g.game_code = $2) ORDER BY g.sort_order, g.id`,
    [merchantId, gameCode ?? null],
  );
  return games.rows.map((row) => limitedBySetting(row, rebateSetting)).map((game) => {
    const groups = new Map<string, LotteryBonusGame['playMenuGroups'][number]>();
    const rebate = rebateFraction(game.minSeries, game.maxSeries);
    for (const play of playsOf(game.kind)) {
      let group = groups.get(play.group);
      if (!group) {
        group = { group: play.group, playMenus: [] };
        groups.set(play.group, group);
      }
      group.playMenus.push({
        playId: play.id,
        playCode: play.code,
        // A play priced by its picks (Mark Six 过关) shows the most any of its bets pays.
        odds: minorToMajor(highestUnitPrizeMinor(play, game.maxBetSeries, 1)),
        rebateValue: Math.round((rebate.num / rebate.den) * 10_000) / 100,
        prizeType: play.perOccurrence ? 'hit' : 'ticket',
      });
    }
    return {
      gameGroupCode: game.groupCode,
      gameCode: game.gameCode,
      gameName: game.name,
      kind: game.kind,
      prizeModeId: game.prizeMode === 'SEA' ? 2 : 1,
      prizeModeName: game.prizeMode,
      minSeries: game.minSeries,
      maxSeries: game.maxSeries,
      maxBetSeries: game.maxBetSeries,
      playMenuGroups: [...groups.values()],
    };
  });
}
